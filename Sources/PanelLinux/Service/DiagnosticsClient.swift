#if os(Linux)
import CPanelLinux
import Glibc

/// Reads a running app's diagnostics socket (``HTTPEndpoint`` on a Unix socket): one GET, the
/// status and the body back. For `panelctl status` and `panelctl screenshot --running`.
public enum DiagnosticsClient {
    /// Why the socket could not be read.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case noApp(path: String, errno: Int32)
        case malformedResponse(path: String)
        /// The app accepted the connection but did not answer in time.
        case noAnswer(path: String, seconds: Int)

        public var description: String {
            switch self {
            case .noApp(let path, let e) where e == EACCES:
                "\(path): permission denied: join the panelkit group (sudo usermod -aG panelkit $USER, then log in again)"
            case .noApp(let path, let e):
                "no running app answers at \(path) (\(String(cString: strerror(e)))): is the kiosk running? (systemctl status panelkit-kiosk; or give --socket)"
            case .malformedResponse(let path): "\(path) answered something that is not an HTTP response"
            case .noAnswer(let path, let seconds):
                "\(path) did not answer within \(seconds) s: the app's UI thread may be hung (the watchdog restarts it; journalctl -u panelkit-kiosk)"
            }
        }
    }

    /// GETs `target` ("/status") from the socket at `path`; the status code and the body.
    /// - Throws: ``Failure``.
    public static func get(_ target: String, from path: String, timeoutSeconds: Int = 5) throws(Failure) -> (status: Int, body: [UInt8]) {
        let fd: Int32
        switch Syscall.connect(socketPath: path) {
        case .success(let connected): fd = connected
        case .failure(let e): throw .noApp(path: path, errno: e.rawValue)
        }
        defer { Syscall.close(fd) }
        // The app answers from its UI thread: a hung one must not hang panelctl too.
        Syscall.setTimeout(fd, milliseconds: Int32(clamping: timeoutSeconds * 1000))
        var request = "GET \(target) HTTP/1.1\r\nHost: panel\r\n\r\n"
        _ = request.withUTF8 { Syscall.send(fd, UnsafeRawBufferPointer($0)) }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while response.count < 64 << 20 {
            let received = chunk.withUnsafeMutableBytes { Syscall.recv(fd, into: $0) }
            switch received {
            case .failure(let e) where e.rawValue == EAGAIN || e.rawValue == EWOULDBLOCK: throw .noAnswer(path: path, seconds: timeoutSeconds)
            case .failure, .success(0): break
            case .success(let n):
                response += chunk[0 ..< n]
                continue
            }
            break
        }
        guard
            let bodyStart = HTTPEndpoint.endOfHeaders(response),
            response.count >= 12, response.starts(with: Array("HTTP/1.".utf8)),
            let status = Int(String(decoding: response[9 ..< 12], as: UTF8.self))
        else { throw .malformedResponse(path: path) }
        return (status, Array(response[bodyStart...]))
    }
}
#endif
