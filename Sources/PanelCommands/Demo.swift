import ArgumentParser
import BenchScreens
import PanelBench
import PanelBoards
import PanelCore
import PanelGraphics
import PanelKit
import PanelLocale
import PanelUI

#if os(Linux)
import Glibc
import PanelLinux
#endif

/// `panelctl demo`: the kiosk screen. On a mock board it plays a scripted session through the
/// emulated chip, writes screenshots, prints the event log and checks the outcome; on a real
/// board it runs until SIGINT/SIGTERM.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the kiosk demo: buttons, slider, switch, a pan/pinch canvas, and touch-to-action latency.",
        discussion: """
            On a mock board the demo plays a scripted session (taps, a double tap, a drag, a switch, a pan, \
            a pinch, two fingers on two buttons, a long press) through the emulated controller, writes PNG \
            screenshots at the key moments into --output, prints the event log with each action's latency, \
            and exits 0 if the session ended as scripted. On a real board it runs until stopped (Ctrl-C).
            """)

    @OptionGroup var options: BoardOptions

    @Option(help: ArgumentHelp("Where the mock session's screenshots go.", valueName: "dir"))
    var output = ".build/panelkit-demo"

    @Option(help: ArgumentHelp("Real boards: stop after this many seconds (default: run until Ctrl-C).", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("Real boards: SCHED_FIFO priority for the input thread (needs CAP_SYS_NICE).", valueName: "1-99"))
    var realtimePriority: Int32?

    @Flag(
        help: ArgumentHelp(
            "Start with the screen reader on. On a mock board the session then signs in by keys alone and prints what the reader says."))
    var screenReader = false

    @Option(help: ArgumentHelp("The language to start in: en, de, zh or ar (default: the board's, else PANELKIT_LANGUAGE, LANGUAGE, LANG).", valueName: "tag"))
    var language: String?

    @Option(help: ArgumentHelp("light, dark, off-hours, or the dark hours as 19:00-07:00 (default: the board's appearance.style).", valueName: "style"))
    var appearance: String?

    func run() throws {
        try MainActor.assumeIsolated { () throws in try runOnMain() }
    }

    /// The runtime's options: this command's, and from the environment what a kiosk unit sets
    /// (`panelctl service unit`: `PANELKIT_METRICS`, `RUNTIME_DIRECTORY` for the diagnostics
    /// socket, `PANELKIT_DIAGNOSTICS_SOCKET`); `--board` wins over `PANELKIT_BOARD`.
    func appOptions(environment: (String) -> String? = PanelAppOptions.processEnvironment) throws(PanelKitError) -> PanelAppOptions {
        let own = PanelAppOptions(
            board: options.board, output: output, duration: duration, realtimePriority: realtimePriority, configDirectory: options.configDirectory)
        var applied = try own.applying(arguments: [], environment: environment) ?? own
        applied.board = own.board
        if let language {
            guard let parsed = Language(parsing: language) else {
                throw PanelKitError(.arguments, "--language \(language) is not a language: write a code such as en, de or zh")
            }
            applied.language = parsed
        }
        if let appearance {
            guard let style = Board.Appearance.Style(parsing: appearance) else {
                throw PanelKitError(.arguments, "--appearance \(appearance) is not a style: write light, dark, off-hours, or the dark hours as 19:00-07:00")
            }
            applied.appearance = style
        }
        return applied
    }

    @MainActor
    private func runOnMain() throws(CommandFailure) {
        var appOptions = try appOptions()
        appOptions.fonts = demoFonts()
        appOptions.screenReader = screenReader
        let runtime = try PanelRuntime(options: appOptions, logger: Console.current.logger)
        runtime.useTranslations(demoTranslations())
        let demo = DemoApp(window: runtime.window, boardName: runtime.board.name, boardModel: runtime.board.model, fonts: runtime.application.fontFamily)
        let screen = demo.screen
        defer { withExtendedLifetime(demo) {} }
        let clock = runtime.application.clock
        let start = clock.now
        screen.now = { Double((clock.now - start).nanoseconds) / 1_000_000 }
        screen.onLog = { say(line(for: $0)) }
        runtime.startAccessibility(speech: nil)
        if runtime.board.isMock {
            try DemoSession(runtime: runtime, demo: demo).run()
        } else {
            let app = runtime.application
            let host = HostClock()
            screen.measureLatency = { app.lastFrameTimestamp.map { host.now - $0 } }
            say("demo on \(runtime.board.name) (Ctrl-C stops it)")
            try runtime.run()
        }
    }
}

