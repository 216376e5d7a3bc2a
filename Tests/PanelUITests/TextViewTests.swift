import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A delegate that records what it hears and refuses edits when told.
@MainActor
final class TextViewLog: TextViewDelegate {
    var allowChange = true
    var changes = 0
    var asked: [String] = []
    func textView(_ textView: TextView, shouldChangeTextIn range: Range<String.Index>, replacementText text: String) -> Bool {
        asked.append(text)
        return allowChange
    }
    func textViewDidChange(_ textView: TextView) { changes += 1 }
}

@Suite("TextView: multi-line editing that wraps, scrolls to the caret and selects")
@MainActor
struct TextViewTests {
    /// A 300 × 160 view at the origin, its on-screen keyboard off, editing.
    func editing(_ text: String = "", width: Double = 300) -> (Bench, TextView) {
        editingTextView(text, width: width)
    }

    @Test("typing inserts at the caret and the return key starts a new line")
    func typing() {
        let (_, view) = editing()
        for key in ["H", "i", "\n", "y", "o"] { view.insertText(key) }
        #expect(view.text == "Hi\nyo")
        #expect(view.lineCount == 2)
    }

    @Test("long text wraps at spaces within the width, and a word too long for a line breaks inside it")
    func wrapping() {
        let (_, view) = editing(width: 120)
        view.text = "the quick brown fox jumps over the lazy dog " + String(repeating: "x", count: 40)
        let width = Int(120 - view.textContainerInset.left - view.textContainerInset.right)
        #expect(view.lineCount > 4)
        for line in view.lineTexts {
            #expect(view.font.width(of: line.trimmingSuffixSpaces) <= width)
        }
        #expect(view.lineTexts.joined() == view.text)
    }

    @Test("an edit re-wraps only what it touched and gives the same lines as wrapping everything again")
    func incrementalWrap() {
        let (_, view) = editing(width: 200)
        view.text = (0 ..< 40).map { "line \($0) of the log has some words" }.joined(separator: "\n")
        view.selectedRange = view.text.index(view.text.startIndex, offsetBy: 300) ..< view.text.index(view.text.startIndex, offsetBy: 300)
        for c in "inserted words that wrap the paragraph\nand split it " { view.insertText(String(c)) }
        for _ in 0 ..< 25 { view.deleteBackward() }
        let incremental = view.lineTexts
        view.text = view.text
        #expect(view.lineTexts == incremental)
    }

    @Test("400 random edits in one long paragraph each leave the lines a full wrap would give")
    func randomEditsMatchFullWrap() {
        let (_, view) = editing(width: 180)
        view.text = String(repeating: "words of unequal length wrap here ", count: 40)
        var seed: UInt64 = 42
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let pieces = ["a", " ", "longerword ", "\n", "x y z "]
        for _ in 0 ..< 400 {
            let text = view.text
            let at = text.index(text.startIndex, offsetBy: next(text.count + 1))
            view.selectedRange = at ..< at
            if next(3) == 0 { view.deleteBackward() } else { view.insertText(pieces[next(pieces.count)]) }
            let incremental = view.lineTexts
            let copy = view.text
            view.text = copy
            #expect(view.lineTexts == incremental)
            if view.lineTexts != incremental { break }
        }
    }

    @Test("a tap places the caret at the nearest character boundary and starts editing")
    func tapPlacesCaret() throws {
        let bench = Bench(width: 400, height: 400)
        bench.window.showsOnScreenKeyboard = false
        let view = bench.add(TextView(frame: Rect(x: 0, y: 0, width: 300, height: 160)))
        view.text = "first line\nsecond line"
        bench.app.layoutIfNeeded()
        let lineHeight = Double(view.font.lineHeight)
        bench.tap(8 + Double(view.font.width(of: "sec")) + 1, 8 + lineHeight * 1.5)
        #expect(view.isFirstResponder)
        #expect(view.text[view.text.startIndex ..< view.selectedRange.lowerBound] == "first line\nsec")
        #expect(view.selectedRange.isEmpty)
    }

    @Test("a double tap selects the word, and typing replaces the selection")
    func doubleTapSelectsWord() {
        let (bench, view) = editing("pay by card today")
        let y = 8 + Double(view.font.lineHeight) / 2
        let x = 8 + Double(view.font.width(of: "pay by ca"))
        bench.tap(x, y)
        bench.tap(x, y)
        #expect(view.selectedText == "card")
        view.insertText("c")
        #expect(view.text == "pay by c today")
    }

