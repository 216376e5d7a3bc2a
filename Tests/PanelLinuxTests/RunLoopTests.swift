#if os(Linux)
import Glibc
import PanelPlatform
import Synchronization
import Testing
import PanelCore
import PanelUI
@testable import PanelLinux

/// The calling thread's voluntary context switches (how often it went to sleep).
private func voluntarySwitches() -> Int {
    let fd = open("/proc/thread-self/status", O_RDONLY)
    guard fd >= 0 else { return -1 }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 8192)
    let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    let text = String(decoding: bytes.prefix(max(0, n)), as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix("voluntary_ctxt_switches:") {
        return Int(line.split(separator: "\t").last.map(String.init) ?? "") ?? -1
    }
    return -1
}

/// An application on the system clock with one key window of the given size.
@MainActor
func makeApplication(queue: EventQueue?, width: Double, height: Double) -> (Application, Window) {
    let app = Application(clock: SystemClock(), eventQueue: queue)
    let window = Window(frame: Rect(x: 0, y: 0, width: width, height: height))
    app.addWindow(window)
    window.makeKeyAndVisible()
    return (app, window)
}

/// A button at (10, 10, 100, 44) in `window` and a count of its taps.
@MainActor
func countingButton(in window: Window) -> (Button, () -> Int) {
    let button = Button(frame: Rect(x: 10, y: 10, width: 100, height: 44))
    window.addSubview(button)
    var taps = 0
    button.addAction(.closure("tap") { _, _ in taps += 1 }, for: .touchUpInside)
    return (button, { taps })
}

/// A tap at (50, 30) as two frames, down now and up 50 ms later.
func tapFrames(at now: MonotonicInstant) -> (TouchFrame, TouchFrame) {
    (
        TouchFrame(timestamp: now, contacts: [Contact(trackID: 0, position: Point(x: 50, y: 30), phase: .began, identity: 1)]),
        TouchFrame(timestamp: now + .milliseconds(50), contacts: [Contact(trackID: 0, position: Point(x: 50, y: 30), phase: .ended, identity: 1)])
    )
}

/// Raises `signal` after `delay` on another thread.
private func raise(_ signal: WakeSignal, after delay: MonotonicDuration) {
    let thread = TestThread {
        SystemClock().sleep(for: delay); signal.raise()
    }
    thread.start()
}

@MainActor
@Suite("the Linux run loop")
struct RunLoopTests {
    @Test("an idle UI makes no wake-ups: the loop sleeps in epoll_wait until something happens")
    func idleWakeups() throws {
        let queue = EventQueue(capacity: 16, wakeUp: try WakeSignal())
        let (app, _) = makeApplication(queue: queue, width: 320, height: 240)
        let loop = try AppLoop(application: app)
        loop.turn(timeout: .zero)  // first layout and frame
        let before = loop.statistics
        let turnsBefore = loop.turns
        let switchesBefore = voluntarySwitches()
        // Sleep for a second with nothing to do; stop from another thread afterwards.
        raise(loop.stopSignal, after: .milliseconds(1000))
        let start = SystemClock().now
        loop.run()
        let elapsed = SystemClock().now - start
        let after = loop.statistics
        let switches = voluntarySwitches() - switchesBefore
        print("idle for \(elapsed.milliseconds) ms: \(after.wakeups - before.wakeups) wake-up(s) (the stop), \(switches) voluntary context switch(es)")
        #expect(elapsed >= .milliseconds(990))
        #expect(after.wakeups - before.wakeups == 1, "only the stop signal woke the loop")
        #expect(loop.turns - turnsBefore == 1)
        #expect(switches >= 0 && switches <= 3)
    }

    @Test("a frame pushed on another thread wakes the loop through the queue's eventfd and reaches the button")
    func queueWakeUp() throws {
        let queue = EventQueue(capacity: 16, wakeUp: try WakeSignal())
        let (app, window) = makeApplication(queue: queue, width: 320, height: 240)
        let (_, taps) = countingButton(in: window)
        let loop = try AppLoop(application: app)
        loop.turn(timeout: .zero)

        let (down, up) = tapFrames(at: SystemClock().now)
        let producer = TestThread {
            queue.push(down); queue.push(up)
        }
        producer.start()
        #expect(loop.turn(timeout: .milliseconds(5000)))
        // Deliver; a slow producer (sanitizers) may push the lift a turn later.
        let deadline = SystemClock().now + .milliseconds(5000)
        while taps() == 0 && SystemClock().now < deadline { loop.turn(timeout: .milliseconds(100)) }
        #expect(taps() == 1)
        // One wake-up when the second push finds the first frame still queued; two when the
        // loop took the first in between (a slow producer, as under the sanitizers). Never more.
        #expect((1 ... 2).contains(loop.statistics.queueWakeups), "two frames, at most one wake-up each")
    }

    @Test("frames pushed before the run loop exists wake its first sleep: the queue's signal was raised at the push")
    func framesBeforeTheLoop() throws {
        let queue = EventQueue(capacity: 16, wakeUp: try WakeSignal())
        let (app, window) = makeApplication(queue: queue, width: 320, height: 240)
        let (_, taps) = countingButton(in: window)
        let (down, up) = tapFrames(at: SystemClock().now)
        queue.push(down)
        queue.push(up)
        let loop = try AppLoop(application: app)
        #expect(loop.turn(timeout: .milliseconds(1000)), "the eventfd was already raised")
        loop.turn(timeout: .zero)
        #expect(taps() == 1)
    }

