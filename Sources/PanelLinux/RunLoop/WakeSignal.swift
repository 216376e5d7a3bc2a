#if os(Linux)
import Glibc
import CPanelLinux
public import PanelCore

/// A wake-up flag one thread raises and another waits on: an `eventfd`.
///
/// The run loop adds it to its epoll set (the event queue raises it when it hands the UI a
/// frame); the input thread polls it beside its interrupt line so that ``InputThread/stop()``
/// wakes it at once instead of after a timeout. Raising and clearing allocate nothing.
public final class WakeSignal: QueueWakeUp, Sendable {
    /// The eventfd, for epoll or poll.
    public let fileDescriptor: Int32

    /// Creates the eventfd.
    /// - Throws: ``RunLoopError`` when the kernel refuses (descriptor limit).
    public init() throws(RunLoopError) {
        switch Syscall.eventFD() {
        case .success(let fd): fileDescriptor = fd
        case .failure(let e): throw .systemCallFailed(call: "eventfd", errno: e.rawValue)
        }
    }

    deinit { Syscall.close(fileDescriptor) }

    /// Raises the flag; any thread, any number of times.
    public func raise() {
        var one: UInt64 = 1
        _ = withUnsafeBytes(of: &one) { Syscall.write(fileDescriptor, $0) }
    }

    /// Lowers the flag; returns whether it was raised.
    @discardableResult
    public func clear() -> Bool {
        var count: UInt64 = 0
        let result = withUnsafeMutableBytes(of: &count) { Syscall.read(fileDescriptor, into: $0) }
        if case .success(let n) = result, n == 8 { return count > 0 }
        return false
    }
}

/// What ``waitUntilReadable(_:interruptor:timeout:)`` saw.
enum Readiness {
    /// The descriptor has data.
    case readable
    /// The interruptor was raised.
    case interrupted
    /// The timeout passed.
    case timedOut
    /// The descriptor reported an error or hang-up (device gone).
    case failed
}

/// Blocks in poll(2) until `fd` is readable, `interruptor` is raised, or `timeout` passes.
func waitUntilReadable(_ fd: Int32, interruptor: WakeSignal?, timeout: MonotonicDuration?) -> Result<Readiness, Errno> {
    var fds = (
        pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
        pollfd(fd: interruptor?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0)
    )
    let ready = withUnsafeMutableBytes(of: &fds) { raw in
        Syscall.poll(raw.bindMemory(to: pollfd.self), timeout: pollMilliseconds(timeout))
    }
    switch ready {
    case .failure(let e): return .failure(e)
    case .success(0): return .success(.timedOut)
    case .success: break
    }
    if fds.0.revents & Int16(POLLIN) != 0 { return .success(.readable) }
    if fds.0.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .success(.failed) }
    return .success(.interrupted)
}

/// Converts a timeout to poll(2)'s milliseconds, rounding up so that a wait never ends early;
/// nil (forever) is -1.
func pollMilliseconds(_ timeout: MonotonicDuration?) -> Int32 {
    guard let timeout else { return -1 }
    if timeout <= .zero { return 0 }
    let ms = (timeout.nanoseconds + 999_999) / 1_000_000
    return Int32(clamping: ms)
}
#endif
