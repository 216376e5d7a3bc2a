#if os(Linux)
import BenchScreens
import CVNCServer
import Glibc
import Logging
import PanelCore
import PanelGraphics
import PanelLinux
import PanelPlatform
import PanelRemote
import PanelUI
import Synchronization

/// The log lines a server wrote, kept for the tests to read.
final class LogLines: Sendable {
    let lines = Mutex<[String]>([])
    func contains(_ text: String) -> Bool { lines.withLock { $0.contains { $0.contains(text) } } }
    var all: [String] { lines.withLock { $0 } }
}

struct CollectingHandler: LogHandler {
    let sink: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        sink.lines.withLock { $0.append("\(event.level) \(event.message)") }
    }
}

/// An app (a grid of 4 buttons and a text field on a memory framebuffer) serving remote
/// support on a free loopback port, on a real epoll loop the test turns.
@MainActor
final class RemoteHarness {
    let grid: ButtonGrid
    let field = TextField(frame: Rect(x: 10, y: 430, width: 300, height: 40))
    let framebuffer = MemoryFramebuffer(width: 800, height: 480)
    let loop: LinuxRunLoop
    let server: RemoteServer
    let log = LogLines()
    let password = "s3cret!x"
    private(set) var taps = 0
    let directory: String

    init(
        viewOnly: Bool = false, limiter: FailureLimiter = FailureLimiter(), clientTimeout: MonotonicDuration = .seconds(Int64(10)),
        idleTimeout: MonotonicDuration = .seconds(Int64(900)), tls: (certificate: String, key: String)? = nil
    ) throws {
        grid = ButtonGrid(count: 4, clock: SystemClock())
        grid.application.display = Display(framebuffer: framebuffer)
        grid.window.addSubview(field)
        var template = Array("/tmp/panelremote-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw Failure("mkdtemp") }
        directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let file = directory + "/password"
        try writeSecret(password, to: file, mode: 0o600)
        loop = try LinuxRunLoop(queueSignal: nil, clock: grid.application.clock)
        let configuration = RemoteConfiguration(
            port: 0, passwordFile: file, viewOnly: viewOnly, idleTimeout: idleTimeout, clientTimeout: clientTimeout,
            certificateFile: tls?.certificate, keyFile: tls?.key, failureLimiter: limiter)
        let sink = log
        server = try RemoteServer(
            configuration: configuration, application: grid.application, watcher: loop, logger: Logger(label: "test") { _ in CollectingHandler(sink: sink) })
        grid.buttons[0].addAction(.closure("tap") { [unowned self] _, _ in taps += 1 }, for: .touchUpInside)
        turn()
    }

    /// One turn of the app and the loop.
    func turn(_ milliseconds: Int64 = 5) {
        grid.application.runOnce()
        _ = loop.wait(until: grid.application.nextTimerDeadline, timeout: .milliseconds(milliseconds))
    }

    /// Turns the loop until `done` or `seconds` pass.
    func turn(until done: () -> Bool, seconds: Double = 10) {
        let end = SystemClock().now + .seconds(seconds)
        while !done() && SystemClock().now < end { turn() }
    }

    /// Runs `vncdo` (vncdotool) with `arguments` against the server while turning the loop;
    /// its exit status.
    func vncdo(_ arguments: [String], password: String? = nil) throws -> Int32 {
        guard let tool = ProcessInfoLite.environment("PANELKIT_VNCDO") else { throw Failure("PANELKIT_VNCDO is not set") }
        let argv = [tool, "-s", "127.0.0.1::\(server.port)", "-p", password ?? self.password] + arguments
        var pid: pid_t = 0
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        let status = posix_spawn(&pid, tool, nil, nil, cArgs, environ)
        guard status == 0 else { throw Failure("posix_spawn \(tool): \(status)") }
        var exit: Int32 = 0
        var finished = false
        let end = SystemClock().now + .seconds(Int64(60))
        while !finished && SystemClock().now < end {
            turn()
            if waitpid(pid, &exit, WNOHANG) == pid { finished = true }
        }
        if !finished {
            kill(pid, SIGKILL)
            waitpid(pid, &exit, 0)
            throw Failure("vncdo \(arguments) did not finish in 60 s")
        }
        // A few more turns: the server sees the viewer go.
        turn(until: { server.clientCount == 0 }, seconds: 5)
        return (exit >> 8) & 0xFF
    }

    deinit {
        MainActor.assumeIsolated { server.stop() }
        for name in ["password", "capture.png", "x.png", "cert.pem", "key.pem"] { unlink(directory + "/" + name) }
        rmdir(directory)
    }
}

/// A raw RFB viewer for what vncdotool cannot do quickly: many failed passwords, a connection
/// left open.
struct RawViewer {
    let fd: Int32

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var sa = sockaddr_in()
        sa.sin_family = sa_family_t(AF_INET)
        sa.sin_port = port.bigEndian
        sa.sin_addr.s_addr = inet_addr("127.0.0.1")
        let r = withUnsafePointer(to: &sa) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard r == 0 else { throw Failure("connect: \(errno)") }
        var flags = fcntl(fd, F_GETFL)
        flags |= O_NONBLOCK
        _ = fcntl(fd, F_SETFL, flags)
    }

    func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }

    /// Reads `count` bytes, turning `harness` while waiting; nil when the server closed first.
    @MainActor
    func read(_ count: Int, harness: RemoteHarness) -> [UInt8]? {
        var out: [UInt8] = []
        let end = SystemClock().now + .seconds(Int64(5))
        while out.count < count && SystemClock().now < end {
            var chunk = [UInt8](repeating: 0, count: count - out.count)
            let n = recv(fd, &chunk, chunk.count, 0)
            if n > 0 { out += chunk[0 ..< n] } else if n == 0 { return nil } else { harness.turn() }
        }
        return out.count == count ? out : nil
    }

    /// Version and security handshake up to the VNC authentication challenge.
    @MainActor
    func challenge(harness: RemoteHarness) -> [UInt8]? {
        guard read(12, harness: harness) != nil else { return nil }
        send(Array("RFB 003.008\n".utf8))
        guard let count = read(1, harness: harness)?.first, count > 0, let types = read(Int(count), harness: harness), types.contains(2) else {
            return nil
        }
        send([2])
        return read(16, harness: harness)
    }

    /// Answers the challenge with `password`; whether the server said OK.
    @MainActor
    func authenticate(_ password: String, harness: RemoteHarness) -> Bool {
        guard var bytes = challenge(harness: harness) else { return false }
        var key = Array(password.utf8CString)
        bytes.withUnsafeMutableBufferPointer { b in key.withUnsafeMutableBufferPointer { rfbEncryptBytes(b.baseAddress, $0.baseAddress) } }
        send(bytes)
        return read(4, harness: harness) == [0, 0, 0, 0]
    }

    func close() { Glibc.close(fd) }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ text: String) { description = text }
}

enum ProcessInfoLite {
    static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}

func writeSecret(_ text: String, to path: String, mode: mode_t) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
    guard fd >= 0 else { throw Failure("open \(path): \(errno)") }
    _ = text.withCString { write(fd, $0, strlen($0)) }
    fchmod(fd, mode)
    close(fd)
}
#endif
