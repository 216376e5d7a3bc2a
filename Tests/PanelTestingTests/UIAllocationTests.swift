import MallocInterposerSwift
import PanelCore
import PanelTesting
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
        for column in 0..<10 {
            let container = View(frame: Rect(x: Double(column) * 80, y: 0, width: 80, height: 480))
            root.addSubview(container)
            count += 1
            for row in 0..<(column < 7 ? 99 : 98) {
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
        func measure(_ action: Action, target: TapCounter, taps: Int) -> (mallocs: Int, taps: Int) {
            let screen = ThousandViewScreen()
            screen.button.addTarget(target, action: action, for: .touchUpInside)
            for i in 0..<10 { screen.tap(identity: UInt32(i + 1)) }
            let mallocs = countMallocs {
                for i in 0..<taps { screen.tap(identity: UInt32(100 + i)) }
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
    }
}
