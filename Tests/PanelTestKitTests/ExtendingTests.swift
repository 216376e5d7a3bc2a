import PanelBench
import PanelCore
import PanelTestKit
import PanelUI
import Testing

/// A recognizer written outside PanelUI with only its public API: a "hold still" gesture that
/// recognizes when a finger stays within 5 pt of where it landed for 0.3 s.
@MainActor
final class HoldStillGestureRecognizer: GestureRecognizer {
    var timerFirings = 0

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        startTimer(.milliseconds(300))
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        for touch in touches {
            let start = touch.initialLocation(in: view), now = touch.location(in: view)
            if abs(now.x - start.x) > 5 || abs(now.y - start.y) > 5 { state = .failed }
        }
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        if state == .possible { state = .failed }
    }

    override func timerFired() {
        timerFirings += 1
        if state == .possible { state = .recognized }
    }
}

/// A control written outside PanelUI that sends its actions with the touches event.
@MainActor
final class Knob: Control {
    override func endTracking(_ touch: Touch?, with event: Event?) {
        sendActions(for: .valueChanged, with: event)
    }
}

@MainActor
@Suite("Extending: what the built-in widgets use, a subclass can use")
struct ExtendingTests {
    @Test("a custom recognizer's public timer fires after its delay and recognizes")
    func customRecognizerTimer() throws {
        let tester = try ScreenTester(drawing: false)
        let view = View(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        tester.window.addSubview(view)
        var recognized = 0
        let hold = HoldStillGestureRecognizer(target: nil, action: .closure("held") { _, _ in recognized += 1 })
        view.addGestureRecognizer(hold)
        tester.tap(view, hold: .milliseconds(500))
        #expect(recognized == 1)
        #expect(hold.timerFirings == 1)
    }

    @Test("a custom recognizer fails from the touch's initial location and its timer is stopped by the reset")
    func customRecognizerFailsAndResets() throws {
        let tester = try ScreenTester(drawing: false)
        let view = View(frame: Rect(x: 100, y: 100, width: 300, height: 300))
        tester.window.addSubview(view)
        var recognized = 0
        let hold = HoldStillGestureRecognizer(target: nil, action: .closure("held") { _, _ in recognized += 1 })
        view.addGestureRecognizer(hold)
        tester.drag(from: Point(x: 150, y: 150), to: Point(x: 250, y: 150), over: .milliseconds(100))
        tester.advance(by: .milliseconds(500))
        #expect(recognized == 0)
        #expect(hold.timerFirings == 0)
    }

    @Test("a custom control sends its actions with the touches event")
    func customControlSendsEvent() throws {
        let tester = try ScreenTester(drawing: false)
        let knob = Knob(frame: Rect(x: 100, y: 100, width: 80, height: 80))
        tester.window.addSubview(knob)
        var events: [Event.EventType?] = []
        knob.addAction(.closure("turned") { _, event in events.append(event?.type) }, for: .valueChanged)
        tester.tap(knob)
        #expect(events == [.touches])
    }
}
