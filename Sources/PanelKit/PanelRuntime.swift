import PanelBench
public import PanelBoards
public import PanelCore
public import PanelGraphics
public import PanelUI

#if os(Linux)
import Glibc
import PanelLinux
#endif

/// A board brought up for an app: the application, its one full-screen window and the board's
/// input and display, chosen from the board file.
///
/// - A **mock board** (`mock`, `mock-gt911`, …): the emulated controller on the mock bus
///   through the real driver, tracker and queue, in virtual time, and a memory framebuffer.
///   ``run(session:)`` plays a ``ScriptedSession`` headless and writes PNG screenshots.
/// - A **real board**: the I2C driver on its bus and GPIO lines (or the evdev device) on an
///   input thread, the Linux framebuffer, and the epoll run loop until SIGINT or SIGTERM, after
///   which every touch is cancelled, the input thread joined and the call returns.
///
/// ``PanelApp/main(board:session:rootViewController:)`` is this in one call; tests and tools
/// (`panelctl demo`) use the runtime directly.
@MainActor
public final class PanelRuntime {
    /// The options in force (after `PANELKIT_BOARD` and the command line).
    public let options: PanelAppOptions
    /// The board, decoded and validated, with its calibration override applied.
    public let board: Board
    /// The display's memory.
    public let framebuffer: any Framebuffer
    /// The application; its clock is the touch source's.
    public let application: Application
    /// The one window, filling the display, key and visible.
    public let window: Window
    /// The emulated hardware of a mock board (nil on a real board).
    public let bench: Bench?
    /// What the driver read from the controller (chip, firmware, …): on a mock board from the
    /// start, on a real board once ``run(session:)`` has started the driver.
    public private(set) var identification: [String]
    /// Host time (CLOCK_MONOTONIC) at the start of the current input step on a mock board: the
    /// moment the driver reads the emulated report, for touch-to-action latency.
    public private(set) var stepStartedAt = MonotonicInstant.zero
    /// Called with each line the runtime reports (identification, stop counters). Default: none.
    public var log: (String) -> Void = { _ in }

    #if os(Linux)
    private let queueWakeUp: WakeSignal?
    #endif

