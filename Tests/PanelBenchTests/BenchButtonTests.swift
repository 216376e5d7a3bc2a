import PanelBench
import PanelCore
import PanelPlatform
import Testing

/// Steps `clock` a millisecond at a time until `end`, calling `poll` after each step as a run
/// loop would look at a device; returns what it delivered, without timestamps.
func runPolling(_ clock: ManualClock, until end: MonotonicInstant, _ poll: ((DeviceInput) -> Void) -> Void) -> [String] {
    var delivered: [String] = []
    while clock.now < end {
        clock.advance(by: .milliseconds(1))
        poll { delivered.append($0.description) }
    }
    return delivered
}

/// Runs `button` until `end`; what it delivered.
private func run(_ button: BenchButton, _ clock: ManualClock, until end: MonotonicInstant) -> [String] {
    runPolling(clock, until: end, button.poll)
}

@Suite("Board buttons on the bench: emulated lines through the real debounce and hold")
struct BenchButtonTests {
    @Test("a push that bounces three times each way is one press, begun once and ended once")
    func bouncingPush() {
        let clock = ManualClock()
        let button = BenchButton(name: "menu", type: .menu, clock: clock, interval: .milliseconds(10))
        button.schedulePush(at: clock.now + .milliseconds(5), for: .milliseconds(100), bounces: 3)
        #expect(run(button, clock, until: clock.now + .milliseconds(200)) == ["press menu began", "press menu ended"])
    }

    @Test("a deferred button reports the press only once the level has held for its interval")
    func deferredPush() {
        let clock = ManualClock()
        let button = BenchButton(name: "select", type: .select, clock: clock, interval: .milliseconds(20), mode: .deferred)
        button.schedulePush(at: clock.now + .milliseconds(5), for: .milliseconds(100))
        #expect(run(button, clock, until: clock.now + .milliseconds(15)).isEmpty)
        #expect(run(button, clock, until: clock.now + .milliseconds(20)) == ["press select began"])
    }

    @Test("a held button with auto-repeat ends and begins its press again every interval after the delay")
    func repeatingHold() {
        let clock = ManualClock()
        let button = BenchButton(
            name: "down", type: .downArrow, clock: clock, holding: .repeating(delay: .milliseconds(300), interval: .milliseconds(100)))
        button.schedulePush(at: clock.now + .milliseconds(1), for: .milliseconds(550))
        let delivered = run(button, clock, until: clock.now + .milliseconds(700))
        #expect(delivered.filter { $0 == "press downArrow began" }.count == 4)  // the push, then at 300, 400 and 500 ms
        #expect(delivered.filter { $0 == "press downArrow ended" }.count == 4)
    }

    @Test("a long press is cancelled and becomes the long press's type")
    func longPress() {
        let clock = ManualClock()
        let button = BenchButton(name: "select", type: .select, clock: clock, holding: .longPress(after: .milliseconds(500), type: .menu))
        button.schedulePush(at: clock.now + .milliseconds(1), for: .milliseconds(800))
        #expect(
            run(button, clock, until: clock.now + .milliseconds(900)) == [
                "press select began", "press select cancelled", "press menu began", "press menu ended",
            ])
    }

    @Test("a session that stops while a button is held cancels its press, once")
    func cancelHeld() {
        let clock = ManualClock()
        let button = BenchButton(name: "menu", type: .menu, clock: clock)
        button.schedulePush(at: clock.now + .milliseconds(1), for: .milliseconds(1000))
        var delivered = run(button, clock, until: clock.now + .milliseconds(50))
        button.cancel { delivered.append($0.description) }
        delivered += run(button, clock, until: clock.now + .milliseconds(1100))
        #expect(delivered == ["press menu began", "press menu cancelled"])
    }
}
