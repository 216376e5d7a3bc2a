extension TextView: TextInput {
    /// The text's character count.
    public var textInputLength: Int { storage.count }

    /// The selected range, or the caret's place.
    public var selectedTextRange: TextRange? {
        TextRange(position(atUTF8: selection.lowerBound), position(atUTF8: selection.upperBound))
    }

    /// The caret's rectangle at `position`, where the view draws its caret, in its content
    /// (bounds) coordinates.
    public func caretRect(for position: TextPosition) -> Rect {
        caretRect(for: utf8Offset(of: clamped(position)))
    }

    /// The rectangle around the part of `range` on the wrapped line its start is on.
    public func firstRect(for range: TextRange) -> Rect {
        let start = utf8Offset(of: clamped(range.start)), end = utf8Offset(of: clamped(range.end))
        guard !lines.isEmpty else { return Rect(origin: caretRect(for: start).origin, size: Size(width: 0, height: Double(shownFont.lineHeight))) }
        let line = line(containing: start)
        let a = x(of: start, onLine: line), b = x(of: min(end, lines[line].end), onLine: line)
        let y = Double(line * shownFont.lineHeight) + textContainerInset.top
        return Rect(x: Double(min(a, b)) + textContainerInset.left, y: y, width: Double(abs(b - a)), height: Double(shownFont.lineHeight))
    }

    /// The UTF-8 offset (how the lines are kept) of a position within the text.
    private func utf8Offset(of position: TextPosition) -> Int {
        offset(of: storage.index(storage.startIndex, offsetBy: position.offset, limitedBy: storage.endIndex) ?? storage.endIndex)
    }

    /// The position of a UTF-8 offset on a character boundary.
    private func position(atUTF8 offset: Int) -> TextPosition {
        TextPosition(offset: storage.distance(from: storage.startIndex, to: index(at: offset)))
    }
}
