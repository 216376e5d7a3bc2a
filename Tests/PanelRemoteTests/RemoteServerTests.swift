#if os(Linux)
import BenchScreens
import CVNCServer
import Glibc
import Logging
import PanelCore
import PanelGraphics
import PanelLinux
import PanelRemote
import PanelUI
import Testing

/// vncdotool (PyPI), installed by scripts/test into a virtual environment and named by
/// PANELKIT_VNCDO; these tests need it.
let vncdoInstalled = getenv("PANELKIT_VNCDO") != nil

@Suite("RemoteServer: the panel over VNC on loopback, with a raw viewer", .serialized)
@MainActor
struct RemoteServerTests {
    @Test("a wrong password is refused and logged with the viewer's address")
    func wrongPassword() throws {
        let harness = try RemoteHarness()
        let viewer = try RawViewer(port: harness.server.port)
        defer { viewer.close() }
        #expect(!viewer.authenticate("wrong", harness: harness))
        harness.turn(until: { harness.server.failedAuthentications == 1 }, seconds: 2)
        #expect(harness.server.failedAuthentications == 1)
        #expect(harness.log.contains("failed password from 127.0.0.1"))
    }

    @Test("100 quick failed passwords from one address: after the limit, even the right password is refused")
    func rateLimited() throws {
        let harness = try RemoteHarness(limiter: FailureLimiter(limit: 5))
        var refusedAtConnect = 0
        for _ in 0 ..< 100 {
            let viewer = try RawViewer(port: harness.server.port)
            if viewer.challenge(harness: harness) == nil {
                refusedAtConnect += 1
            } else {
                viewer.send([UInt8](repeating: 0, count: 16))
                _ = viewer.read(4, harness: harness)
            }
            viewer.close()
            harness.turn(until: { harness.server.clientCount == 0 }, seconds: 2)
        }
        harness.turn()
        #expect(harness.server.failedAuthentications == 5)
        #expect(refusedAtConnect == 95)
        let viewer = try RawViewer(port: harness.server.port)
        defer { viewer.close() }
        #expect(!viewer.authenticate(harness.password, harness: harness))
        harness.turn()
        #expect(harness.log.contains("refused 127.0.0.1: too many failed passwords"))
    }

    @Test("the right password is accepted, and the connect and the disconnect are logged")
    func connectLogged() throws {
        let harness = try RemoteHarness()
        let viewer = try RawViewer(port: harness.server.port)
        #expect(viewer.authenticate(harness.password, harness: harness))
        viewer.close()
        harness.turn(until: { harness.server.clientCount == 0 })
        #expect(harness.log.contains("127.0.0.1 connected"))
        #expect(harness.log.contains("127.0.0.1 authenticated"))
        #expect(harness.log.contains("127.0.0.1 disconnected"))
    }

    @Test("while a viewer is connected the screen shows the Remote session badge, and after it leaves it does not")
    func indicator() throws {
        let harness = try RemoteHarness()
        let badge = RemoteIndicator.frame(screenWidth: 800)
        let probe = (x: badge.x + 4, y: badge.y + badge.height / 2)
        let before = harness.framebuffer.bitmap.pixels.color(x: probe.x, y: probe.y)
        let viewer = try RawViewer(port: harness.server.port)
        #expect(viewer.authenticate(harness.password, harness: harness))
        harness.turn()
        #expect(harness.framebuffer.bitmap.pixels.color(x: probe.x, y: probe.y) == Color(rgb: 0xC62828))
        viewer.close()
        harness.turn(until: { harness.server.clientCount == 0 })
        harness.turn()
        #expect(harness.framebuffer.bitmap.pixels.color(x: probe.x, y: probe.y) == before)
    }

    @Test("an app's window cannot cover the badge")
    func indicatorOnTop() throws {
        let harness = try RemoteHarness()
        let cover = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        cover.backgroundColor = .black
        harness.grid.application.addWindow(cover)
        let viewer = try RawViewer(port: harness.server.port)
        defer { viewer.close() }
        #expect(viewer.authenticate(harness.password, harness: harness))
        harness.turn()
        let badge = RemoteIndicator.frame(screenWidth: 800)
        #expect(harness.framebuffer.bitmap.pixels.color(x: badge.x + 4, y: badge.y + badge.height / 2) == Color(rgb: 0xC62828))
    }
}

@Suite("RemoteServer: refusals at start, each a clear error")
@MainActor
struct RemoteServerStartTests {
    private func configuration(file: String, host: String = "127.0.0.1", port: UInt16 = 0) -> RemoteConfiguration {
        RemoteConfiguration(host: host, port: port, passwordFile: file)
    }

    private func start(_ configuration: RemoteConfiguration) throws(RemoteError) {
        let app = Application(clock: SystemClock())
        app.display = Display(framebuffer: MemoryFramebuffer(width: 32, height: 32))
        let loop = try! LinuxRunLoop(queueSignal: nil, clock: SystemClock())
        let server = try RemoteServer(configuration: configuration, application: app, watcher: loop, logger: Logger(label: "test"))
        server.stop()
    }

