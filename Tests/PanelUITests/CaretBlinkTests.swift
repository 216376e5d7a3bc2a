import PanelBench
import PanelCore
import PanelUI
import Testing

/// Lets `milliseconds` pass on the bench's clock one 10 ms turn at a time, timers firing.
@MainActor
private func pass(_ f: FieldBench, milliseconds: Int64) {
    for _ in 0 ..< milliseconds / 10 {
        f.bench.clock.advance(by: .milliseconds(10))
        f.bench.app.runOnce()
    }
}

@Suite("Caret blink: the insertion point blinks while editing and holds still under typing")
@MainActor
struct CaretBlinkTests {
    @Test("while editing the caret hides after the blink interval and shows again after another")
    func blinksWhileEditing() {
        let f = FieldBench()
        f.focus()
        f.field.caretBlinkInterval = .milliseconds(500)  // starts the blink over, from now
        pass(f, milliseconds: 100)
        #expect(f.field.isCaretVisible)
        pass(f, milliseconds: 500)
        #expect(!f.field.isCaretVisible)
        pass(f, milliseconds: 500)
        #expect(f.field.isCaretVisible)
    }

    @Test("typing shows a hidden caret at once and starts its blink over")
    func typingShowsTheCaret() {
        let f = FieldBench()
        f.focus()
        f.field.caretBlinkInterval = .milliseconds(500)
        pass(f, milliseconds: 600)
        #expect(!f.field.isCaretVisible)
        f.field.insertText("a")
        #expect(f.field.isCaretVisible)
        pass(f, milliseconds: 400)
        #expect(f.field.isCaretVisible)
    }

    @Test("a field that stops editing leaves no timer behind, so the run loop can sleep")
    func noTimerAfterEditing() {
        let f = FieldBench()
        f.focus()
        _ = f.field.resignFirstResponder()
        pass(f, milliseconds: 400)  // the keyboard slides out
        #expect(f.bench.app.nextTimerDeadline == nil)
    }

    @Test("with no blink interval the caret stays on and no timer runs")
    func steadyCaretHasNoTimer() {
        let f = FieldBench()
        f.field.caretBlinkInterval = nil
        f.focus()
        pass(f, milliseconds: 1_200)
        #expect(f.field.isCaretVisible)
        #expect(f.bench.app.nextTimerDeadline == nil)
    }
}
