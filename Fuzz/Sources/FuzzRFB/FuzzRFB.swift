// A VNC viewer's messages after it logged in: any bytes, sent to PanelKit's remote-support server
// (LibVNCServer's message handling on its threads, then PanelKit's mapping of pointers to
// fingers and keysyms to presses and text on the UI thread). Invariants: the server drops or
// serves the viewer and never traps; once the viewer is gone, every remote touch that began
// has ended or was cancelled, and the server has no viewer left.
import CVNCServer
import FuzzSupport
import Glibc
import Logging
import PanelCore
import PanelGraphics
import PanelLinux
import PanelPlatform
import PanelRemote
import PanelUI

/// SwiftPM's entry point for this executable: libFuzzer's driver on ``fuzzRFB``.
@_cdecl("FuzzRFB_main")
public func fuzzRFBMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzRFB(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRFB(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    MainActor.assumeIsolated { Fixture.shared.run(bytes) }
    return 0
}

/// A view that counts the touches in progress on it.
@MainActor
final class TouchCounter: View {
    var active = 0
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { active += touches.count }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { active -= touches.count }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { active -= touches.count }
}

/// One app serving remote support on loopback, and a viewer that logs in and sends the input.
@MainActor
final class Fixture {
    static let shared = try! Fixture()

    let application = Application(clock: SystemClock())
    let counter = TouchCounter(frame: Rect(x: 0, y: 0, width: 320, height: 240))
    let field = TextField(frame: Rect(x: 0, y: 200, width: 320, height: 40))
    let loop: LinuxRunLoop
    let server: RemoteServer
    let password = "fuzzing!"

    init() throws {
        application.display = Display(framebuffer: MemoryFramebuffer(width: 320, height: 240))
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        window.addSubview(counter)
        window.addSubview(field)
        application.addWindow(window)
        window.makeKeyAndVisible()
        let path = "/tmp/fuzz-rfb-password-\(getpid())"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = password.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        loop = try LinuxRunLoop(queueSignal: nil, clock: SystemClock())
        server = try RemoteServer(
            configuration: RemoteConfiguration(port: 0, passwordFile: path, idleTimeout: .seconds(Int64(60)), clientTimeout: .milliseconds(1)),
            application: application, watcher: loop, logger: Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() })
        unlink(path)
    }

    func turn() {
        application.runOnce()
        _ = loop.wait(until: application.nextTimerDeadline, timeout: .milliseconds(1))
    }

    func run(_ input: [UInt8]) {
        if input.first.map({ $0 & 1 == 1 }) == true { _ = field.becomeFirstResponder() } else { _ = field.resignFirstResponder() }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var sa = sockaddr_in()
        sa.sin_family = sa_family_t(AF_INET)
        sa.sin_port = server.port.bigEndian
        sa.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &sa) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        precondition(connected == 0, "connect: \(errno)")
        defer { close(fd) }
        // Log in as a viewer does: the version, VNC authentication, ClientInit (shared). The
        // version goes first: LibVNCServer waits 100 ms for a first message from a viewer (a
        // WebSocket's request) before it sends its own version, and would for every input.
        send(fd, Array("RFB 003.008\n".utf8))
        guard read(fd, 12) != nil else { return finish() }
        guard let count = read(fd, 1)?.first, count > 0, read(fd, Int(count)) != nil else { return finish() }
        send(fd, [2])
        guard var challenge = read(fd, 16) else { return finish() }
        var key = Array(password.utf8CString)
        challenge.withUnsafeMutableBufferPointer { c in key.withUnsafeMutableBufferPointer { rfbEncryptBytes(c.baseAddress, $0.baseAddress) } }
        send(fd, challenge)
        precondition(read(fd, 4) == [0, 0, 0, 0], "the right password was refused")
        send(fd, [1])
        // The fuzzer's messages, then the viewer leaves.
        send(fd, Array(input.dropFirst()))
        shutdown(fd, Int32(SHUT_WR))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            if n == 0 { break }
            if n < 0 {
                guard errno == EAGAIN else { break }
                turn()
            }
        }
        finish()
    }

    /// Turns the loop until the server has no viewer, then checks no remote touch is left.
    private func finish() {
        var turns = 0
        while server.clientCount > 0 || turns < 2 {
            turn()
            turns += 1
            precondition(turns < 20_000, "the viewer is still connected after 20 000 turns")
        }
        precondition(counter.active == 0, "\(counter.active) remote touches neither ended nor were cancelled")
    }

    private func send(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return }
            offset += n
        }
    }

    private func read(_ fd: Int32, _ count: Int) -> [UInt8]? {
        var out: [UInt8] = []
        while out.count < count {
            var chunk = [UInt8](repeating: 0, count: count - out.count)
            let n = recv(fd, &chunk, chunk.count, 0)
            guard n > 0 else { return nil }
            out += chunk[0 ..< n]
        }
        return out
    }
}