    @Test("a password file others can read is refused, naming chmod 600")
    func worldReadable() throws {
        let path = "/tmp/panelremote-readable-\(getpid())"
        try writeSecret("secret", to: path, mode: 0o644)
        defer { unlink(path) }
        #expect(throws: RemoteError.passwordFile(path: path, problem: "can be read by others (mode 644): chmod 600 \(path)")) {
            try start(configuration(file: path))
        }
    }

    @Test("an empty password file is refused")
    func emptyFile() throws {
        let path = "/tmp/panelremote-empty-\(getpid())"
        try writeSecret("", to: path, mode: 0o600)
        defer { unlink(path) }
        #expect(throws: RemoteError.passwordFile(path: path, problem: "is empty: put the password on its first line")) {
            try start(configuration(file: path))
        }
    }

    @Test("an address off loopback without TLS is refused, pointing at the SSH tunnel")
    func plainOffLoopback() throws {
        #expect(throws: RemoteError.plainOffLoopback(host: "0.0.0.0")) {
            try start(configuration(file: "/nonexistent", host: "0.0.0.0"))
        }
    }

    @Test("a server dropped without stop() stops: its port can be taken again")
    func droppedServerStops() throws {
        let path = "/tmp/panelremote-drop-\(getpid())"
        try writeSecret("secret", to: path, mode: 0o600)
        defer { unlink(path) }
        let app = Application(clock: SystemClock())
        app.display = Display(framebuffer: MemoryFramebuffer(width: 32, height: 32))
        let loop = try LinuxRunLoop(queueSignal: nil, clock: SystemClock())
        var server: RemoteServer? = try RemoteServer(
            configuration: configuration(file: path), application: app, watcher: loop, logger: Logger(label: "test"))
        let port = try #require(server?.port)
        server = nil
        let again = try RemoteServer(configuration: configuration(file: path, port: port), application: app, watcher: loop, logger: Logger(label: "test"))
        #expect(again.port == port)
        again.stop()
    }

    @Test("a port in use is one error that says so")
    func portInUse() throws {
        let path = "/tmp/panelremote-port-\(getpid())"
        try writeSecret("secret", to: path, mode: 0o600)
        defer { unlink(path) }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var sa = sockaddr_in()
        sa.sin_family = sa_family_t(AF_INET)
        sa.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &sa) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        listen(fd, 1)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &sa) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        let port = UInt16(bigEndian: sa.sin_port)
        do {
            try start(configuration(file: path, port: port))
            Issue.record("the server started on a port in use")
        } catch {
            #expect("\(error)".contains("the port is in use"))
        }
    }
}

@Suite("RemoteServer with vncdotool, a real VNC viewer", .serialized, .enabled(if: vncdoInstalled, "scripts/test installs vncdotool and sets PANELKIT_VNCDO"))
@MainActor
struct RemoteViewerTests {
    @Test("vncdotool's capture equals the framebuffer pixel for pixel, the badge included")
    func capture() throws {
        let harness = try RemoteHarness()
        let path = harness.directory + "/capture.png"
        #expect(try harness.vncdo(["capture", path]) == 0)
        let captured = try Image(contentsOfFile: path)
        // The badge was on screen while the viewer was: compare with the frame it saw.
        let badge = RemoteIndicator.frame(screenWidth: 800)
        #expect(captured.color(x: badge.x + 4, y: badge.y + badge.height / 2) == Color(rgb: 0xC62828))
        var differing = 0
        let screen = harness.framebuffer.bitmap.pixels
        for y in 0 ..< 480 {
            for x in 0 ..< 800 where !badge.contains(x: x, y: y) && captured.color(x: x, y: y) != screen.color(x: x, y: y) { differing += 1 }
        }
        #expect(captured.width == 800 && captured.height == 480)
        #expect(differing == 0)
    }

    @Test("a click through vncdotool runs the button's action once")
    func click() throws {
        let harness = try RemoteHarness()
        let center = harness.grid.center(of: 0)
        #expect(try harness.vncdo(["move", "\(Int(center.x))", "\(Int(center.y))", "click", "1"]) == 0)
        #expect(harness.taps == 1)
    }

    @Test("typing through vncdotool goes into the text field that has focus")
    func typing() throws {
        let harness = try RemoteHarness()
        _ = harness.field.becomeFirstResponder()
        harness.turn()
        #expect(try harness.vncdo(["type", "door 42"]) == 0)
        #expect(harness.field.text == "door 42")
    }

    @Test("a view-only server ignores vncdotool's clicks")
    func viewOnly() throws {
        let harness = try RemoteHarness(viewOnly: true)
        let center = harness.grid.center(of: 0)
        #expect(try harness.vncdo(["move", "\(Int(center.x))", "\(Int(center.y))", "click", "1"]) == 0)
        #expect(harness.taps == 0)
    }

    @Test("vncdotool with a wrong password fails, and the failure is logged")
    func wrongPassword() throws {
        let harness = try RemoteHarness()
        #expect(try harness.vncdo(["capture", harness.directory + "/x.png"], password: "nope") != 0)
        harness.turn(until: { harness.server.failedAuthentications == 1 }, seconds: 2)
        #expect(harness.log.contains("failed password from 127.0.0.1"))
    }
}
#endif
