import ArgumentParser
import PanelBoards
import PanelCore
import PanelGraphics
import PanelTesting
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

    func run() throws {
        let board = try options.load()
        try MainActor.assumeIsolated {
            if board.isMock {
                try DemoSession(board: board, output: output).run()
            } else {
                try runLive(board: board)
            }
        }
    }

    @MainActor
    private func runLive(board: Board) throws(CommandFailure) {
        #if os(Linux)
        let framebuffer = try makeFramebuffer(for: board)
        let queue = EventQueue(capacity: 64)
        let input = try LiveInput.start(board: board, queue: queue, realtimePriority: realtimePriority)
        say("demo on \(board.name): \(input.identification.joined(separator: "; "))")
        let (app, screen) = makeKiosk(board: board, framebuffer: framebuffer, clock: SystemClock(), eventQueue: queue)
        screen.measureLatency = { app.lastFrameTimestamp.map { SystemClock().now - $0 } }
        let runLoop: LinuxRunLoop
        do { runLoop = try LinuxRunLoop(application: app) } catch { throw CommandFailure("\(error)") }
        raiseOnTermination(runLoop.stopSignal)
        if let duration {
            do { try app.scheduleTimer(after: .milliseconds(Int64(duration * 1000))) { _ in runLoop.stop() } } catch { throw CommandFailure("\(error)") }
        }
        runLoop.run()
        input.thread.stop()
        restoreTermination()
        say("stopped: \(input.thread.reportCount) reports, \(input.thread.errorCount) errors, \(app.lostFrameCount) lost frames")
        #else
        throw CommandFailure("real boards need Linux")
        #endif
    }
}

func line(for entry: EventLogEntry) -> String {
    let time = entry.time.fixed(1).leftPadded(8) + " ms"
    let latency = entry.latency.map { "   latency " + formatLatency($0) } ?? ""
    return "\(time)  \(entry.text.padded(46))\(latency)"
}

/// The scripted session on a mock board.
@MainActor
final class DemoSession {
    let board: Board
    let output: String
    let bench: Bench
    let app: Application
    let screen: KioskScreen
    let framebuffer: any Framebuffer
    private(set) var screenshots: [String] = []

    init(board: Board, output: String) throws(CommandFailure) {
        self.board = board
        self.output = output
        bench = try Bench(board: board)
        framebuffer = try makeFramebuffer(for: board)
        (app, screen) = makeKiosk(board: board, framebuffer: framebuffer, clock: bench.clock, eventQueue: bench.queue)
    }

    /// The session, in UI points, built from where the controls actually are.
    func script() -> (TouchScript, shots: [(at: Int64, name: String)]) {
        func center(_ v: View) -> Point {
            let f = v.frame
            return Point(x: f.origin.x + f.size.width / 2, y: f.origin.y + f.size.height / 2)
        }
        let one = center(screen.plusOne), ten = center(screen.plusTen), reset = center(screen.reset)
        let track = screen.slider.frame
        let thumbRect = screen.slider.thumbRect
        let thumb = screen.slider.convert(Point(x: thumbRect.origin.x + thumbRect.size.width / 2, y: thumbRect.origin.y + thumbRect.size.height / 2), to: screen.root)
        let sliderTarget = Point(x: track.origin.x + track.size.width * 0.8, y: thumb.y)
        let toggle = center(screen.darkSwitch)
        let c = center(screen.canvas)
        let span = min(screen.canvas.frame.size.width, screen.canvas.frame.size.height)
        var fingers: [ScriptedFinger] = []
        var n = 0
        func finger() -> ScriptedFinger { n += 1; return ScriptedFinger(n) }
        func tap(_ p: Point, at ms: Int64, hold: Int64 = 70) {
            fingers.append(finger().down(at: p, after: .milliseconds(ms)).hold(for: .milliseconds(hold)).lift())
        }
        tap(one, at: 300)                                    // +1
        tap(Point(x: one.x + 2, y: one.y + 1), at: 700)      // +1
        tap(ten, at: 1100)                                   // +10
        tap(reset, at: 1500, hold: 60)                       // Reset, double tap
        tap(Point(x: reset.x + 3, y: reset.y), at: 1680, hold: 60)
        fingers.append(finger().down(at: thumb, after: .milliseconds(2200))      // slider drag
            .move(to: sliderTarget, over: .milliseconds(300)).hold(for: .milliseconds(40)).lift())
        tap(toggle, at: 2900)                                // switch
        fingers.append(finger().down(at: c, after: .milliseconds(3400))         // pan
            .move(to: Point(x: c.x - span * 0.18, y: c.y + span * 0.12), over: .milliseconds(300)).lift())
        let pinchFrom = span * 0.1, pinchTo = span * 0.22                       // pinch out
        fingers.append(finger().down(at: Point(x: c.x - pinchFrom, y: c.y - pinchFrom * 0.5), after: .milliseconds(4100))
            .move(to: Point(x: c.x - pinchTo, y: c.y - pinchTo * 0.5), over: .milliseconds(300)).lift())
        fingers.append(finger().down(at: Point(x: c.x + pinchFrom, y: c.y + pinchFrom * 0.5), after: .milliseconds(4100))
            .move(to: Point(x: c.x + pinchTo, y: c.y + pinchTo * 0.5), over: .milliseconds(300)).lift())
        tap(one, at: 4800, hold: 90)                         // two fingers, two buttons
        tap(ten, at: 4800, hold: 90)
        tap(reset, at: 5300, hold: 800)                      // Reset, long press: lock
        tap(one, at: 6400)                                   // locked: no count
        let shots: [(Int64, String)] = [
            (1450, "03-counted"), (2000, "04-double-tap-reset"), (2800, "05-slider"), (3300, "06-switch"),
            (4000, "07-panned"), (4700, "08-pinched"), (5000, "09-two-buttons"), (6300, "10-long-press-locked"),
        ]
        return (TouchScript(fingers: fingers), shots)
    }

