import MallocInterposerSwift
import PanelBench
import PanelCore
import PanelUI
import Testing

/// The action target of the allocation test.
@MainActor
final class TapCounter {
    var taps = 0
    var log: [Int] = []
    func tapped() { taps += 1 }
    /// Allocates on purpose (the positive control).
    func tappedAndLogged() {
        taps += 1
        log = [taps, taps, taps]
    }
}

/// A 1000-view tree — the window, its root view, 10 columns holding 987 cells, and the button —
/// with the button last, in front, where hit-testing reaches it after walking the rest.
@MainActor
struct ThousandViewScreen {
    let app: Application
    let window: Window
    let button: Button
    let clock: ManualClock

    init() {
        clock = ManualClock()
        clock.recordsSleeps = false
        app = Application(clock: clock)
        window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        app.addWindow(window)
        window.makeKeyAndVisible()
        let root = View(frame: window.bounds)
        window.addSubview(root)
        var count = 2  // the window and the root view
        for column in 0 ..< 10 {
            let container = View(frame: Rect(x: Double(column) * 80, y: 0, width: 80, height: 480))
            root.addSubview(container)
            count += 1
            for row in 0 ..< (column < 7 ? 99 : 98) {
                let cell = View(frame: Rect(x: 0, y: Double(row) * 4.8, width: 80, height: 4.8))
                container.addSubview(cell)
                count += 1
            }
        }
        button = Button(frame: Rect(x: 700, y: 400, width: 100, height: 80))
        root.addSubview(button)
        count += 1
        precondition(count == 1000, "the tree has \(count) views")
        button.setTitle("Go", for: .normal)
    }

    /// One tap: a frame that begins a contact and one that ends it, as the tracker emits them.
    func tap(identity: UInt32) {
        clock.advance(by: .milliseconds(500))
        var down = TouchFrame(timestamp: clock.now)
        _ = down.append(Contact(trackID: 0, position: Point(x: 750, y: 440), phase: .began, identity: identity))
        app.handle(down)
        clock.advance(by: .milliseconds(50))
        var up = TouchFrame(timestamp: clock.now)
        _ = up.append(Contact(trackID: 0, position: Point(x: 750, y: 440), phase: .ended, identity: identity))
        app.handle(up)
    }
}

/// Nested in `AllocationTests` so that its `.serialized` trait covers these too: the malloc
/// counter is process-wide, and two suites counting at once would count each other.
extension AllocationTests {
    @MainActor
    @Suite("Zero allocation in the event system")
    struct EventSystem {
        /// Wires `action` to the button, warms up with 10 taps, then counts the mallocs of `taps`
        /// more. Returns the mallocs and how many taps reached the action.
        func measure(_ action: Action, target: TapCounter, taps: Int, recordingLatency: Bool = false) -> (mallocs: Int, taps: Int) {
            let screen = ThousandViewScreen()
            screen.app.recordsLatencySamples = recordingLatency
            screen.button.addTarget(target, action: action, for: .touchUpInside)
            for i in 0 ..< 10 { screen.tap(identity: UInt32(i + 1)) }
            let mallocs = countMallocs {
                for i in 0 ..< taps { screen.tap(identity: UInt32(100 + i)) }
            }
            return (mallocs, target.taps - 10)
        }

        @Test("a tap's hit-test, delivery and Button action allocate when the action does (positive control)", .enabled(if: isOptimizedBuild))
        func positiveControl() {
            let result = measure(.method("tappedAndLogged", TapCounter.tappedAndLogged), target: TapCounter(), taps: 100)
            #expect(result.taps == 100)
            #expect(result.mallocs >= 100)
        }

        @Test("1000 taps through a 1000-view tree into a Button action allocate nothing", .enabled(if: isOptimizedBuild))
        func thousandTaps() {
            let result = measure(.method("tapped", TapCounter.tapped), target: TapCounter(), taps: 1000)
            #expect(result.taps == 1000)
            #expect(result.mallocs == 0)
        }

        @Test("with the metrics on, 1000 taps recording their touch → action latency allocate nothing", .enabled(if: isOptimizedBuild))
        func thousandTapsRecordingLatency() {
            let result = measure(.method("tapped", TapCounter.tapped), target: TapCounter(), taps: 1000, recordingLatency: true)
            #expect(result.taps == 1000)
            #expect(result.mallocs == 0)
        }
    }
}

/// Gestures on a 200-view screen: a tap and a double tap share one view, a long press, a pan
/// and a pinch have their own.
@MainActor
struct GestureScreen {
    let app: Application
    let clock: ManualClock
    var actions = ActionCounter()

    final class ActionCounter {
        var count = 0
    }