    @Test("timers fire from the timerfd at their deadline, and a cancelled timer leaves the loop asleep")
    func timers() throws {
        let app = Application(clock: SystemClock())
        let loop = try AppLoop(application: app)
        var fired = 0
        let start = SystemClock().now
        try app.scheduleTimer(after: .milliseconds(80)) { _ in fired += 1 }
        let cancelled = try app.scheduleTimer(after: .milliseconds(40)) { _ in fired += 100 }
        app.cancelTimer(cancelled)
        while fired == 0 && SystemClock().now - start < .milliseconds(5000) {
            loop.turn(timeout: .milliseconds(5000))
        }
        loop.turn(timeout: .zero)
        #expect(fired == 1)
        #expect(SystemClock().now - start >= .milliseconds(80))
        #expect(loop.statistics.timerWakeups == 1)
        #expect(loop.turn(timeout: .milliseconds(100)) == false, "nothing scheduled: the loop sleeps")
    }

    @Test("a descriptor the app adds calls its handler when readable, and stops after removal")
    func appDescriptors() throws {
        let app = Application(clock: SystemClock())
        let loop = try AppLoop(application: app)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var received: [UInt8] = []
        let source = try loop.add(fileDescriptor: fds[0]) { fd in
            var byte: UInt8 = 0
            if read(fd, &byte, 1) == 1 { received.append(byte) }
        }
        #expect(throws: RunLoopError.alreadyAdded(fileDescriptor: fds[0])) { try loop.add(fileDescriptor: fds[0]) { _ in } }
        var byte: UInt8 = 42
        #expect(write(fds[1], &byte, 1) == 1)
        #expect(loop.turn(timeout: .milliseconds(5000)))
        #expect(received == [42])
        loop.remove(source)
        #expect(write(fds[1], &byte, 1) == 1)
        #expect(loop.turn(timeout: .milliseconds(50)) == false)
        #expect(loop.statistics.sourceWakeups == 1)
    }

    @Test("no wake-up is lost: a consumer that sleeps whenever it finds the queue empty still gets every tap")
    nonisolated func noLostWakeUps() throws {
        let signal = try WakeSignal()
        let queue = EventQueue(capacity: 8, wakeUp: signal)
        let total = 10_000
        let done = Counter()
        let producer = TestThread {
            for i in 0 ..< total {
                let identity = UInt32(i + 1)
                queue.push(TouchFrame(timestamp: .zero, contacts: [Contact(trackID: 0, position: .zero, phase: .began, identity: identity)]))
                queue.push(TouchFrame(timestamp: .zero, contacts: [Contact(trackID: 0, position: .zero, phase: .ended, identity: identity)]))
                if i % 32 == 0 { usleep(50) }
            }
            done.increment()
            // Finishing is not a frame: wake the consumer so that it sees it. (Its last wake-up
            // may have come before `done`, and a touch dropped whole leaves nothing to pop.)
            signal.raise()
        }
        producer.start()
        var ended = 0
        var stalls = 0
        var begun = Set<UInt32>()
        func complete() -> Bool { done.value > 0 && ended + Int(queue.droppedTouchCount) == total }
        while !complete() {
            while let item = queue.pop() {
                guard case .frame(let frame) = item else { continue }
                for contact in frame {
                    if contact.phase == .began { begun.insert(contact.identity) }
                    // The end of a touch dropped whole has nothing to end (the UI ignores it).
                    if contact.phase == .ended && begun.remove(contact.identity) != nil { ended += 1 }
                }
            }
            if complete() { break }
            // Asleep until the producer wakes us; a lost wake-up shows as a 2 s stall with taps pending.
            if case .success(.timedOut) = waitUntilReadable(signal.fileDescriptor, interruptor: nil, timeout: .milliseconds(2000)) {
                stalls += 1
                if done.value > 0 && queue.pendingCount == 0 && queue.pop() == nil { break }
            }
            signal.clear()
        }
        #expect(stalls == 0)
        #expect(ended + Int(queue.droppedTouchCount) == total)
        #expect(queue.overflowCount == 0)
    }

    @Test("the event queue calls wakeUp for a push into an empty queue and for each frame it keeps while the consumer is stalled")
    func queueWakeUpPolicy() {
        let counter = Counter()
        let queue = EventQueue(capacity: 2, wakeUp: counter)
        let moved = TouchFrame(timestamp: .zero, contacts: [Contact(trackID: 0, position: .zero)])
        let began = TouchFrame(timestamp: .zero, contacts: [Contact(trackID: 1, position: .zero, phase: .began)])
        queue.push(moved)
        #expect(counter.value == 1)
        queue.push(moved)
        #expect(counter.value == 1)
        queue.push(began)  // full: kept in the stall buffer, and the consumer is woken
        #expect(counter.value == 2)
        while queue.pop() != nil {}
        queue.push(moved)
        #expect(counter.value == 3)
    }
}

private final class Counter: QueueWakeUp, Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .acquiring) }
    func increment() { count.add(1, ordering: .releasing) }
    func raise() { increment() }
}
#endif
