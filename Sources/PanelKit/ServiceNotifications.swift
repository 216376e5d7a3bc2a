#if os(Linux)
public import PanelLinux
import PanelLinuxPlatform
public import PanelUI

/// The app's side of systemd's `Type=notify` and `WatchdogSec=`: READY=1 (with a STATUS line)
/// once the first frame is on the screen, WATCHDOG=1 from an application timer, so the pings
/// come from the UI run loop itself and stop when it hangs (systemd then restarts the
/// service), the STATUS line again whenever it changed, and STOPPING=1 on the way out.
@MainActor
public final class ServiceNotifications {
    /// The connection to systemd's notification socket (`NOTIFY_SOCKET`).
    public let notifier: SystemdNotifier
    private unowned let application: Application
    private let status: @MainActor () -> String
    private var timer: TimerHandle?
    private var lastStatus = ""
    /// Watchdog pings sent.
    public private(set) var pings = 0

    /// Notifications through `notifier` for `application`; `status` says what
    /// `systemctl status` shows (the controller's health, the screen's state).
    public init(notifier: SystemdNotifier, application: Application, status: @escaping @MainActor () -> String) {
        self.notifier = notifier
        self.application = application
        self.status = status
    }

    /// The first frame is on the screen: READY=1, and the watchdog's pings start.
    public func ready() {
        lastStatus = status()
        notifier.ready(status: lastStatus)
        guard let interval = notifier.watchdogInterval, timer == nil else { return }
        timer = try? application.scheduleTimer(after: interval, repeating: interval) { [weak self] _ in self?.ping() }
    }

    private func ping() {
        pings += 1
        let now = status()
        if now != lastStatus {
            lastStatus = now
            notifier.send(["WATCHDOG=1", "STATUS=\(now)"])
        } else {
            notifier.watchdog()
        }
    }

    /// The app is stopping: STOPPING=1; no more pings.
    public func stopping() {
        if let timer { application.cancelTimer(timer) }
        timer = nil
        notifier.stopping()
    }
}
#endif
