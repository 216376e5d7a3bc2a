import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A 400×300 drawn window with a text field at (20, 20, 240, 44) and the events it sends.
@MainActor
final class FieldBench {
    let bench = Bench(width: 400, height: 300)
    let framebuffer = MemoryFramebuffer(width: 400, height: 300, format: .xrgb8888)
    let field = TextField(frame: Rect(x: 20, y: 20, width: 240, height: 44))
    var events: [String] = []

    init() {
        bench.app.display = Display(framebuffer: framebuffer)
        bench.window.backgroundColor = Color(rgb: 0xF2F2F7)
        bench.add(field)
        for (event, name) in [
            (ControlEvents.editingDidBegin, "begin"), (.editingChanged, "changed"), (.editingDidEnd, "end"), (.editingDidEndOnExit, "exit"),
        ] {
            field.addAction(.closure(Selector(name)) { [unowned self] _, _ in self.events.append(name) }, for: event)
        }
        bench.app.runOnce()
    }

    /// Taps the field and lets the keyboard slide in.
    func focus() {
        bench.tap(100, 42)
        bench.animate(milliseconds: 400)
    }
}

/// A delegate that records what it is asked and answers as told.
@MainActor
final class FieldDelegate: TextFieldDelegate {
    var allowChange = true
    var allowReturn = true
    var asked: [String] = []
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>, replacementString string: String) -> Bool {
        asked.append("change \(string)")
        return allowChange
    }
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        asked.append("return")
        return allowReturn
    }
}

@Suite("Text field: UIKit's UITextField and UIKeyInput")
@MainActor
struct TextFieldTests {
    @Test("a tap makes the field first responder and sends editingDidBegin")
    func tapBeginsEditing() {
        let f = FieldBench()
        f.focus()
        #expect(f.field.isFirstResponder)
        #expect(f.events == ["begin"])
    }

    @Test("insertText types at the insertion point and sends editingChanged")
    func insertTypes() {
        let f = FieldBench()
        f.focus()
        f.field.insertText("ab")
        f.field.insertText("c")
        #expect(f.field.text == "abc")
        #expect(f.events == ["begin", "changed", "changed"])
    }

    @Test("deleteBackward removes the character before the insertion point")
    func deleteBackward() {
        let f = FieldBench()
        f.field.text = "héllo"
        f.focus()
        f.field.deleteBackward()
        #expect(f.field.text == "héll")
        #expect(f.field.hasText)
    }

    @Test("setting the text in code sends no action")
    func codeSendsNothing() {
        let f = FieldBench()
        f.field.text = "set"
        #expect(f.events.isEmpty)
    }

    @Test("the left arrow moves the insertion point, so typing goes in before the last character")
    func arrowsMoveTheCaret() {
        let f = FieldBench()
        f.field.text = "ac"
        f.focus()
        f.bench.app.handle(.press(.leftArrow, .began, timestamp: f.bench.clock.now))
        f.bench.app.handle(.press(.leftArrow, .ended, timestamp: f.bench.clock.now))
        f.field.insertText("b")
        #expect(f.field.text == "abc")
    }

    @Test("a tap while editing moves the insertion point to the character boundary nearest to it")
    func tapMovesTheCaret() {
        let f = FieldBench()
        f.field.text = "abcdef"
        f.focus()
        // The text starts 8 points into the field (at x 28); "abc" ends where the tap lands.
        f.bench.tap(28 + Double(f.field.font.width(of: "abc")) + 1, 42)
        #expect(f.field.caretOffset == 3)
        f.field.insertText("X")
        #expect(f.field.text == "abcXdef")
    }

    @Test("a tap left of the text while editing puts the insertion point at the start")
    func tapAtTheStart() {
        let f = FieldBench()
        f.field.text = "abcdef"
        f.focus()
        f.bench.tap(24, 42)
        f.field.insertText("X")
        #expect(f.field.text == "Xabcdef")
    }

    @Test("maxLength keeps what fits of a paste and drops the rest")
    func maxLengthBounds() {
        let f = FieldBench()
        f.field.maxLength = 6
        f.focus()
        f.field.insertText("1234")
        f.field.insertText("56789")
        #expect(f.field.text == "123456")
    }

    @Test("a 1 MB paste into a field without a limit is kept, and the field still draws and types")
    func megabytePaste() {
        let f = FieldBench()
        f.focus()
        f.field.insertText(String(repeating: "x", count: 1 << 20))
        f.bench.app.runOnce()
        f.field.insertText("!")
        f.bench.app.runOnce()
        #expect(f.field.text.count == (1 << 20) + 1)
        #expect(f.field.text.hasSuffix("x!"))
    }

