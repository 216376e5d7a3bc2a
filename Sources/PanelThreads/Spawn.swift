#if canImport(Glibc)
import Glibc

/// How a thread from ``spawn(name:priority:_:)`` is scheduled.
public enum ThreadPriority: Sendable, Hashable {
    /// The normal time-sharing scheduler.
    case normal
    /// `SCHED_FIFO` at this priority (1–99): runs before every normal thread when it wakes.
    case realtime(Int32)
}

/// Why ``spawn(name:priority:_:)`` could not start a thread.
public enum SpawnError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kernel refused real-time scheduling at `priority` (`errno`: EPERM without the right,
    /// EINVAL for a priority outside 1–99).
    case realtimeDenied(priority: Int32, errno: Int32)
    /// `pthread_create` failed with `errno` (EAGAIN: the process's thread limit).
    case failed(errno: Int32)

    /// The cause and the fix.
    public var description: String {
        switch self {
        case .realtimeDenied(let priority, let errno):
            "real-time priority \(priority) was refused (errno \(errno)): run as root, grant CAP_SYS_NICE or LimitRTPRIO=\(priority) in the unit, or start without it"
        case .failed(let errno):
            "a thread could not be started (pthread_create: errno \(errno)): the process may be at its thread limit"
        }
    }
}

/// A thread started by ``spawn(name:priority:_:)``.
public struct SpawnedThread: Sendable {
    /// The POSIX handle.
    let handle: pthread_t

    /// Waits for the thread's body to return. Call it once.
    public func join() {
        pthread_join(handle, nil)
    }
}

/// Starts a POSIX thread named `name` (up to 15 bytes are kept, as `ps -L` shows it) that runs
/// `body`, which it owns from then on: PanelKit's one way to start a thread (the input
/// thread, speech, an MQTT connection, the simulator's waker, the benchmarks' threads).
/// - Throws: ``SpawnError`` when the thread cannot start, or real-time priority is refused.
public func spawn(name: String, priority: ThreadPriority = .normal, _ body: sending @escaping () -> Void) throws(SpawnError) -> SpawnedThread {
    final class Start {
        let name: String
        var body: (() -> Void)?
        init(name: String, body: @escaping () -> Void) {
            self.name = name
            self.body = body
        }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    if case .realtime(let level) = priority {
        pthread_attr_setinheritsched(&attributes, Int32(PTHREAD_EXPLICIT_SCHED))
        pthread_attr_setschedpolicy(&attributes, SCHED_FIFO)
        var parameter = sched_param(sched_priority: level)
        pthread_attr_setschedparam(&attributes, &parameter)
    }
    var handle = pthread_t()
    // Handed to the new thread, which alone uses it from then on.
    let context = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
    let result = pthread_create(
        &handle, &attributes,
        { raw in
            let start = Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue()
            nameCurrentThread(start.name)
            start.body?()
            start.body = nil
            return nil
        }, context)
    guard result == 0 else {
        Unmanaged<AnyObject>.fromOpaque(context).release()
        if case .realtime(let level) = priority, result == EPERM || result == EINVAL {
            throw .realtimeDenied(priority: level, errno: result)
        }
        throw .failed(errno: result)
    }
    return SpawnedThread(handle: handle)
}

/// Names the calling thread (its first 15 bytes), as `ps -L` and a debugger show it, through
/// /proc (glibc's pthread_setname_np needs _GNU_SOURCE, which Swift's Glibc does not set).
private func nameCurrentThread(_ name: String) {
    let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}
#endif
