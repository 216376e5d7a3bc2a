import Synchronization

/// Horizontal text alignment.
public enum TextAlignment: Sendable, Hashable {
    /// Lines start at the left edge.
    case left
    /// Lines are centred.
    case center
    /// Lines end at the right edge.
    case right
    /// Each line at the edge its paragraph starts from: the left for a left-to-right paragraph,
    /// the right for a right-to-left one (its first strong character decides, as the Unicode
    /// Bidirectional Algorithm's rules P2 and P3 say). PanelUI's views resolve it by their layout
    /// direction instead, as UIKit's natural alignment does.
    case natural
}

/// Splits text into lines without allocating: at "\n", and at spaces when a line would be
/// wider than `maxWidth` (a word wider than the line is split between characters). The last
/// allowed line is truncated with "…" when text remains.
struct LineBreaker {
    typealias Index = String.UnicodeScalarView.Index
    /// Characters of the text and the line's width in pixels.
    typealias Line = TextLine<Index, Int>

    let scalars: String.UnicodeScalarView
    let face: FontFace
    let maxWidth: Int
    let numberOfLines: Int
    let mode: LineBreakMode
    var position: Index
    var produced = 0
    var finished = false

    init(text: String, face: FontFace, maxWidth: Int, numberOfLines: Int, mode: LineBreakMode = .byTruncatingTail) {
        scalars = text.unicodeScalars
        self.face = face
        self.maxWidth = max(maxWidth, 0)
        self.numberOfLines = numberOfLines
        self.mode = mode
        position = scalars.startIndex
        finished = text.isEmpty
    }

    mutating func next() -> Line? {
        guard !finished else { return nil }
        produced += 1
        let isLast = numberOfLines > 0 && produced == numberOfLines
        return isLast ? lastLine() : wrappedLine()
    }

    private mutating func wrappedLine() -> Line {
        let start = position
        var i = start
        var width = 0
        var breakEnd: Index?
        var breakWidth = 0
        var breakResume: Index?
        while i < scalars.endIndex {
            let scalar = scalars[i]
            if scalar == "\n" {
                position = scalars.index(after: i)
                return Line(start: start, end: i, width: width)
            }
            let advance = face.glyph(for: scalar).advance
            if scalar == " " && mode != .byCharWrapping {
                breakEnd = i
                breakWidth = width
                breakResume = scalars.index(after: i)
            } else if width + advance > maxWidth, i > start {
                if let breakEnd, let breakResume, breakEnd > start {
                    position = skipSpaces(from: breakResume)
                    return Line(start: start, end: breakEnd, width: breakWidth)
                }
                position = i
                return Line(start: start, end: i, width: width)
            }
            width += advance
            i = scalars.index(after: i)
        }
        finished = true
        position = i
        return Line(start: start, end: i, width: width)
    }

    /// The last allowed line: the rest of the paragraph; when it does not fit or more text
    /// follows, cut as the mode says ("…" at its end, start or middle; clipped; or wrapped with
    /// the rest not shown).
    private mutating func lastLine() -> Line {
        let start = position
        var paragraphEnd = start
        var width = 0
        while paragraphEnd < scalars.endIndex, scalars[paragraphEnd] != "\n" {
            width += face.glyph(for: scalars[paragraphEnd]).advance
            paragraphEnd = scalars.index(after: paragraphEnd)
        }
        let moreFollows = paragraphEnd < scalars.endIndex
        if (width <= maxWidth && !moreFollows) || mode == .byClipping {
            finished = true
            return Line(start: start, end: paragraphEnd, width: width)
        }
        if !mode.truncates {
            let line = wrappedLine()
            finished = true
            return line
        }
        finished = true
        let dots = face.ellipsis.advance
        let budget = maxWidth - dots
        switch mode {
        case .byTruncatingHead:
            let (from, tailWidth) = fittingStart(start, paragraphEnd, budget: budget)
            return Line(start: start, end: paragraphEnd, width: tailWidth + dots, ellipsisAt: start, resume: from)
        case .byTruncatingMiddle:
            let (headEnd, headWidth) = fittingEnd(start, paragraphEnd, budget: budget / 2)
            let (tailStart, tailWidth) = fittingStart(headEnd, paragraphEnd, budget: budget - headWidth)
            return Line(start: start, end: paragraphEnd, width: headWidth + dots + tailWidth, ellipsisAt: headEnd, resume: tailStart)
        default:
            let (end, fitted) = fittingEnd(start, paragraphEnd, budget: budget)
            return Line(start: start, end: end, width: fitted + dots, ellipsisAt: end)
        }
    }

    /// The end (spaces before it dropped) and width of the longest run from `start` that fits.
    private func fittingEnd(_ start: Index, _ limit: Index, budget: Int) -> (Index, Int) {
        var end = start
        var fitted = 0
        while end < limit {
            let advance = face.glyph(for: scalars[end]).advance
            if fitted + advance > budget { break }
            fitted += advance
            end = scalars.index(after: end)
        }
        while end > start {
            let before = scalars.index(before: end)
            guard scalars[before] == " " else { break }
            fitted -= face.glyph(for: " ").advance
            end = before
        }
        return (end, fitted)
    }

