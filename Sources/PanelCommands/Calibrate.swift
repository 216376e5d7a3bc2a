import ArgumentParser
import PanelBench
import PanelBoards
import PanelCore
import PanelGraphics
import PanelKit
import PanelLinuxPlatform
import PanelPlatform
import PanelUI

#if os(Linux)
import PanelLinux
#endif

/// The calibration screen: a crosshair to touch and what to do.
@MainActor
final class CrosshairView: View {
    var target = Point.zero { didSet { setNeedsDisplay() } }
    var message = "" { didSet { setNeedsDisplay() } }

    override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let w = Int(bounds.size.width), h = Int(bounds.size.height)
        canvas.fill(PixelRect(x: 0, y: 0, width: w, height: h), color: .black)
        let x = target.x, y = target.y
        canvas.drawLine(from: (x - 20, y), to: (x + 20, y), width: 2, color: .white)
        canvas.drawLine(from: (x, y - 20), to: (x, y + 20), width: 2, color: .white)
        canvas.strokeRoundedRect(PixelRect(x: Int(x) - 10, y: Int(y) - 10, width: 21, height: 21), radius: 10, width: 2, color: .red)
        let textWidth = Font.body.width(of: message)
        _ = canvas.drawText(message, at: ((w - textWidth) / 2, h / 2 - 8), font: .body, color: .white)
    }
}

/// `panelctl calibrate`
struct Calibrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "3-point touch calibration: touch the crosshairs; the matrix is saved as an override the board loader applies.",
        discussion: """
            Shows a crosshair at three points, takes the average position of each touch, solves tslib's \
            affine matrix (in panel coordinates, so rotation stays the board's business), checks it at a \
            fourth point in the middle, and writes <config-dir>/<board>.calibration.json. On a mock board \
            the emulated finger misses each crosshair by a known error (a panel mounted 4 % large and \
            shifted), so the result can be checked.
            """)

    @OptionGroup var options: BoardOptions

    @Option(help: ArgumentHelp("Real boards: seconds to wait for each touch.", valueName: "seconds"))
    var timeout = 30.0

    @Option(help: ArgumentHelp("Write each crosshair screen as a PNG into this directory.", valueName: "dir"))
    var screenshots: String?

    func run() throws {
        var board = try options.load()
        board.touch.calibration = nil
        let loader = options.loader
        guard let file = loader.calibrationFile(for: board.name) else {
            throw CommandFailure("no place to save the calibration: set PANELKIT_CONFIG_DIR or HOME, or pass --config-dir")
        }
        try MainActor.assumeIsolated {
            try calibrate(board, saveTo: file, loader: loader)
        }
    }

    /// The error the emulated finger makes on a mock board, in UI points.
    static func mockMiss(_ p: Point) -> Point { Point(x: p.x * 1.04 + 9, y: p.y * 0.97 - 7) }

    @MainActor
    private func calibrate(_ board: Board, saveTo file: String, loader: BoardLoader) throws(CommandFailure) {
        let size = board.display.uiSize
        let framebuffer = try makeFramebuffer(for: board)
        let (app, window) = PanelRuntime.makeApplication(board: board, framebuffer: framebuffer, clock: ManualClock())
        let crosshair = CrosshairView(frame: window.bounds)
        window.addSubview(crosshair)
        let targets = [
            Point(x: (size.width * 0.1).rounded(), y: (size.height * 0.1).rounded()),
            Point(x: (size.width * 0.9).rounded(), y: (size.height * 0.5).rounded()),
            Point(x: (size.width * 0.5).rounded(), y: (size.height * 0.9).rounded()),
        ]
        let check = Point(x: (size.width * 0.5).rounded(), y: (size.height * 0.5).rounded())
        var source = try TouchSampler(board: board)
        var measured: [Point] = []
        for (i, target) in (targets + [check]).enumerated() {
            crosshair.target = target
            crosshair.message = i < 3 ? "Touch the crosshair (\(i + 1) of 3)" : "Touch the crosshair to check"
            do { try app.render() } catch { throw CommandFailure("\(error)") }
            if let dir = screenshots {
                makeDirectories(dir)
                let path = "\(dir)/calibrate-\(i + 1).png"
                do { try framebuffer.writeScreenshot(to: path) } catch { throw CommandFailure("\(path): \(error)") }
            }
            let p = try source.sample(at: target, timeout: timeout)
            say("crosshair \(i + 1) at (\(target.x.fixed(0)), \(target.y.fixed(0))): touched at (\(p.x.fixed(1)), \(p.y.fixed(1)))")
            measured.append(p)
        }
        let m = try matrix(board: board, measured: Array(measured.prefix(3)), targets: targets)
        // The check point, as the calibrated board will report it.
        let transform = board.transform()
        let corrected = transform.uiPoint(fromPanel: m.apply(transform.panelPoint(fromUI: measured[3])))
        let error = corrected.distance(to: check)
        let p = m.pointercal
        say("calibration: [\(p.0), \(p.1), \(p.2), \(p.3), \(p.4), \(p.5), \(p.6)] (tslib pointercal, panel coordinates)")
        say("check point error after calibration: \(error.fixed(2)) points")
        if error > 8 {
            throw CommandFailure(
                "the check point is \(error.fixed(1)) points off, so nothing was saved: the touches were not steady or the crosshairs were missed; run panelctl calibrate again"
            )
        }
        let override = CalibrationOverride(board: board.name, matrix: m)
        do { try writeFile(file, override.json) } catch { throw CommandFailure("\(error)") }
        say("saved \(file); the board loader applies it from now on (delete the file to undo)")
    }

    /// The matrix from UI-space measurements, solved in panel space.
    private func matrix(board: Board, measured: [Point], targets: [Point]) throws(CommandFailure) -> CalibrationMatrix {
        let transform = board.transform()
        let m = measured.map { transform.panelPoint(fromUI: $0) }
        let t = targets.map { transform.panelPoint(fromUI: $0) }
        guard let matrix = CalibrationMatrix(measured: (m[0], m[1], m[2]), targets: (t[0], t[1], t[2])) else {
            throw CommandFailure(
                "the three touches are on one line, so no calibration can be solved; touch each crosshair in turn and run panelctl calibrate again")
        }
        return matrix
    }
}