/// The demo's fonts: DejaVu Sans, then WenQuanYi Micro Hei for Chinese (Debian's
/// fonts-dejavu-core and fonts-wqy-microhei, which scripts/setup installs). The demo is the app
/// that names them (a board's own `fonts` serve other apps), and it is a showcase, not a
/// configuration: on a system without them it says so and draws in the built-in font (the
/// Chinese line as boxes) instead of stopping.
@MainActor
func demoFonts(
    _ paths: [String] = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"]
) -> [String]? {
    #if os(Linux)
    let missing = paths.filter { access($0, R_OK) != 0 }
    if !missing.isEmpty {
        say("demo: no \(missing.joined(separator: ", ")) (Debian: fonts-dejavu-core, fonts-wqy-microhei); text in the built-in font")
        return []
    }
    #endif
    return paths
}

/// The demo's catalogs (English, German, Chinese, Arabic), compiled in the repository's
/// `Translations/demo/locale` by `scripts/translations compile`. A panelctl installed without
/// the repository finds none there, says so once, and shows the source strings (English).
func demoTranslations(sourceFile: String = #filePath) -> TranslationCatalogs {
    // …/Sources/PanelCommands/Demo.swift → …/Translations/demo/locale
    var root = Substring(sourceFile)
    for _ in 0 ..< 3 { root = root[..<(root.lastIndex(of: "/") ?? root.startIndex)] }
    return TranslationCatalogs(domain: "panelkit-demo", directory: "\(root)/Translations/demo/locale")
}

func line(for entry: EventLogEntry) -> String {
    let time = entry.time.fixed(1).leftPadded(8) + " ms"
    let latency = entry.latency.map { "   latency " + formatLatency($0) } ?? ""
    return "\(time)  \(entry.text.padded(46))\(latency)"
}

/// The scripted session on a mock board: the kiosk's controls, touched where they are.
@MainActor
struct DemoSession {
    let runtime: PanelRuntime
    let demo: DemoApp
    var screen: KioskScreen { demo.screen }

