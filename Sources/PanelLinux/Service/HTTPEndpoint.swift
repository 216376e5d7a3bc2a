#if os(Linux)
import CPanelLinux
import Glibc
import PanelCore
public import PanelPlatform

/// Why an HTTP endpoint cannot listen.
public enum HTTPEndpointError: Error, Hashable, Sendable, CustomStringConvertible {
    case addressInUse(host: String, port: UInt16)
    case badAddress(String)
    /// The Unix socket's path cannot be bound (its directory is missing or not writable).
    case socketPath(String, errno: Int32)
    case systemCallFailed(call: String, errno: Int32)

    public var description: String {
        switch self {
        case .addressInUse(let host, let port):
            "\(host):\(port) is in use (another exporter, or a second instance): choose another port; the app runs on without this endpoint"
        case .badAddress(let host): "\"\(host)\" is not an IPv4 address: write one such as 127.0.0.1 (loopback, the default) or 0.0.0.0 (every interface)"
        case .socketPath(let path, let e):
            "cannot make the socket \(path) (\(String(cString: strerror(e)))): its directory must exist and be writable (RuntimeDirectory= in the unit)"
        case .systemCallFailed(let call, let e): "\(call) failed: \(String(cString: strerror(e)))"
        }
    }
}

/// A read-only HTTP/1.1 endpoint on the UI run loop, on TCP (the metrics scrape) or a Unix
/// socket (the diagnostics `panelctl status` reads): each connection
/// sends one request, gets one response and is closed. GET and HEAD only; a malformed
/// request, one over 8 KiB, or one that takes longer than 5 s to arrive gets an error status
/// and a closed connection, and the app goes on. At most 8 connections are open at once.
/// Nothing runs between requests: the listening socket sits in the run loop's epoll.
@MainActor
public final class HTTPEndpoint {
    /// What a request gets.
    public struct Response: Sendable {
        public var status: Int
        public var contentType: String
        public var body: [UInt8]
        public init(status: Int, contentType: String = "text/plain; charset=utf-8", body: [UInt8]) {
            self.status = status
            self.contentType = contentType
            self.body = body
        }
    }

    /// Where it listens: an IPv4 address and port, or a Unix socket's path (port 0).
    public let host: String
    public let port: UInt16
    /// The Unix socket's path (nil: TCP).
    public let socketPath: String?
    /// Requests answered, and those refused as malformed.
    public private(set) var answered = 0
    public private(set) var refused = 0
    private let fd: Int32
    private weak var runLoop: (any DescriptorWatching)?
    private var watching = false
    private var connections: [Int32: (buffer: [UInt8], since: MonotonicInstant)] = [:]
    private let respond: @MainActor (_ path: String) -> Response?

    static let maximumRequest = 8192
    static let maximumConnections = 8

    /// Listens on `host`:`port` (port 0: any free one, see ``port``); `respond` answers a GET
    /// of a path (nil: 404).
    /// - Throws: ``HTTPEndpointError``: the port is in use, the address is not IPv4.
    public init(runLoop: any DescriptorWatching, host: String = "127.0.0.1", port: UInt16, respond: @escaping @MainActor (_ path: String) -> Response?)
        throws(HTTPEndpointError)
    {
        let fd: Int32
        switch Syscall.listen(host: host, port: port, backlog: 16) {
        case .success(let listening): fd = listening
        case .failure(let e):
            switch e.rawValue {
            case EADDRINUSE: throw .addressInUse(host: host, port: port)
            case EINVAL, EADDRNOTAVAIL: throw .badAddress(host)
            default: throw .systemCallFailed(call: "listen on \(host):\(port)", errno: e.rawValue)
            }
        }
        self.fd = fd
        self.host = host
        self.port = UInt16(clamping: Syscall.boundPort(fd))
        socketPath = nil
        self.runLoop = runLoop
        self.respond = respond
        try watch()
    }

    /// Listens on a Unix socket at `path`, its mode `mode` (0660 by default: the service's user
    /// and group), replacing a stale one; `respond` answers a GET of a path (nil: 404).
    /// - Throws: ``HTTPEndpointError/socketPath(_:errno:)``.
    public init(runLoop: any DescriptorWatching, socketPath path: String, mode: UInt32 = 0o660, respond: @escaping @MainActor (_ path: String) -> Response?)
        throws(HTTPEndpointError)
    {
        let fd: Int32
        switch Syscall.listen(socketPath: path, mode: mode, backlog: 8) {
        case .success(let listening): fd = listening
        case .failure(let e): throw .socketPath(path, errno: e.rawValue)
        }
        self.fd = fd
        host = path
        port = 0
        socketPath = path
        self.runLoop = runLoop
        self.respond = respond
        try watch()
    }

    private func watch() throws(HTTPEndpointError) {
        guard let runLoop else { return }
        // On failure the object is released and its deinit closes the socket.
        do {
            try runLoop.watch(fd) { [weak self] _ in self?.acceptAll() }
            watching = true
        } catch {
            throw .systemCallFailed(call: "epoll_ctl", errno: EINVAL)
        }
    }

