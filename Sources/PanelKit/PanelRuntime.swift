public import Logging
public import PanelBoards
import PanelControllers
public import PanelCore
public import PanelGraphics
public import PanelLinuxPlatform
public import PanelPlatform
public import PanelUI

#if os(Linux)
import Glibc
import PanelLinux
#endif

/// A board brought up for an app: the application, its one full-screen window and the
/// platform it runs on, chosen from the board and the command line.
///
/// - **headless** (a mock board's default, or `--headless`): the board's controller emulated on
///   the mock bus through the real driver, tracker and queue, in virtual time, and a memory
///   framebuffer. ``run(session:)`` plays a ``ScriptedSession`` and writes PNG screenshots.
/// - **linux** (a real board's default): the I2C driver on its bus and GPIO lines (or the evdev
///   device) on an input thread, the Linux framebuffer, and the epoll run loop until SIGINT or
///   SIGTERM, after which every touch is cancelled, the input thread joined and the call returns.
/// - **simulator** (`--simulator`, in a build with the `Simulator` trait): the board's screen in
///   a desktop window; the mouse is a finger, keys are buttons; until the window closes.
///
/// ``PanelApp/main(board:session:platform:speech:translations:rootViewController:)-(_,_,PlatformFactory?,_,_,_)`` is this in one call; tests and tools
/// (`panelctl demo`, `panelctl simulate`) use the runtime directly.
@MainActor
public final class PanelRuntime {
    /// The options in force (after `PANELKIT_BOARD` and the command line).
    public let options: PanelAppOptions
    /// The board, decoded and validated, with its calibration override applied.
    public let board: Board
    /// What the app runs on: display, input and the run loop's sleep.
    public let platform: any Platform
    /// The display's memory.
    public var framebuffer: any Framebuffer { platform.framebuffer }
    /// The application; its clock is the platform's.
    public let application: Application
    /// The one window, filling the display, key and visible.
    public let window: Window
    /// Whether the platform is the app's own (from a factory): its errors then name it.
    private let isAppPlatform: Bool
    /// What the runtime found wrong with the platform while it ran (a wait that overslept its
    /// deadline), once each: also in the log.
    public private(set) var platformProblems: [PanelKitError] = []
    /// What the input identified (chip, firmware, window): headless from the start, on the
    /// others once ``run(session:)`` has started the input.
    public var identification: [String] { platform.identification }
    /// Where the runtime reports what it found (the controller identified, the calibration
    /// loaded, endpoints), what went wrong and came back (the controller's faults and
    /// recoveries), the screen's changes and the stop counters (swift-log).
    public let logger: Logger

    /// Loads the board and builds the platform, application and window. Nothing runs yet.
    /// - Throws: `PanelKitError`: the board cannot be found (the known boards are listed) or
    ///   is invalid (file, line, column, key and fix), the emulated controller did not start, the
    ///   framebuffer device is missing or does not match the board file, no window can be opened.
    /// - Parameters:
    ///   - options: the board, output, session and service settings (``PanelAppOptions``).
    ///   - logger: where the runtime reports (``logger``); ``Logging/Logger/panelKit(label:level:)``
    ///     for journald or standard error, as ``PanelApp`` does. Default: nowhere.
    ///   - factory: makes the platform the app runs on, from the board, the options and the
    ///     logger: one of PanelKit's (``PlatformFactory/linux``, ``PlatformFactory/simulator``,
    ///     ``PlatformFactory/headless``) or a backend of the app's own (a Wayland shell, a VNC
    ///     framebuffer, an SPI display). Default nil: `options.platform` (`--headless`,
    ///     `--simulator`), else headless for a mock board and the Linux board otherwise.
    public init(options: PanelAppOptions, logger: Logger = .silent, platform factory: PlatformFactory? = nil) throws(PanelKitError) {
        self.options = options
        self.logger = logger
        let loader =
            options.configDirectory.map { BoardLoader(registry: options.controllers, calibrationDirectory: $0) } ?? BoardLoader(registry: options.controllers)
        let board: Board
        do { board = try loader.load(options.board) } catch { throw PanelKitError(.board, error) }
        self.board = board
        #if os(Linux)
        let override = loader.calibrationFile(for: board.name).flatMap { access($0, R_OK) == 0 ? $0 : nil }
        #else
        let override: String? = nil
        #endif
        if let override {
            logger.subsystem("touch").info("calibration loaded", metadata: ["file": "\(override)"])
        } else if board.touch.calibration != nil {
            logger.subsystem("touch").info("calibration from the board file", metadata: ["file": "\(board.path ?? board.name)"])
        }
        let context = PlatformContext(board: board, options: options, logger: logger)
        let factory = factory ?? options.platform ?? .standard(for: board)
        isAppPlatform = !factory.isBuiltIn
        platform = try PanelRuntime.checked(factory, context)
        (application, window) = PanelRuntime.makeApplication(
            board: board, framebuffer: platform.framebuffer, clock: platform.clock, eventQueue: platform.eventQueue)
        application.fontFamily = try PanelRuntime.loadFonts(options.fonts ?? board.fonts)
        // The built-in views' text styles are drawn in the board's fonts, which cover more
        // scripts than the built-in face.
        if let family = application.fontFamily { application.theme.textStyles = TextStyles(family: family) }
        // Off hours are kept on the platform's local clock; a headless session runs in virtual
        // time, where the wall clock means nothing (nil).
        application.localClock = platform.localClock
        application.idlePolicy = board.power.idlePolicy
        applyAppearance()
    }

