import Dispatch
import PanelCore
import PanelBench
import Testing

func frame(_ t: UInt64, _ contacts: (UInt32, TouchPhase, Double)...) -> TouchFrame {
    TouchFrame(
        timestamp: MonotonicInstant(nanoseconds: t),
        contacts: contacts.map { Contact(trackID: UInt8($0.0 % 10), position: Point(x: $0.2, y: 0), phase: $0.1, identity: $0.0) })
}

@Suite("Event queue")
struct EventQueueTests {
    @Test("frames come out in order and capacity rounds up to a power of two")
    func fifo() {
        let q = EventQueue(capacity: 5)
        #expect(q.capacity == 8)
        for i in 0 ..< 8 { #expect(q.push(frame(UInt64(i), (1, .moved, Double(i)))) == .queued) }
        for i in 0 ..< 8 {
            guard case .frame(let f)? = q.pop() else { Issue.record("missing frame \(i)"); return }
            #expect(f.timestamp.nanoseconds == UInt64(i))
        }
        #expect(q.pop() == nil)
    }

    @Test("a full queue replaces its newest move-only frame with a newer one")
    func coalescing() {
        let q = EventQueue(capacity: 2)
        q.push(frame(1, (1, .began, 0)))
        q.push(frame(2, (1, .moved, 1)))
        #expect(q.push(frame(3, (1, .moved, 2))) == .coalesced)
        #expect(q.push(frame(4, (1, .moved, 3))) == .coalesced)
        #expect(q.coalescedCount == 2)
        guard case .frame(let a)? = q.pop(), case .frame(let b)? = q.pop() else { Issue.record("frames missing"); return }
        #expect(a[0].phase == .began)
        #expect(b.timestamp.nanoseconds == 4 && b[0].position.x == 3)
        #expect(q.pop() == nil)
    }

    @Test("a frame that begins or ends a contact is never merged; the loss becomes an overflow in place")
    func overflowIsReportedInOrder() {
        let q = EventQueue(capacity: 2)
        q.push(frame(1, (1, .began, 0)))
        q.push(frame(2, (1, .moved, 1)))
        #expect(q.push(frame(3, (1, .ended, 1))) == .overflowed)
        #expect(q.overflowCount == 1)
        guard case .frame? = q.pop() else { Issue.record("first frame missing"); return }
        // A frame queued after the loss must come after the overflow marker.
        #expect(q.push(frame(4, (2, .began, 5))) == .queued)
        guard case .frame(let second)? = q.pop() else { Issue.record("second frame missing"); return }
        #expect(second.timestamp.nanoseconds == 2)
        guard case .overflow(let lost)? = q.pop() else { Issue.record("overflow missing"); return }
        #expect(lost == 1)
        guard case .frame(let after)? = q.pop() else { Issue.record("frame after overflow missing"); return }
        #expect(after.timestamp.nanoseconds == 4)
        #expect(q.pop() == nil)
    }

    @Test("an overflow with nothing after it is still reported once the queue drains")
    func trailingOverflow() {
        let q = EventQueue(capacity: 2)
        q.push(frame(1, (1, .began, 0)))
        q.push(frame(2, (2, .began, 0)))
        #expect(q.push(frame(3, (3, .began, 0))) == .overflowed)
        var ledger = TouchLedger()
        ledger.drain(q)
        #expect(ledger.overflows == 1)
        #expect(ledger.active.isEmpty)
        #expect(ledger.phases(of: 1) == [.began, .cancelled])
        #expect(ledger.violations.isEmpty)
    }

    @Test("one producer thread and one consumer thread pass 200000 frames without loss or reordering")
    func threaded() async {
        let q = EventQueue(capacity: 64)
        let total: UInt64 = 200_000
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            var i: UInt64 = 0
            while i < total {
                // Every frame begins a contact so none may be coalesced: retry on overflow is not
                // allowed by the policy, so the producer waits for room here instead (test only).
                while q.pendingCount >= q.capacity - 1 {}
                q.push(frame(i, (1, .began, 0)))
                i += 1
            }
            group.leave()
        }
        var expected: UInt64 = 0
        var outOfOrder = 0
        while expected < total {
            if case .frame(let f)? = q.pop() {
                if f.timestamp.nanoseconds != expected { outOfOrder += 1 }
                expected += 1
            }
        }
        group.wait()
        #expect(outOfOrder == 0)
        #expect(q.overflowCount == 0)
        #expect(q.pushedCount == total)
    }

    @Test("under a flood with a slow consumer every began still ends or is cancelled exactly once")
    func floodKeepsLedger() async {
        let q = EventQueue(capacity: 8)
        let producer = DispatchQueue(label: "producer")
        let group = DispatchGroup()
        group.enter()
        producer.async {
            var tracker = TouchTracker(watchdogTimeout: nil)
            var t: UInt64 = 0
            for tap in 0 ..< 3000 {
                let id = UInt8(tap % 3)
                for step in 0 ..< 5 {
                    t += 1
                    var report = TouchFrame(timestamp: MonotonicInstant(nanoseconds: t))
                    report.append(Contact(trackID: id, position: Point(x: Double(step), y: 0)))
                    tracker.process(report) { q.push($0) }
                }
                t += 1
                tracker.process(TouchFrame(timestamp: MonotonicInstant(nanoseconds: t))) { q.push($0) }
            }
            group.leave()
        }
        var ledger = TouchLedger()
        var spins = 0
        while group.wait(timeout: .now()) == .timedOut {
            if let item = q.pop() { ledger.take(item) }
            spins += 1
        }
        ledger.drain(q)
        #expect(ledger.violations.isEmpty)
        #expect(ledger.active.isEmpty)
        #expect(ledger.finished.count == ledger.identities.count)
        #expect(q.pushedCount + q.coalescedCount + q.overflowCount == 3000 * 6)
    }
}

extension EventQueue.Item: Equatable {
    static func == (lhs: EventQueue.Item, rhs: EventQueue.Item) -> Bool {
        switch (lhs, rhs) {
        case (.overflow(let a), .overflow(let b)): a == b
        case (.frame(let a), .frame(let b)): a.timestamp == b.timestamp && a.count == b.count
        default: false
        }
    }
}
