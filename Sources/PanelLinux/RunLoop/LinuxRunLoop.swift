#if os(Linux)
import Glibc
import CPanelLinux
import Synchronization
public import PanelCore
import PanelPlatform

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
#endif
