public import CoreMetrics
public import PanelBoards
public import PanelControllers
public import PanelCore
public import PanelLocale
public import PanelPlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a PanelKit app runs on: the board and, per kind of board, how long and where to.
///
/// The app names its board in code; a deployed unit overrides it with `PANELKIT_BOARD`, and the
/// command line overrides both with `--board`:
///
/// | option | meaning |
/// |---|---|
/// | `--board NAME\|PATH` | a built-in board (`mock`, `raspberrypi-gt911-7inch`, …), one in the board search path, or a board file |
/// | `--output DIR` | mock boards: where the session's PNG screenshots go |
/// | `--duration SECONDS` | real boards: stop after this long (default: until SIGINT/SIGTERM) |
/// | `--realtime-priority 1-99` | real boards: SCHED_FIFO priority of the input thread |
/// | `--config-dir DIR` | where calibration overrides are read (default `~/.config/panelkit`) |
/// | `--exit-after-first-frame` | bring the board up, present the first frame, exit 0 (a smoke test; start-up time) |
/// | `--simulator` | run in a desktop window (SDL2): the mouse is a finger, keys are buttons (a build with the `Simulator` trait) |
/// | `--headless` | run on a memory framebuffer and the board's controller emulated on the mock bus (the default for mock boards) |
/// | `--scale 1\|2` | the simulator window's pixels per UI point (default: 2 for panels no larger than 480, else 1) |
/// | `--diagnostics-socket PATH` | real boards: serve `panelctl status` and `panelctl screenshot --running` on this Unix socket (default: `$RUNTIME_DIRECTORY/diagnostics.sock` under a unit with `RuntimeDirectory=`, else none; `PANELKIT_DIAGNOSTICS_SOCKET` too) |
/// | `--metrics [HOST:]PORT` | real boards: serve Prometheus metrics at `http://HOST:PORT/metrics` (HOST defaults to 127.0.0.1; off by default; `PANELKIT_METRICS` too) |
/// | `--remote [HOST:]PORT` | real boards: remote support, the screen over VNC (HOST defaults to 127.0.0.1; off by default; a build with the `Remote` trait; `PANELKIT_REMOTE` too) |
/// | `--remote-password-file PATH` | the VNC password's file, mode 0600 (`PANELKIT_REMOTE_PASSWORD_FILE` too) |
/// | `--remote-view-only` | viewers watch and cannot operate (`PANELKIT_REMOTE_VIEW_ONLY=1` too) |
/// | `--remote-certificate PATH`, `--remote-key PATH` | TLS for viewers over a WebSocket (noVNC); required off loopback |
public struct PanelAppOptions: Sendable, Equatable {
    /// Where the metrics endpoint listens.
    public struct MetricsAddress: Sendable, Hashable, CustomStringConvertible {
        /// The address to listen on (`127.0.0.1` keeps the endpoint on the panel).
        public var host: String
        /// The TCP port.
        public var port: UInt16
        /// An endpoint on `host`:`port`.
        public init(host: String = "127.0.0.1", port: UInt16) {
            self.host = host
            self.port = port
        }
        /// "9464" or "127.0.0.1:9464"; nil for anything else.
        public init?(parsing text: String) {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2, let port = UInt16(parts.last ?? ""), port > 0 else { return nil }
            let host = parts.count == 2 ? String(parts[0]) : "127.0.0.1"
            let octets = host.split(separator: ".", omittingEmptySubsequences: false)
            guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else { return nil }
            self.init(host: host, port: port)
        }
        /// `host:port`.
        public var description: String { "\(host):\(port)" }
    }

