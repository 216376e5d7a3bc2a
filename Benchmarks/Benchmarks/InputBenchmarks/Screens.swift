import BenchScreens
import Benchmark
import BenchmarkSupport
import PanelBench
import PanelCore
import PanelUI
import TouchControllers

/// Where a tap enters PanelKit.
enum TapEntry: String {
    /// A decoded frame pushed into the event queue: what LVGL's figure covers (its read
    /// callback hands over a ready point).
    case queue = "FromQueue"
    /// The emulated FT6336U's report and interrupt: the driver reads and decodes it, the
    /// tracker gives it an identity, the pipeline queues it. Our whole path.
    case interrupt = "FromInterrupt"
}

/// LVGL's tap method on its grid of N labelled buttons (ButtonGrid): settle, press a random
/// button at its cell centre, 100 ms of contact, release. The figure is the CPU time from just
/// before the press is injected to the end of its processing, plus from just before the
/// release is injected to the moment the click action runs.
@MainActor
final class TapBench {
    let grid: ButtonGrid
    let clock: ManualClock
    let queue: EventQueue
    /// The emulated chip and input pipeline (``TapEntry/interrupt`` only).
    var panel: EmulatedFT6x06Panel?
    private var random = LCG()
    private var identity: UInt32 = 0
    private(set) var presses = 0
    private(set) var clicks = 0
    private var clickedAt: UInt64 = 0
    private var target: Button?
    /// Taps whose press or click did not fire exactly once on the tapped button.
    private(set) var failures = 0

    private static var cache: [String: TapBench] = [:]

    /// One screen per entry and size, built on first use (outside any measurement).
    static func shared(count: Int, entry: TapEntry) -> TapBench {
        cached(&cache, "\(entry.rawValue)\(count)") { TapBench(count: count, entry: entry) }
    }

    private init(count: Int, entry: TapEntry) {
        switch entry {
        case .queue:
            clock = ManualClock()
            clock.recordsSleeps = false
            queue = EventQueue(capacity: 64)
        case .interrupt:
            // The emulated chip reports in screen pixels (an 800×480 panel, no rotation).
            do {
                let panel = try EmulatedFT6x06Panel(width: 800, height: 480)
                clock = panel.clock
                queue = panel.queue
                self.panel = panel
            } catch {
                fatalError("the emulated FT6336U did not start: \(error)")
            }
        }
        grid = ButtonGrid(count: count, clock: clock, eventQueue: queue)
        for button in grid.buttons {
            button.addTarget(
                nil,
                action: .closure("pressed") { [unowned self] sender, _ in
                    self.presses += 1
                    if sender !== self.target { self.failures += 1 }
                }, for: .touchDown)
            button.addTarget(
                nil,
                action: .closure("clicked") { [unowned self] sender, _ in
                    self.clickedAt = hostNanoseconds()
                    self.clicks += 1
                    if sender !== self.target { self.failures += 1 }
                }, for: .touchUpInside)
        }
        for _ in 0 ..< 200 { _ = tap(benchmark: nil) }  // LVGL's 200 warm-up taps
        failures = 0
    }

    /// One tap on a random button; `benchmark`'s measurement (allocation counts) covers the
    /// press, the contact and the release. Returns LVGL's timed CPU figure in nanoseconds.
    func tap(benchmark: Benchmark?) -> Int {
        // Settle (never timed): a second passes, timers run; every tap starts from a quiet UI.
        clock.advance(by: .milliseconds(1_000))
        grid.application.runOnce()
        let button = grid.buttons[random.next(below: grid.buttons.count)]
        target = button
        let point = button.frame.center
        let presses = self.presses, clicks = self.clicks
        let app = grid.application
        let t0, t1, t2: UInt64
        benchmark?.startMeasurement()
        if let chip = panel?.chip {
            chip.touch(finger: 0, x: Int(point.x), y: Int(point.y))
            chip.report()
            t0 = hostNanoseconds()
            panel!.pipeline.step(timeout: .zero)
            app.runOnce()
            t1 = hostNanoseconds()
            // 100 ms of contact: the chip reports the resting finger every 10 ms.
            for _ in 0 ..< 10 {
                clock.advance(by: .milliseconds(10))
                chip.report()
                panel!.pipeline.step(timeout: .zero)
                app.runOnce()
            }
            chip.lift(finger: 0)
            clock.advance(by: .milliseconds(10))
            chip.report()
            t2 = hostNanoseconds()
            panel!.pipeline.step(timeout: .zero)
            app.runOnce()
        } else {
            identity &+= 1
            var down = TouchFrame(timestamp: clock.now)
            _ = down.append(Contact(trackID: 0, position: point, phase: .began, identity: identity))
            t0 = hostNanoseconds()
            _ = queue.push(down)
            app.runOnce()
            t1 = hostNanoseconds()
            clock.advance(by: .milliseconds(100))
            app.runOnce()
            var up = TouchFrame(timestamp: clock.now)
            _ = up.append(Contact(trackID: 0, position: point, phase: .ended, identity: identity))
            t2 = hostNanoseconds()
            _ = queue.push(up)
            app.runOnce()
        }
        benchmark?.stopMeasurement()
        if self.presses != presses + 1 || self.clicks != clicks + 1 { failures += 1 }
        return Int(t1 - t0) + Int(clickedAt - t2)
    }
}

