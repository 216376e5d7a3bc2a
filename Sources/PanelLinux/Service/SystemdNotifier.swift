#if os(Linux)
import CPanelLinux
import Glibc
public import PanelCore

/// systemd's service notification (sd_notify(3)), by its documented datagram protocol, so a
/// `Type=notify` unit knows when the panel is up and a `WatchdogSec=` unit restarts it when its
/// UI thread hangs: READY=1 once the first frame is on the screen, WATCHDOG=1 from the UI run
/// loop itself, STATUS= lines for `systemctl status`, STOPPING=1 on the way out.
///
/// Without `NOTIFY_SOCKET` (not under systemd, or a unit of another type) there is none:
/// ``fromEnvironment()`` returns nil and nothing is sent.
public final class SystemdNotifier: Sendable {
    /// The socket (a path, or `@name` in the abstract namespace).
    public let socketPath: String
    /// How often to ping the watchdog (half of `WATCHDOG_USEC`), or nil when the unit has no
    /// watchdog for this process.
    public let watchdogInterval: MonotonicDuration?

    public init(socketPath: String, watchdogInterval: MonotonicDuration?) {
        self.socketPath = socketPath
        self.watchdogInterval = watchdogInterval
    }

    /// The notifier systemd's environment describes: `NOTIFY_SOCKET`, and `WATCHDOG_USEC` when
    /// `WATCHDOG_PID` is unset or this process. nil without `NOTIFY_SOCKET`.
    public static func fromEnvironment() -> SystemdNotifier? {
        fromEnvironment { getenv($0).map { String(cString: $0) } }
    }

    /// The notifier the variables `variable` reads describe (for tests).
    public static func fromEnvironment(_ variable: (String) -> String?) -> SystemdNotifier? {
        guard let socket = variable("NOTIFY_SOCKET"), !socket.isEmpty else { return nil }
        var interval: MonotonicDuration?
        if let text = variable("WATCHDOG_USEC"), let microseconds = Int64(text), microseconds > 0, microseconds < 86_400_000_000 {
            let pid = variable("WATCHDOG_PID").flatMap { Int32($0) }
            if pid == nil || pid == getpid() { interval = .microseconds(microseconds / 2) }
        }
        return SystemdNotifier(socketPath: socket, watchdogInterval: interval)
    }

    /// Sends `lines` ("READY=1", "STATUS=…") as one datagram. Returns 0 or the errno; a
    /// failure changes nothing for the app (systemd may be gone while it stops).
    @discardableResult
    public func send(_ lines: [String]) -> Int32 {
        var message = lines.map { String($0.map { $0 == "\n" ? " " : $0 }) }.joined(separator: "\n")
        return message.withUTF8 { bytes in Syscall.sendDatagram(to: socketPath, UnsafeRawBufferPointer(bytes)) }
    }

    /// The first frame is on the screen.
    public func ready(status: String) { send(["READY=1", "STATUS=\(status)"]) }
    /// The UI thread is alive.
    public func watchdog() { send(["WATCHDOG=1"]) }
    /// What `systemctl status` shows.
    public func status(_ text: String) { send(["STATUS=\(text)"]) }
    /// The app is stopping on purpose.
    public func stopping() { send(["STOPPING=1", "STATUS=stopping"]) }
}
#endif