    /// Light, dark or dark by the clock, and contrast: the options' choice, else the board's
    /// `appearance`. "off-hours" follows the board's `power.off-hours` (with none, the app stays
    /// light, as the board check says).
    private func applyAppearance() {
        switch options.appearance ?? board.appearance.style {
        case .light: application.userInterfaceStyle = .light
        case .dark: application.userInterfaceStyle = .dark
        case .offHours: application.darkSchedule = board.power.offHours
        case .scheduled(let schedule): application.darkSchedule = schedule
        }
        application.accessibilityContrast = options.highContrast || board.appearance.highContrast ? .high : .normal
    }

    /// The app's fonts (the options' list, else the board's) as one family, checked at start-up;
    /// nil for none (the built-in bitmap font).
    /// - Throws: `PanelKitError` of kind `.fonts`, naming the file that is missing or broken.
    static func loadFonts(_ paths: [String]) throws(PanelKitError) -> FontFamily? {
        guard !paths.isEmpty else { return nil }
        do {
            return try FontFamily(contentsOfFiles: paths)
        } catch {
            throw PanelKitError(.fonts, error)
        }
    }

    /// The platform, made and checked: an app's platform's errors name it, and a display of no
    /// pixels or not of the board's size is refused before the app draws into it.
    static func checked(_ factory: PlatformFactory, _ context: PlatformContext) throws(PanelKitError) -> any Platform {
        let platform: any Platform
        do {
            platform = try factory.makePlatform(context)
        } catch  where !factory.isBuiltIn {
            throw PanelKitError(error.kind, "the app's platform did not start: \(error.description)", underlying: error.underlying ?? error)
        }
        let framebuffer = platform.framebuffer.geometry
        let display = context.board.display
        guard framebuffer.width > 0, framebuffer.height > 0 else {
            throw PanelKitError(
                .display,
                "platform \(platform.name): its framebuffer is \(framebuffer.width)×\(framebuffer.height); a platform must give the app a display of at least one pixel (the board's size: \(display.width)×\(display.height))"
            )
        }
        guard framebuffer.width == display.width, framebuffer.height == display.height else {
            throw PanelKitError(
                .display,
                "platform \(platform.name): its framebuffer is \(framebuffer.width)×\(framebuffer.height), but \(context.board.name)'s display is \(display.width)×\(display.height); make the platform's display the board's size (context.board.display), or use a board file of the platform's"
            )
        }
        return platform
    }

    /// An application with one window filling the board's display (drawn through the board's
    /// rotation), key and visible.
    public static func makeApplication(
        board: Board, framebuffer: any Framebuffer, clock: any MonotonicClock, eventQueue: EventQueue? = nil
    ) -> (Application, Window) {
        let app = Application(clock: clock, eventQueue: eventQueue)
        app.display = Display(framebuffer: framebuffer, rotation: board.display.rotation)
        let window = Window(frame: Rect(origin: .zero, size: board.display.uiSize))
        app.addWindow(window)
        window.makeKeyAndVisible()
        return (app, window)
    }

    /// How long a headless session's end waits, after its last step, for animations to settle
    /// (an alert fading out, a screen sliding in) before its last screenshot and checks; an
    /// animation that never ends (a spinner) is cut off then.
    public static let settleLimit = MonotonicDuration.milliseconds(3_000)