    @Test("a drag from the caret moves it; a drag elsewhere scrolls instead")
    func dragMovesCaret() {
        let (bench, view) = editing((0 ..< 30).map { "row \($0)" }.joined(separator: "\n"))
        view.contentOffset = .zero
        view.selectedRange = view.text.startIndex ..< view.text.startIndex
        let h = Double(view.font.lineHeight)
        bench.down(9, 8 + h / 2)
        for step in 1 ... 6 { bench.move(9 + Double(step) * 5, 8 + h / 2 + Double(step) * h / 2) }
        bench.up()
        #expect(view.text[view.text.startIndex ..< view.selectedRange.lowerBound].contains("\n"))
        #expect(view.contentOffset.y == 0)
        bench.down(200, 140)
        for step in 1 ... 6 { bench.move(200, 140 - Double(step) * 15) }
        bench.up()
        #expect(view.contentOffset.y > 0)
    }

    @Test("the view scrolls to keep the caret in sight as lines are typed")
    func scrollsToCaret() {
        let (_, view) = editing()
        for i in 0 ..< 20 { view.insertText("line \(i)\n") }
        let caretBottom = 8 + Double(view.lineCount * view.font.lineHeight)
        #expect(view.contentOffset.y > 0)
        #expect(caretBottom <= view.contentOffset.y + view.bounds.height + 0.5)
    }

    @Test("up and down keep the caret's column; left and right step over one character")
    func arrowKeys() {
        let (bench, view) = editing("abcdef\nxy\nabcdef")
        view.selectedRange = view.text.index(view.text.startIndex, offsetBy: 5) ..< view.text.index(view.text.startIndex, offsetBy: 5)
        press(bench.app, .downArrow)
        #expect(view.text[..<view.selectedRange.lowerBound] == "abcdef\nxy")
        press(bench.app, .downArrow)
        #expect(view.text[..<view.selectedRange.lowerBound] == "abcdef\nxy\nabcde")
        press(bench.app, .leftArrow)
        #expect(view.text[..<view.selectedRange.lowerBound] == "abcdef\nxy\nabcd")
    }

    @Test("maxLength drops what does not fit, and the delegate can refuse an edit")
    func limits() {
        let (_, view) = editing("12345")
        view.maxLength = 8
        view.insertText("abcdef")
        #expect(view.text == "12345abc")
        let log = TextViewLog()
        view.textDelegate = log
        log.allowChange = false
        view.deleteBackward()
        #expect(view.text == "12345abc")
        #expect(log.asked == [""])
        log.allowChange = true
        view.deleteBackward()
        #expect(view.text == "12345ab")
        #expect(log.changes == 1)
    }

    @Test("deleting across a line break joins the lines; deleting at the start does nothing")
    func deleting() {
        let (_, view) = editing("ab\ncd")
        view.selectedRange = view.text.index(view.text.startIndex, offsetBy: 3) ..< view.text.index(view.text.startIndex, offsetBy: 3)
        view.deleteBackward()
        #expect(view.text == "abcd")
        #expect(view.lineCount == 1)
        view.selectedRange = view.text.startIndex ..< view.text.startIndex
        view.deleteBackward()
        #expect(view.text == "abcd")
    }

    @Test("a placeholder; wrapped lines with a selection and its handles", arguments: goldenFormats.map(\.name))
    func golden(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let bench = Bench(width: 320, height: 260)
        bench.window.showsOnScreenKeyboard = false
        let framebuffer = MemoryFramebuffer(width: 320, height: 260, format: format)
        bench.app.display = Display(framebuffer: framebuffer)
        bench.window.backgroundColor = Color(rgb: 0xF2F2F7)
        let empty = bench.add(TextView(frame: Rect(x: 10, y: 10, width: 300, height: 60)))
        empty.placeholder = "Notes for the technician"
        let view = bench.add(TextView(frame: Rect(x: 10, y: 80, width: 300, height: 170)))
        view.text = "Pump 3 stopped at 14:02 after a pressure drop.\nRestarted by hand; the seal on the outlet side should be checked at the next service."
        view.becomeFirstResponder()
        let text = view.text
        let low = text.index(text.startIndex, offsetBy: 32)
        view.selectedRange = low ..< text.index(low, offsetBy: 13)
        #expect(view.selectedText == "pressure drop")
        bench.app.runOnce()
        try GoldenImage.check("textview-\(formatName)", framebuffer)
    }
}

extension Substring {
    /// Without the spaces a wrapped line hangs past its end.
    fileprivate var trimmingSuffixSpaces: Substring {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