    @Test("a paste loses its line breaks: a field is one line")
    func pasteLosesLineBreaks() {
        let f = FieldBench()
        f.focus()
        f.field.insertText("one\ntwo\r\nthree")
        #expect(f.field.text == "onetwothree")
        #expect(f.field.isFirstResponder)
    }

    @Test("a delegate that refuses a change keeps the text as it was")
    func delegateRefuses() {
        let f = FieldBench()
        let delegate = FieldDelegate()
        delegate.allowChange = false
        f.field.delegate = delegate
        f.focus()
        f.field.insertText("x")
        #expect(f.field.text == "")
        #expect(delegate.asked == ["change x"])
    }

    @Test("the return key ends editing when the delegate agrees: editingDidEndOnExit, then editingDidEnd")
    func returnEnds() {
        let f = FieldBench()
        f.focus()
        f.field.insertText("\n")
        #expect(!f.field.isFirstResponder)
        #expect(f.events == ["begin", "exit", "end"])
    }

    @Test("the return key keeps editing when the delegate says no")
    func returnRefused() {
        let f = FieldBench()
        let delegate = FieldDelegate()
        delegate.allowReturn = false
        f.field.delegate = delegate
        f.focus()
        f.field.insertText("\n")
        #expect(f.field.isFirstResponder)
        #expect(delegate.asked == ["return"])
    }

    @Test("a tap elsewhere leaves the field first responder (UIKit's rule)")
    func tapElsewhereKeepsFocus() {
        let f = FieldBench()
        f.focus()
        f.bench.tap(350, 100)
        #expect(f.field.isFirstResponder)
    }

    @Test("the clear button empties the field and sends editingChanged")
    func clearButton() {
        let f = FieldBench()
        f.field.clearButtonMode = .always
        f.field.text = "clear me"
        f.focus()
        // The button sits 8 points in from the right edge, 18 across.
        f.bench.tap(20 + 240 - 8 - 9, 42)
        #expect(f.field.text == "")
        #expect(f.events.last == "changed")
    }

    @Test("secure entry draws a bullet for each character")
    func secureEntryDrawsBullets() {
        let secret = FieldBench()
        secret.field.isSecureTextEntry = true
        secret.field.text = "1234"
        secret.bench.app.runOnce()
        let shown = FieldBench()
        shown.field.text = "••••"
        shown.bench.app.runOnce()
        #expect(secret.framebuffer.bitmap.pixels.firstDifference(from: shown.framebuffer.bitmap.pixels) == nil)
        let plain = FieldBench()
        plain.field.text = "1234"
        plain.bench.app.runOnce()
        #expect(secret.framebuffer.bitmap.pixels.firstDifference(from: plain.framebuffer.bitmap.pixels) != nil)
    }

    @Test("the placeholder shows in grey while the field is empty")
    func placeholder() {
        let f = FieldBench()
        f.field.placeholder = "PIN"
        f.bench.app.runOnce()
        var grey = 0
        for x in 28 ..< 80 {
            for y in 30 ..< 56 where f.framebuffer.bitmap.color(x: x, y: y) != .white { grey += 1 }
        }
        #expect(grey > 20)
    }
}

@Suite("Typing on a physical keyboard into the first responder")
@MainActor
struct PhysicalTypingTests {
    @Test("typed text and backspace from the platform edit the first responder that takes text")
    func typedTextEditsTheField() {
        let f = FieldBench()
        f.focus()
        f.bench.app.handle(.text("Hé", timestamp: f.bench.clock.now))
        f.bench.app.handle(.text("中文", timestamp: f.bench.clock.now))
        f.bench.app.handle(.deleteBackward(timestamp: f.bench.clock.now))
        #expect(f.field.text == "Hé中")
    }

    @Test("typed text with no text field first responder is dropped")
    func typedTextWithoutAFieldIsDropped() {
        let f = FieldBench()
        f.bench.app.handle(.text("x", timestamp: f.bench.clock.now))
        #expect(f.field.text == "")
    }

    @Test("while a field is first responder, the keyboard's Return (select) types a line break: the field ends editing")
    func returnEndsEditing() {
        let f = FieldBench()
        f.focus()
        f.bench.app.handle(.press(.select, .began, timestamp: f.bench.clock.now))
        f.bench.app.handle(.press(.select, .ended, timestamp: f.bench.clock.now))
        #expect(!f.field.isFirstResponder)
        #expect(f.events == ["begin", "exit", "end"])
    }
}
