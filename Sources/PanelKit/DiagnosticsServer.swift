#if os(Linux)
import PanelBoards
import PanelCore
public import PanelLinux
import PanelMetrics
public import PanelPlatform
public import PanelUI

/// The running app's diagnostics on a Unix socket (mode 0660: the service's user and group),
/// for `panelctl status` and `panelctl screenshot --running`: `GET /status` is a JSON object of
/// the app's health, `GET /screenshot.png` what the panel shows. Read-only: nothing on it
/// reaches the UI's input, so nothing over it can press a button. Speaks HTTP/1.1 over the
/// socket (`curl --unix-socket PATH http://panel/status` works too).
@MainActor
public final class DiagnosticsServer {
    /// Where the socket is when the unit gives the service a runtime directory
    /// (`RuntimeDirectory=panelkit`), and where panelctl looks by default.
    public static let defaultPath = "/run/panelkit/diagnostics.sock"

    /// The endpoint on the Unix socket that answers `/status` and `/screenshot.png`.
    public let endpoint: HTTPEndpoint
    private let application: Application
    private let platform: (any Platform)?
    private let board: String
    private let version: String?
    private let started: MonotonicInstant

    /// Listens at `path`; `version` is the app's release (the unit's `PANELKIT_APP_VERSION`).
    /// - Throws: `HTTPEndpointError/socketPath(_:errno:)` when the socket cannot be made.
    public init(
        path: String, board: String, version: String? = nil, application: Application, platform: (any Platform)?, watcher: any DescriptorWatching
    ) throws(HTTPEndpointError) {
        self.application = application
        self.platform = platform
        self.board = board
        self.version = version
        started = SystemClock().now
        weak var server: DiagnosticsServer?
        endpoint = try HTTPEndpoint(runLoop: watcher, socketPath: path) { path in server?.answer(path) }
        server = self
    }

    func answer(_ path: String) -> HTTPEndpoint.Response? {
        switch path {
        case "/status":
            return HTTPEndpoint.Response(status: 200, contentType: "application/json", body: Array(statusJSON().utf8))
        case "/screenshot.png":
            guard let framebuffer = application.display?.framebuffer else {
                return HTTPEndpoint.Response(status: 503, body: Array("no display\n".utf8))
            }
            do {
                return HTTPEndpoint.Response(status: 200, contentType: "image/png", body: try framebuffer.screenshotPNG())
            } catch {
                return HTTPEndpoint.Response(status: 500, body: Array("\(error)\n".utf8))
            }
        default:
            return nil
        }
    }

    /// The app's health as one JSON object.
    func statusJSON() -> String {
        let s = PanelMetrics.Sample(application: application, platform: platform, started: started)
        var identification: [JSONValue] = []
        for line in platform?.identification ?? [] { identification.append(.string(line)) }
        var object: [(key: String, value: JSONValue)] = [("board", .string(board))]
        if let version { object.append(("version", .string(version))) }
        object += [
            ("uptime_seconds", .number(String(Int(s.uptimeSeconds)))),
            ("touch_controller_up", .bool(s.controllerUp)),
            ("touch_reports", JSONValue.int(s.reports)),
            ("touch_errors", JSONValue.int(s.errors)),
            ("touch_failed_recoveries", JSONValue.int(s.failedRecoveries)),
            ("touches", JSONValue.int(s.touchDowns)),
            ("touch_actions", JSONValue.int(s.touchActions)),
            ("frames", JSONValue.int(s.frames)),
            ("touch_frames_lost", JSONValue.int(s.framesLost)),
            ("screen", .string("\(application.screenState)")),
            ("identification", .array(identification)),
        ]
        return JSONValue.object(object).serialized + "\n"
    }

    /// Stops listening and removes the socket.
    public func stop() { endpoint.stop() }
}
#endif
