#if os(Linux)
import Glibc
import PanelPlatform
import Synchronization
import Testing
import PanelCore
import PanelUI
@testable import PanelLinux

/// A touch source fed through a pipe: each byte written is one controller report, 1 a finger
/// down at (50, 30), 0 no finger, 2 a failed read. It sleeps in poll(2) on the pipe and the stop signal, as a
/// driver sleeps on its interrupt line.
private struct PipeTouchSource: TouchSource {
    let readEnd: Int32
    let stop: WakeSignal
    private var pending: UInt8?

    init(readEnd: Int32, stop: WakeSignal) {
        self.readEnd = readEnd
        self.stop = stop
    }

    mutating func start() throws(TouchSourceError) {}

    mutating func waitForData(timeout: MonotonicDuration?, contactsDown: Bool) throws(TouchSourceError) -> WakeReason {
        switch waitUntilReadable(readEnd, interruptor: stop, timeout: timeout) {
        case .success(.readable):
            var byte: UInt8 = 0
            guard read(readEnd, &byte, 1) == 1 else { throw .device(description: "pipe closed") }
            if byte == 2 { throw .device(description: "the controller stopped answering") }
            pending = byte
            return .interrupt(SystemClock().now)
        case .success(.failed): throw .device(description: "pipe closed")
        default: return .timeout
        }
    }

    mutating func readFrame() throws(TouchSourceError) -> TouchFrame? {
        guard let byte = pending else { return nil }
        pending = nil
        var frame = TouchFrame(timestamp: SystemClock().now)
        if byte == 1 { _ = frame.append(Contact(trackID: 0, position: Point(x: 50, y: 30))) }
        return frame
    }

    mutating func recover() throws(TouchSourceError) {}
}

@MainActor
@Suite("the input thread and the run loop, on two threads")
struct InputThreadTests {
    @Test("taps read on the input thread reach a button through the queue and the run loop, every one exactly once")
    func tapsAcrossThreads() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let queue = EventQueue(capacity: 64, wakeUp: try WakeSignal())
        let (app, window) = makeApplication(queue: queue, width: 320, height: 240)
        let (_, taps) = countingButton(in: window)
        let loop = try AppLoop(application: app)
        let stop = try WakeSignal()
        let pipeline = TouchPipeline(source: PipeTouchSource(readEnd: fds[0], stop: stop), queue: queue, clock: SystemClock())
        let input = try InputThread(pipeline: pipeline, stopSignal: stop)
        let total = 200
        let writeEnd = fds[1]
        for _ in 0 ..< total {
            var down: UInt8 = 1, up: UInt8 = 0
            #expect(write(writeEnd, &down, 1) == 1)
            #expect(write(writeEnd, &up, 1) == 1)
            // Let each report be its own wake-up, as a controller's 10 ms reports are.
            while loop.turn(timeout: .milliseconds(2)) {}
        }
        let deadline = SystemClock().now + .milliseconds(5000)
        while taps() < total && SystemClock().now < deadline { loop.turn(timeout: .milliseconds(50)) }
        input.stop()
        #expect(taps() == total)
        #expect(input.errorCount == 0)
        #expect(app.lostFrameCount == 0)
    }

    @Test("the input thread's statistics carry the recoveries, watchdog cancels, frames and last error its pipeline counted")
    func statisticsCopiedOut() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let queue = EventQueue(capacity: 64)
        let stop = try WakeSignal()
        let pipeline = TouchPipeline(
            source: PipeTouchSource(readEnd: fds[0], stop: stop), queue: queue, clock: SystemClock(),
            tracker: TouchTracker(watchdogTimeout: .milliseconds(20)), failureThreshold: 1)
        let input = try InputThread(pipeline: pipeline, stopSignal: stop)
        // A failed read (a reset follows at once), then a finger that goes silent.
        for var byte: UInt8 in [2, 1] { #expect(write(fds[1], &byte, 1) == 1) }
        let deadline = SystemClock().now + .milliseconds(5000)
        while input.statistics.watchdogCancels == 0 && SystemClock().now < deadline { SystemClock().sleep(for: .milliseconds(5)) }
        input.stop()
        let statistics = input.statistics
        #expect(statistics.errors == 1)
        #expect(statistics.recoveries == 1)
        #expect(statistics.watchdogCancels == 1)
        #expect(statistics.reports == 1)
        #expect(statistics.framesEmitted == 2)  // the finger's began, and its cancel
        #expect(statistics.lastError == .device(description: "the controller stopped answering"))
    }
}
#endif

