import PanelCore
import Testing

/// A bounce: `count` edges alternating from `pressed`, one every `step` µs from `start` ms;
/// the last edge leaves the contact at `pressed`.
private func bounce(_ d: inout Debouncer, to pressed: Bool, at start: Int64, count: Int = 9, step: Int64 = 400) -> [Debouncer.Change] {
    var changes: [Debouncer.Change] = []
    for i in 0 ..< count {
        let level = (count - 1 - i) % 2 == 0 ? pressed : !pressed
        let time = MonotonicInstant(nanoseconds: UInt64(start * 1_000_000 + Int64(i) * step * 1_000))
        if let c = d.edge(to: level, at: time) { changes.append(c) }
    }
    return changes
}

private func ms(_ n: Int64) -> MonotonicInstant { MonotonicInstant(nanoseconds: UInt64(n * 1_000_000)) }

@Suite("Debouncer: a bouncing contact gives exactly one press and one release")
struct DebouncerTests {
    @Test("eager: a bouncing press is one press at its first edge, and the settle finds nothing more")
    func eagerPressIsImmediate() {
        var d = Debouncer(interval: .milliseconds(10))
        let changes = bounce(&d, to: true, at: 100)
        #expect(changes == [.init(pressed: true, timestamp: ms(100))])
        #expect(d.deadline == ms(110))
        #expect(d.settle(level: true, at: ms(110)) == nil)
    }

    @Test("eager: a bouncing release after a press is one release")
    func eagerRelease() {
        var d = Debouncer(interval: .milliseconds(10))
        _ = bounce(&d, to: true, at: 100)
        _ = d.settle(level: true, at: ms(110))
        #expect(bounce(&d, to: false, at: 300).map(\.pressed) == [false])
        #expect(d.settle(level: false, at: ms(310)) == nil)
    }

    @Test("eager: a contact that went back during the lockout is released at the settle")
    func eagerSpikeReleasesAtSettle() {
        var d = Debouncer(interval: .milliseconds(10))
        #expect(d.edge(to: true, at: ms(100))?.pressed == true)
        #expect(d.edge(to: false, at: ms(101)) == nil)
        #expect(d.settle(level: false, at: ms(110))?.pressed == false)
    }

    @Test("deferred: nothing until the level has held for the interval after the last edge, then one change dated at the first edge")
    func deferredWaitsForStability() {
        var d = Debouncer(interval: .milliseconds(10), mode: .deferred)
        #expect(bounce(&d, to: true, at: 100).isEmpty)
        let last = d.deadline!
        #expect(d.settle(level: true, at: last - .milliseconds(1)) == nil)
        #expect(d.settle(level: true, at: last) == .init(pressed: true, timestamp: ms(100)))
    }

    @Test("deferred: a spike shorter than the interval is no press at all")
    func deferredIgnoresSpikes() {
        var d = Debouncer(interval: .milliseconds(10), mode: .deferred)
        _ = d.edge(to: true, at: ms(100))
        _ = d.edge(to: false, at: ms(102))
        #expect(d.settle(level: false, at: ms(112)) == nil)
        #expect(!d.pressed)
    }

    @Test("random bursts of sub-5 ms bounces: as many changes as real presses and releases, in both modes", arguments: [Debouncer.Mode.eager, .deferred])
    func randomBursts(mode: Debouncer.Mode) {
        var generator = SystemRandomNumberGenerator()
        var d = Debouncer(interval: .milliseconds(10), mode: mode)
        var changes: [Bool] = []
        var time: Int64 = 0
        var level = false
        for _ in 0 ..< 200 {
            level.toggle()
            let edges = 2 * Int.random(in: 0 ... 5, using: &generator) + 1
            changes += bounce(&d, to: level, at: time, count: edges, step: Int64.random(in: 50 ... 450, using: &generator)).map(\.pressed)
            time += 30
            if let deadline = d.deadline, let c = d.settle(level: level, at: deadline) { changes.append(c.pressed) }
            if let deadline = d.deadline, let c = d.settle(level: level, at: deadline) { changes.append(c.pressed) }
        }
        #expect(changes.count == 200)
        #expect(changes == (0 ..< 200).map { $0 % 2 == 0 })
    }
}
