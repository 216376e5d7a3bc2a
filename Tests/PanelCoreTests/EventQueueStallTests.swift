import Dispatch
import PanelBench
import PanelCore
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A fixed-capacity queue never loses a began or an ended. While the consumer is
/// stalled, moves coalesce per contact and touches that begin and end are kept whole, up to
/// ``EventQueue/touchesPerStall``; beyond that whole touches are dropped and counted.
@Suite("Event queue under a stalled consumer")
struct EventQueueStallTests {
    /// Pushes a tap of `identity` (began at x, ended at x).
    func tap(_ q: EventQueue, _ identity: UInt32, at t: UInt64, x: Double) {
        q.push(frame(t, (identity, .began, x)))
        q.push(frame(t + 1, (identity, .ended, x)))
    }

    func ledger(_ q: EventQueue) -> TouchLedger {
        var ledger = TouchLedger()
        ledger.drain(q)
        return ledger
    }

    @Test("a tap made entirely while the consumer is stalled is delivered as a tap after the stall")
    func tapDuringStall() {
        let q = EventQueue(capacity: 2)
        q.push(frame(1, (1, .began, 0)))
        q.push(frame(2, (1, .moved, 1)))  // the ring is full from here on
        tap(q, 2, at: 3, x: 50)
        let l = ledger(q)
        #expect(l.phases(of: 2) == [.began, .ended])
        #expect(l.overflows == 0)
        #expect(l.violations.isEmpty)
    }

    @Test("a finger that lifts during a stall ends at its last position, not cancelled")
    func liftDuringStall() {
        let q = EventQueue(capacity: 2)
        q.push(frame(1, (1, .began, 0)))
        q.push(frame(2, (1, .moved, 1)))
        q.push(frame(3, (1, .moved, 7)))
        q.push(frame(4, (1, .ended, 9)))
        let l = ledger(q)
        #expect(l.phases(of: 1).last == .ended)
        #expect(l.events.last?.position.x == 9)
        #expect(l.overflows == 0)
    }

    @Test("moves during a stall coalesce into each contact's latest position")
    func movesCoalescePerContact() {
        let q = EventQueue(capacity: 2)
        q.push(frame(1, (1, .began, 0), (2, .began, 100)))
        q.push(frame(2, (1, .moved, 1), (2, .moved, 101)))
        for i in 3 ..< 50 { q.push(frame(UInt64(i), (1, .moved, Double(i)), (2, .moved, Double(100 + i)))) }
        #expect(q.coalescedCount >= 40)
        let l = ledger(q)
        let last1 = l.events.last { $0.identity == 1 }, last2 = l.events.last { $0.identity == 2 }
        #expect(last1?.position.x == 49 && last2?.position.x == 149)
        #expect(l.active == [1, 2])
    }

    @Test("frames pushed after the stall was drained come after the stall's frames")
    func orderAfterStall() {
        let q = EventQueue(capacity: 2)
        q.push(frame(1, (1, .began, 0)))
        q.push(frame(2, (1, .moved, 1)))
        q.push(frame(3, (1, .ended, 2)))  // into the stall
        var first = TouchLedger()
        first.take(q.pop()!)  // began
        first.take(q.pop()!)  // moved; the ring is empty, the stall is next
        first.take(q.pop()!)  // ended, from the stall
        q.push(frame(4, (2, .began, 5)))
        q.push(frame(5, (2, .ended, 5)))
        first.drain(q)
        #expect(first.events.map(\.identity) == [1, 1, 1, 2, 2])
        #expect(first.violations.isEmpty)
    }