    /// The session, in UI points, built from where the controls actually are.
    func session() -> ScriptedSession {
        let screen = self.screen
        let window = runtime.window
        return ScriptedSession(firstScreenshot: "01-home", lastScreenshot: "29-final") { s in
            // The kiosk takes the panel's buttons, remote and shakes (as in the simulator).
            _ = screen.root.becomeFirstResponder()
            let one = s.center(of: screen.plusOne), ten = s.center(of: screen.plusTen), reset = s.center(of: screen.reset)
            let track = screen.slider.frame
            let thumbRect = screen.slider.thumbRect
            let thumb = screen.slider.convert(
                Point(x: thumbRect.origin.x + thumbRect.size.width / 2, y: thumbRect.origin.y + thumbRect.size.height / 2), to: nil)
            // Under a right-to-left language the bars, edges and slider are mirrored: a point given
            // for left to right is taken at the same distance from the other side.
            let rightToLeft = window.effectiveUserInterfaceLayoutDirection == .rightToLeft
            let size = window.bounds.size
            @MainActor func mirrored(_ p: Point) -> Point { rightToLeft ? Point(x: size.width - p.x, y: p.y) : p }
            let sliderTarget = Point(x: rightToLeft ? track.maxX - track.size.width * 0.8 : track.origin.x + track.size.width * 0.8, y: thumb.y)
            let c = s.center(of: screen.canvas)
            let span = min(screen.canvas.frame.size.width, screen.canvas.frame.size.height)
            s.tap(at: one, at: 300)  // +1
            s.tap(at: Point(x: one.x + 2, y: one.y + 1), at: 700)  // +1
            s.tap(at: ten, at: 1100)  // +10
            s.tap(at: reset, at: 1500, hold: 60)  // Reset, double tap
            s.tap(at: Point(x: reset.x + 3, y: reset.y), at: 1680, hold: 60)
            s.drag(from: thumb, to: sliderTarget, at: 2200)  // slider
            s.tap(screen.darkSwitch, at: 2900)  // switch
            s.add {
                $0.down(at: c, after: .milliseconds(3400))  // pan
                    .move(to: Point(x: c.x - span * 0.18, y: c.y + span * 0.12), over: .milliseconds(300)).lift()
            }
            let pinchFrom = span * 0.1, pinchTo = span * 0.22  // pinch out
            s.add {
                $0.down(at: Point(x: c.x - pinchFrom, y: c.y - pinchFrom * 0.5), after: .milliseconds(4100))
                    .move(to: Point(x: c.x - pinchTo, y: c.y - pinchTo * 0.5), over: .milliseconds(300)).lift()
            }
            s.add {
                $0.down(at: Point(x: c.x + pinchFrom, y: c.y + pinchFrom * 0.5), after: .milliseconds(4100))
                    .move(to: Point(x: c.x + pinchTo, y: c.y + pinchTo * 0.5), over: .milliseconds(300)).lift()
            }
            s.tap(at: one, at: 4800, hold: 90)  // two fingers, two buttons
            s.tap(at: ten, at: 4800, hold: 90)
            s.tap(at: reset, at: 5300, hold: 800)  // Reset, long press: lock
            s.tap(at: one, at: 6400)  // locked: no count
            // Settings: pushed (a screenshot half way), the list flung and left to glide.
            let content = DemoApp.contentSize(of: size)
            let middle = NavigationBar.height + content.height / 2
            s.tap(screen.settingsButton, at: 7000)
            let listCentre = mirrored(Point(x: 40, y: NavigationBar.height + content.height * 0.7))  // over the titles, not a slider
            s.add {
                $0.down(at: listCentre, after: .milliseconds(7600))
                    .move(to: Point(x: listCentre.x, y: listCentre.y - content.height * 0.45), over: .milliseconds(80)).lift()
            }
            // An edge drag to a quarter, held and let go: the pop is cancelled.
            s.add {
                $0.down(at: mirrored(Point(x: 4, y: middle)), after: .milliseconds(11_000))
                    .move(to: mirrored(Point(x: size.width * 0.25, y: middle)), over: .milliseconds(300)).hold(for: .milliseconds(300)).lift()
            }
            // Advanced (the bar's right button), two levels deep; back with the back button.
            s.tap(identifier: "advanced", at: 12_000)
            s.tap(demo.navigation.navigationBar.backButton, at: 12_700)
            // An edge drag past half the width: the pop completes, home again.
            s.add {
                $0.down(at: mirrored(Point(x: 4, y: middle)), after: .milliseconds(13_200))
                    .move(to: mirrored(Point(x: size.width * 0.7, y: middle)), over: .milliseconds(250)).lift()
            }
            s.tap(at: one, at: 14_000)  // still locked: no count
            // Sign in (the second tab): a name on the letters, then a PIN on the PIN pad, typed key by key.
            s.tap(screen.signInButton, at: 14_500)
            s.tap(screen.signIn.name, at: 15_100)  // found when the tap comes: the page is not on screen yet
            // The name in the letters the keyboard shows for the app's language.
            let alphabet = KeyboardAlphabet(language: runtime.application.language)
            @MainActor func key(_ title: String, _ type: KeyboardType) -> Point {
                Keyboard.frame(ofKey: title, keyboardType: type, alphabet: alphabet, inWindowOfSize: window.bounds.size)?.center ?? .zero
            }
            var t: Int64 = 15_600
            for title in Self.nameKeys(alphabet) + ["return"] {
                s.tap(at: key(title, .default), at: t)
                t += 200
            }
            t += 300
            for title in ["1", "9", "8", "4"] {
                s.tap(at: key(title, .pin), at: t)
                t += 200
            }
            s.tap(at: key("return", .pin), at: t + 200)  // Done: signing in starts (spinner, progress)
            // The widgets, each found where it is when its tap comes (the page's language, and so
            // its direction, changes on the way). Chinese on the segmented control, two more
            // tickets (the stepper's plus half); then OK on the alert that says it is done.
            let language = screen.signIn.language
            s.tap(at: t + 500, on: "the 中文 segment") {
                let chinese = language.frameForSegment(at: 2)
                return language.convert(Point(x: chinese.midX, y: chinese.midY), to: nil)
            }
            s.tap(screen.signIn.tickets, at: t + 700, point: Point(x: 0.75, y: 0.5))
            s.tap(screen.signIn.tickets, at: t + 900, point: Point(x: 0.75, y: 0.5))
            s.tap(label: "OK", at: t + 1700)  // the alert's
            s.tap(screen.signIn.done, at: t + 2300)  // back to the kiosk tab
            // The About sheet (the home screen's right button), closed by a tap on its backdrop.
            // (The app is in Chinese from here on, left to right whatever it started in.)
            s.tap(identifier: "about", at: t + 2700)
            s.tap(at: Point(x: size.width / 2, y: 10), at: t + 3500)  // the dimmed screen above the card
            // The panel's other inputs, as the board's sources deliver them: a GPIO button
            // (select), an IR remote's play/pause, and the accelerometer's shake.
            s.press(.select, at: t + 4100)
            s.remote(.togglePlayPause, at: t + 4300)
            s.shake(at: t + 4500)
            // The dashboard tab: its chart runs, the arc control's knob dragged to 75 % sweeps the gauge.
            s.tap(at: t + 5000, on: "the dashboard's tab") { [tabBar = demo.tabs.tabBar] in
                tabBar.buttons.last.map { $0.convert(Point(x: $0.bounds.midX, y: $0.bounds.midY), to: nil) }
            }
            // The knob, on the arc control of 130 points wherever the panel puts it: from where
            // it is to where 75 % is, found when the drag comes.
            let knob = demo.dashboard.setpoint
            demo.dashboard.loadViewIfNeeded()  // the knob at its first value
            knob.frame = Rect(x: 0, y: 0, width: 130, height: 130)
            knob.layoutIfNeeded()
            let from = knob.knobCenter, to = knob.knobCenter(forValue: 75)
            s.drag(
                at: t + 5600, on: "the setpoint's knob", from: Point(x: from.x / 130, y: from.y / 130),
                by: Point(x: to.x - from.x, y: to.y - from.y), over: 400
            ) { knob }
            s.screenshot("02-button-pressed") { screen.plusOne.isHighlighted }
            for (ms, name) in [
                (1450, "03-counted"), (2000, "04-double-tap-reset"), (2800, "05-slider"), (3300, "06-switch"),
                (4000, "07-panned"), (4700, "08-pinched"), (5000, "09-two-buttons"), (6300, "10-long-press-locked"),
                (7245, "11-push-half-way"), (7500, "12-settings"), (7900, "13-settings-flung"), (10_900, "14-settings-at-rest"),
                (11_450, "15-edge-drag-held"), (12_500, "16-advanced"), (13_420, "17-edge-drag-completing"), (13_900, "18-home-again"),
                (14_950, "19-sign-in"), (15_550, "20-keyboard"), (16_500, "21-name-typed"), (17_150, "22-pin-pad"), (17_800, "23-pin-typed"),
                (18_150, "24-keyboard-down"), (18_750, "25-signing-in"), (19_350, "26-signed-in-alert"), (Int(t) + 2970, "27-sheet-half-up"),
                (Int(t) + 3300, "28-sheet"), (Int(t) + 5500, "29-dashboard"), (Int(t) + 6800, "30-dashboard-setpoint"),
            ] {
                s.screenshot(name, at: Int64(ms))
            }
            let demo = self.demo
            s.expect("the screens shown were \(demo.shownScreens), expected Settings, Advanced, Settings, Kiosk") {
                demo.shownScreens == ["Settings", "Advanced", "Settings", "Kiosk"]
            }
            s.expect("the About sheet is still up") { demo.tabs.presentedViewController == nil && screen.log.contains { $0.text == "about sheet" } }
            s.expect("count is \(screen.count), expected 11") { screen.count == 11 }
            s.expect("the long press did not lock the counter") { screen.locked }
            s.expect("the switch is off") { screen.darkSwitch.isOn }
            s.expect("the slider is at \(screen.slider.value), expected about 0.8") { screen.slider.value >= 0.7 }
            s.expect("the pinch zoomed to \(screen.canvas.zoom.fixed(2))×") { screen.canvas.zoom >= 1.4 }
            s.expect("the pan did not move the canvas") { screen.canvas.offset != .zero }
            // (On a panel tall enough for the whole list there is nothing to scroll.)
            s.expect("the fling did not scroll the settings") {
                let list = screen.settings.scrollView
                return list.contentOffset.y > 0 || list.contentSize.height <= list.bounds.height
            }
            s.expect("the settings list did not come to rest") { !screen.settings.scrollView.isDecelerating }
            s.expect("the stack is \(demo.navigation.viewControllers.count) deep, expected home alone") { demo.navigation.viewControllers.count == 1 }
            let name = Self.name(alphabet)
            s.expect("the name is \"\(screen.signIn.name.text)\", expected \"\(name)\"") { screen.signIn.name.text == name }
            s.expect("the PIN has \(screen.signIn.pin.text.count) digits, expected 1984") { screen.signIn.pin.text == "1984" }
            s.expect("the keyboard is still up") { window.keyboardFrame == nil }
            s.expect("the language is not 中文") { screen.signIn.language.selectedSegmentIndex == 2 }
            s.expect("the app is not in Chinese") { runtime.application.language.code == "zh" }
            s.expect("\(Int(screen.signIn.tickets.value)) tickets, expected 3") { screen.signIn.tickets.value == 3 }
            s.expect("signing in did not fill the bar") { screen.signIn.progress.progress == 1 }
            s.expect("the signed-in alert is still up") { screen.signIn.signedIn.presentingViewController == nil }
            s.expect("the dashboard's setpoint is \(Int(demo.dashboard.setpoint.value)), expected about 75") {
                abs(demo.dashboard.setpoint.value - 75) <= 3
            }
            s.expect("the gauge shows \(demo.dashboard.gauge.value)") { demo.dashboard.gauge.value == demo.dashboard.setpoint.value }
            for line in ["press select began", "press select ended", "remote remoteControlTogglePlayPause", "shake began", "shake ended"] {
                s.expect("the screen did not log \"\(line)\"") { screen.log.contains { $0.text == line } }
            }
        }
    }

