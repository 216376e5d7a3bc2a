extension TextField: TextInput {
    /// The text's character count.
    public var textInputLength: Int { storage.count }

    /// The caret's place (a field selects nothing else).
    public var selectedTextRange: TextRange? {
        let caret = TextPosition(offset: min(caretOffset, storage.count))
        return TextRange(caret, caret)
    }

    /// The caret's rectangle at `position`, where the field draws its caret.
    public func caretRect(for position: TextPosition) -> Rect {
        let height = Double(shownFont.lineHeight)
        let area = textRect
        return Rect(x: x(of: clamped(position).offset), y: area.midY - height / 2, width: 2, height: height)
    }

    /// The rectangle around `range` on the field's one line.
    public func firstRect(for range: TextRange) -> Rect {
        let a = x(of: clamped(range.start).offset), b = x(of: clamped(range.end).offset)
        let height = Double(shownFont.lineHeight)
        return Rect(x: min(a, b), y: textRect.midY - height / 2, width: abs(b - a), height: height)
    }

    /// The x (bounds coordinates) of the boundary `offset` characters in, as the text is drawn
    /// now: scrolled to show the caret, and under secure entry as its bullets. Boundaries
    /// outside the characters laid out around the caret are measured on from its ends.
    private func x(of offset: Int) -> Double {
        let area = PixelRect(snapping: textRect)
        guard !storage.isEmpty else {
            switch resolvedAlignment(textAlignment) {
            case .left, .natural: return Double(area.x)
            case .center: return Double(area.x + area.width / 2)
            case .right: return Double(area.maxX - 2)
            }
        }
        fillBuffers()
        let text = displayBuffer
        let first = max(min(caretOffset, storage.count) - Self.visibleWindow.before, 0)
        let caretX = shownFont.caretPosition(in: text, atUTF8Offset: prefixBuffer.utf8.count)
        let origin = Double(textOrigin(in: area, width: shownFont.width(of: text), caretX: caretX))
        let last = first + text.count
        if offset < first {
            let before = storage[storage.index(storage.startIndex, offsetBy: offset) ..< storage.index(storage.startIndex, offsetBy: first)]
            return origin - Double(shownFont.width(of: isSecureTextEntry ? String(repeating: "•", count: before.count) : String(before)))
        }
        if offset > last {
            let after = storage[storage.index(storage.startIndex, offsetBy: last) ..< storage.index(storage.startIndex, offsetBy: offset)]
            return origin + Double(shownFont.width(of: text))
                + Double(shownFont.width(of: isSecureTextEntry ? String(repeating: "•", count: after.count) : String(after)))
        }
        let inside = text.index(text.startIndex, offsetBy: offset - first)
        return origin + Double(shownFont.caretPosition(in: text, atUTF8Offset: text.utf8.distance(from: text.startIndex, to: inside)))
    }
}
