#if os(Linux)
import Glibc
import CPanelLinux
import Synchronization
public import PanelCore
public import PanelPlatform

/// Why the run loop or the input thread could not be set up.
public enum RunLoopError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A system call failed (descriptor limit, out of memory).
    case systemCallFailed(call: String, errno: Int32)
    /// The descriptor is already in the run loop.
    case alreadyAdded(fileDescriptor: Int32)
    /// Real-time scheduling was asked for and refused.
    case realtimePriorityDenied(priority: Int32, errno: Int32)
    public var description: String {
        switch self {
        case .systemCallFailed(let call, let errno):
            return "\(call) failed: \(Errno(rawValue: errno))"
        case .alreadyAdded(let fd):
            return "file descriptor \(fd) is already in the run loop"
        case .realtimePriorityDenied(let priority, let errno):
            return
                "real-time priority \(priority) refused (\(Errno(rawValue: errno))): run as root, grant CAP_SYS_NICE (`sudo setcap cap_sys_nice+ep <binary>`), or allow it in /etc/security/limits.conf (`@panel - rtprio 50`); or leave the board's priority unset"
        }
    }
}

/// The UI thread's loop on Linux: epoll over the event queue's wake-up eventfd, a timerfd for
/// the next timer, a stop eventfd, the main actor's queue (``MainActorJobs``) and any
/// descriptors the app adds.
///
/// ``wait(until:timeout:)`` is the sleep of the Linux platform (``Platform/waitForEvents(until:)``):
/// it arms the timerfd for the deadline and sleeps in `epoll_wait` until something happens.
/// `Platform.run` drives it: ``RunLoopClient/runOnce()`` (events, timers, layout, drawing), then
/// that sleep until the client's next timer. There is no polling and no periodic tick: with no
/// touches and no timers the thread stays asleep (``Statistics/wakeups`` does not move).
@MainActor
public final class LinuxRunLoop {
    /// Counters, for `panelctl monitor` and the idle-wakeup test.
    public struct Statistics: Sendable, Hashable {
        /// Returns from `epoll_wait`.
        public var wakeups: UInt64 = 0
        /// Wake-ups by the event queue.
        public var queueWakeups: UInt64 = 0
        /// Wake-ups by the timer.
        public var timerWakeups: UInt64 = 0
        /// Wake-ups by app descriptors.
        public var sourceWakeups: UInt64 = 0
        /// Wake-ups by main-actor work queued (``MainActorJobs``): a task, a continuation.
        public var mainActorWakeups: UInt64 = 0
    }

    /// A registered descriptor, for ``remove(_:)``.
    public struct Source: Hashable, Sendable {
        /// The descriptor.
        public let fileDescriptor: Int32
    }

    /// The clock deadlines are measured on.
    public let clock: any MonotonicClock
    /// The counters.
    public private(set) var statistics = Statistics()
    /// Raising it from any thread makes the loop's ``wait(until:timeout:)`` return and
    /// ``isStopping`` true: the platform's `waitForEvents` then ends `Platform.run`.
    public let stopSignal: WakeSignal

    private let epoll: Int32
    private let queueSignal: WakeSignal
    private let timer: Int32
    private var armedDeadline: MonotonicInstant?
    private var handlers: [Int32: @MainActor (Int32) -> Void] = [:]
    private var stopping = false
    private let events = UnsafeMutableBufferPointer<epoll_event>.allocate(capacity: 16)

    private static let queueTag: UInt64 = 1 << 40
    private static let timerTag: UInt64 = 1 << 41
    private static let stopTag: UInt64 = 1 << 42
    private static let mainActorTag: UInt64 = 1 << 43

    /// Creates a loop that sleeps on `queueSignal` (the wake-up of the event queue the input
    /// thread fills; nil: no queue) and measures deadlines on `clock`.
    /// The loop of an app is driven by `Platform.run`: the app's turn, then this loop's
    /// ``wait(until:timeout:)`` until the app's next timer (what `LinuxPlatform` does).
    public init(queueSignal: WakeSignal?, clock: any MonotonicClock) throws(RunLoopError) {
        self.clock = clock
        let epoll: Int32
        switch Syscall.epollCreate() {
        case .success(let fd): epoll = fd
        case .failure(let e): throw .systemCallFailed(call: "epoll_create1", errno: e.rawValue)
        }
        let timer: Int32
        switch Syscall.timerFD() {
        case .success(let fd): timer = fd
        case .failure(let e):
            Syscall.close(epoll)
            throw .systemCallFailed(call: "timerfd_create", errno: e.rawValue)
        }
        self.epoll = epoll
        self.timer = timer
        do throws(RunLoopError) {
            if let queueSignal {
                self.queueSignal = queueSignal
            } else {
                self.queueSignal = try WakeSignal()
            }
            stopSignal = try WakeSignal()
        } catch {
            Syscall.close(epoll)
            Syscall.close(timer)
            throw error
        }
        var watched = [(self.queueSignal.fileDescriptor, Self.queueTag), (timer, Self.timerTag), (stopSignal.fileDescriptor, Self.stopTag)]
        // The main actor's queue, where this thread's loop runs it (Platform.run does, between turns).
        if let jobs = MainActorJobs.wakeUpDescriptor { watched.append((jobs, Self.mainActorTag)) }
        for (fd, tag) in watched {
            if case .failure(let e) = Syscall.epollControl(epoll, EPOLL_CTL_ADD, fd, events: EPOLLIN.rawValue, data: tag) {
                Syscall.close(epoll)
                Syscall.close(timer)
                throw .systemCallFailed(call: "epoll_ctl", errno: e.rawValue)
            }
        }
    }

