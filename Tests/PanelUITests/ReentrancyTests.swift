import PanelBench
import PanelCore
import PanelUI
import Testing

/// A view whose touchesBegan cancels every touch of the application.
@MainActor
final class CancellingView: LoggingView {
    weak var application: Application?

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        super.touchesBegan(touches, with: event)
        application?.cancelAllTouches()
    }
}

/// Handlers that re-enter the dispatcher while it is walking its touches.
@MainActor
@Suite("Re-entering the dispatcher from a handler")
struct ReentrancyTests {
    @Test("a view that cancels every touch from a began replayed by a timer gets the began, then the cancel")
    func cancelFromReplayedBegan() {
        let bench = Bench()
        let view = bench.add(CancellingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 200, height: 200)))
        view.application = bench.app
        let tap = TapGestureRecognizer()
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)
        bench.down(10, 10)
        // Held too long for a tap: the tap's timer fails it outside any frame, and the held began
        // is replayed to the view, which cancels every touch from inside that replay.
        bench.clock.advance(by: .milliseconds(800))
        bench.app.runOnce()
        bench.up()
        #expect(bench.log.entries == ["V.began(1)", "V.cancelled(1)"])
    }
}
