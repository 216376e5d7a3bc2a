import PanelBench
import PanelCore
import PanelPlatform
import PanelUI
import Testing

@Suite("Idle policy: the screen dims and blanks without input, and the touch that wakes it is swallowed")
@MainActor
struct IdlePolicyTests {
    @Test("with no input the screen dims after dimAfter and blanks after blankAfter")
    func dimsThenBlanks() {
        let b = IdleBench(policy: .dimAt10BlankAt30)
        b.wait(seconds: 9)
        #expect(b.screen.states.isEmpty)
        b.wait(seconds: 1)
        #expect(b.screen.states == [.dimmed(0.2)])
        b.wait(seconds: 20)
        #expect(b.screen.states == [.dimmed(0.2), .blanked])
        #expect(b.app.screenState == .blanked)
    }

    @Test("a blanked screen leaves no timer, so the run loop sleeps until input")
    func blankedHasNoTimer() {
        let b = IdleBench(policy: .dimAt10BlankAt30)
        b.wait(seconds: 30)
        #expect(b.app.nextTimerDeadline == nil)
    }

    @Test("the tap that wakes a dimmed screen lights it and presses nothing; the next tap presses the button")
    func wakeTapIsSwallowed() {
        let b = IdleBench(policy: .dimAt10BlankAt30)
        b.wait(seconds: 12)
        b.tap()
        #expect(b.screen.states == [.dimmed(0.2), .on])
        #expect(b.taps == 0)
        b.tap()
        #expect(b.taps == 1)
    }

    @Test("the waking finger stays swallowed through its moves and lift while it is held")
    func swallowedFingerStaysSwallowed() {
        let b = IdleBench(policy: .dimAt10BlankAt30)
        b.wait(seconds: 31)
        b.frame(.began, at: Point(x: 50, y: 50), identity: 7)
        b.frame(.moved, at: Point(x: 55, y: 50), identity: 7)
        b.frame(.ended, at: Point(x: 55, y: 50), identity: 7)
        b.app.runOnce()
        #expect(b.taps == 0)
        #expect(!b.button.isHighlighted)
    }

    @Test("input before dimAfter postpones dimming by a full dimAfter")
    func inputPostponesDimming() {
        let b = IdleBench(policy: .dimAt10BlankAt30)
        b.wait(seconds: 8)
        b.tap()
        b.wait(seconds: 8)
        #expect(b.screen.states.isEmpty)
        b.wait(seconds: 3)
        #expect(b.screen.states == [.dimmed(0.2)])
    }

    @Test("without swallowing, the waking tap also presses the button")
    func wakeTapDeliveredWhenNotSwallowing() {
        let b = IdleBench(policy: IdlePolicy(dimAfter: .milliseconds(10_000), blankAfter: .milliseconds(30_000), dimLevel: 0.2, swallowsWakeInput: false))
        b.wait(seconds: 12)
        b.tap()
        #expect(b.taps == 1)
    }

    @Test("a key press that wakes the screen is swallowed, and a press begun before dimming still ends")
    func keysWakeAndEndOnce() {
        let b = IdleBench(policy: .dimAt10BlankAt30)
        let log = PressLog(frame: Rect(x: 100, y: 100, width: 10, height: 10))
        b.app.keyWindow?.addSubview(log)
        _ = log.becomeFirstResponder()
        b.app.handle(.press(.select, .began, timestamp: b.clock.now))
        b.wait(seconds: 12)
        b.app.handle(.press(.select, .ended, timestamp: b.clock.now))
        b.wait(seconds: 12)
        b.app.handle(.press(.menu, .began, timestamp: b.clock.now))
        b.app.handle(.press(.menu, .ended, timestamp: b.clock.now))
        #expect(log.entries == ["select began", "select ended"])
    }
}