#if os(Linux)
/// A controller that answers every interrupt with a failed read, and whose resets work.
private struct FailingTouchSource: TouchSource {
    mutating func start() throws(TouchSourceError) {}
    mutating func waitForData(timeout: MonotonicDuration?, contactsDown: Bool) throws(TouchSourceError) -> WakeReason {
        .interrupt(SystemClock().now)
    }
    mutating func readFrame() throws(TouchSourceError) -> TouchFrame? { throw .device(description: "EIO") }
    mutating func recover() throws(TouchSourceError) {}
}

/// When a gated controller may answer: the test opens the gate.
private final class Gate: Sendable {
    let isOpen = Atomic<Bool>(false)
}

/// A controller whose first two reads fail (fewer than the pipeline's reset threshold); it then
/// waits for its gate before answering with empty reports, so a test sees the failing state
/// held before the first good report.
private struct GatedFlakyTouchSource: TouchSource {
    let gate: Gate
    var failuresLeft = 2
    mutating func start() throws(TouchSourceError) {}
    mutating func waitForData(timeout: MonotonicDuration?, contactsDown: Bool) throws(TouchSourceError) -> WakeReason {
        SystemClock().sleep(for: .milliseconds(1))
        if failuresLeft == 0 && !gate.isOpen.load(ordering: .acquiring) { return .timeout }
        return .interrupt(SystemClock().now)
    }
    mutating func readFrame() throws(TouchSourceError) -> TouchFrame? {
        if failuresLeft > 0 {
            failuresLeft -= 1
            throw .device(description: "EIO")
        }
        return TouchFrame(timestamp: SystemClock().now)
    }
    mutating func recover() throws(TouchSourceError) {}
}

@Suite("the input thread's health signal")
struct InputThreadHealthTests {
    /// An input thread reading `source`, with its health signal.
    private func started(_ source: sending some TouchSource) throws -> (InputThread, WakeSignal) {
        let queue = EventQueue(capacity: 8, wakeUp: try WakeSignal())
        let health = try WakeSignal()
        let pipeline = TouchPipeline(source: source, queue: queue, clock: SystemClock())
        return (try InputThread(pipeline: pipeline, stopSignal: try WakeSignal(), healthSignal: health), health)
    }

    /// Waits (at most 5 s) on the health signal until `done`.
    private func waitForHealth(_ health: WakeSignal, until done: () -> Bool) {
        let deadline = SystemClock().now + .milliseconds(5000)
        while !done() && SystemClock().now < deadline {
            _ = waitUntilReadable(health.fileDescriptor, interruptor: nil, timeout: .milliseconds(100))
        }
    }

    @Test("the first good report after failed reads raises the health signal again and clears isFailing, with no reset")
    func goodReportEndsFailing() throws {
        let gate = Gate()
        let (input, health) = try started(GatedFlakyTouchSource(gate: gate))
        defer { input.stop() }
        waitForHealth(health) { input.errorCount == 2 }
        SystemClock().sleep(for: .milliseconds(20))  // held at the gate: nothing changes now
        #expect(input.isFailing, "failing while no good report came")
        _ = health.clear()
        gate.isOpen.store(true, ordering: .releasing)
        waitForHealth(health) { input.reportCount > 0 && !input.isFailing }
        #expect(health.clear(), "the first good report raised the signal")
        #expect(input.errorCount == 2)
        #expect(input.recoveryCount == 0)
        #expect(!input.isFailing)
    }

    @Test("a failed read raises the health signal and publishes the error and the reset for the UI thread")
    func failureRaisesHealthSignal() throws {
        let (input, health) = try started(FailingTouchSource())
        defer { input.stop() }
        waitForHealth(health) { input.recoveryCount > 0 }
        #expect(health.clear())
        #expect(input.errorCount >= 3)
        #expect(input.recoveryCount >= 1)
        #expect(input.lastError == .device(description: "EIO"))
    }
}
#endif