    init() {
        clock = ManualClock()
        clock.recordsSleeps = false
        app = Application(clock: clock)
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        app.addWindow(window)
        window.makeKeyAndVisible()
        var count = 1
        for i in 0 ..< 195 {
            window.addSubview(View(frame: Rect(x: Double(i % 15) * 50, y: 400 + Double(i / 15) * 5, width: 50, height: 5)))
            count += 1
        }
        let counter = actions
        func counting(_ recognizer: GestureRecognizer) -> GestureRecognizer {
            recognizer.addTarget(nil, action: .closure("count") { _, _ in counter.count += 1 })
            return recognizer
        }
        let tapArea = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        tapArea.addGestureRecognizer(counting(TapGestureRecognizer()))
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        tapArea.addGestureRecognizer(counting(double))
        let pressArea = View(frame: Rect(x: 200, y: 0, width: 200, height: 200))
        pressArea.addGestureRecognizer(counting(LongPressGestureRecognizer()))
        let panArea = View(frame: Rect(x: 400, y: 0, width: 200, height: 200))
        panArea.addGestureRecognizer(counting(PanGestureRecognizer()))
        let pinchArea = View(frame: Rect(x: 0, y: 200, width: 800, height: 200))
        pinchArea.addGestureRecognizer(counting(PinchGestureRecognizer()))
        for view in [tapArea, pressArea, panArea, pinchArea] {
            window.addSubview(view)
            count += 1
        }
        precondition(count == 200, "the screen has \(count) views")
    }

    private var nextIdentity: UInt32 = 1

    mutating func frame(_ contacts: (UInt8, Double, Double, TouchPhase)...) {
        clock.advance(by: .milliseconds(10))
        var frame = TouchFrame(timestamp: clock.now)
        for (finger, x, y, phase) in contacts {
            _ = frame.append(Contact(trackID: finger, position: Point(x: x, y: y), phase: phase, identity: nextIdentity + UInt32(finger)))
        }
        app.handle(frame)
        app.runOnce()
    }

    mutating func finish() {
        nextIdentity += 2
    }

    /// One round of five gestures: tap, double tap, long press, pan, pinch.
    mutating func round() {
        frame((0, 50, 50, .began)); frame((0, 50, 50, .ended)); finish()
        clock.advance(by: .milliseconds(500)); app.runOnce()
        frame((0, 50, 50, .began)); frame((0, 50, 50, .ended)); finish()
        frame((0, 52, 50, .began)); frame((0, 52, 50, .ended)); finish()
        clock.advance(by: .milliseconds(500)); app.runOnce()
        frame((0, 300, 50, .began)); clock.advance(by: .milliseconds(600)); app.runOnce()
        frame((0, 310, 50, .moved)); frame((0, 310, 50, .ended)); finish()
        frame((0, 450, 50, .began))
        for step in 1 ... 5 { frame((0, 450 + Double(step) * 10, 50, .moved)) }
        frame((0, 500, 50, .ended)); finish()
        frame((0, 300, 300, .began), (1, 400, 300, .began))
        for step in 1 ... 5 { frame((0, 300 - Double(step) * 10, 300, .moved), (1, 400 + Double(step) * 10, 300, .moved)) }
        frame((0, 250, 300, .ended), (1, 450, 300, .ended)); finish()
        clock.advance(by: .milliseconds(500)); app.runOnce()
    }
}

extension AllocationTests.EventSystem {
    @Test("200 rounds of tap, double tap, long press, pan and pinch on a 200-view tree allocate nothing", .enabled(if: isOptimizedBuild))
    func gestures() {
        var screen = GestureScreen()
        for _ in 0 ..< 5 { screen.round() }
        let before = screen.actions.count
        let mallocs = countMallocs {
            for _ in 0 ..< 200 { screen.round() }
        }
        // Per round: taps 4 (the single tap fires on every tap, E18, and the double once), long
        // press 3 (began, changed, ended), pan 6 (began, 4 changed, ended), pinch 6.
        #expect(screen.actions.count - before == 200 * 19)
        #expect(mallocs == 0)
    }
}

/// A switch toggled by taps, its knob sliding on the frame clock between them. Inside the
/// serialized allocation suite: the malloc hook is process-wide, so no two counts may overlap.
extension AllocationTests.EventSystem {
    @Test("100 taps that toggle a switch, with every knob slide run to its end, allocate nothing", .enabled(if: isOptimizedBuild))
    func toggling() {
        let clock = ManualClock()
        clock.recordsSleeps = false
        let app = Application(clock: clock)
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        app.addWindow(window)
        window.makeKeyAndVisible()
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 51, height: 31))
        window.addSubview(toggle)
        let changes = TapCounter()
        toggle.addTarget(changes, action: .method("tapped", TapCounter.tapped), for: .valueChanged)
        var identity: UInt32 = 0
        func tapAndSlide() {
            identity += 1
            clock.advance(by: .milliseconds(100))
            var down = TouchFrame(timestamp: clock.now)
            _ = down.append(Contact(trackID: 0, position: Point(x: 35, y: 25), phase: .began, identity: identity))
            app.handle(down)
            clock.advance(by: .milliseconds(50))
            var up = TouchFrame(timestamp: clock.now)
            _ = up.append(Contact(trackID: 0, position: Point(x: 35, y: 25), phase: .ended, identity: identity))
            app.handle(up)
            for _ in 0 ..< 20 {
                clock.advance(by: .milliseconds(16))
                app.fireDueTimers()
            }
        }
        for _ in 0 ..< 5 { tapAndSlide() }
        let before = changes.taps
        let mallocs = countMallocs {
            for _ in 0 ..< 100 { tapAndSlide() }
        }
        #expect(changes.taps - before == 100)
        #expect(mallocs == 0)
    }
}
