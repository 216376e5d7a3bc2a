public import Logging
import PanelBench
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
#if Simulator
import PanelSimulator
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
/// ``PanelApp/main(board:session:platform:speech:translations:rootViewController:)`` is this in one call; tests and tools
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
    /// The emulated hardware, when the runtime brought the board up headless (nil on the
    /// other platforms).
    public var bench: Bench? { headless?.bench }
    /// The headless platform, when the runtime made one.
    private let headless: HeadlessPlatform?
    /// Whether the platform is the app's own (from a factory): its errors then name it.
    private let isAppPlatform: Bool
    /// What the runtime found wrong with the platform while it ran (a wait that overslept its
    /// deadline), once each: also in the log.
    public private(set) var platformProblems: [PanelKitError] = []
    /// What the input identified (chip, firmware, window): headless from the start, on the
    /// others once ``run(session:)`` has started the input.
    public var identification: [String] { platform.identification }
    /// Host time (CLOCK_MONOTONIC) at the start of the current input step on a mock board: the
    /// moment the driver reads the emulated report, for touch-to-action latency.
    public var stepStartedAt: MonotonicInstant { headless?.stepStartedAt ?? .zero }
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
    ///     logger: a backend of the app's own (a Wayland shell, a VNC framebuffer, an SPI
    ///     display). Default nil: PanelKit's, as the board and `options.platform` choose
    ///     (headless for a mock board, the Linux board otherwise, or the simulator).
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
        isAppPlatform = factory != nil
        if let factory {
            headless = nil
            platform = try PanelRuntime.checked(factory, context)
        } else {
            let kind = options.platform ?? (board.isMock ? .headless : .linux)
            if kind == .headless {
                let made = try HeadlessPlatform(board: board.emulated(), registry: options.controllers)
                headless = made
                platform = made
            } else {
                headless = nil
                platform = try PanelRuntime.builtIn(kind, context)
            }
        }
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

    /// An app's platform, made and checked: its errors name it, and a display of no pixels is
    /// refused before the app draws into it.
    static func checked(_ factory: PlatformFactory, _ context: PlatformContext) throws(PanelKitError) -> any Platform {
        let platform: any Platform
        do {
            platform = try factory(context)
        } catch {
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

    /// PanelKit's backend `kind` for the context's board (headless is made by the caller, which keeps its bench).
    static func builtIn(_ kind: PlatformKind, _ context: PlatformContext) throws(PanelKitError) -> any Platform {
        let board = context.board
        let options = context.options
        switch kind {
        case .headless:
            return try HeadlessPlatform(board: board.emulated(), registry: options.controllers)
        case .linux:
            guard !board.isMock else {
                throw PanelKitError(
                    .arguments, "\(board.name) is a mock board: it has no devices to run on; run it headless (the default) or in a window with --simulator")
            }
            #if os(Linux)
            return try LinuxPlatform(board: board, realtimePriority: options.realtimePriority, registry: options.controllers, logger: context.logger)
            #else
            throw PanelKitError(.touch, "\(board.name): real boards need Linux; use --headless or --simulator")
            #endif
        case .simulator:
            #if Simulator
            let configuration = SimulatorConfiguration(
                panelWidth: board.display.width, panelHeight: board.display.height, format: pixelFormat(board.display.format),
                rotation: board.display.rotation, title: board.model, scale: options.scale, screenshotDirectory: options.output ?? ".")
            let logger = context.logger
            return try SimulatorPlatform(configuration: configuration, log: { logger.info("\($0)") })
            #else
            throw PanelKitError(
                .arguments,
                "this build has no simulator: build it with the Simulator trait (swift run --traits Simulator …; for an app package, enable PanelKit's Simulator trait), which needs Debian's libsdl2-dev (scripts/setup --simulator)"
            )
            #endif
        }
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
        if let bench {
            var report = try runHeadless(bench: bench, session: session)
            report.spoken = (application.speechOutput as? SpeechTranscript)?.spoken ?? []
            return report
        }
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
        if headless != nil {
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

    // MARK: - Mock boards

    private func runHeadless(bench: Bench, session: ScriptedSession?) throws(PanelKitError) -> SessionReport {
        var report = SessionReport()
        if let output = options.output { makeDirectories(output) }
        // Each view's problem is reported once, where it first showed (a list scrolled, a
        // label's new text), not again at each moment.
        var audited = Set<String>()
        func audit(_ moment: String) {
            guard options.accessibilityAudit else { return }
            report.auditedMoments += 1
            for finding in window.accessibilityAudit() where audited.insert("\(finding.kind) \(finding.view.map { "\($0)" } ?? finding.element)").inserted {
                report.accessibilityFindings.append((moment, finding))
            }
        }
        func shoot(_ name: String) throws(PanelKitError) {
            audit(name)
            guard let output = options.output else { return }
            let path = "\(output)/\(name).png"
            do { try framebuffer.writeScreenshot(to: path) } catch { throw PanelKitError(.display, "\(path)", error) }
            report.screenshots.append("\(name).png")
        }
        application.runOnce()
        guard let session else {
            try shoot("start")
            report.framesDrawn = application.display?.framesRendered ?? 0
            return report
        }
        let script = SessionScript(window: window)
        session.build(script)
        if let first = session.firstScreenshot { try shoot(first) } else { audit("start") }
        let started = bench.clock.now
        var end = bench.play(script.script) + .milliseconds(100)
        // Taps on views are placed when their time comes, on the screen as it is then.
        var deferredTaps = script.deferredTaps[...]
        if let last = deferredTaps.map({ $0.at + $0.hold }).max() { end = max(end, started + .milliseconds(last + 100)) }
        if let last = script.inputs.last { end = max(end, started + .milliseconds(last.at + 100)) }
        // A screenshot is taken at its time, even after the last touch.
        if let latest = script.screenshots.map(\.at).max() { end = max(end, started + .milliseconds(latest + 1)) }
        end = max(end, started + .milliseconds(script.endsNoEarlierThan))
        for push in script.buttonPushes {
            guard let button = bench.button(named: push.name) else {
                let names = bench.buttons.map(\.name)
                report.problems.append(
                    "the push at \(push.at) ms of button \"\(push.name)\" has no button: \(board.name) has \(names.isEmpty ? "no buttons" : names.joined(separator: ", "))"
                )
                continue
            }
            let down = started + .milliseconds(push.at)
            button.schedulePush(at: down, for: .milliseconds(push.hold), bounces: push.bounces)
            end = max(end, down + .milliseconds(push.hold + Int64(2 * push.bounces) + 100))
        }
        #if os(Linux)
        let keys = try BenchKeys(board: board)
        #endif
        var keyEvents = script.keyEvents[...]
        if let last = keyEvents.last { end = max(end, started + .milliseconds(last.at + 100)) }
        #if os(Linux)
        if keys == nil, let first = keyEvents.first {
            report.problems.append("the key \(first.code) at \(first.at) ms has no key device to come from: \(board.name) has no keys block")
            keyEvents = []
        }
        #else
        if let first = keyEvents.first {
            report.problems.append("the key \(first.code) at \(first.at) ms needs Linux's key decoder; this system has none")
            keyEvents = []
        }
        #endif
        for shake in script.boardShakes {
            guard let motion = bench.motion else {
                report.problems.append("the shake at \(shake.at) ms has no accelerometer to shake: \(board.name) has no motion block")
                continue
            }
            let from = started + .milliseconds(shake.at)
            motion.scheduleShake(at: from, for: .milliseconds(shake.duration))
            // The sampling settles a second after the last motion.
            end = max(end, from + .milliseconds(shake.duration + 1_200))
        }
        var inputs = script.inputs[...]
        var keySteps = script.keySteps[...]
        var nextKeyStep = script.keyStepsBegin
        if !keySteps.isEmpty { end = max(end, started + .milliseconds(nextKeyStep + 100)) }
        var pending = script.screenshots[...]
        var conditional = script.conditionalScreenshots
        // SIGINT or SIGTERM (a shell, a supervisor, CI) stops the session as on a real board:
        // between two steps, with every touch and press cancelled.
        #if os(Linux)
        watchTermination()
        defer { restoreTermination() }
        #endif
        let application = self.application
        let platform = self.platform
        var failure: PanelKitError?
        // The loop every app runs (Platform.run): a turn of the app, the session's steps due by
        // now, then the platform's wait, which here steps the emulated chip in virtual time.
        let statistics = try platform.run(application) {
            #if os(Linux)
            if let signal = terminationRequested {
                report.stoppedBySignal = signal
                platform.stop()
                return
            }
            #endif
            do throws(PanelKitError) {
                var index = 0
                while index < conditional.count {
                    if conditional[index].condition() {
                        try shoot(conditional[index].name)
                        conditional.remove(at: index)
                    } else {
                        index += 1
                    }
                }
                let elapsed = (bench.clock.now - started).nanoseconds / 1_000_000
                if let step = keySteps.first, elapsed >= nextKeyStep {
                    keySteps.removeFirst()
                    if let presses = keyPresses(for: step, at: elapsed, report: &report) {
                        inputs = ArraySlice((Array(inputs) + presses.inputs).sorted { $0.at < $1.at })
                        nextKeyStep = presses.done + step.pause
                        end = max(end, started + .milliseconds(nextKeyStep + 100))
                    } else {
                        keySteps = []
                    }
                }
                // Placed a step ahead (30 ms: a step is at most 20), so the chip's report at the
                // tap's time already has the finger.
                while let next = deferredTaps.first, elapsed + 30 >= next.at {
                    deferredTaps.removeFirst()
                    switch next.finger(script.nextFingerNumber()) {
                    case .success(let finger): bench.add(finger)
                    case .failure(let problem): if !problem.isNothingToDo { report.problems.append(problem.words) }
                    }
                }
                while let next = inputs.first, elapsed >= next.at {
                    inputs.removeFirst()
                    application.handle(next.input(bench.clock.now))
                }
                #if os(Linux)
                while let next = keyEvents.first, elapsed >= next.at {
                    keyEvents.removeFirst()
                    keys?.key(next.code, down: next.down, at: bench.clock.now) { application.handle($0) }
                }
                #endif
                while let next = pending.first, elapsed >= next.at {
                    pending.removeFirst()
                    try shoot(next.name)
                }
            } catch {
                failure = error
                platform.stop()
            }
            // The end waits for animations to settle (an alert fading out, a screen sliding in),
            // for at most settleLimit: the last screenshot shows the screen at rest.
            if bench.clock.now >= end, !application.frameClock.isRunning || bench.clock.now >= end + Self.settleLimit { platform.stop() }
        }
        finishTasks()
        if let failure { throw failure }
        #if os(Linux)
        keys?.cancel(at: bench.clock.now) { application.handle($0) }
        #endif
        if let signal = report.stoppedBySignal {
            // Stopped as on a real board: every touch and press that began is cancelled; the
            // checks are not made, since the session did not reach its end.
            application.cancelAllTouches()
            application.cancelAllPresses(at: bench.clock.now)
            application.runOnce()
            if let last = session.lastScreenshot { try shoot(last) }
            report.statistics = statistics
            report.framesDrawn = application.display?.framesRendered ?? 0
            report.lostFrames = application.lostFrameCount
            report.droppedTouches = application.droppedTouchCount
            logger.notice("stopped by signal \(signal): the session was cut short, its touches and presses cancelled")
            return report
        }
        application.runOnce()
        for shot in pending { try shoot(shot.name) }
        if let last = session.lastScreenshot { try shoot(last) } else { audit("end") }
        report.statistics = statistics
        report.framesDrawn = application.display?.framesRendered ?? 0
        report.lostFrames = application.lostFrameCount
        report.droppedTouches = application.droppedTouchCount
        report.problems += script.unreachable
        if headless?.workTimedOut == true {
            report.problems.append(
                "work the app started (a task of a view controller, an image decode) was still under way after \((headless?.workTimeout.nanoseconds ?? 0) / 1_000_000_000) s of real time, so the session went on without it: a server that never answers? give the request a timeout, or cancel the task"
            )
        }
        for check in script.checks where !check.condition() { report.problems.append(check.description()) }
        if report.statistics.errors > 0 { report.problems.append("the driver reported \(report.statistics.errors) errors") }
        if report.lostFrames > 0 || report.droppedTouches > 0 {
            report.problems.append("the input path lost \(report.lostFrames) frames and dropped \(report.droppedTouches) touches")
        }
        if !report.problems.isEmpty {
            throw PanelKitError(.session, "the scripted session did not end as expected: \(report.problems.joined(separator: "; "))")
        }
        return report
    }

    /// The presses that take the screen reader from where it is to `step`'s element and
    /// select it, from `ms` on, and when the select is made; nil (the problem reported) when
    /// there is no such element or the reader cannot reach it.
    private func keyPresses(
        for step: SessionScript.KeyStep, at ms: Int64, report: inout SessionReport
    ) -> (inputs: [(at: Int64, input: @MainActor (MonotonicInstant) -> DeviceInput)], done: Int64)? {
        let order = window.accessibilityReadingOrder()
        guard let target = step.target(), let index = order.firstIndex(where: { $0 === target }) else {
            report.problems.append("the screen reader never reaches \(step.name) at \(ms) ms: it is not on the screen, or not in the reading order")
            return nil
        }
        let current = application.screenReader?.focusedElement
        let from = order.firstIndex { $0 === current } ?? -1
        let presses = SessionScript.readerPresses(from: from, to: index, at: ms, spacing: 150)
        return (presses.flatMap { SessionScript.pressInputs($0.type, at: $0.at) }, presses[presses.count - 1].at)
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

    /// The app stops (SIGTERM, the window closed, the session's end): the controllers' tasks
    /// still running are cancelled and get up to 100 ms of real time to end (close a
    /// connection, say), run by this loop; then the app exits whatever they do.
    private func finishTasks() {
        guard UITasks.running > 0 else { return }
        UITasks.cancelAll()
        guard MainActorJobs.isRunByLoop else { return }
        let host = HostClock()
        let deadline = host.now + .milliseconds(100)
        MainActorJobs.runQueued()
        while UITasks.running > 0 {
            let remaining = (deadline - host.now).nanoseconds / 1_000_000
            guard remaining > 0 else { break }
            MainActorJobs.waitForWork(milliseconds: Int32(clamping: remaining))
            MainActorJobs.runQueued()
        }
        if UITasks.running > 0 {
            logger.warning("\(UITasks.running) tasks of view controllers were still running 100 ms after they were cancelled; the app stops without them")
        }
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
        finishTasks()
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
