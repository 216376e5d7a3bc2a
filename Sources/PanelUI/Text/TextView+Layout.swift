/// Lines: the text wrapped at the view's width, kept as UTF-8 offsets so that an edit re-wraps
/// only the paragraphs it touched and shifts the lines after them.
struct WrappedLine: Equatable {
    /// Where the line starts and where its characters end (before its "\n", if any).
    var start: Int
    var end: Int
    /// Where the next line starts: after the "\n" that ends a paragraph, else `end`.
    var next: Int
    /// The line ends its paragraph (a "\n" or the end of the text).
    var endsParagraph: Bool
}

extension TextView {
    /// The string index at UTF-8 offset `offset` (a character boundary).
    func index(at offset: Int) -> String.Index {
        storage.utf8.index(storage.utf8.startIndex, offsetBy: min(max(offset, 0), storage.utf8.count))
    }

    /// The UTF-8 offset of `index`.
    func offset(of index: String.Index) -> Int {
        storage.utf8.distance(from: storage.utf8.startIndex, to: index)
    }

    /// The width the lines wrap at.
    var wrapWidth: Int { max(Int(bounds.width - textContainerInset.left - textContainerInset.right), 1) }

    /// Wraps the whole text again.
    func relayoutAll() {
        // Into a local buffer, not `lines` in place: an inout access to the property would
        // overlap the reads of it that wrapping makes.
        var all = freshLines
        freshLines = []
        all.removeAll(keepingCapacity: true)
        wrap(from: 0, to: storage.utf8.count, into: &all)
        freshLines = lines
        lines = all
        laidOutWidth = wrapWidth
        updateContentSize()
    }

    /// Re-wraps after `[from, to)` of the old text became `count` bytes: from the line before
    /// the edit (a word may move back up to it) until a new line starts where an old line after
    /// the edit started (the rest is unchanged but for the shift), or the paragraph ends.
    /// Returns the lines whose look changed (to the end when lines came or went).
    @discardableResult
    func relayout(replacing from: Int, _ to: Int, with count: Int) -> Range<Int> {
        guard !lines.isEmpty, laidOutWidth == wrapWidth else {
            relayoutAll()
            return 0 ..< lines.count
        }
        let delta = count - (to - from)
        var first = line(containing: from)
        if first > 0 && !lines[first - 1].endsParagraph { first -= 1 }
        let editEnd = line(containing: to)
        var last = editEnd
        while last < lines.count - 1 && !lines[last].endsParagraph { last += 1 }
        let start = lines[first].start
        let oldEnd = last == lines.count - 1 ? storage.utf8.count - delta : lines[last].next
        var fresh = freshLines
        freshLines = []  // the buffer is fresh's alone: clearing it keeps its storage
        fresh.removeAll(keepingCapacity: true)
        defer { freshLines = fresh }
        let resync = Resync(delta: delta, editEnd: to, candidates: (editEnd + 1) ... max(last, editEnd + 1))
        let joined = wrap(from: start, to: oldEnd + delta, into: &fresh, resync: resync) ?? last + 1
        if joined < lines.count {
            for i in joined ..< lines.count {
                lines[i].start += delta
                lines[i].end += delta
                lines[i].next += delta
            }
        }
        let sameCount = fresh.count == joined - first
        lines.replaceSubrange(first ..< joined, with: fresh)
        updateContentSize()
        return first ..< (sameCount ? first + fresh.count : lines.count)
    }

    /// Marks lines `range` for redraw (the full width of the view).
    func setNeedsDisplay(lines range: Range<Int>) {
        guard !range.isEmpty else { return }
        let height = Double(shownFont.lineHeight)
        let top = textContainerInset.top + Double(range.lowerBound) * height
        var bottom = textContainerInset.top + Double(range.upperBound) * height
        if range.upperBound >= lines.count { bottom = max(bottom, bounds.maxY) }
        setNeedsDisplay(Rect(x: bounds.minX, y: top - TextView.handleKnob, width: bounds.width, height: bottom - top + 2 * TextView.handleKnob))
    }

    /// The lines the selection (or the caret) covers.
    func lines(of range: Range<Int>) -> Range<Int> {
        line(containing: range.lowerBound) ..< line(containing: range.upperBound) + 1
    }

