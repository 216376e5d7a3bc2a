import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// Positions, ranges, caret rectangles and first rectangles, as UIKit's `UITextInput` gives them.
@Suite("TextInput: positions and ranges that count characters, and their rectangles")
@MainActor
struct TextInputTests {
    @Test("positions count characters: an accented letter and an emoji are one each")
    func positionsCountCharacters() {
        let field = TextField()
        field.text = "he\u{301}llo👋"
        #expect(field.offset(from: field.beginningOfDocument, to: field.endOfDocument) == 6)
    }

    @Test("a position before the start or past the end is nil, as UIKit answers")
    func positionOutsideIsNil() {
        let field = TextField()
        field.text = "abc"
        #expect(field.position(from: field.endOfDocument, offset: 1) == nil)
        #expect(field.position(from: field.beginningOfDocument, offset: -1) == nil)
        #expect(field.position(from: field.beginningOfDocument, offset: Int.max) == nil)
        #expect(field.position(from: field.beginningOfDocument, offset: 2)?.offset == 2)
    }

    @Test("a range made from two positions in either order starts at the earlier one")
    func rangeIsOrdered() throws {
        let field = TextField()
        field.text = "abcdef"
        let range = try #require(field.textRange(from: field.endOfDocument, to: field.beginningOfDocument))
        #expect(range.start == field.beginningOfDocument && range.end == field.endOfDocument)
    }

    @Test("a range with a position outside the text is nil")
    func rangeOutsideIsNil() {
        let long = TextField()
        long.text = "abcdef"
        let short = TextField()
        short.text = "ab"
        #expect(short.textRange(from: short.beginningOfDocument, to: long.endOfDocument) == nil)
    }

    @Test("a field's caret rectangle at the start is at the text's left edge, and moves right along the text")
    func fieldCaretRects() throws {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 240, height: 44))
        field.text = "Hello"
        let start = field.caretRect(for: field.beginningOfDocument)
        let third = field.caretRect(for: try #require(field.position(from: field.beginningOfDocument, offset: 3)))
        let end = field.caretRect(for: field.endOfDocument)
        #expect(start.minX == 8)
        #expect(start.minX < third.minX && third.minX < end.minX)
        #expect(end.minX - start.minX == Double(field.font.width(of: "Hello")))
        #expect(start.height == Double(field.font.lineHeight) && start.width == 2)
        #expect(start.midY == 22)
    }

    @Test("a field's first rectangle of a word spans that word")
    func fieldFirstRect() throws {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 240, height: 44))
        field.text = "Hello world"
        let from = try #require(field.position(from: field.beginningOfDocument, offset: 6))
        let range = try #require(field.textRange(from: from, to: field.endOfDocument))
        let rect = field.firstRect(for: range)
        #expect(rect.minX == field.caretRect(for: from).minX)
        #expect(rect.width == Double(field.font.width(of: "world")))
    }

    @Test("a position kept across an edit that shortened the text is taken as the end")
    func stalePositionIsClamped() {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 240, height: 44))
        field.text = "Hello world"
        let oldEnd = field.endOfDocument
        field.text = "Hi"
        #expect(field.caretRect(for: oldEnd) == field.caretRect(for: field.endOfDocument))
        #expect(field.offset(from: field.beginningOfDocument, to: oldEnd) == 2)
    }

    @Test("a text view's caret rectangle on the second line is one line below the first")
    func textViewCaretOnSecondLine() throws {
        let (_, view) = editingTextView("ab\ncd")
        let second = try #require(view.position(from: view.beginningOfDocument, offset: 3))
        let first = view.caretRect(for: view.beginningOfDocument)
        let next = view.caretRect(for: second)
        #expect(next.minY - first.minY == Double(view.font.lineHeight))
        #expect(next.minX == first.minX)
    }

    @Test("a text view's first rectangle of a range over two wrapped lines covers only the first line's part")
    func textViewFirstRectStopsAtTheLine() throws {
        let (_, view) = editingTextView("first line\nsecond")
        let from = try #require(view.position(from: view.beginningOfDocument, offset: 6))
        let range = try #require(view.textRange(from: from, to: view.endOfDocument))
        let rect = view.firstRect(for: range)
        #expect(rect.minY == view.caretRect(for: view.beginningOfDocument).minY)
        #expect(rect.width == Double(view.font.width(of: "line")))
    }

    @Test("an empty range's first rectangle is zero wide at its place")
    func emptyRangeFirstRect() throws {
        let (_, view) = editingTextView("abc")
        let place = try #require(view.position(from: view.beginningOfDocument, offset: 2))
        let rect = view.firstRect(for: try #require(view.textRange(from: place, to: place)))
        #expect(rect.width == 0)
        #expect(rect.minX == view.caretRect(for: place).minX)
    }

    @Test("a text view's selected range is the selection in characters")
    func textViewSelectedRange() throws {
        let (_, view) = editingTextView("héllo")
        view.selectAll()
        let range = try #require(view.selectedTextRange)
        #expect(view.offset(from: range.start, to: range.end) == 5)
    }
}
