#if os(Linux)
import CPanelLinux
import Glibc
import PanelBench
import PanelCore
import PanelKit
import PanelUI
import Testing
@testable import PanelLinux

/// A fake NOTIFY_SOCKET: a bound AF_UNIX datagram socket that collects what is sent to it.
final class FakeNotifySocket {
    let path: String
    let fd: Int32

    init() throws {
        path = "/tmp/panelkit-notify-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        unlink(path)
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw Failure("socket: errno \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw Failure("bind \(path): errno \(errno)") }
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// The datagrams waiting, each as its text.
    func messages() -> [String] {
        var found: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { return found }
            found.append(String(decoding: buffer[0 ..< n], as: UTF8.self))
        }
    }
}

@Suite("systemd notification: readiness, the watchdog from the UI loop, status and stopping")
@MainActor
struct SystemdNotifierTests {
    @Test("READY=1 and the status reach the unit's NOTIFY_SOCKET as one datagram")
    func readyReachesSocket() throws {
        let socket = try FakeNotifySocket()
        SystemdNotifier(socketPath: socket.path, watchdogInterval: nil).ready(status: "mock: touch ok, screen on")
        #expect(socket.messages() == ["READY=1\nSTATUS=mock: touch ok, screen on"])
    }

    @Test("the watchdog interval is half of WATCHDOG_USEC, for this process only")
    func watchdogFromEnvironment() {
        let mine = SystemdNotifier.fromEnvironment { ["NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "\(getpid())"][$0] }
        #expect(mine?.watchdogInterval == .milliseconds(5_000))
        let other = SystemdNotifier.fromEnvironment { ["NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "1"][$0] }
        #expect(other != nil && other?.watchdogInterval == nil)
    }

    @Test("without NOTIFY_SOCKET there is no notifier, and absurd watchdog times are ignored")
    func absentOrAbsurd() {
        #expect(SystemdNotifier.fromEnvironment { _ in nil } == nil)
        let absurd = SystemdNotifier.fromEnvironment { ["NOTIFY_SOCKET": "@x", "WATCHDOG_USEC": "-5"][$0] }
        #expect(absurd?.watchdogInterval == nil)
    }

    @Test("a socket that is gone is an errno, not a crash")
    func goneSocket() {
        #expect(SystemdNotifier(socketPath: "/tmp/panelkit-no-such-socket", watchdogInterval: nil).send(["READY=1"]) == ENOENT)
    }

    @Test("watchdog pings come from the UI run loop: a loop that does not turn sends none")
    func pingsStopWhenLoopBlocked() throws {
        let socket = try FakeNotifySocket()
        let clock = ManualClock()
        let app = Application(clock: clock)
        let service = ServiceNotifications(
            notifier: SystemdNotifier(socketPath: socket.path, watchdogInterval: .milliseconds(1_000)), application: app
        ) { "status" }
        service.ready()
        for _ in 0 ..< 3 {
            clock.advance(by: .milliseconds(1_000))
            app.runOnce()
        }
        #expect(socket.messages() == ["READY=1\nSTATUS=status", "WATCHDOG=1", "WATCHDOG=1", "WATCHDOG=1"])
        // The UI thread hangs: time passes, no turn runs, no ping goes out.
        clock.advance(by: .milliseconds(10_000))
        #expect(socket.messages().isEmpty)
        #expect(service.pings == 3)
    }

    @Test("a changed status rides on the next ping, and stopping says STOPPING=1")
    func statusAndStopping() throws {
        let socket = try FakeNotifySocket()
        let clock = ManualClock()
        let app = Application(clock: clock)
        final class Status { var text = "touch ok" }
        let status = Status()
        let service = ServiceNotifications(
            notifier: SystemdNotifier(socketPath: socket.path, watchdogInterval: .milliseconds(1_000)), application: app
        ) { status.text }
        service.ready()
        status.text = "touch controller not answering"
        clock.advance(by: .milliseconds(1_000))
        app.runOnce()
        service.stopping()
        #expect(
            socket.messages() == [
                "READY=1\nSTATUS=touch ok", "WATCHDOG=1\nSTATUS=touch controller not answering", "STOPPING=1\nSTATUS=stopping",
            ])
    }
}
#endif