    /// Loads the board and builds the application, window and hardware. Nothing runs yet.
    /// - Throws: ``PanelKitError``: the board cannot be found (the known boards are listed) or
    ///   is invalid (file, line, column, key and fix), the emulated controller did not start, the
    ///   framebuffer device is missing or does not match the board file.
    public init(options: PanelAppOptions) throws(PanelKitError) {
        self.options = options
        let loader = options.configDirectory.map { BoardLoader(calibrationDirectory: $0) } ?? BoardLoader()
        let board: Board
        do { board = try loader.load(options.board) } catch { throw PanelKitError(.board, "\(error)") }
        self.board = board
        framebuffer = try makeFramebuffer(for: board)
        let clock: any MonotonicClock
        let queue: EventQueue
        if board.isMock {
            let bench = try Bench(board: board)
            self.bench = bench
            identification = bench.identification
            clock = bench.clock
            queue = bench.queue
            #if os(Linux)
            queueWakeUp = nil
            #endif
        } else {
            #if os(Linux)
            bench = nil
            identification = []
            let signal: WakeSignal
            do { signal = try WakeSignal() } catch { throw PanelKitError(.system, "\(error)") }
            queueWakeUp = signal
            queue = EventQueue(capacity: 64, wakeUp: signal)
            clock = SystemClock()
            #else
            throw PanelKitError(.touch, "\(board.name): real boards need Linux; use a mock board (--board mock)")
            #endif
        }
        (application, window) = PanelRuntime.makeApplication(board: board, framebuffer: framebuffer, clock: clock, eventQueue: queue)
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

    /// Runs the app: on a mock board the session (or, without one, the first frame and a
    /// screenshot of it), on a real board until SIGINT, SIGTERM or `--duration`.
    /// - Returns: what a mock session did (on a real board: the input counters).
    /// - Throws: ``PanelKitError``: a device failed to start, a screenshot could not be written,
    ///   or (kind `.session`) a session check failed or the input path lost a frame.
    @discardableResult
    public func run(session: ScriptedSession? = nil) throws(PanelKitError) -> SessionReport {
        if options.exitAfterFirstFrame {
            application.runOnce()
            if let error = application.lastRenderError { throw PanelKitError(.display, "the first frame could not be drawn: \(error)") }
            var report = SessionReport()
            report.framesDrawn = application.display?.framesRendered ?? 0
            return report
        }
        if let bench {
            return try runHeadless(bench: bench, session: session)
        }
        return try runLive()
    }

    // MARK: - Mock boards

    private func runHeadless(bench: Bench, session: ScriptedSession?) throws(PanelKitError) -> SessionReport {
        var report = SessionReport()
        if let output = options.output { makeDirectories(output) }
        func shoot(_ name: String) throws(PanelKitError) {
            guard let output = options.output else { return }
            let path = "\(output)/\(name).png"
            do { try framebuffer.screenshot().writePNG(to: path) } catch { throw PanelKitError(.display, "\(path): \(error)") }
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
        if let first = session.firstScreenshot { try shoot(first) }
        let started = bench.clock.now
        let end = bench.play(script.script) + .milliseconds(100)
        var pending = script.screenshots[...]
        var conditional = script.conditionalScreenshots
        let host = HostClock()
        while bench.clock.now < end {
            stepStartedAt = host.now
            bench.input.step(timeout: .milliseconds(20))
            application.runOnce()
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
            while let next = pending.first, elapsed >= next.at {
                pending.removeFirst()
                try shoot(next.name)
            }
        }
        application.runOnce()
        for shot in pending { try shoot(shot.name) }
        if let last = session.lastScreenshot { try shoot(last) }
        report.statistics = bench.input.statistics
        report.framesDrawn = application.display?.framesRendered ?? 0
        report.lostFrames = application.lostFrameCount
        report.droppedTouches = application.droppedTouchCount
        report.problems += script.unreachable
        for check in script.checks where !check.condition() { report.problems.append(check.description) }
        if report.statistics.errors > 0 { report.problems.append("the driver reported \(report.statistics.errors) errors") }
        if report.lostFrames > 0 || report.droppedTouches > 0 {
            report.problems.append("the input path lost \(report.lostFrames) frames and dropped \(report.droppedTouches) touches")
        }
        if !report.problems.isEmpty {
            throw PanelKitError(.session, "the scripted session did not end as expected: \(report.problems.joined(separator: "; "))")
        }
        return report
    }

    // MARK: - Real boards

    private func runLive() throws(PanelKitError) -> SessionReport {
        #if os(Linux)
        guard let queue = application.eventQueue else { return SessionReport() }
        let input = try LiveInput.start(board: board, queue: queue, realtimePriority: options.realtimePriority)
        identification = input.identification
        log("\(board.name): \(input.identification.joined(separator: "; "))")
        let runLoop: LinuxRunLoop
        do { runLoop = try LinuxRunLoop(application: application) } catch { throw PanelKitError(.system, "\(error)") }
        raiseOnTermination(runLoop.stopSignal)
        defer { restoreTermination() }
        if let duration = options.duration {
            do {
                try application.scheduleTimer(after: .nanoseconds(Int64(duration * 1_000_000_000))) { _ in runLoop.stop() }
            } catch {
                throw PanelKitError(.system, "\(error)")
            }
        }
        runLoop.run()
        // Every touch that began ends here, cancelled, before the input thread goes away.
        application.cancelAllTouches()
        input.thread.stop()
        var report = SessionReport()
        report.statistics.reports = input.thread.reportCount
        report.statistics.errors = input.thread.errorCount
        report.framesDrawn = application.display?.framesRendered ?? 0
        report.lostFrames = application.lostFrameCount
        report.droppedTouches = application.droppedTouchCount
        log("stopped: \(input.thread.reportCount) reports, \(input.thread.errorCount) errors, \(application.lostFrameCount) lost frames")
        return report
        #else
        throw PanelKitError(.touch, "\(board.name): real boards need Linux")
        #endif
    }
}

/// CLOCK_MONOTONIC on the host, for latency measured on the bench (whose chip clock is virtual).
public struct HostClock: Sendable {
    public init() {}
    public var now: MonotonicInstant {
        #if canImport(Glibc)
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return MonotonicInstant(nanoseconds: UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec))
        #else
        return .zero
        #endif
    }
}
