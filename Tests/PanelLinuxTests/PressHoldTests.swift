import PanelCore
import PanelPlatform
import Testing

@Suite("Press hold: a held button repeats or becomes a long press, and every press ends once")
struct PressHoldTests {
    private func ms(_ n: Int64) -> MonotonicInstant { MonotonicInstant(nanoseconds: UInt64(n) * 1_000_000) }

    /// Feeds `hold` a push at 0 ms held until `release` ms, advancing every 10 ms, and returns
    /// what it delivered as "type phase @ms".
    private func push(_ hold: inout PressHold, release: Int64) -> [String] {
        var log: [String] = []
        func record(_ input: DeviceInput) {
            guard case .press(let type, let phase, let time) = input else { return }
            log.append("\(type) \(phase) @\(time.nanoseconds / 1_000_000)")
        }
        hold.changed(pressed: true, at: ms(0), record)
        var t: Int64 = 10
        while t < release {
            hold.advance(to: ms(t), record)
            t += 10
        }
        hold.changed(pressed: false, at: ms(release), record)
        return log
    }

    @Test("a single button's push is one press that begins and ends, however long it is held")
    func single() {
        var hold = PressHold(type: .select)
        #expect(push(&hold, release: 2000) == ["select began @0", "select ended @2000"])
    }

    @Test("a repeating button held past its delay ends and begins again every interval, at regular times")
    func repeats() {
        var hold = PressHold(type: .downArrow, behavior: .repeating(delay: .milliseconds(300), interval: .milliseconds(100)))
        #expect(
            push(&hold, release: 550) == [
                "downArrow began @0", "downArrow ended @300", "downArrow began @300", "downArrow ended @400", "downArrow began @400",
                "downArrow ended @500", "downArrow began @500", "downArrow ended @550",
            ])
    }

    @Test("a repeating button released before its delay is one press")
    func shortRepeatingPush() {
        var hold = PressHold(type: .downArrow, behavior: .repeating(delay: .milliseconds(300), interval: .milliseconds(100)))
        #expect(push(&hold, release: 120) == ["downArrow began @0", "downArrow ended @120"])
    }

    @Test("a late wake-up repeats once, not a burst of the repeats it missed")
    func lateWakeUpRepeatsOnce() {
        var hold = PressHold(type: .upArrow, behavior: .repeating(delay: .milliseconds(300), interval: .milliseconds(100)))
        var count = 0
        hold.changed(pressed: true, at: ms(0)) { _ in }
        hold.advance(to: ms(1000)) { _ in count += 1 }
        #expect(count == 2)
        #expect(hold.deadline == ms(1100))
    }

    @Test("a button held past its long-press time cancels its press and begins the long one, which its release ends")
    func longPress() {
        var hold = PressHold(type: .select, behavior: .longPress(after: .milliseconds(800), type: .menu))
        #expect(push(&hold, release: 1200) == ["select began @0", "select cancelled @800", "menu began @800", "menu ended @1200"])
    }

    @Test("a long-press button released before its time is its own press")
    func shortPushIsNotLong() {
        var hold = PressHold(type: .select, behavior: .longPress(after: .milliseconds(800), type: .menu))
        #expect(push(&hold, release: 300) == ["select began @0", "select ended @300"])
        #expect(hold.deadline == nil)
    }

    @Test("cancelling a held long press cancels the long press, once")
    func cancelLong() {
        var hold = PressHold(type: .select, behavior: .longPress(after: .milliseconds(800), type: .menu))
        var log: [String] = []
        hold.changed(pressed: true, at: ms(0)) { _ in }
        hold.advance(to: ms(900)) { _ in }
        hold.cancel(at: ms(950)) { log.append("\($0)") }
        hold.cancel(at: ms(960)) { log.append("\($0)") }
        hold.changed(pressed: false, at: ms(1000)) { log.append("\($0)") }
        #expect(log == ["press menu cancelled"])
    }
}
