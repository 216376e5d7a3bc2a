#if os(Linux)
import Glibc
import CPanelLinux
import PanelThreads
import Synchronization
public import PanelCore
public import PanelPlatform

/// The input thread: runs a ``TouchPipeline`` — wait for the interrupt (or the poll period),
/// read, decode, track, push — on its own POSIX thread, optionally at real-time priority.
///
/// Give the pipeline's interrupt line (or evdev source) the thread's ``stopSignal`` as its
/// interruptor, so that ``stop()`` wakes a thread blocked on a quiet line at once; a polling
/// source notices within one poll period. Counters are published after every step.
public final class InputThread: Sendable {
    /// Options for the thread.
    public struct Options: Sendable {
        /// SCHED_FIFO priority (1–99), or nil for the normal scheduler.
        public var realtimePriority: Int32?
        /// Creates options.
        public init(realtimePriority: Int32? = nil) { self.realtimePriority = realtimePriority }
    }

    /// Raised by ``stop()``; hand it to the source's interrupt line as its interruptor.
    public let stopSignal: WakeSignal
    private let state: InputThreadState
    private let thread: Mutex<SpawnedThread?>

    /// Starts the thread. The pipeline's source must already be started.
    /// - Throws: ``RunLoopError`` when the thread cannot be created or real-time priority is
    ///   refused.
    /// - Parameter healthSignal: raised when the controller failed a read or was reset (the
    ///   error and recovery counts changed), and at the first good report after failures
    ///   (``isFailing`` false again), so that the UI thread can report it (``lastError``,
    ///   ``recoveryCount``); never in steady state.
    public init<Source: TouchSource, Clock: MonotonicClock>(
        pipeline: sending TouchPipeline<Source, Clock>, stopSignal: WakeSignal, healthSignal: WakeSignal? = nil, options: Options = Options()
    ) throws(RunLoopError) {
        let state = InputThreadState(healthSignal: healthSignal)
        let body = ThreadBody(pipeline: pipeline, state: state, stopSignal: stopSignal)
        // Run through the protocol, so that the thread's closure holds no generic types.
        let runner: any InputThreadBody = body
        let handle: SpawnedThread
        do {
            handle = try spawn(name: "panelkit-input", priority: options.realtimePriority.map { .realtime($0) } ?? .normal) { runner.run() }
        } catch {
            switch error {
            case .realtimeDenied(let priority, let errno): throw .realtimePriorityDenied(priority: priority, errno: errno)
            case .failed(let errno): throw .systemCallFailed(call: "pthread_create", errno: errno)
            }
        }
        self.stopSignal = stopSignal
        self.state = state
        self.thread = Mutex(handle)
    }

    /// Asks the thread to finish, wakes it and waits for it. Idempotent.
    public func stop() {
        state.stopping.store(true, ordering: .releasing)
        stopSignal.raise()
        let handle = thread.withLock { (h: inout SpawnedThread?) -> SpawnedThread? in
            defer { h = nil }
            return h
        }
        handle?.join()
    }

    /// Pipeline steps taken.
    public var stepCount: UInt64 { state.steps.load(ordering: .relaxed) }
    /// Reports read.
    public var reportCount: UInt64 { state.reports.load(ordering: .relaxed) }
    /// Failed waits or reads.
    public var errorCount: UInt64 { state.errors.load(ordering: .relaxed) }
    /// The pipeline's current recovery backoff: zero while the controller answers.
    public var backoff: MonotonicDuration { .nanoseconds(state.backoffNanoseconds.load(ordering: .relaxed)) }
    /// Recovery attempts that failed so far.
    public var failedRecoveryCount: UInt64 { state.failedRecoveries.load(ordering: .relaxed) }
    /// Recovery attempts (controller resets) so far, failed or not.
    public var recoveryCount: UInt64 { state.recoveries.load(ordering: .relaxed) }
    /// The last failure, if any.
    public var lastError: TouchSourceError? { state.lastError.withLock { $0 } }
    /// Whether reads have failed since the last good report.
    public var isFailing: Bool { state.failing.load(ordering: .relaxed) }
    /// Fingers cancelled because reports stopped (the tracker's watchdog).
    public var watchdogCancelCount: UInt64 { state.watchdogCancels.load(ordering: .relaxed) }
    /// Frames pushed into the queue.
    public var framesEmittedCount: UInt64 { state.framesEmitted.load(ordering: .relaxed) }

