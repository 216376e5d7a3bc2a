import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A root view controller that records the keyboard frames it is told about.
@MainActor
final class KeyboardWatcher: ViewController {
    var frames: [Rect?] = []
    override func keyboardWillChangeFrame(_ frame: Rect?) { frames.append(frame) }
}

extension FieldBench {
    /// The on-screen keyboard (after focus()).
    var keyboard: Keyboard { bench.window.keyboard! }

    /// Taps the key labelled `title` (see Keyboard.frame(ofKey:)).
    func tapKey(_ title: String) {
        guard let frame = keyboard.frame(ofKey: title) else {
            Issue.record("no key \(title) on the page: \(keyboard.keyTitles)")
            return
        }
        let point = keyboard.convert(frame.center, to: bench.window)
        bench.tap(point.x, point.y)
    }

    /// Puts a finger on the key labelled `title` and leaves it there.
    func holdKey(_ title: String) {
        let point = keyboard.convert(keyboard.frame(ofKey: title)!.center, to: bench.window)
        bench.down(point.x, point.y)
    }
}

@Suite("On-screen keyboard")
@MainActor
struct KeyboardTests {
    @Test("a field that becomes first responder brings the keyboard up at the bottom, and the root view controller hears its frame")
    func keyboardComesUp() {
        let f = FieldBench()
        let watcher = KeyboardWatcher()
        f.bench.window.rootViewController = watcher
        f.bench.window.addSubview(f.field)
        f.focus()
        let frame = f.bench.window.keyboardFrame
        #expect(frame != nil)
        #expect(frame?.maxY == 300)
        #expect(f.keyboard.frame == frame)
        #expect(watcher.frames == [frame])
    }

    @Test("resigning the field slides the keyboard away and takes it out of the window")
    func keyboardGoesAway() {
        let f = FieldBench()
        f.focus()
        f.field.resignFirstResponder()
        #expect(f.bench.window.keyboardFrame == nil)
        f.bench.animate(milliseconds: 400)
        #expect(f.keyboard.superview == nil)
    }

    @Test("tapping letter keys types them into the field")
    func typing() {
        let f = FieldBench()
        f.focus()
        for key in ["h", "i", "space", "t", "o"] { f.tapKey(key) }
        #expect(f.field.text == "hi to")
    }

    @Test("shift makes the next letter upper case, then the keyboard is back to lower case")
    func shiftOnce() {
        let f = FieldBench()
        f.focus()
        f.tapKey("shift")
        f.tapKey("a")
        f.tapKey("b")
        #expect(f.field.text == "Ab")
    }

    @Test("two quick shift taps lock capitals until shift is tapped again")
    func capsLock() {
        let f = FieldBench()
        f.focus()
        f.tapKey("shift")
        f.tapKey("shift")
        for key in ["o", "k"] { f.tapKey(key) }
        f.tapKey("shift")
        f.tapKey("x")
        #expect(f.field.text == "OKx")
        #expect(f.keyboard.shift == .off)
    }

    @Test("the 123 key shows digits and punctuation; ABC brings the letters back")
    func numbersPage() {
        let f = FieldBench()
        f.focus()
        f.tapKey("123")
        f.tapKey("4")
        f.tapKey("2")
        f.tapKey("ABC")
        f.tapKey("q")
        #expect(f.field.text == "42q")
    }

    @Test("delete removes a character on touch-down and repeats while held")
    func deleteRepeats() {
        let f = FieldBench()
        f.field.text = "abcdefghij"
        f.focus()
        f.holdKey("delete")
        #expect(f.field.text == "abcdefghi")
        // 0.5 s delay, then one every 0.1 s: 0.8 s in, four more (at 0.5, 0.6, 0.7, 0.8 s).
        f.bench.animate(milliseconds: 800)
        #expect(f.field.text == "abcde")
        f.bench.up()
        f.bench.animate(milliseconds: 500)
        #expect(f.field.text == "abcde")
    }

    @Test("return on the keyboard ends editing and the keyboard goes down")
    func returnKey() {
        let f = FieldBench()
        f.focus()
        f.tapKey("return")
        #expect(!f.field.isFirstResponder)
        #expect(f.bench.window.keyboardFrame == nil)
    }

    @Test("a number-pad field gets digits and a decimal point; a PIN field gets digits only")
    func pads() {
        let f = FieldBench()
        f.field.keyboardType = .numberPad
        f.focus()
        #expect(Set(f.keyboard.keyTitles) == Set(["1", "2", "3", "4", "5", "6", "7", "8", "9", ".", "0", "delete", "return"]))
        f.field.resignFirstResponder()
        f.field.keyboardType = .pin
        f.focus()
        #expect(!f.keyboard.keyTitles.contains("."))
        for key in ["1", "9", "8", "4"] { f.tapKey(key) }
        #expect(f.field.text == "1984")
    }

    @Test("an email field has @ and . beside the space bar")
    func emailKeys() {
        let f = FieldBench()
        f.field.keyboardType = .emailAddress
        f.focus()
        #expect(f.keyboard.keyTitles.contains("@"))
        #expect(f.keyboard.keyTitles.suffix(4) == ["@", "space", ".", "return"])
    }

    @Test("a pressed character key shows a pop-up above it until the finger lifts")
    func keyPopup() {
        let f = FieldBench()
        f.focus()
        f.holdKey("g")
        let popup = f.keyboard.subviews.first { !$0.isHidden }
        #expect(popup != nil)
        #expect((popup?.frame.maxY ?? 1e9) <= f.keyboard.frame(ofKey: "g")!.minY)
        f.bench.up()
        #expect(f.keyboard.subviews.allSatisfy { $0.isHidden })
        #expect(f.field.text == "g")
    }

    @Test("a finger that slides to another key types the key it lifts on")
    func slideToAnotherKey() {
        let f = FieldBench()
        f.focus()
        f.holdKey("e")
        let r = f.keyboard.convert(f.keyboard.frame(ofKey: "r")!.center, to: f.bench.window)
        f.bench.move(r.x, r.y)
        f.bench.up()
        #expect(f.field.text == "r")
    }

    @Test("a key tap shows its character in the field on the frame drawn right after the finger lifts")
    func characterOnTheNextFrame() {
        let f = FieldBench()
        f.focus()
        f.bench.app.runOnce()
        let before = Array(f.framebuffer.bitmap.pixels.rgbaBytes())
        f.tapKey("w")
        f.bench.app.runOnce()
        let after = Array(f.framebuffer.bitmap.pixels.rgbaBytes())
        // The field's text area (20…260 × 20…64) changed.
        var changed = 0
        for y in 24 ..< 60 {
            for x in 28 ..< 120 where before[(y * 400 + x) * 4] != after[(y * 400 + x) * 4] { changed += 1 }
        }
        #expect(f.field.text == "w")
        #expect(changed > 10)
    }
}