    /// The board: a name or a path to a board file.
    public var board: String
    /// Mock boards: where screenshots are written (nil: none are written).
    public var output: String?
    /// Real boards: stop after this many seconds (nil: run until SIGINT/SIGTERM).
    public var duration: Double?
    /// Real boards: the input thread's SCHED_FIFO priority (nil: the default scheduler).
    public var realtimePriority: Int32?
    /// Where calibration overrides are read (nil: `PANELKIT_CONFIG_DIR`, else `~/.config/panelkit`).
    public var configDirectory: String?
    /// Present the first frame and stop (no session, no run loop).
    public var exitAfterFirstFrame = false
    /// Start with the screen reader on, whatever the board says (`--screen-reader`).
    public var screenReader = false
    /// Audit the screens of the headless session for accessibility (`--a11y-audit`): each
    /// screenshot's moment, the start and the end; any finding fails the run.
    public var accessibilityAudit = false
    /// The text size in percent, 100–200, whatever the board says (`--text-size`); nil: the
    /// board's `accessibility.text-size`.
    public var textSize: Int?
    /// Light, dark or dark by the clock, whatever the board says (`--appearance`); nil: the
    /// board's `appearance.style`.
    public var appearance: Board.Appearance.Style?
    /// Start in high contrast, whatever the board says (`--high-contrast`).
    public var highContrast = false
    /// The language to show the app in, whatever the board and the environment say
    /// (`--language`); nil: the board's `language`, else the environment's.
    public var language: Language?
    /// The backend (`--headless`, `--simulator`; nil: headless for a mock board, linux for a
    /// real one). A factory given to ``PanelRuntime`` or ``PanelApp`` goes before it.
    public var platform: PlatformFactory?
    /// The simulator window's scale, 1 or 2 (nil: by the panel's size).
    public var scale: Int?
    /// Font files for the app's text, first choice first; nil: the board's `fonts` (and with
    /// none there, the built-in bitmap font). Checked at start-up: a missing or broken file
    /// stops the app with an error naming it.
    public var fonts: [String]?
    /// Real boards: where Prometheus metrics are served (nil, the default: nowhere).
    public var metrics: MetricsAddress?
    /// Real boards: the diagnostics socket's path (nil: none).
    public var diagnosticsSocket: String?
    /// Real boards: where remote support (VNC) listens (nil, the default: it is off).
    public var remote: MetricsAddress?
    /// Remote support: the password's file.
    public var remotePasswordFile: String?
    /// Remote support: viewers watch only.
    public var remoteViewOnly = false
    /// Remote support: the TLS certificate and key (PEM), for viewers off loopback.
    public var remoteCertificate: String?
    /// Remote support: the TLS certificate's key.
    public var remoteKey: String?
    /// The app's release, as its package's unit gives it (`PANELKIT_APP_VERSION`): reported in
    /// the start-up line, `panelctl status` and the metrics' `panelkit_build_info`.
    public var appVersion: String?
    /// Real boards: a swift-metrics backend the app bootstrapped (swift-otel's, say) to which
    /// the panel's metrics are pushed on an interval (``MetricsPublisher``); nil, the default:
    /// none. Independent of ``metrics``, the Prometheus endpoint.
    public var metricsBackend: MetricsBackend?
    /// The touch controllers the board's `touch.compatible` may name: PanelKit's own by
    /// default; an app with a controller of its own adds it (`TouchControllerRegistry.adding(_:)`).
    public var controllers: TouchControllerRegistry = .standard

    /// A swift-metrics factory and how often to push to it.
    public struct MetricsBackend: Sendable, Equatable {
        /// The swift-metrics factory the runtime publishes through.
        public var factory: any MetricsFactory
        /// How often the runtime publishes, from its UI loop.
        public var interval: MonotonicDuration
        /// Pushes to `factory` every `interval` (default 15 s).
        public init(factory: any MetricsFactory, interval: MonotonicDuration = .milliseconds(15_000)) {
            self.factory = factory
            self.interval = interval
        }
        /// The same kind of factory and the same interval.
        public static func == (a: MetricsBackend, b: MetricsBackend) -> Bool {
            a.interval == b.interval && ObjectIdentifier(type(of: a.factory)) == ObjectIdentifier(type(of: b.factory))
        }
    }

    /// A backend that publishes through `factory` every `interval`.
    public init(
        board: String = "mock", output: String? = nil, duration: Double? = nil,
        realtimePriority: Int32? = nil, configDirectory: String? = nil
    ) {
        self.board = board
        self.output = output
        self.duration = duration
        self.realtimePriority = realtimePriority
        self.configDirectory = configDirectory
    }

