#if os(Linux)
import CPanelLinux
import Glibc

/// Sees the wall clock being set (NTP's first sync on a board without a real-time clock, an
/// admin's `date -s`, a time-zone-less jump), with no periodic wake-up: a `CLOCK_REALTIME`
/// timerfd armed for the far future with `TFD_TIMER_CANCEL_ON_SET` becomes readable only then.
/// Whatever waits for a time of day (a kiosk's off hours) measures its wait again.
@MainActor
public final class WallClockWatch {
    private let fd: Int32
    private var source: LinuxRunLoop.Source?
    private weak var runLoop: LinuxRunLoop?

    /// Arms the timerfd and adds it to `runLoop`; `changed` runs each time the clock is set.
    /// - Throws: ``RunLoopError`` when the kernel refuses the timerfd.
    public init(runLoop: LinuxRunLoop, changed: @escaping @MainActor () -> Void) throws(RunLoopError) {
        let fd = panel_wall_clock_watch_create()
        guard fd >= 0 else { throw .systemCallFailed(call: "timerfd_create(CLOCK_REALTIME, TFD_TIMER_CANCEL_ON_SET)", errno: errno) }
        self.fd = fd
        self.runLoop = runLoop
        do {
            source = try runLoop.add(fileDescriptor: fd) { fd in
                // The read fails with ECANCELED (the clock was set) and clears the state;
                // re-arming starts watching for the next change.
                var expirations: UInt64 = 0
                _ = withUnsafeMutableBytes(of: &expirations) { Syscall.read(fd, into: $0) }
                _ = panel_wall_clock_watch_arm(fd)
                changed()
            }
        } catch {
            Syscall.close(fd)
            throw error
        }
    }

    /// Removes the watch from the run loop and closes it.
    public func stop() {
        if let source { runLoop?.remove(source) }
        source = nil
    }

    isolated deinit {
        stop()
        Syscall.close(fd)
    }
}
#endif