    /// The start (spaces after it dropped) and width of the longest run ending at `limit` that fits.
    private func fittingStart(_ lower: Index, _ limit: Index, budget: Int) -> (Index, Int) {
        var from = limit
        var fitted = 0
        while from > lower {
            let before = scalars.index(before: from)
            let advance = face.glyph(for: scalars[before]).advance
            if fitted + advance > budget { break }
            fitted += advance
            from = before
        }
        while from < limit, scalars[from] == " " {
            fitted -= face.glyph(for: " ").advance
            from = scalars.index(after: from)
        }
        return (from, fitted)
    }

    private func skipSpaces(from index: Index) -> Index {
        var i = index
        while i < scalars.endIndex, scalars[i] == " " { i = scalars.index(after: i) }
        return i
    }
}

extension Canvas {
    /// Draws one line of `text` with the top of its line box at (`x`, `y`); "\n" is not
    /// interpreted. Returns the pen position after the last glyph.
    @discardableResult
    public mutating func drawText(_ text: some StringProtocol, at origin: (x: Int, y: Int), font: Font, color: Color) -> Int {
        if let family = font.family {
            return withUTF8Bytes(of: text) { bytes in
                family.engine.withLock { engine in
                    engine.layout(bytes, size: font.size, maxWidth: .max, numberOfLines: 1)
                    guard let line = engine.lines.first else { return origin.x }
                    let ascent = engine.metrics(size: font.size).ascent
                    return engine.drawLine(line, x: origin.x, baseline: origin.y + ascent, size: font.size, color: color, canvas: &self)
                }
            }
        }
        let face = font.face
        var pen = origin.x
        let baseline = origin.y + face.ascent
        for scalar in text.unicodeScalars {
            let glyph = face.glyph(for: scalar)
            drawGlyph(glyph, face: face, penX: pen, baseline: baseline, color: color)
            pen += glyph.advance
        }
        return pen
    }

    /// Lays `text` out in `rect` as a label does: lines wrap at spaces (or break inside a word
    /// too long for a line; for a TrueType font also between CJK characters) and at "\n", up to
    /// `numberOfLines` (0 = no limit); the last line is cut as `lineBreakMode` says when text
    /// remains ("…" at its end by default); lines are aligned horizontally and the block is
    /// centred vertically; nothing is drawn outside `rect`.
    public mutating func drawText(
        _ text: String, in rect: PixelRect, font: Font, color: Color, alignment: TextAlignment = .left,
        numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .byTruncatingTail
    ) {
        guard !rect.isEmpty, !text.isEmpty else { return }
        if let family = font.family {
            pushClip(rect)
            defer { popClip() }
            var string = text
            string.withUTF8 { bytes in
                family.engine.withLock { engine in
                    engine.layout(bytes, size: font.size, maxWidth: rect.width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
                    engine.drawLines(in: rect, size: font.size, color: color, alignment: alignment, canvas: &self)
                }
            }
            return
        }
        let face = font.face
        // The block's height needs the line count: a single-line label (the common case) has
        // one line, anything else takes a counting pass.
        var count = 1
        if numberOfLines != 1 {
            var counter = LineBreaker(text: text, face: face, maxWidth: rect.width, numberOfLines: numberOfLines, mode: lineBreakMode)
            count = 0
            while counter.next() != nil { count += 1 }
        }
        let blockHeight = count * face.lineHeight
        var top = rect.y + (rect.height - blockHeight) / 2
        pushClip(rect)
        defer { popClip() }
        var breaker = LineBreaker(text: text, face: face, maxWidth: rect.width, numberOfLines: numberOfLines, mode: lineBreakMode)
        let scalars = text.unicodeScalars
        while let line = breaker.next() {
            let x: Int
            switch alignment {
            case .left, .natural: x = rect.x
            case .center: x = rect.x + (rect.width - line.width) / 2
            case .right: x = rect.maxX - line.width
            }
            var pen = x
            let baseline = top + face.ascent
            var i = line.start
            while i < line.end {
                if i == line.ellipsisAt {
                    drawGlyph(face.ellipsis, face: face, penX: pen, baseline: baseline, color: color)
                    pen += face.ellipsis.advance
                    i = line.resume
                    continue
                }
                let glyph = face.glyph(for: scalars[i])
                drawGlyph(glyph, face: face, penX: pen, baseline: baseline, color: color)
                pen += glyph.advance
                i = scalars.index(after: i)
            }
            if line.ellipsisAt == line.end {
                drawGlyph(face.ellipsis, face: face, penX: pen, baseline: baseline, color: color)
            }
            top += face.lineHeight
        }
    }

    private mutating func drawGlyph(_ glyph: Glyph, face: FontFace, penX: Int, baseline: Int, color: Color) {
        guard glyph.width > 0 else { return }
        drawMask(packed: face.mask(of: glyph), width: glyph.width, height: glyph.height, atX: penX + glyph.xOffset, y: baseline - glyph.top, color: color)
    }
}