    /// The usage text `--help` prints.
    public static let usage = """
        options:
          --board NAME|PATH         the board (default: the app's; PANELKIT_BOARD overrides the app, --board both)
          --output DIR              mock boards: where screenshots are written
          --duration SECONDS        real boards: stop after this long (default: until Ctrl-C or SIGTERM)
          --realtime-priority N     real boards: SCHED_FIFO priority 1-99 for the input thread
          --config-dir DIR          where calibration overrides are read
          --exit-after-first-frame  present the first frame and exit 0 (smoke test, start-up time)
          --screen-reader           start with the screen reader on (mock boards: what it says is printed)
          --a11y-audit              mock boards: audit each screen of the session for accessibility; exit 1 on a finding
          --text-size PERCENT       the text size, 100-200 (default: the board's accessibility.text-size, else 100)
          --appearance STYLE        light, dark, off-hours or dark hours "19:00-07:00" (default: the board's appearance.style)
          --high-contrast           start in high contrast (default: the board's appearance.contrast)
          --language TAG            the language, e.g. de or zh_CN (default: the board's language, else PANELKIT_LANGUAGE, LANGUAGE, LANG)
          --simulator               run in a desktop window: mouse = finger, Alt-drag = pinch, keys = buttons
          --headless                run on a memory framebuffer and an emulated controller (mock boards' default)
          --scale 1|2               the simulator window's pixels per point (default: 2 for small panels)
          --metrics [HOST:]PORT     real boards: Prometheus metrics at http://HOST:PORT/metrics (HOST: 127.0.0.1; off by default)
          --diagnostics-socket PATH real boards: panelctl status and screenshot --running read it (default under systemd:
                                    $RUNTIME_DIRECTORY/diagnostics.sock)
          --remote [HOST:]PORT      real boards: remote support over VNC (HOST: 127.0.0.1; off by default; Remote trait)
          --remote-password-file PATH  its password, first line of a mode-0600 file
          --remote-view-only        viewers watch and cannot operate
          --remote-certificate PATH, --remote-key PATH  TLS (WebSocket viewers); required off loopback
          --help                    this text
        """

