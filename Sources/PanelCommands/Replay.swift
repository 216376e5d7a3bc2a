import ArgumentParser
import PanelBench
import PanelBoards
import PanelCore
import PanelGraphics
import PanelKit
import PanelLinuxPlatform
import PanelUI

/// `panelctl replay`
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a touch trace into the demo screen: straight into the UI, or through the board's emulated chip and driver.",
        discussion: """
            --into ui pushes the recorded frames into the event queue at their recorded times (any board: \
            the screen is drawn on its display). --into chip turns the trace back into fingers on the mock \
            board's emulated controller, so the driver, tracker and queue run too, and compares what comes \
            out with the recording. Both print the demo's event log; --screenshot saves the final screen.

            Trace format (panelkit-trace, version 1; JSON Lines): a header \
            {"format":"panelkit-trace","version":1,"board":…,"width":…,"height":…}, then one line per frame \
            {"t":µs,"contacts":[{"id":n,"phase":"began|moved|stationary|ended|cancelled","x":…,"y":…}]}. \
            Coordinates are UI points. On load the file is checked: unknown keys, time going backwards, \
            a touch that begins twice, moves before it began, or never ends are errors naming the line.
            """)

    enum Target: String, ExpressibleByArgument, CaseIterable { case ui, chip }

    @OptionGroup var options: BoardOptions

    @Argument(help: ArgumentHelp("The trace file.", valueName: "trace"))
    var trace: String

    @Option(help: "Where to replay: ui (frames into the event queue) or chip (the emulated controller, mock boards).")
    var into = Target.ui

    @Option(help: ArgumentHelp("Write the final screen to this PNG file.", valueName: "file"))
    var screenshot: String?

    func run() throws {
        let board = try options.load()
        let text: String
        do {
            text = try decodeUTF8Text(try readFileBytes(trace))
        } catch let error as TextEncodingError {
            throw CommandFailure("\(trace):\(error.line): \(error.problem) (traces are UTF-8 JSON Lines); \(error.fix)")
        } catch {
            throw CommandFailure("\(error)")
        }
        let recorded: TouchTrace
        do { recorded = try TouchTrace(jsonLines: text, path: trace) } catch { throw CommandFailure("\(error)") }
        let size = board.display.uiSize
        if recorded.width != Int(size.width) || recorded.height != Int(size.height) {
            throw CommandFailure(
                "\(trace): recorded on a \(recorded.width)×\(recorded.height) screen (\(recorded.board)), but \(board.name) is \(Int(size.width))×\(Int(size.height)); replay it with --board \(recorded.board)"
            )
        }
        try MainActor.assumeIsolated {
            try replay(recorded, on: board)
        }
    }

    @MainActor
    private func replay(_ recorded: TouchTrace, on board: Board) throws(CommandFailure) {
        let framebuffer = try makeFramebuffer(for: board)
        let clock: ManualClock
        let queue: EventQueue
        var bench: Bench?
        switch into {
        case .ui:
            clock = ManualClock()
            clock.recordsSleeps = false
            queue = EventQueue(capacity: 256)
        case .chip:
            guard board.isMock else { throw CommandFailure("--into chip needs a mock board (an emulated controller); use --into ui for \(board.name)") }
            let b = try Bench(board: board, queueCapacity: 256)
            clock = b.clock
            queue = b.queue
            bench = b
        }
        let start = clock.now
        let (app, screen) = makeKiosk(board: board, framebuffer: framebuffer, clock: clock, eventQueue: queue)
        say(
            "replaying \(trace) (\(recorded.frames.count) frames, \((Double(recorded.duration) / 1000).fixed(1)) ms, recorded on \(recorded.board)) into the \(into == .ui ? "UI" : "emulated chip") of \(board.name)"
        )
        app.runOnce()

        var delivered: [UInt32: Point] = [:]
        var began = 0, finished = 0
        func observe(_ frame: TouchFrame) {
            for c in frame {
                if c.phase == .began { began += 1 }
                if c.phase.isTerminal { finished += 1 }
                delivered[c.identity] = c.position
            }
        }
        switch into {
        case .ui:
            for recordedFrame in recorded.frames {
                let at = start + .microseconds(recordedFrame.time)
                if at > clock.now { clock.advance(to: at); app.runOnce() }
                var frame = TouchFrame(timestamp: at)
                for c in recordedFrame.contacts {
                    _ = frame.append(Contact(trackID: UInt8(truncatingIfNeeded: c.id), position: c.position, phase: c.phase, identity: c.id))
                }
                observe(frame)
                queue.push(frame)
                app.runOnce()
            }
            clock.advance(by: .milliseconds(100))
            app.runOnce()
        case .chip:
            let bench = bench!
            let end = bench.play(script(from: recorded)) + .milliseconds(100)
            // Watch the frames on their way to the application.
            var frames: [TouchFrame] = []
            while bench.clock.now < end {
                bench.input.step(timeout: .milliseconds(20))
                while let item = queue.pop() {
                    if case .frame(let f) = item { frames.append(f) }
                }
                for f in frames {
                    observe(f)
                    queue.push(f)
                }
                frames.removeAll(keepingCapacity: true)
                app.runOnce()
            }
        }
        let recordedTouches = Set(recorded.frames.flatMap { $0.contacts.map(\.id) }).count
        say(
            "\(recordedTouches) touches recorded; \(began) began and \(finished) ended or were cancelled in the replay; \(screen.log.count) actions; \(app.lostFrameCount) frames lost"
        )
        if let screenshot {
            do { try framebuffer.writeScreenshot(to: screenshot) } catch { throw CommandFailure("\(screenshot): \(error)") }
            say("screenshot: \(screenshot)")
        }
        if began != recordedTouches || finished != began {
            throw CommandFailure("the replay did not reproduce every touch (\(began) of \(recordedTouches) began, \(finished) finished)")
        }
    }
}

/// A trace's fingers as a script (positions in UI points), for playing it through a chip.
func script(from trace: TouchTrace) -> TouchScript {
    var fingers: [UInt32: ScriptedFinger] = [:]
    var last: [UInt32: Int64] = [:]
    var order: [UInt32] = []
    for frame in trace.frames {
        for c in frame.contacts {
            switch c.phase {
            case .began:
                fingers[c.id] = ScriptedFinger(Int(c.id)).down(at: c.position, after: .microseconds(frame.time))
                order.append(c.id)
            case .moved, .stationary:
                fingers[c.id] = fingers[c.id]?.move(to: c.position, over: .microseconds(frame.time - last[c.id, default: frame.time]))
            case .ended, .cancelled:
                fingers[c.id] = fingers[c.id]?.lift(after: .microseconds(max(1000, frame.time - last[c.id, default: frame.time])))
            }
            last[c.id] = frame.time
        }
    }
    return TouchScript(fingers: order.compactMap { fingers[$0] })
}
