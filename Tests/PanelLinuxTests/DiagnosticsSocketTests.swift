#if os(Linux)
import BenchScreens
import CPanelLinux
import Glibc
import PanelBench
import PanelCore
import PanelKit
import PanelPlatform
import PanelUI
import Synchronization
import Testing
@testable import PanelLinux

@Suite("Diagnostics socket: a running app's status and screenshot, read-only, over a Unix socket", .serialized)
@MainActor
struct DiagnosticsSocketTests {
    /// A 4-button app on a memory display, its diagnostics socket in /tmp.
    private func server(version: String? = nil) throws -> (DiagnosticsServer, AppLoop, String) {
        let grid = ButtonGrid(count: 4, clock: SystemClock(), width: 200, height: 120)
        grid.application.display = Display(framebuffer: MemoryFramebuffer(width: 200, height: 120))
        try grid.application.render()
        let loop = try AppLoop(queueSignal: nil, clock: SystemClock())
        let path = "/tmp/panelkit-diagnostics-\(getpid())-\(UInt32.random(in: 0 ... .max)).sock"
        let server = try DiagnosticsServer(path: path, board: "mock", version: version, application: grid.application, platform: nil, watcher: loop.loop)
        return (server, loop, path)
    }

    /// GETs `target` with panelctl's client on a thread of its own while the loop serves it,
    /// until the client has its answer. A POSIX thread, not a task: with every thread of the
    /// task pool busy (a loaded 2-core CI machine under AddressSanitizer), a task did not start
    /// within 20 s and the request was never made.
    private func get(_ target: String, _ path: String, _ loop: AppLoop) throws -> (status: Int, body: [UInt8]) {
        let outcome = Mutex<Result<(status: Int, body: [UInt8]), DiagnosticsClient.Failure>?>(nil)
        TestThread {
            let answer = Result { () throws(DiagnosticsClient.Failure) in try DiagnosticsClient.get(target, from: path, timeoutSeconds: 20) }
            outcome.withLock { $0 = answer }
        }.start()
        let deadline = SystemClock().now + .milliseconds(25_000)
        while outcome.withLock({ $0 == nil }) && SystemClock().now < deadline { loop.turn(timeout: .milliseconds(10)) }
        guard let answer = outcome.withLock({ $0 }) else { throw DiagnosticsClient.Failure.noAnswer(path: path, seconds: 25) }
        return try answer.get()
    }

    @Test("status is a JSON object with the board, the controller's health and the screen")
    func statusJSON() throws {
        let (server, loop, path) = try server()
        defer { server.stop() }
        let (status, body) = try get("/status", path, loop)
        #expect(status == 200)
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.hasPrefix("{\"board\":\"mock\","))
        #expect(text.contains("\"touch_controller_up\":true") && text.contains("\"screen\":\"on\""))
    }

    @Test("status names the app's release when its unit gives one (PANELKIT_APP_VERSION), so that an operator sees which one runs")
    func statusVersion() throws {
        let (server, loop, path) = try server(version: "1.1.0")
        defer { server.stop() }
        let text = String(decoding: try get("/status", path, loop).body, as: UTF8.self)
        #expect(text.hasPrefix("{\"board\":\"mock\",\"version\":\"1.1.0\","))
    }

    @Test("the screenshot is a PNG of what the display shows")
    func screenshotPNG() throws {
        let (server, loop, path) = try server()
        defer { server.stop() }
        let (status, body) = try get("/screenshot.png", path, loop)
        #expect(status == 200)
        #expect(body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("the socket is the service's user and group only (mode 0660)")
    func socketMode() throws {
        let (server, _, path) = try server()
        defer { server.stop() }
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o660)
    }

    @Test("an app that accepts but never answers (a hung UI thread) is a timeout, not a hang")
    func hungAppTimesOut() throws {
        let (server, _, path) = try server()
        defer { server.stop() }
        // The loop never turns: the connection is accepted by the kernel and never answered.
        #expect(throws: DiagnosticsClient.Failure.noAnswer(path: path, seconds: 1)) {
            _ = try DiagnosticsClient.get("/status", from: path, timeoutSeconds: 1)
        }
    }

    @Test("no app at the path is an error that says how to find it")
    func noApp() {
        #expect {
            _ = try DiagnosticsClient.get("/status", from: "/tmp/panelkit-nothing-here.sock")
        } throws: { error in
            "\(error)".contains("systemctl status panelkit-kiosk")
        }
    }
}
#endif