    func run() throws(CommandFailure) {
        makeDirectories(output)
        let started = bench.clock.now
        var stepStart = MonotonicInstant.zero
        let wall = WallClock()
        screen.measureLatency = { wall.now - stepStart }

        say("PanelKit demo on \(board.name): \(board.model)")
        for line in bench.identification { say("  " + line) }
        say("  display: \(board.display.device) \(board.display.width)×\(board.display.height), rotation \(board.display.rotation.rawValue)°; UI \(Int(board.display.uiSize.width))×\(Int(board.display.uiSize.height))")
        say("  latency: host time from the driver's read of the report to the action (the emulated chip's clock is virtual)")
        say("")
        app.runOnce()
        try shoot("01-home")

        let (script, shots) = script()
        let end = bench.play(script) + .milliseconds(100)
        var pendingShots = shots
        var pressedShot = false
        while bench.clock.now < end {
            stepStart = wall.now
            bench.input.step(timeout: .milliseconds(20))
            app.runOnce()
            if !pressedShot, screen.plusOne.isHighlighted {
                pressedShot = true
                try shoot("02-button-pressed")
            }
            let t = (bench.clock.now - started).nanoseconds / 1_000_000
            while let next = pendingShots.first, t >= next.at {
                pendingShots.removeFirst()
                try shoot(next.name)
            }
        }
        app.runOnce()
        try shoot("11-final")

        let stats = bench.input.statistics
        say("")
        say("\(stats.reports) controller reports, \(stats.framesEmitted) frames, \(stats.errors) errors; \(app.display?.framesRendered ?? 0) frames drawn; \(app.lostFrameCount) frames lost, \(app.droppedTouchCount) touches dropped")
        say("screenshots (\(output)/): \(screenshots.joined(separator: ", "))")
        let latencies = screen.log.compactMap(\.latency).map(\.nanoseconds).sorted()
        if !latencies.isEmpty {
            say("touch→action latency: median \(formatLatency(.nanoseconds(latencies[latencies.count / 2]))), max \(formatLatency(.nanoseconds(latencies.last!))) over \(latencies.count) actions")
        }
        var problems: [String] = []
        if screen.count != 11 { problems.append("count is \(screen.count), expected 11") }
        if !screen.locked { problems.append("the long press did not lock the counter") }
        if !screen.darkSwitch.isOn { problems.append("the switch is off") }
        if screen.slider.value < 0.7 { problems.append("the slider is at \(screen.slider.value), expected about 0.8") }
        if screen.canvas.zoom < 1.4 { problems.append("the pinch zoomed to \(screen.canvas.zoom.fixed(2))×") }
        if screen.canvas.offset == .zero { problems.append("the pan did not move the canvas") }
        if stats.errors > 0 || app.lostFrameCount > 0 || app.droppedTouchCount > 0 { problems.append("the input path lost something") }
        guard problems.isEmpty else {
            throw CommandFailure("the scripted session did not end as expected: \(problems.joined(separator: "; "))")
        }
        say("session ok: count 11, locked, slider \(Int((screen.slider.value * 100).rounded())) %, dark canvas, zoom \(screen.canvas.zoom.fixed(2))×")
    }

    private func shoot(_ name: String) throws(CommandFailure) {
        let path = "\(output)/\(name).png"
        do {
            try framebuffer.screenshot().writePNG(to: path)
        } catch {
            throw CommandFailure("\(path): \(error)")
        }
        screenshots.append("\(name).png")
    }
}

/// CLOCK_MONOTONIC, for host-time measurements on the bench.
struct WallClock {
    var now: MonotonicInstant {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return MonotonicInstant(nanoseconds: UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec))
    }
}
