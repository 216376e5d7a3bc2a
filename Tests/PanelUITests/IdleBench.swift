import PanelBench
import PanelCore
import PanelPlatform
import PanelUI

extension IdlePolicy {
    /// Dim after 10 s, blank after 30 s, swallow the waking touch.
    static let dimAt10BlankAt30 = IdlePolicy(dimAfter: .milliseconds(10_000), blankAfter: .milliseconds(30_000))
}

/// Records what the idle policy asks of the screen.
@MainActor
final class RecordingScreen: ScreenPower {
    var states: [ScreenState] = []
    func apply(_ state: ScreenState) { states.append(state) }
}

/// An app with a 100×100 button at (0, 0), an idle policy and, for off hours, a local clock
/// following the manual one from `localStart`.
@MainActor
final class IdleBench {
    let clock = ManualClock(start: MonotonicInstant(nanoseconds: 1_000_000_000_000))
    let local: ManualLocalClock
    let app: Application
    let screen = RecordingScreen()
    let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    var taps = 0
    private var identity: UInt32 = 0

    init(policy: IdlePolicy, localStart: String = "12:00") {
        local = ManualLocalClock(following: clock, start: TimeOfDay(parsing: localStart[...])!)
        app = Application(clock: clock)
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        app.addWindow(window)
        window.makeKeyAndVisible()
        window.addSubview(button)
        button.addAction(.closure("tap") { [unowned self] _, _ in taps += 1 }, for: .touchUpInside)
        app.screenPower = screen
        app.localClock = local
        app.idlePolicy = policy
    }

    /// Lets `seconds` pass, firing timers once a second.
    func wait(seconds: Int) {
        for _ in 0 ..< seconds {
            clock.advance(by: .milliseconds(1_000))
            app.runOnce()
        }
    }

    func frame(_ phase: TouchPhase, at point: Point, identity: UInt32) {
        var frame = TouchFrame(timestamp: clock.now)
        _ = frame.append(Contact(trackID: UInt8(truncatingIfNeeded: identity), position: point, phase: phase, identity: identity))
        app.handle(frame)
    }

    /// A tap on the button.
    func tap() {
        identity += 1
        frame(.began, at: Point(x: 50, y: 50), identity: identity)
        clock.advance(by: .milliseconds(50))
        frame(.ended, at: Point(x: 50, y: 50), identity: identity)
        app.runOnce()
    }
}