    /// Stops listening and closes every connection.
    public func stop() {
        for connection in Array(connections.keys) { finish(connection) }
        if watching { runLoop?.stopWatching(fd) }
        watching = false
    }

    isolated deinit {
        stop()
        Syscall.close(fd)
        if let socketPath { Syscall.unlink(socketPath) }
    }

    private func acceptAll() {
        let now = SystemClock().now
        // Connections that never finished their request in 5 s make room.
        for (connection, state) in connections where now - state.since > .milliseconds(5_000) {
            reply(connection, Response(status: 408, body: Array("request timeout\n".utf8)))
        }
        while true {
            guard case .success(let connection) = Syscall.accept(fd) else { return }
            guard connections.count < Self.maximumConnections, let runLoop,
                (try? runLoop.watch(connection, handler: { [weak self] fd in self?.read(fd) })) != nil
            else {
                Syscall.close(connection)
                continue
            }
            connections[connection] = ([], now)
        }
    }

    private func read(_ connection: Int32) {
        guard var state = connections[connection] else { return }
        var chunk = [UInt8](repeating: 0, count: 2048)
        let n: Int
        switch chunk.withUnsafeMutableBytes({ Syscall.read(connection, into: $0) }) {
        case .failure(let e) where e.rawValue == EAGAIN: return
        case .failure, .success(0):
            finish(connection)
            return
        case .success(let count): n = count
        }
        state.buffer += chunk[0 ..< n]
        connections[connection] = state
        if let end = Self.endOfHeaders(state.buffer) {
            reply(connection, answer(Array(state.buffer[0 ..< end])))
        } else if state.buffer.count > Self.maximumRequest {
            refused += 1
            reply(connection, Response(status: 431, body: Array("request too large\n".utf8)))
        }
    }

    /// The response to a request's head (the bytes up to the blank line).
    func answer(_ head: [UInt8]) -> Response {
        switch HTTPRequestLine.parse(head) {
        case .failure(let problem):
            refused += 1
            return Response(status: problem == .method ? 405 : 400, body: Array("\(problem)\n".utf8))
        case .success(let request):
            answered += 1
            var response = respond(request.path) ?? Response(status: 404, body: Array("not found: try /metrics\n".utf8))
            if request.isHead { response.body = [] }
            return response
        }
    }

    /// Where a request's or response's head ends (just past its blank line), or nil.
    nonisolated static func endOfHeaders(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0 ... bytes.count - 4 where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 { return i + 4 }
        return nil
    }

    private func reply(_ connection: Int32, _ response: Response) {
        let reason =
            switch response.status {
            case 200: "OK"
            case 400: "Bad Request"
            case 404: "Not Found"
            case 405: "Method Not Allowed"
            case 408: "Request Timeout"
            case 431: "Request Header Fields Too Large"
            default: "Error"
            }
        var bytes = Array(
            "HTTP/1.1 \(response.status) \(reason)\r\nContent-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
                .utf8)
        bytes += response.body
        var sent = 0
        while sent < bytes.count {
            // A client that does not read is dropped.
            guard case .success(let n) = bytes[sent...].withUnsafeBytes({ Syscall.send(connection, $0) }), n > 0 else { break }
            sent += n
        }
        finish(connection)
    }

    private func finish(_ connection: Int32) {
        if connections.removeValue(forKey: connection) != nil { runLoop?.stopWatching(connection) }
        Syscall.close(connection)
    }
}

/// An HTTP/1.x request line, checked: the method, the path, the version.
struct HTTPRequestLine: Hashable {
    enum Problem: Error, Hashable, CustomStringConvertible {
        case malformed, method, version, path
        var description: String {
            switch self {
            case .malformed: "malformed request line: expected \"GET /metrics HTTP/1.1\""
            case .method: "only GET and HEAD are served"
            case .version: "only HTTP/1.0 and HTTP/1.1 are served"
            case .path: "the path must start with / and hold printable ASCII only"
            }
        }
    }
    var isHead: Bool
    var path: String

    /// Parses the first line of `head` (the request's bytes up to the blank line).
    static func parse(_ head: [UInt8]) -> Result<HTTPRequestLine, Problem> {
        guard let lineEnd = head.firstIndex(of: 13), lineEnd + 1 < head.count, head[lineEnd + 1] == 10 else { return .failure(.malformed) }
        let fields = head[0 ..< lineEnd].split(separator: 32, omittingEmptySubsequences: false)
        guard fields.count == 3 else { return .failure(.malformed) }
        let method = String(decoding: fields[0], as: UTF8.self)
        guard method == "GET" || method == "HEAD" else { return .failure(method.allSatisfy { $0.isUppercase } && !method.isEmpty ? .method : .malformed) }
        let version = String(decoding: fields[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { return .failure(.version) }
        let pathBytes = fields[1]
        guard pathBytes.first == 47, pathBytes.allSatisfy({ $0 > 32 && $0 < 127 }) else { return .failure(.path) }
        var path = String(decoding: pathBytes, as: UTF8.self)
        if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
        return .success(HTTPRequestLine(isHead: method == "HEAD", path: path))
    }
}
#endif
