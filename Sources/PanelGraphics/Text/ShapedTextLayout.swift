/// One line of shaped text: glyphs of ``FontEngine/glyphs`` and its width in 26.6 fixed point.
typealias ShapedLine = TextLine<Int, Int64>

extension FontEngine {
    /// Lays `text` out at `size` into ``glyphs`` and ``lines``: each paragraph (split at "\n")
    /// is shaped (its bidirectional levels resolved), then broken in logical order into lines no wider than `maxWidth` pixels — after spaces, or
    /// between CJK characters (``LineBreakRules``), or inside a word too long for a line — up to
    /// `numberOfLines` (0: no limit). The last allowed line ends with "…" when text remains or
    /// it does not fit. Nothing allocates once the buffers have grown to the text's size.
    func layout(
        _ text: UnsafeBufferPointer<UInt8>, size: Int, maxWidth: Int, numberOfLines: Int, lineBreakMode: LineBreakMode = .byTruncatingTail
    ) {
        mode = lineBreakMode
        glyphs.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        let limit = Int64(max(maxWidth, 0)) >= Int64.max / 64 ? Int64.max / 2 : Int64(max(maxWidth, 0)) * 64
        guard !text.isEmpty else { return }
        var paragraphStart = 0
        while paragraphStart <= text.count {
            var paragraphEnd = paragraphStart
            while paragraphEnd < text.count, text[paragraphEnd] != 0x0A { paragraphEnd += 1 }
            let first = glyphs.count
            let firstLine = lines.count
            let (paragraphLevel, reorders) = shape(text, range: paragraphStart ..< paragraphEnd, size: size)
            let moreFollows = paragraphEnd < text.count
            let more = breakParagraph(first ..< glyphs.count, limit: limit, numberOfLines: numberOfLines, moreFollows: moreFollows, size: size)
            // Lines are broken in logical order; each is reordered when it is drawn.
            for index in firstLine ..< lines.count {
                lines[index].rightToLeft = paragraphLevel & 1 == 1
                lines[index].reorders = reorders
            }
            if !more { return }
            if !moreFollows { return }
            paragraphStart = paragraphEnd + 1
        }
    }

    /// Breaks one paragraph's glyphs into lines; false when the line limit was reached (the
    /// layout stops there).
    private func breakParagraph(_ range: Range<Int>, limit: Int64, numberOfLines: Int, moreFollows: Bool, size: Int) -> Bool {
        var lineStart = range.lowerBound
        repeat {
            if numberOfLines > 0 && lines.count == numberOfLines - 1 {
                lastLine(lineStart ..< range.upperBound, limit: limit, moreFollows: moreFollows, size: size)
                return false
            }
            lineStart = nextLine(from: lineStart, to: range.upperBound, limit: limit)
        } while lineStart < range.upperBound
        return true
    }

    /// Appends the line that starts at glyph `start`; returns where the next one starts.
    private func nextLine(from start: Int, to end: Int, limit: Int64) -> Int {
        var width: Int64 = 0
        var spaceRun: Int64 = 0
        var lastBreak: (end: Int, resume: Int, width: Int64)?
        var i = start
        while i < end {
            let glyph = glyphs[i]
            let isSpace = LineBreakRules.isSpace(glyph.scalar)
            if i > start, mode != .byCharWrapping, glyph.cluster != glyphs[i - 1].cluster {
                let before = glyphs[i - 1].scalar
                if LineBreakRules.isSpace(before) && !isSpace {
                    lastBreak = (trimmedEnd(start, i), i, width - spaceRun)
                } else if !isSpace && !LineBreakRules.isSpace(before) && LineBreakRules.mayBreak(between: before, and: glyph.scalar) {
                    lastBreak = (i, i, width)
                }
            }
            let advance = Int64(glyph.advance)
            if !isSpace && width + advance > limit && i > start {
                if let lastBreak, lastBreak.end > start {
                    lines.append(ShapedLine(start: start, end: lastBreak.end, width: lastBreak.width))
                    return lastBreak.resume
                }
                // A word longer than the line: break inside it, between clusters.
                var cut = i
                while cut > start + 1 && glyphs[cut].cluster == glyphs[cut - 1].cluster { cut -= 1 }
                lines.append(ShapedLine(start: start, end: cut, width: advanceSum(start ..< cut)))
                return cut
            }
            spaceRun = isSpace ? spaceRun + advance : 0
            width += advance
            i += 1
        }
        lines.append(ShapedLine(start: start, end: trimmedEnd(start, end), width: width - spaceRun))
        return end
    }