    isolated deinit {
        Syscall.close(epoll)
        Syscall.close(timer)
        events.deallocate()
    }

    /// Adds a descriptor; `handler` runs on the UI thread whenever it is readable (level
    /// triggered: read it, or it fires again).
    @discardableResult
    public func add(fileDescriptor fd: Int32, handler: @escaping @MainActor (Int32) -> Void) throws(RunLoopError) -> Source {
        guard handlers[fd] == nil else { throw .alreadyAdded(fileDescriptor: fd) }
        if case .failure(let e) = Syscall.epollControl(epoll, EPOLL_CTL_ADD, fd, events: EPOLLIN.rawValue, data: UInt64(UInt32(bitPattern: fd))) {
            throw .systemCallFailed(call: "epoll_ctl", errno: e.rawValue)
        }
        handlers[fd] = handler
        return Source(fileDescriptor: fd)
    }

    /// Removes a descriptor added with ``add(fileDescriptor:handler:)``.
    public func remove(_ source: Source) {
        guard handlers.removeValue(forKey: source.fileDescriptor) != nil else { return }
        _ = Syscall.epollControl(epoll, EPOLL_CTL_DEL, source.fileDescriptor, events: 0, data: 0)
    }

    /// Clears a stop from an earlier run (``stop()``, ``stopSignal``), so the loop can run again.
    public func prepareToRun() {
        stopping = false
        stopSignal.clear()
    }

    /// Whether ``stop()`` was called or ``stopSignal`` seen since the last ``prepareToRun()``.
    public var isStopping: Bool { stopping }

    /// Makes ``isStopping`` true and wakes the loop's wait: `Platform.run` ends after the
    /// current turn.
    public func stop() {
        stopping = true
        stopSignal.raise()
    }

    /// Sleeps until the event queue's wake-up, `deadline` on ``clock`` (nil: none), a
    /// descriptor the app added, main-actor work queued, the stop signal, or `timeout` (nil: no
    /// limit). Returns whether anything woke the loop.
    @discardableResult
    public func wait(until deadline: MonotonicInstant?, timeout: MonotonicDuration? = nil) -> Bool {
        armTimer(deadline)
        let ready: Int32
        switch Syscall.epollWait(epoll, events, timeout: pollMilliseconds(timeout)) {
        case .success(let n): ready = n
        case .failure: return false
        }
        guard ready > 0 else { return false }
        statistics.wakeups += 1
        for i in 0 ..< Int(ready) {
            let tag = events[i].data.u64
            switch tag {
            case Self.queueTag:
                queueSignal.clear()
                statistics.queueWakeups += 1
            case Self.timerTag:
                var expirations: UInt64 = 0
                _ = withUnsafeMutableBytes(of: &expirations) { Syscall.read(timer, into: $0) }
                armedDeadline = nil
                statistics.timerWakeups += 1
            case Self.stopTag:
                stopSignal.clear()
                stopping = true
            case Self.mainActorTag:
                // The jobs run before the next turn (Platform.run): here only the wake-up is read.
                MainActorJobs.clearWakeUp()
                statistics.mainActorWakeups += 1
            default:
                let fd = Int32(truncatingIfNeeded: tag)
                statistics.sourceWakeups += 1
                handlers[fd]?(fd)
            }
        }
        return true
    }

    /// Arms the timerfd for the earliest timer, or disarms it.
    private func armTimer(_ deadline: MonotonicInstant?) {
        guard deadline != armedDeadline else { return }
        armedDeadline = deadline
        var relative: Int64?
        if let deadline {
            let remaining = deadline - clock.now
            relative = max(remaining.nanoseconds, 1)
        }
        _ = Syscall.setTimer(timer, relativeNanoseconds: relative)
    }
}

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
    private let thread: Mutex<pthread_t?>

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
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let priority = options.realtimePriority {
            pthread_attr_setinheritsched(&attributes, Int32(PTHREAD_EXPLICIT_SCHED))
            pthread_attr_setschedpolicy(&attributes, SCHED_FIFO)
            var parameter = sched_param(sched_priority: priority)
            pthread_attr_setschedparam(&attributes, &parameter)
        }
        var handle = pthread_t()
        let context = Unmanaged.passRetained(body as AnyObject).toOpaque()
        let result = pthread_create(
            &handle, &attributes,
            { raw in
                let body = Unmanaged<AnyObject>.fromOpaque(raw!).takeRetainedValue() as! any InputThreadBody
                body.run()
                return nil
            }, context)
        guard result == 0 else {
            Unmanaged<AnyObject>.fromOpaque(context).release()
            if let priority = options.realtimePriority, result == EPERM || result == EINVAL {
                throw .realtimePriorityDenied(priority: priority, errno: result)
            }
            throw .systemCallFailed(call: "pthread_create", errno: result)
        }
        self.stopSignal = stopSignal
        self.state = state
        self.thread = Mutex(handle)
    }

    /// Asks the thread to finish, wakes it and waits for it. Idempotent.
    public func stop() {
        state.stopping.store(true, ordering: .releasing)
        stopSignal.raise()
        let handle = thread.withLock { (h: inout pthread_t?) -> pthread_t? in
            defer { h = nil }
            return h
        }
        if let handle { pthread_join(handle, nil) }
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

fileprivate protocol InputThreadBody: AnyObject {
    func run()
}

/// Owns the pipeline on the input thread. It is handed over once (`sending`) and only that
/// thread touches it afterwards.
fileprivate final class ThreadBody<Source: TouchSource, Clock: MonotonicClock>: InputThreadBody, @unchecked Sendable {
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