    /// The name the session types, in the keyboard's letters: Ann, سام, דן.
    static func name(_ alphabet: KeyboardAlphabet) -> String {
        switch alphabet {
        case .latin: "Ann"
        case .arabic: "سام"
        case .hebrew: "דן"
        }
    }

    /// The keys that type ``name(_:)`` (a capital by shift, where letters have case).
    static func nameKeys(_ alphabet: KeyboardAlphabet) -> [String] {
        alphabet == .latin ? ["shift", "a", "n", "n"] : name(alphabet).map(String.init)
    }

    func run() throws(CommandFailure) {
        let board = runtime.board
        let runtime = self.runtime
        let headless = runtime.platform as? HeadlessPlatform
        screen.measureLatency = { HostClock().now - (headless?.stepStartedAt ?? .zero) }
        say("PanelKit demo on \(board.name): \(board.model)")
        for line in runtime.identification { say("  " + line) }
        say(
            "  display: \(board.display.device) \(board.display.width)×\(board.display.height), rotation \(board.display.rotation.rawValue)°; UI \(Int(board.display.uiSize.width))×\(Int(board.display.uiSize.height))"
        )
        say("  latency: host time from the driver's read of the report to the action (the emulated chip's clock is virtual)")
        say("")
        let report: SessionReport
        let byKeys = runtime.application.isScreenReaderEnabled
        if byKeys { say("  screen reader on: signing in by keys alone (arrows and select), as someone who cannot see the screen") }
        do {
            report = try runtime.run(session: byKeys ? readerSession() : session())
        } catch {
            for line in (runtime.application.speechOutput as? SpeechTranscript)?.spoken ?? [] { say("said: \(line)") }
            say("")
            throw error
        }
        for line in report.spoken { say("said: \(line)") }
        let stats = report.statistics
        say("")
        say(
            "\(stats.reports) controller reports, \(stats.framesEmitted) frames, \(stats.errors) errors; \(report.framesDrawn) frames drawn; \(report.lostFrames) frames lost, \(report.droppedTouches) touches dropped"
        )
        say("screenshots (\(runtime.options.output ?? ".")/): \(report.screenshots.joined(separator: ", "))")
        if let signal = report.stoppedBySignal {
            say("stopped by signal \(signal): the session was cut short; its touches and presses were cancelled")
            return
        }
        if byKeys {
            say("session ok: signed in as \(Self.readerName) with a 4-digit PIN by keys alone, and heard \"Signed in\"")
            return
        }
        let latencies = screen.log.compactMap(\.latency).map(\.nanoseconds).sorted()
        if let last = latencies.last {
            say(
                "touch→action latency: median \(formatLatency(.nanoseconds(latencies[latencies.count / 2]))), max \(formatLatency(.nanoseconds(last))) over \(latencies.count) actions"
            )
        }
        say(
            "session ok: count \(screen.count), locked, slider \(Int((screen.slider.value * 100).rounded())) %, dark mode, zoom \(screen.canvas.zoom.fixed(2))×"
        )
    }
}
