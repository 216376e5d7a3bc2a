import ArgumentParser
import PanelBench
import PanelBoards
import PanelCore
import PanelKit

#if os(Linux)
import Logging
import PanelLinux
import PanelLinuxPlatform
import PanelPlatform
#endif

/// What a frame collection counted.
struct CollectionSummary {
    var frames = 0
    var contacts = 0
    var overflows: UInt64 = 0
    var statistics = InputStatistics()
    var identification: [String] = []
}

#if os(Linux)
/// Receives a board's key devices, buttons and encoders on the monitor's run loop and hands
/// each input on.
@MainActor
/// What the Linux platform drives for `panelctl monitor`: each turn takes the frames from the
/// queue and looks at the controller's health; the board's other inputs go to `onInput`.
private final class MonitorClient: RunLoopClient {
    let eventQueue: EventQueue?
    let clock: any MonotonicClock = SystemClock()
    /// When the monitor stops by itself (`--duration`).
    let deadline: MonotonicInstant?
    let onInput: ((DeviceInput) -> Void)?
    var onTurn: () -> Void = {}

    init(queue: EventQueue, deadline: MonotonicInstant?, onInput: ((DeviceInput) -> Void)?) {
        eventQueue = queue
        self.deadline = deadline
        self.onInput = onInput
    }

    /// The health is looked at five times a second; the deadline is met on time.
    var nextTimerDeadline: MonotonicInstant? {
        let look = clock.now + .milliseconds(200)
        guard let deadline else { return look }
        return min(deadline, look)
    }

    func runOnce() { onTurn() }
    func handle(_ input: DeviceInput) { onInput?(input) }
    func cancelAllTouches() {}
}
#endif

/// Frames from a board, handed to `onFrame` with the latency from the interrupt edge (the
/// frame's timestamp) to the moment the consumer took it from the queue. On a mock board a
/// script (default: ``sampleGestures(size:)``) is played through the emulated chip in virtual
/// time; on a real board the live input thread runs until `duration`, `count` frames, or Ctrl-C,
/// and, given `onInput`, the board's keys, buttons and encoders are read on the same loop and
/// their presses, remote commands and turns handed to it.
@MainActor
func collectFrames(
    board: Board, script: TouchScript?, duration: Double?, count: Int?,
    onFrame: @escaping (TouchFrame, MonotonicDuration) -> Void, onInput: ((DeviceInput) -> Void)? = nil
) throws(CommandFailure) -> CollectionSummary {
    var summary = CollectionSummary()
    func take(_ item: EventQueue.Item, now: MonotonicInstant) -> Bool {
        switch item {
        case .frame(let frame):
            summary.frames += 1
            summary.contacts += frame.count
            onFrame(frame, now - frame.timestamp)
        case .overflow(let lost):
            summary.overflows += lost
        }
        return count.map { summary.frames >= $0 } ?? false
    }
    if board.isMock {
        let bench = try Bench(board: board)
        summary.identification = bench.identification
        let end = bench.play(script ?? sampleGestures(size: board.display.uiSize)) + .milliseconds(50)
        var done = false
        while bench.clock.now < end && !done {
            bench.input.step(timeout: .milliseconds(20))
            while let item = bench.queue.pop() {
                if take(item, now: bench.clock.now) { done = true; break }
            }
        }
        summary.statistics = bench.input.statistics
        return summary
    }
    #if os(Linux)
    // The Linux platform, as an app runs on, but taking only the input: the display and the
    // backlight stay the app's, and the board's other devices are read only when asked for.
    let platform: LinuxPlatform
    do {
        let console = Console.current
        let logger = Logger(label: "panelkit") { _ in RateLimitedLogHandler(PlainLogHandler { console.warning($0) }) }
        platform = try LinuxPlatform(board: board, logger: logger, uses: .init(display: false, devices: onInput != nil))
    } catch {
        throw CommandFailure("\(error)")
    }
    let clock = SystemClock()
    let client = MonitorClient(
        queue: platform.eventQueue, deadline: duration.map { clock.now + .milliseconds(Int64($0 * 1000)) }, onInput: onInput)
    var backingOff = false
    client.onTurn = { [unowned client] in
        if summary.identification.isEmpty { summary.identification = platform.identification }
        while let item = platform.eventQueue.pop() {
            if take(item, now: clock.now) {
                platform.stop()
                return
            }
        }
        // The controller's health, on standard error (standard output may be JSON).
        let input = platform.inputStatistics
        if input.isControllerDown != backingOff {
            backingOff = input.isControllerDown
            Console.current.warning(
                backingOff
                    ? "\(board.name): the touch controller stopped answering (\(input.errors) errors so far); retrying, at most once a second, until it does"
                    : "\(board.name): the touch controller answers again (\(input.failedRecoveries) failed recovery attempts)")
        }
        if let deadline = client.deadline, clock.now >= deadline { platform.stop() }
    }
    do {
        summary.statistics = try platform.run(client)
    } catch {
        throw CommandFailure("\(error)")
    }
    while let item = platform.eventQueue.pop() { _ = take(item, now: clock.now) }
    return summary
    #else
    throw CommandFailure("real boards need Linux")
    #endif
}

