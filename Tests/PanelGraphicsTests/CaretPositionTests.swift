import PanelGraphics
import Testing

@Suite("Caret positions in left-to-right, right-to-left and mixed text")
struct CaretPositionTests {
    let font = TestFonts.latinOnly.font(size: 20)

    @Test("in Latin text the caret after n characters is the width of those characters")
    func latin() {
        #expect(font.caretPosition(in: "hello", atUTF8Offset: 0) == 0)
        #expect(font.caretPosition(in: "hello", atUTF8Offset: 5) == font.width(of: "hello"))
    }

    @Test("in a Hebrew word the caret starts at the right end and ends at the left edge of its last letter")
    func hebrew() {
        let word = "שלום"
        let width = font.width(of: word)
        #expect(abs(font.caretPosition(in: word, atUTF8Offset: 0) - width) <= 1)
        #expect(font.caretPosition(in: word, atUTF8Offset: word.utf8.count) <= 1)
        // After the first letter (ש, the rightmost): at that letter's left edge, inside the word.
        let afterFirst = font.caretPosition(in: word, atUTF8Offset: 2)
        #expect(afterFirst > 1 && afterFirst < width - 1)
    }

    @Test("after a Hebrew word inside Latin text the caret is at the word's left end, where the next Latin letter goes")
    func mixed() {
        let text = "abc שלום"
        // (A line's width leaves out its trailing space: measure the caret after it instead.)
        let prefix = font.caretPosition(in: "abc ", atUTF8Offset: 4)
        #expect(abs(font.caretPosition(in: text, atUTF8Offset: text.utf8.count) - prefix) <= 1)
    }

    @Test("an offset past the end or before the start is clamped to the text")
    func clamped() {
        #expect(font.caretPosition(in: "abc", atUTF8Offset: 99) == font.caretPosition(in: "abc", atUTF8Offset: 3))
        #expect(font.caretPosition(in: "abc", atUTF8Offset: -5) == 0)
    }
}