/// Hit-testing alone on the LVGL grid: 1024 random button centres (fixed seed), and the
/// first- and last-created buttons. Buttons are siblings in creation order and hit-testing
/// walks them front-most (last-created) first, so the first-created button is the worst case:
/// every sibling is scanned.
@MainActor
final class HitTestBench {
    let grid: ButtonGrid
    let randomPoints: [Point]
    private static var cache: [Int: HitTestBench] = [:]

    static func shared(count: Int) -> HitTestBench {
        cached(&cache, count) { HitTestBench(count: count) }
    }

    private init(count: Int) {
        let clock = ManualClock()
        let grid = ButtonGrid(count: count, clock: clock)
        var random = LCG()
        self.grid = grid
        randomPoints = (0 ..< 1024).map { _ in grid.center(of: random.next(below: count)) }
        // Each centre must hit its own button (or the button's title, inside it).
        for (index, button) in grid.buttons.enumerated() {
            let hit = grid.application.hitTest(grid.center(of: index))?.view
            precondition(hit === button || hit?.superview === button, "the centre of B\(index) hits \(String(describing: hit))")
        }
    }

    /// Hit-tests `point`; returns the view so the call is not optimized away.
    @inline(__always)
    func hit(_ point: Point) -> View? { grid.application.hitTest(point)?.view }
}

/// A stream of pan or pinch frames through the recognizers: the demo's canvas (a full-screen
/// view with a pan and a pinch recognizer) over the 100-button grid. Each measured step is one
/// frame moving the fingers 2 points; every 200 frames the fingers lift and land again
/// (untimed), so the recognizers stay in their changed state as in a long drag.
@MainActor
final class GestureBench {
    enum Kind { case pan, pinch }

    let kind: Kind
    let grid: ButtonGrid
    let clock: ManualClock
    let queue: EventQueue
    private var step = 0
    private var identity: UInt32 = 0
    /// Actions the recognizers sent (began, changed, ended).
    private(set) var actions = 0
    private static var cache: [String: GestureBench] = [:]
    static let framesPerGesture = 200

    static func shared(_ kind: Kind) -> GestureBench {
        cached(&cache, "\(kind)") { GestureBench(kind) }
    }

    private init(_ kind: Kind) {
        self.kind = kind
        clock = ManualClock()
        clock.recordsSleeps = false
        queue = EventQueue(capacity: 64)
        grid = ButtonGrid(count: 100, clock: clock, eventQueue: queue)
        let canvas = View(frame: grid.window.bounds)
        let pan = PanGestureRecognizer(target: nil, action: .closure("pan") { [unowned self] _, _ in self.actions += 1 })
        let pinch = PinchGestureRecognizer(target: nil, action: .closure("pinch") { [unowned self] _, _ in self.actions += 1 })
        canvas.addGestureRecognizer(pan)
        canvas.addGestureRecognizer(pinch)
        grid.window.addSubview(canvas)
        for _ in 0 ..< 3 * GestureBench.framesPerGesture { frame(benchmark: nil) }
    }

    private func positions(_ step: Int) -> (Point, Point) {
        let d = Double(step) * 2
        switch kind {
        case .pan: return (Point(x: 100 + d, y: 240), .zero)
        case .pinch: return (Point(x: 350 - d / 2, y: 240), Point(x: 450 + d / 2, y: 240))
        }
    }

    private func push(_ phase: TouchPhase, _ step: Int) {
        let (a, b) = positions(step)
        var frame = TouchFrame(timestamp: clock.now)
        _ = frame.append(Contact(trackID: 0, position: a, phase: phase, identity: identity))
        if kind == .pinch { _ = frame.append(Contact(trackID: 1, position: b, phase: phase, identity: identity + 1)) }
        _ = queue.push(frame)
        grid.application.runOnce()
    }

    /// One moved frame, measured; the lift and the next touch-down happen outside.
    func frame(benchmark: Benchmark?) {
        if step == 0 {
            identity &+= 2
            clock.advance(by: .milliseconds(500))
            push(.began, 0)
        }
        step += 1
        clock.advance(by: .milliseconds(10))
        benchmark?.startMeasurement()
        push(.moved, step)
        benchmark?.stopMeasurement()
        if step == GestureBench.framesPerGesture {
            clock.advance(by: .milliseconds(10))
            push(.ended, step)
            step = 0
        }
    }
}
