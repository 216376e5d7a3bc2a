import PanelCore
import Testing

func report(_ t: UInt64, _ contacts: (UInt8, Double, Double)..., lifts: [UInt8] = []) -> TouchFrame {
    var f = TouchFrame(timestamp: MonotonicInstant(nanoseconds: t * 1_000_000))
    for c in contacts { f.append(Contact(trackID: c.0, position: Point(x: c.1, y: c.2))) }
    for id in lifts { f.append(Contact(trackID: id, position: Point(x: 4095, y: 4095), phase: .ended)) }
    return f
}

@Suite("Touch tracker")
struct TouchTrackerTests {
    func run(_ tracker: inout TouchTracker, _ reports: [TouchFrame]) -> [TouchFrame] {
        var out: [TouchFrame] = []
        for r in reports { tracker.process(r) { out.append($0) } }
        return out
    }

    @Test("a finger goes through began, moved, stationary is suppressed, then ended")
    func lifecycle() {
        var tracker = TouchTracker()
        let out = run(&tracker, [report(0, (0, 10, 10)), report(1, (0, 12, 10)), report(2, (0, 12, 10)), report(3)])
        #expect(out.map { $0[0].phase } == [.began, .moved, .ended])
        #expect(Set(out.map { $0[0].identity }).count == 1)
        #expect(out[2][0].position == Point(x: 12, y: 10))
        #expect(tracker.activeCount == 0)
    }

    @Test("an explicit lift ends the finger where it was last seen, ignoring the lift's coordinates")
    func explicitLift() {
        var tracker = TouchTracker()
        let out = run(&tracker, [report(0, (1, 50, 60)), report(1, lifts: [1]), report(2)])
        #expect(out.count == 2)
        #expect(out[1][0].phase == .ended && out[1][0].position == Point(x: 50, y: 60))
    }

    @Test("a track ID that vanishes without a lift event is released (the stuck-touch fix)")
    func vanishedID() {
        var tracker = TouchTracker()
        let out = run(&tracker, [report(0, (0, 1, 1), (1, 5, 5)), report(1, (0, 2, 1))])
        #expect(out[1].count == 2)
        #expect(out[1].contact(trackID: 1)?.phase == .ended)
        #expect(out[1].contact(trackID: 0)?.phase == .moved)
    }

    @Test("a reused track ID after a lift is a new finger with a new identity")
    func reuse() {
        var tracker = TouchTracker()
        let out = run(&tracker, [report(0, (0, 1, 1)), report(1), report(2, (0, 1, 1))])
        #expect(out.map { $0[0].phase } == [.began, .ended, .began])
        #expect(out[0][0].identity != out[2][0].identity)
    }

    @Test("the watchdog cancels fingers when reports stop")
    func watchdog() {
        var tracker = TouchTracker(watchdogTimeout: .milliseconds(100))
        var out = run(&tracker, [report(0, (0, 1, 1))])
        #expect(!tracker.checkWatchdog(now: MonotonicInstant(nanoseconds: 50_000_000)) { out.append($0) })
        #expect(tracker.checkWatchdog(now: MonotonicInstant(nanoseconds: 100_000_000)) { out.append($0) })
        #expect(out.last?[0].phase == .cancelled)
        #expect(tracker.activeCount == 0)
        // The finger reappearing is a new touch, never a resurrection.
        out += run(&tracker, [report(200, (0, 1, 1))])
        #expect(out.last?[0].phase == .began && out.last?[0].identity != out[0][0].identity)
    }

    @Test("when more than ten fingers change at once the ends come first in their own frame")
    func split() {
        var tracker = TouchTracker()
        var first = TouchFrame(timestamp: .zero)
        for id in 0 ..< 10 { first.append(Contact(trackID: UInt8(id), position: Point(x: id, y: 0))) }
        var second = TouchFrame(timestamp: MonotonicInstant(nanoseconds: 1))
        for id in 10 ..< 16 { second.append(Contact(trackID: UInt8(id), position: Point(x: id, y: 1))) }
        let out = run(&tracker, [first, second])
        #expect(out.count == 3)
        #expect(out[1].count == 10 && out[1].allSatisfy { $0.phase == .ended })
        #expect(out[2].count == 6 && out[2].allSatisfy { $0.phase == .began })
    }
}