    /// The last allowed line: the rest of the paragraph; when it is too wide or more text
    /// follows, cut as the mode says ("…" at its end, start or middle; clipped; or wrapped
    /// with the rest not shown).
    private func lastLine(_ range: Range<Int>, limit: Int64, moreFollows: Bool, size: Int) {
        let whole = advanceSum(range)
        if (whole <= limit && !moreFollows) || mode == .byClipping {
            // Clipping: the rest of the paragraph on one line, cut by the box's edge.
            lines.append(ShapedLine(start: range.lowerBound, end: range.upperBound, width: whole))
            return
        }
        if !mode.truncates {
            // Wrapping: the last line breaks as the others do, and what follows is not shown.
            _ = nextLine(from: range.lowerBound, to: range.upperBound, limit: limit)
            return
        }
        let dots = ellipsis(size: size)
        let budget = limit - Int64(dots.advance)
        switch mode {
        case .byTruncatingHead:
            let from = fittingStart(range, budget: budget)
            lines.append(
                ShapedLine(
                    start: range.lowerBound, end: range.upperBound, width: advanceSum(from ..< range.upperBound) + Int64(dots.advance),
                    ellipsisAt: range.lowerBound, resume: from))
        case .byTruncatingMiddle:
            let head = trimmedEnd(range.lowerBound, fittingEnd(range, budget: budget / 2))
            let headWidth = advanceSum(range.lowerBound ..< head)
            let tail = fittingStart(head ..< range.upperBound, budget: budget - headWidth)
            lines.append(
                ShapedLine(
                    start: range.lowerBound, end: range.upperBound,
                    width: headWidth + Int64(dots.advance) + advanceSum(tail ..< range.upperBound), ellipsisAt: head, resume: tail))
        default:
            let trimmed = trimmedEnd(range.lowerBound, fittingEnd(range, budget: budget))
            lines.append(
                ShapedLine(
                    start: range.lowerBound, end: trimmed, width: advanceSum(range.lowerBound ..< trimmed) + Int64(dots.advance),
                    ellipsisAt: trimmed))
        }
    }

    /// Where the longest run of whole clusters from the start of `range` that fits `budget` ends.
    private func fittingEnd(_ range: Range<Int>, budget: Int64) -> Int {
        var end = range.lowerBound
        var fitted: Int64 = 0
        while end < range.upperBound {
            var next = end + 1
            while next < range.upperBound && glyphs[next].cluster == glyphs[end].cluster { next += 1 }
            let clusterWidth = advanceSum(end ..< next)
            if fitted + clusterWidth > budget { break }
            fitted += clusterWidth
            end = next
        }
        return end
    }

    /// Where the longest run of whole clusters ending at the end of `range` that fits `budget`
    /// starts (spaces at its start skipped).
    private func fittingStart(_ range: Range<Int>, budget: Int64) -> Int {
        var start = range.upperBound
        var fitted: Int64 = 0
        while start > range.lowerBound {
            var previous = start - 1
            while previous > range.lowerBound && glyphs[previous - 1].cluster == glyphs[previous].cluster { previous -= 1 }
            let clusterWidth = advanceSum(previous ..< start)
            if fitted + clusterWidth > budget { break }
            fitted += clusterWidth
            start = previous
        }
        while start < range.upperBound && LineBreakRules.isSpace(glyphs[start].scalar) { start += 1 }
        return start
    }

    /// `end` moved back over the spaces before it (not past `start`).
    private func trimmedEnd(_ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start && LineBreakRules.isSpace(glyphs[e - 1].scalar) { e -= 1 }
        return e
    }

    /// The sum of the advances of glyphs `range`.
    func advanceSum(_ range: Range<Int>) -> Int64 {
        var total: Int64 = 0
        for i in range { total += Int64(glyphs[i].advance) }
        return total
    }

    /// The widest line, in whole pixels.
    var widestLine: Int {
        var widest: Int64 = 0
        for line in lines { widest = max(widest, line.width) }
        return Int((widest + 63) >> 6)
    }
}