    /// These options with `PANELKIT_BOARD` from `environment` and then the command line
    /// applied. `arguments` excludes the program name.
    /// - Throws: `PanelKitError` (kind `.arguments`) for an unknown option, a missing value or
    ///   a value out of range; `nil` is returned for `--help`.
    public func applying(arguments: [String], environment: (String) -> String? = PanelAppOptions.processEnvironment) throws(PanelKitError) -> PanelAppOptions? {
        var options = self
        if let board = environment("PANELKIT_BOARD"), !board.isEmpty { options.board = board }
        if let directory = environment("RUNTIME_DIRECTORY"), !directory.isEmpty {
            // systemd's RuntimeDirectory= (the first one, when it names several).
            options.diagnosticsSocket = "\(directory.split(separator: ":").first.map(String.init) ?? directory)/diagnostics.sock"
        }
        if let socket = environment("PANELKIT_DIAGNOSTICS_SOCKET"), !socket.isEmpty { options.diagnosticsSocket = socket }
        if let version = environment("PANELKIT_APP_VERSION"), !version.isEmpty { options.appVersion = version }
        if let metrics = environment("PANELKIT_METRICS"), !metrics.isEmpty {
            guard let address = MetricsAddress(parsing: metrics) else {
                throw PanelKitError(.arguments, "PANELKIT_METRICS=\(metrics): give a port (9464) or an IPv4 address and port (127.0.0.1:9464)")
            }
            options.metrics = address
        }
        if let remote = environment("PANELKIT_REMOTE"), !remote.isEmpty {
            guard let address = MetricsAddress(parsing: remote) else {
                throw PanelKitError(.arguments, "PANELKIT_REMOTE=\(remote): give a port (5900) or an IPv4 address and port (127.0.0.1:5900)")
            }
            options.remote = address
        }
        if let file = environment("PANELKIT_REMOTE_PASSWORD_FILE"), !file.isEmpty { options.remotePasswordFile = file }
        if environment("PANELKIT_REMOTE_VIEW_ONLY") == "1" { options.remoteViewOnly = true }
        if let file = environment("PANELKIT_REMOTE_CERTIFICATE"), !file.isEmpty { options.remoteCertificate = file }
        if let file = environment("PANELKIT_REMOTE_KEY"), !file.isEmpty { options.remoteKey = file }
        var index = 0
        func value(_ name: String, inline: String?) throws(PanelKitError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw PanelKitError(.arguments, "\(name) needs a value (see --help)")
            }
            return arguments[index]
        }
        /// The option's value as a whole number in `range`; else an arguments error saying `what`.
        func integer(_ name: String, inline: String?, in range: ClosedRange<Int>, _ what: String) throws(PanelKitError) -> Int {
            let text = try value(name, inline: inline)
            guard let number = Int(text), range.contains(number) else {
                throw PanelKitError(.arguments, "\(name) \(text): give \(what), from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
        while index < arguments.count {
            let argument = arguments[index]
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            switch name {
            case "--help", "-h":
                return nil
            case "--board":
                options.board = try value(name, inline: inline)
                if options.board.isEmpty { throw PanelKitError(.arguments, "--board needs a board name or a path to a board file") }
            case "--output":
                options.output = try value(name, inline: inline)
            case "--duration":
                let text = try value(name, inline: inline)
                guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 31_536_000 else {
                    throw PanelKitError(.arguments, "--duration \(text): give a number of seconds between 0 and 31536000 (a year)")
                }
                options.duration = seconds
            case "--realtime-priority":
                options.realtimePriority = Int32(try integer(name, inline: inline, in: 1 ... 99, "a SCHED_FIFO priority"))
            case "--config-dir":
                options.configDirectory = try value(name, inline: inline)
            case "--exit-after-first-frame" where inline == nil:
                options.exitAfterFirstFrame = true
            case "--screen-reader" where inline == nil:
                options.screenReader = true
            case "--a11y-audit" where inline == nil:
                options.accessibilityAudit = true
            case "--text-size":
                options.textSize = try integer(name, inline: inline, in: 100 ... 200, "a text size in percent")
            case "--appearance":
                let text = try value(name, inline: inline)
                guard let style = Board.Appearance.Style(parsing: text) else {
                    throw PanelKitError(
                        .arguments, "--appearance \(text) is not a style: write light, dark, off-hours, or the dark hours as \"19:00-07:00\"")
                }
                options.appearance = style
            case "--high-contrast" where inline == nil:
                options.highContrast = true
            case "--language":
                let text = try value(name, inline: inline)
                guard let language = Language(parsing: text) else {
                    throw PanelKitError(.arguments, "--language \(text) is not a language: write a code, with a region if it matters (de, de_AT, zh_CN, ar)")
                }
                options.language = language
            case "--simulator" where inline == nil, "--headless" where inline == nil:
                let kind: PlatformFactory = name == "--simulator" ? .simulator : .builtInHeadless
                if let chosen = options.platform, chosen != kind {
                    throw PanelKitError(.arguments, "--simulator and --headless exclude each other: choose one")
                }
                options.platform = kind
            case "--scale":
                let text = try value(name, inline: inline)
                guard let scale = Int(text), scale == 1 || scale == 2 else {
                    throw PanelKitError(
                        .arguments, "--scale \(text): give 1 or 2 (window pixels per UI point; a window too big for the desktop is scaled down to fit)")
                }
                options.scale = scale
            case "--diagnostics-socket":
                options.diagnosticsSocket = try value(name, inline: inline)
            case "--metrics":
                let text = try value(name, inline: inline)
                guard let address = MetricsAddress(parsing: text) else {
                    throw PanelKitError(.arguments, "--metrics \(text): give a port (9464) or an IPv4 address and port (127.0.0.1:9464)")
                }
                options.metrics = address
            case "--remote":
                let text = try value(name, inline: inline)
                guard let address = MetricsAddress(parsing: text) else {
                    throw PanelKitError(.arguments, "--remote \(text): give a port (5900) or an IPv4 address and port (127.0.0.1:5900)")
                }
                options.remote = address
            case "--remote-password-file":
                options.remotePasswordFile = try value(name, inline: inline)
            case "--remote-view-only" where inline == nil:
                options.remoteViewOnly = true
            case "--remote-certificate":
                options.remoteCertificate = try value(name, inline: inline)
            case "--remote-key":
                options.remoteKey = try value(name, inline: inline)
            default:
                throw PanelKitError(
                    .arguments,
                    "unknown option \(argument); the options are --board, --output, --duration, --realtime-priority, --config-dir, --exit-after-first-frame, --simulator, --headless, --scale, --metrics, --diagnostics-socket, --remote (and its --remote-password-file, --remote-view-only, --remote-certificate, --remote-key) and --help"
                )
            }
            index += 1
        }
        return options
    }

    /// Reads the process environment.
    public static func processEnvironment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