/// A tap, a one-finger drag and a two-finger pinch, in UI points of a screen of `size`.
func sampleGestures(size: Size) -> TouchScript {
    let w = size.width, h = size.height
    return TouchScript(
        ScriptedFinger(1).down(at: Point(x: w * 0.25, y: h * 0.26), after: .milliseconds(20)).hold(for: .milliseconds(60)).lift(),
        ScriptedFinger(2).down(at: Point(x: w * 0.2, y: h * 0.7), after: .milliseconds(200)).move(to: Point(x: w * 0.8, y: h * 0.7), over: .milliseconds(120))
            .lift(),
        ScriptedFinger(3).down(at: Point(x: w * 0.45, y: h * 0.5), after: .milliseconds(500)).move(to: Point(x: w * 0.3, y: h * 0.5), over: .milliseconds(100))
            .lift(),
        ScriptedFinger(4).down(at: Point(x: w * 0.55, y: h * 0.5), after: .milliseconds(500)).move(to: Point(x: w * 0.7, y: h * 0.5), over: .milliseconds(100))
            .lift())
}

/// `panelctl monitor`
struct Monitor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Print touch frames as they arrive (phases, positions, the latency from interrupt edge to frame), the presses, remote commands and knob turns of the board's keys, buttons and encoders, and the error and overflow counters.",
        discussion:
            "On a mock board a short session (a tap, a drag, a pinch) is played through the emulated chip; on a real board it runs until --duration, --count (touch frames) or Ctrl-C."
    )

    @OptionGroup var options: BoardOptions

    @Flag(help: "One JSON object per line (frames, then a summary), for scripts.")
    var json = false

    @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("Stop after this many frames.", valueName: "n"))
    var count: Int?

    func run() throws {
        try MainActor.assumeIsolated { try monitor() }
    }

    @MainActor
    private func monitor() throws {
        let board = try options.load()
        if !json {
            say("monitoring \(board.name) (\(board.touch.compatible)); UI \(Int(board.display.uiSize.width))×\(Int(board.display.uiSize.height)) points")
        }
        var first: MonotonicInstant?
        var inputs = 0
        /// A press, remote command, typing or turn, on the frames' time line.
        func show(_ input: DeviceInput) {
            inputs += 1
            let origin = first ?? input.timestamp
            first = origin
            let t = input.timestamp > origin ? Double((input.timestamp - origin).nanoseconds) / 1_000_000 : 0
            if json {
                var quoted = ""
                JSONValue.quote(input.description, into: &quoted)
                say("{\"t_ms\":\(t.fixed(3)),\"input\":\(quoted)}")
            } else {
                say("\(t.fixed(3).leftPadded(10)) ms  \(input)")
            }
        }
        let summary = try collectFrames(
            board: board, script: nil, duration: duration, count: count,
            onFrame: { frame, latency in
                let origin = first ?? frame.timestamp
                first = origin
                let t = Double((frame.timestamp - origin).nanoseconds) / 1_000_000
                if json {
                    var contacts: [String] = []
                    for c in frame {
                        contacts.append("{\"id\":\(c.identity),\"phase\":\"\(c.phase)\",\"x\":\(c.position.x.fixed(1)),\"y\":\(c.position.y.fixed(1))}")
                    }
                    say(
                        "{\"t_ms\":\(t.fixed(3)),\"latency_us\":\((Double(latency.nanoseconds) / 1000).fixed(1)),\"contacts\":[\(contacts.joined(separator: ","))]}"
                    )
                } else {
                    var parts: [String] = []
                    for c in frame {
                        parts.append("#\(c.identity) \(String(describing: c.phase).padded(9)) (\(c.position.x.fixed(1)), \(c.position.y.fixed(1)))")
                    }
                    say("\(t.fixed(3).leftPadded(10)) ms  edge→frame \(formatLatency(latency).leftPadded(9))  \(parts.joined(separator: "  "))")
                }
            }, onInput: show)
        let s = summary.statistics
        if json {
            say(
                "{\"summary\":{\"frames\":\(summary.frames),\"contacts\":\(summary.contacts),\"inputs\":\(inputs),\"reports\":\(s.reports),\"errors\":\(s.errors),\"recoveries\":\(s.recoveries),\"overflows\":\(summary.overflows),\"watchdog_cancels\":\(s.watchdogCancels)}}"
            )
        } else {
            for line in summary.identification { say(line) }
            say(
                "\(summary.frames) frames, \(summary.contacts) contacts, \(inputs) key/button/knob inputs; \(s.reports) reports, \(s.errors) errors, \(s.recoveries) recoveries, \(summary.overflows) overflows, \(s.watchdogCancels) watchdog cancels"
            )
            if let error = s.lastError { say("last error: \(error)") }
        }
    }
}

/// `panelctl record`
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record touch frames into a trace file (panelkit-trace, version 1; see panelctl replay --help).",
        discussion:
            "On a mock board the sample session (a tap, a drag, a pinch) is recorded; on a real board it records until --duration or Ctrl-C. The format: one JSON header line, then one line per frame with t (µs), and each changed contact's id, phase, x, y in UI points."
    )

    @OptionGroup var options: BoardOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The trace file to write.", valueName: "file"))
    var output = "touches.trace"

    @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "seconds"))
    var duration: Double?

    func run() throws {
        try MainActor.assumeIsolated { try record() }
    }

    @MainActor
    private func record() throws {
        let board = try options.load()
        let size = board.display.uiSize
        var trace = TouchTrace(board: board.name, width: Int(size.width), height: Int(size.height))
        var origin: MonotonicInstant?
        let summary = try collectFrames(board: board, script: nil, duration: duration, count: nil) { frame, _ in
            let start = origin ?? frame.timestamp
            origin = start
            trace.append(frame, origin: start)
        }
        do { try writeFile(output, trace.jsonLines) } catch { throw CommandFailure("\(error)") }
        say(
            "\(output): \(trace.frames.count) frames, \(summary.contacts) contacts, \((Double(trace.duration) / 1000).fixed(1)) ms (panelkit-trace v\(TouchTrace.version), \(trace.width)×\(trace.height) points)"
        )
    }
}