/// One steady touch's average position: the emulated finger on a mock board, a real one otherwise.
struct TouchSampler {
    let board: Board
    private var bench: Bench?
    #if os(Linux)
    private var live: LiveInput?
    private var queue: EventQueue?
    #endif

    init(board: Board) throws(CommandFailure) {
        self.board = board
        if board.isMock {
            bench = try Bench(board: board)
        } else {
            #if os(Linux)
            let queue = EventQueue(capacity: 256)
            self.queue = queue
            live = try LiveInput.start(board: board, queue: queue)
            #else
            throw CommandFailure("real boards need Linux")
            #endif
        }
    }

    mutating func sample(at target: Point, timeout: Double) throws(CommandFailure) -> Point {
        var sum = Point.zero
        var n = 0.0
        var ended = false
        func take(_ frame: TouchFrame) {
            guard let c = frame.first(where: { _ in true }) else { return }
            if c.phase != .cancelled { sum.x += c.position.x; sum.y += c.position.y; n += 1 }
            if c.phase.isTerminal { ended = true }
        }
        if let bench {
            let miss = Calibrate.mockMiss(target)
            let end = bench.play(TouchScript(ScriptedFinger(1).down(at: miss, after: .milliseconds(10)).hold(for: .milliseconds(150)).lift()))
            bench.run(until: end + .milliseconds(50)) {
                while let item = bench.queue.pop() { if case .frame(let f) = item { take(f) } }
            }
        } else {
            #if os(Linux)
            let clock = SystemClock()
            let deadline = clock.now + .milliseconds(Int64(timeout * 1000))
            while !ended {
                guard clock.now < deadline else { throw CommandFailure("no touch within \(timeout.fixed(0)) s: check the touch wiring with panelctl monitor") }
                while let item = queue!.pop() { if case .frame(let f) = item { take(f) } }
                clock.sleep(for: .milliseconds(5))
            }
            #endif
        }
        guard n > 0 else { throw CommandFailure("the touch was cancelled before any position was read; touch and hold the crosshair") }
        return Point(x: sum.x / n, y: sum.y / n)
    }
}
