import PanelBench
import PanelCore
import PanelUI
import Testing

/// A modal view that appears over a window cancels the touches already down behind it, as
/// UIKit's modal presentation does: the views, controls and recognizers behind lose them.
@Suite("Modal views cancel the touches behind them")
@MainActor
struct ModalCancelTests {
    /// A button at (10, 10, 80 × 44) whose control events are logged.
    private func buttonBehind(_ bench: Bench) -> Button {
        let button = Button(frame: Rect(x: 10, y: 10, width: 80, height: 44))
        EventRecorder(bench.log).watch(button)
        bench.add(button)
        return button
    }

    private func alert() -> AlertController {
        let alert = AlertController(title: "Door open", message: nil)
        alert.addAction(AlertAction(title: "OK"))
        return alert
    }

    @Test("an alert shown while a button is held sends the button touchCancel, not touchUpInside")
    func alertCancelsHeldButton() {
        let bench = Bench(width: 400, height: 300)
        _ = buttonBehind(bench)
        bench.down(50, 30)
        bench.present(alert())
        bench.up()
        #expect(bench.log.entries == ["touchDown", "cancel"])
    }

    @Test("an alert shown while a tap is under way keeps the tap recognizer behind it from firing")
    func alertCancelsTapRecognizer() {
        let bench = Bench(width: 400, height: 300)
        let view = bench.add(View(frame: Rect(x: 0, y: 0, width: 200, height: 200)))
        let tap = TapGestureRecognizer()
        watch(tap, "tap", bench.log)
        view.addGestureRecognizer(tap)
        bench.down(50, 30)
        bench.present(alert())
        bench.up()
        #expect(bench.log.entries.filter { $0.hasPrefix("act(tap") }.isEmpty)
    }

    @Test("an alert shown from a touch handler cancels that frame's touches when the frame is over")
    func alertFromTouchHandler() {
        let bench = Bench(width: 400, height: 300)
        let button = buttonBehind(bench)
        let alert = alert()
        button.addAction(.closure("showAlert") { [bench] _, _ in bench.present(alert) }, for: .touchDown)
        bench.down(50, 30)
        bench.up()
        #expect(bench.log.entries == ["touchDown", "cancel"])
    }

    @Test("a finger that was cancelled by an alert does nothing more when it moves and lifts")
    func cancelledFingerStaysCancelled() {
        let bench = Bench(width: 400, height: 300)
        let log = bench.log
        bench.add(LoggingView("behind", log, frame: Rect(x: 0, y: 0, width: 200, height: 200)))
        bench.down(50, 30)
        bench.present(alert())
        bench.move(60, 40)
        bench.up()
        #expect(log.entries == ["behind.began(1)", "behind.cancelled(1)"])
    }

    @Test("an alert over one window leaves the touches down in another window alone")
    func alertLeavesOtherWindows() {
        let bench = Bench(width: 400, height: 300)
        let log = bench.log
        let other = Window(frame: Rect(x: 400, y: 0, width: 200, height: 300))
        bench.app.addWindow(other)
        other.isHidden = false
        other.addSubview(LoggingView("other", log, frame: Rect(x: 0, y: 0, width: 200, height: 300)))
        bench.down(450, 30)
        bench.present(alert())
        bench.up()
        #expect(log.entries == ["other.began(1)", "other.ended(1)"])
    }

    @Test("presenting a view controller cancels the touches down behind its view")
    func presentCancelsTouches() {
        let bench = Bench(width: 400, height: 300)
        let root = ViewController()
        bench.window.rootViewController = root
        let button = buttonBehind(bench)
        root.view.addSubview(button)
        bench.down(50, 30)
        root.present(ViewController())
        bench.up()
        #expect(bench.log.entries == ["touchDown", "cancel"])
    }
}
