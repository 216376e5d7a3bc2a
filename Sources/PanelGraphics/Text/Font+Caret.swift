import Synchronization

extension Font {
    /// Where the insertion point before byte `utf8Offset` of `text` goes when `text` is drawn on
    /// one line from x = 0, in pixels.
    ///
    /// Text fields place their caret with it. For left-to-right text it is the width of the text
    /// before the offset. In right-to-left and mixed text (a TrueType font) it follows the
    /// Unicode Bidirectional Algorithm: after an Arabic or Hebrew character the caret is at its
    /// left edge, and at the start of a right-to-left line it is at the right end.
    public func caretPosition(in text: some StringProtocol, atUTF8Offset utf8Offset: Int) -> Int {
        let offset = min(max(utf8Offset, 0), text.utf8.count)
        guard let family else {
            return width(of: text[..<text.utf8.index(text.utf8.startIndex, offsetBy: offset)])
        }
        return withUTF8Bytes(of: text) { bytes in
            family.engine.withLock { engine in
                engine.layout(bytes, size: size, maxWidth: .max, numberOfLines: 1, lineBreakMode: .byClipping)
                return Int((engine.caretPosition(atByte: offset) + 63) >> 6)
            }
        }
    }
}