    @Test("beyond the touches one stall holds, whole touches are dropped and counted, never half a touch")
    func wholeTouchesDropped() {
        let q = EventQueue(capacity: 2)
        q.push(frame(1, (1, .began, 0)))
        q.push(frame(2, (1, .moved, 1)))
        let taps = EventQueue.touchesPerStall + 5
        for i in 0 ..< taps { tap(q, UInt32(100 + i), at: UInt64(10 + 2 * i), x: Double(i)) }
        q.push(frame(1000, (1, .ended, 3)))
        let l = ledger(q)
        #expect(q.droppedTouchCount == 5)
        let delivered = l.identities.filter { $0 >= 100 }
        #expect(delivered.count == EventQueue.touchesPerStall)
        for id in delivered { #expect(l.phases(of: id) == [.began, .ended]) }
        #expect(l.phases(of: 1).last == .ended)
        #expect(l.violations.isEmpty && l.active.isEmpty && l.overflows == 0)
    }

    @Test("a consumer asleep when the stall begins is woken")
    func wakesForStall() {
        final class Count: QueueWakeUp, @unchecked Sendable { var n = 0; func raise() { n += 1 } }
        let count = Count()
        let q = EventQueue(capacity: 2, wakeUp: count)
        q.push(frame(1, (1, .began, 0)))  // into an empty queue: wake
        q.push(frame(2, (1, .moved, 1)))
        q.push(frame(3, (1, .ended, 2)))  // the stall begins: wake
        #expect(count.n == 2)
    }

    @Test(
        "floods of a hundred times the capacity through the tracker, one finger and three, lose no tap that fits a stall",
        arguments: [1, 3])
    func floods(fingers: Int) {
        let q = EventQueue(capacity: 8)
        var tracker = TouchTracker(watchdogTimeout: nil)
        var t: UInt64 = 0
        var l = TouchLedger()
        var taps = 0
        for round in 0 ..< 20 {
            // A stall: 40 reports of moving fingers and complete taps while nothing is popped.
            for step in 0 ..< 40 {
                t += 1
                var report = TouchFrame(timestamp: MonotonicInstant(nanoseconds: t))
                for f in 0 ..< fingers where step % 8 != 7 {
                    report.append(Contact(trackID: UInt8(f), position: Point(x: Double(round * 40 + step), y: Double(f))))
                }
                if step % 8 == 7 { taps += fingers }
                tracker.process(report) { q.push($0) }
            }
            l.drain(q)
        }
        t += 1
        tracker.process(TouchFrame(timestamp: MonotonicInstant(nanoseconds: t))) { q.push($0) }
        l.drain(q)
        #expect(l.violations.isEmpty)
        #expect(l.active.isEmpty)
        #expect(l.overflows == 0)
        #expect(!l.events.contains { $0.phase == .cancelled })
        #expect(q.droppedTouchCount == 0)
        #expect(l.identities.count == taps)
    }

    @Test("two threads: a consumer that stalls again and again still sees every touch begin and end exactly once")
    func threadedStalls() async {
        let q = EventQueue(capacity: 8)
        let group = DispatchGroup()
        group.enter()
        let total = 2000
        DispatchQueue(label: "producer").async {
            var tracker = TouchTracker(watchdogTimeout: nil)
            var t: UInt64 = 0
            for tap in 0 ..< total {
                for step in 0 ..< 4 {
                    t += 1
                    var report = TouchFrame(timestamp: MonotonicInstant(nanoseconds: t))
                    report.append(Contact(trackID: UInt8(tap % 2), position: Point(x: Double(step), y: 0)))
                    tracker.process(report) { q.push($0) }
                }
                t += 1
                tracker.process(TouchFrame(timestamp: MonotonicInstant(nanoseconds: t))) { q.push($0) }
            }
            group.leave()
        }
        var l = TouchLedger()
        var turn = 0
        while group.wait(timeout: .now()) == .timedOut {
            turn += 1
            if turn % 64 == 0 { usleep(200) }  // a stall
            if let item = q.pop() { l.take(item) }
        }
        l.drain(q)
        #expect(l.violations.isEmpty)
        #expect(l.active.isEmpty)
        #expect(l.overflows == 0)
        #expect(l.identities.count + Int(q.droppedTouchCount) == total)
    }
}