    /// Runs the app: headless, the session (or, without one, the first frame and a screenshot
    /// of it); on a board or in the simulator, until SIGINT, SIGTERM, `--duration` or the
    /// window closing (a session is not played there: the fingers are real).
    /// - Returns: what a headless session did (otherwise: the input counters).
    /// - Throws: `PanelKitError`: a device failed to start, a screenshot could not be written,
    ///   or (kind `.session`) a session check failed or the input path lost a frame.
    @discardableResult
    public func run(session: ScriptedSession? = nil) throws(PanelKitError) -> SessionReport {
        if options.exitAfterFirstFrame {
            application.runOnce()
            if let error = application.lastRenderError { throw PanelKitError(.display, "the first frame could not be drawn", error) }
            var report = SessionReport()
            report.framesDrawn = application.display?.framesRendered ?? 0
            return report
        }
        if let player = platform as? any SessionPlayer { return try player.play(session, in: self) }
        return try runInteractive()
    }

    /// Gives the app its voice and switches the screen reader on when the board's
    /// `accessibility.screen-reader` or `--screen-reader` asks for it. On a mock board the
    /// voice is a `SpeechTranscript` (what the reader says is the session report's
    /// ``SessionReport/spoken``); elsewhere `speech` makes it from the board's `accessibility`
    /// settings. A voice that cannot start is logged once; the reader then shows its outline
    /// silently, and the app runs on.
    public func startAccessibility(speech factory: SpeechFactory?) {
        let wanted = board.accessibility
        application.textSize = Double(options.textSize ?? wanted.textSize) / 100
        let readerOn = options.screenReader || wanted.screenReader
        let log = logger.subsystem("speech")
        if platform is any SessionPlayer {
            application.speechOutput = SpeechTranscript()
        } else if let factory {
            let configuration = SpeechConfiguration(
                audioDevice: wanted.audioDevice, language: wanted.voice, settings: SpeechSettings(rate: wanted.rate, pitch: wanted.pitch, volume: wanted.volume)
            )
            do {
                application.speechOutput = try factory(configuration)
            } catch {
                log.error("\(error); the screen reader shows its outline without speaking")
            }
        } else if readerOn {
            log.warning(
                "the screen reader is on, but this app has no voice: add the PanelSpeech product and pass speech: { try ESpeakOutput(configuration: $0) } to PanelApp.main"
            )
        }
        if readerOn { application.isScreenReaderEnabled = true }
    }

    // MARK: - Boards and the simulator

    /// How late a platform's wait may return past the deadline it was given before the runtime
    /// says so: far beyond a slow frame or a loaded machine's scheduling.
    static let tolerableOversleep = MonotonicDuration.milliseconds(2_000)

    /// A wait that began at `started` with `deadline` and returned only now: the platform slept
    /// through the app's timer. Said once, as an error naming the platform.
    private func checkWake(started: MonotonicInstant?, deadline: MonotonicInstant?) {
        guard let started, let deadline, platformProblems.isEmpty else { return }
        let late = platform.clock.now - max(deadline, started)
        guard late > Self.tolerableOversleep else { return }
        let problem = PanelKitError(
            .system,
            "platform \(platform.name): its wait returned \(late) after the deadline it was given, so the app's timers, animations and idle policy run late; waitForEvents(until:) must return by the deadline (a poll or epoll timeout computed from it)"
        )
        platformProblems.append(problem)
        logger.error("\(problem)")
    }

    /// What `systemctl status` shows: the touch controller's health and the screen's state.
    func serviceStatus() -> String {
        var touch = "touch ok"
        let input = platform.inputStatistics
        if input.isControllerDown {
            touch = "touch controller not answering (\(input.errors) errors)"
        } else if input.errors > 0 {
            touch = "touch ok (\(input.errors) errors so far)"
        }
        return "\(board.name): \(touch), screen \(application.screenState)"
    }