    /// Where re-wrapping may stop: at a new line start equal to an old line's (among
    /// `candidates`) shifted by `delta`, past the edit's old end.
    struct Resync {
        var delta: Int
        var editEnd: Int
        var candidates: ClosedRange<Int>
    }

    /// The old line (of `resync.candidates`) that starts where a new line starting at `next`
    /// would, if any.
    func joinedLine(at next: Int, _ resync: Resync) -> Int? {
        let old = next - resync.delta
        guard old > resync.editEnd else { return nil }
        var low = resync.candidates.lowerBound, high = min(resync.candidates.upperBound, lines.count - 1)
        while low <= high {
            let mid = (low + high) / 2
            if lines[mid].start == old { return mid }
            if lines[mid].start < old { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }

    /// The line holding offset `offset`: the last that starts at or before it (at a wrap,
    /// the caret goes to the start of the next line, as in UIKit).
    func line(containing offset: Int) -> Int {
        var low = 0, high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].start <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Wraps `[from, to)` (whole paragraphs) into lines. The text's end always has a line, even
    /// empty (after a final "\n").
    /// With `resync`, stops as soon as a new line would start where an old one did, and returns
    /// that old line's index.
    @discardableResult
    func wrap(from: Int, to: Int, into out: inout [WrappedLine], resync: Resync? = nil) -> Int? {
        var p = from
        let total = storage.utf8.count
        while p < to {
            // The paragraph: up to the next "\n" or `to`.
            var q = p
            let utf8 = storage.utf8
            var i = index(at: p)
            while q < to && utf8[i] != 0x0A {
                i = utf8.index(after: i)
                q += 1
            }
            if let joined = wrapParagraph(p, q, into: &out, newline: q < to, resync: resync) { return joined }
            p = q < to ? q + 1 : q
        }
        if to == total && (out.last.map { $0.next == total && $0.endsParagraph && $0.end != $0.next } ?? true) {
            out.append(WrappedLine(start: total, end: total, next: total, endsParagraph: true))
        }
        return nil
    }

    /// One paragraph `[p, q)` (no "\n" inside) broken into lines at spaces, between CJK
    /// characters, or inside a word too long for a line.
    private func wrapParagraph(_ p: Int, _ q: Int, into out: inout [WrappedLine], newline: Bool, resync: Resync?) -> Int? {
        let limit = wrapWidth
        let font = shownFont  // once per paragraph, not per word
        var lineStart = p, lineWidth = 0
        var i = index(at: p)
        let end = index(at: q)
        var position = p
        while i < end {
            // A word (non-spaces, or one wide character) and the spaces after it.
            var wordEnd = i
            if isWide(storage[i]) {
                wordEnd = storage.index(after: i)
            } else {
                while wordEnd < end && storage[wordEnd] != " " && !isWide(storage[wordEnd]) { wordEnd = storage.index(after: wordEnd) }
            }
            var spaceEnd = wordEnd
            while spaceEnd < end && storage[spaceEnd] == " " { spaceEnd = storage.index(after: spaceEnd) }
            if wordEnd == i { wordEnd = spaceEnd }  // only spaces
            let wordWidth = font.width(of: storage[i ..< wordEnd])
            if lineWidth + wordWidth > limit && position > lineStart {
                if let joined = breakLine(from: lineStart, at: position, into: &out, resync: resync) { return joined }
                lineStart = position
                lineWidth = 0
            }
            if wordWidth > limit {
                // Too long for any line: break between characters.
                var c = i
                var cOffset = position
                var width = 0
                while c < wordEnd {
                    let n = storage.index(after: c)
                    let w = font.width(of: storage[c ..< n])
                    if width + w > limit && cOffset > lineStart {
                        if let joined = breakLine(from: lineStart, at: cOffset, into: &out, resync: resync) { return joined }
                        lineStart = cOffset
                        width = 0
                    }
                    width += w
                    cOffset += storage.utf8.distance(from: c, to: n)
                    c = n
                }
                lineWidth = width
                let spaces = storage.utf8.distance(from: wordEnd, to: spaceEnd)
                lineWidth += spaces > 0 ? font.width(of: storage[wordEnd ..< spaceEnd]) : 0
                position = cOffset + spaces
            } else {
                lineWidth += spaceEnd == wordEnd ? wordWidth : font.width(of: storage[i ..< spaceEnd])
                position += storage.utf8.distance(from: i, to: spaceEnd)
            }
            i = spaceEnd
        }
        out.append(WrappedLine(start: lineStart, end: q, next: newline ? q + 1 : q, endsParagraph: true))
        if newline, let resync, let joined = joinedLine(at: q + 1, resync) { return joined }
        return nil
    }

    /// Ends a wrapped line `[start, at)`; returns the old line re-wrapping joins there, if any.
    private func breakLine(from start: Int, at offset: Int, into out: inout [WrappedLine], resync: Resync?) -> Int? {
        out.append(WrappedLine(start: start, end: offset, next: offset, endsParagraph: false))
        guard let resync else { return nil }
        return joinedLine(at: offset, resync)
    }

    /// Characters a line may break before and after (CJK ideographs, kana, hangul, full-width forms).
    private func isWide(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x2E80 ... 0x9FFF).contains(v) || (0xAC00 ... 0xD7AF).contains(v) || (0xF900 ... 0xFAFF).contains(v) || (0xFF00 ... 0xFFEF).contains(v)
    }

    /// The content is as tall as the lines plus the insets.
    func updateContentSize() {
        let height = Double(lines.count * shownFont.lineHeight) + textContainerInset.top + textContainerInset.bottom
        if contentSize.height != height || contentSize.width != bounds.width {
            contentSize = Size(width: bounds.width, height: height)
        }
    }

    // MARK: - Geometry

    /// Where line `line` is drawn from, right of the text's left edge: 0, or under a
    /// right-to-left language what puts its end at the right edge.
    func lineOrigin(_ line: Int) -> Int {
        guard isRightToLeft else { return 0 }
        let l = lines[line]
        let width = l.end > l.start ? shownFont.width(of: storage[index(at: l.start) ..< index(at: l.end)]) : 2
        return max(wrapWidth - width, 0)
    }

    /// The x of offset `offset` on line `line`, from the text's left edge: after the character
    /// before it, on that character's side (its left edge in Arabic or Hebrew).
    func x(of offset: Int, onLine line: Int) -> Int {
        let l = lines[line]
        let o = min(max(offset, l.start), l.end)
        let origin = lineOrigin(line)
        guard l.end > l.start else { return origin }
        return origin + shownFont.caretPosition(in: storage[index(at: l.start) ..< index(at: l.end)], atUTF8Offset: o - l.start)
    }

    /// The caret's rectangle for `offset`, in content coordinates.
    func caretRect(for offset: Int) -> Rect {
        let line = line(containing: offset)
        let x = Double(x(of: offset, onLine: line)) + textContainerInset.left
        let y = Double(line * shownFont.lineHeight) + textContainerInset.top
        return Rect(x: x, y: y, width: 2, height: Double(shownFont.lineHeight))
    }

    /// The character boundary nearest `point` (content coordinates).
    func offset(nearest point: Point) -> Int {
        guard !lines.isEmpty else { return 0 }
        let row = ((point.y - textContainerInset.top) / Double(shownFont.lineHeight)).rounded(.down)
        let line = row.isFinite ? Int(min(max(row, 0), Double(lines.count - 1))) : 0
        return offset(nearestX: point.x - textContainerInset.left, onLine: line)
    }

    /// The character boundary on `line` nearest `x` (from the text's left edge), as the line
    /// is drawn (in mixed-direction text the boundaries are not in order along the line).
    func offset(nearestX x: Double, onLine line: Int) -> Int {
        let l = lines[line]
        var best = l.start, bestDistance = abs(x - Double(self.x(of: l.start, onLine: line)))
        var i = index(at: l.start)
        let end = index(at: l.end)
        while i < end {
            i = storage.index(after: i)
            let boundary = offset(of: i)
            let distance = abs(x - Double(self.x(of: boundary, onLine: line)))
            if distance < bestDistance {
                bestDistance = distance
                best = boundary
            }
        }
        return best
    }
}