    /// Every counter the pipeline keeps, as published after its last step (after ``stop()``,
    /// the final counts): what `panelctl monitor` and the platform's stop line print.
    public var statistics: InputStatistics {
        var s = InputStatistics()
        s.reports = reportCount
        s.errors = errorCount
        s.recoveries = recoveryCount
        s.failedRecoveries = failedRecoveryCount
        s.watchdogCancels = watchdogCancelCount
        s.framesEmitted = framesEmittedCount
        s.lastError = lastError
        s.backoff = backoff
        return s
    }

    deinit { stop() }
}

/// What the input thread and its owner share.
fileprivate final class InputThreadState: Sendable {
    let healthSignal: WakeSignal?
    let stopping = Atomic<Bool>(false)
    let steps = Atomic<UInt64>(0)
    let reports = Atomic<UInt64>(0)
    let errors = Atomic<UInt64>(0)
    let backoffNanoseconds = Atomic<Int64>(0)
    let failedRecoveries = Atomic<UInt64>(0)
    let recoveries = Atomic<UInt64>(0)
    let lastError = Mutex<TouchSourceError?>(nil)
    let failing = Atomic<Bool>(false)
    let watchdogCancels = Atomic<UInt64>(0)
    let framesEmitted = Atomic<UInt64>(0)

    init(healthSignal: WakeSignal?) { self.healthSignal = healthSignal }
}

/// Owns the pipeline on the input thread. It is handed over once (`sending`) and only that
/// thread touches it afterwards.
fileprivate protocol InputThreadBody: AnyObject {
    func run()
}

fileprivate final class ThreadBody<Source: TouchSource, Clock: MonotonicClock>: InputThreadBody {
    var pipeline: TouchPipeline<Source, Clock>
    let state: InputThreadState
    let stopSignal: WakeSignal
    /// Reads have failed since the last good report.
    var failing = false

    init(pipeline: consuming TouchPipeline<Source, Clock>, state: InputThreadState, stopSignal: WakeSignal) {
        self.pipeline = pipeline
        self.state = state
        self.stopSignal = stopSignal
    }

    func run() {
        while !state.stopping.load(ordering: .acquiring) {
            if let wait = pipeline.backoffRemaining, wait > .zero {
                // The source is dead and backing off: sleep until the next attempt, awake to stop().
                _ = waitUntilReadable(stopSignal.fileDescriptor, interruptor: nil, timeout: wait)
                continue
            }
            let errors = pipeline.statistics.errors
            let recoveries = pipeline.statistics.recoveries
            let reports = pipeline.statistics.reports
            pipeline.step(timeout: nil)
            let faulted = pipeline.statistics.errors != errors
            let answeredAgain = failing && !faulted && pipeline.statistics.reports != reports
            if faulted { failing = true } else if answeredAgain { failing = false }
            if faulted || answeredAgain || pipeline.statistics.recoveries != recoveries {
                // A fault, a reset or the first good report after faults: rare, so the lock and
                // the wake-up cost nothing in steady state.
                state.failing.store(failing, ordering: .relaxed)
                let error = pipeline.statistics.lastError
                state.lastError.withLock { $0 = error }
                state.recoveries.store(pipeline.statistics.recoveries, ordering: .relaxed)
                state.errors.store(pipeline.statistics.errors, ordering: .relaxed)
                state.failedRecoveries.store(pipeline.statistics.failedRecoveries, ordering: .relaxed)
                state.backoffNanoseconds.store(pipeline.statistics.backoff.nanoseconds, ordering: .relaxed)
                state.healthSignal?.raise()
            }
            state.steps.add(1, ordering: .relaxed)
            state.reports.store(pipeline.statistics.reports, ordering: .relaxed)
            state.errors.store(pipeline.statistics.errors, ordering: .relaxed)
            state.backoffNanoseconds.store(pipeline.statistics.backoff.nanoseconds, ordering: .relaxed)
            state.failedRecoveries.store(pipeline.statistics.failedRecoveries, ordering: .relaxed)
            state.watchdogCancels.store(pipeline.statistics.watchdogCancels, ordering: .relaxed)
            state.framesEmitted.store(pipeline.statistics.framesEmitted, ordering: .relaxed)
        }
    }
}
extension LinuxRunLoop: DescriptorWatching {
    public func watch(_ fileDescriptor: Int32, handler: @escaping @MainActor (Int32) -> Void) throws(PanelKitError) {
        do {
            try add(fileDescriptor: fileDescriptor, handler: handler)
        } catch {
            throw PanelKitError(.system, error)
        }
    }

    public func stopWatching(_ fileDescriptor: Int32) {
        remove(Source(fileDescriptor: fileDescriptor))
    }
}
#endif