    private func runInteractive() throws(PanelKitError) -> SessionReport {
        let platform = self.platform
        if let duration = options.duration {
            do {
                try application.scheduleTimer(after: .nanoseconds(Int64(duration * 1_000_000_000))) { _ in platform.stop() }
            } catch {
                throw PanelKitError(.system, error)
            }
        }
        var started = false
        let statistics: InputStatistics
        #if os(Linux)
        // Under a Type=notify unit: ready after the first frame, the watchdog pinged from this loop.
        let service = SystemdNotifier.fromEnvironment().map { notifier in
            ServiceNotifications(notifier: notifier, application: application) { [unowned self] in serviceStatus() }
        }
        defer { service?.stopping() }
        // Prometheus metrics, when asked for: a port in use is one clear line, and the app runs on.
        #if Metrics
        var exporter: MetricsExporter?
        if let address = options.metrics {
            if let watcher = platform.descriptorWatcher {
                do {
                    exporter = try MetricsExporter(
                        address: address, board: board.name, version: options.appVersion, application: application, platform: platform, watcher: watcher)
                    logger.subsystem("metrics").notice("serving http://\(address.host):\(exporter?.endpoint.port ?? address.port)/metrics")
                } catch {
                    logger.subsystem("metrics").error("\(error)")
                }
            } else {
                logger.subsystem("metrics").warning("--metrics needs a loop that watches sockets; the \(platform.name) platform has none, so no endpoint")
            }
        }
        defer { exporter?.stop() }
        #else
        if let address = options.metrics {
            logger.subsystem("metrics").error(
                "--metrics \(address.port): this app was built without PanelKit's Metrics trait, so it serves no metrics; add traits: [\"Metrics\"] to its dependency on PanelKit (or build PanelKit with --traits Metrics)"
            )
        }
        #endif
        // A pushed backend (swift-otel's, an app's own), when the app gave one.
        var publisher: MetricsPublisher?
        if let backend = options.metricsBackend {
            do {
                publisher = try MetricsPublisher(
                    factory: backend.factory, interval: backend.interval, board: board.name, application: application,
                    platform: platform)
            } catch {
                logger.subsystem("metrics").error("the metrics backend's timer: \(error)")
            }
        }
        defer { publisher?.stop() }
        // The diagnostics socket (panelctl status, screenshot --running), when there is a place for it.
        var diagnostics: DiagnosticsServer?
        if let path = options.diagnosticsSocket, let watcher = platform.descriptorWatcher {
            do {
                diagnostics = try DiagnosticsServer(
                    path: path, board: board.name, version: options.appVersion, application: application,
                    platform: platform, watcher: watcher)
            } catch {
                logger.subsystem("diagnostics").error("\(error)")
            }
        }
        defer { diagnostics?.stop() }
        let remote = startRemoteSupport()
        defer { remote?.stop() }
        #endif
        var waitStarted: MonotonicInstant?
        var deadline: MonotonicInstant?
        do {
            statistics = try platform.run(application) {
                checkWake(started: waitStarted, deadline: deadline)
                deadline = application.nextTimerDeadline
                waitStarted = platform.clock.now
                guard !started else { return }
                started = true
                // The release first (a package's unit gives it), so that the journal shows which one started.
                var metadata: Logger.Metadata = ["board": "\(board.name)"]
                if let version = options.appVersion { metadata["app_version"] = "\(version)" }
                let release = options.appVersion.map { "release \($0), " } ?? ""
                logger.notice("\(release)\(board.name): \(platform.identification.joined(separator: "; "))", metadata: metadata)
                #if os(Linux)
                service?.ready()
                #endif
            }
        } catch  where isAppPlatform {
            throw PanelKitError(error.kind, "platform \(platform.name): \(error.description)", underlying: error.underlying ?? error)
        }
        finishUITasks(logger: logger)
        var report = SessionReport()
        report.statistics = statistics
        report.framesDrawn = application.display?.framesRendered ?? 0
        report.lostFrames = application.lostFrameCount
        report.droppedTouches = application.droppedTouchCount
        var display = ""
        platform.framebuffer.finishPresenting()
        if let summary = platform.framebuffer.presentationSummary { display = ", \(report.framesDrawn) frames in \(summary)" }
        logger.notice("stopped: \(statistics.reports) reports, \(statistics.errors) errors, \(application.lostFrameCount) lost frames\(display)")
        return report
    }
}

/// The host's monotonic clock, for latency measured on the bench (whose chip clock is
/// virtual): CLOCK_MONOTONIC on Linux, the standard library's `ContinuousClock` elsewhere.
public struct HostClock: Sendable {
    /// The host's clock.
    public init() {}
    /// Now on the host's monotonic clock.
    public var now: MonotonicInstant {
        #if os(Linux)
        return SystemClock().now
        #else
        // Nanoseconds since the first reading: an arbitrary epoch, as a monotonic clock's is.
        let elapsed = MonotonicDuration(HostClock.epoch.duration(to: .now))
        return MonotonicInstant(nanoseconds: UInt64(max(elapsed.nanoseconds, 0)) &+ 1)
        #endif
    }

    #if !os(Linux)
    private static let epoch = ContinuousClock.now
    #endif
}
