import PanelBench
import PanelCore
import PanelUI
import Testing

@MainActor
@Suite("Settings and smaller behaviours")
struct SettingsTests {
    @Test("removing a window cancels the touches in it")
    func removeWindowCancels() {
        let bench = Bench()
        bench.add(LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        bench.down(10, 10)
        bench.app.removeWindow(bench.window)
        #expect(bench.log.entries == ["V.began(1)", "V.cancelled(1,nil)"])
        #expect(bench.app.windows.isEmpty && bench.app.keyWindow == nil)
        bench.up()
        #expect(bench.log.entries.count == 2)
    }

    @Test("replacing the root view controller swaps the window's root view")
    func replaceRoot() {
        let bench = Bench()
        let first = ViewController(), second = ViewController()
        bench.window.rootViewController = first
        bench.window.rootViewController = second
        #expect(first.view.superview == nil && second.view.superview === bench.window)
        #expect(second.view.frame == bench.window.bounds)
    }

    @Test("A32 a long press with numberOfTapsRequired 1 needs a tap, then a hold")
    func longPressAfterTap() {
        let bench = Bench()
        let press = LongPressGestureRecognizer()
        press.numberOfTapsRequired = 1
        bench.view(with: press, "L")
        // A hold without the tap first: no press.
        bench.down(10, 10)
        bench.clock.advance(by: .milliseconds(600))
        bench.app.runOnce()
        bench.up()
        #expect(!bench.log.entries.contains("act(L,began)"))
        bench.clock.advance(by: .milliseconds(1000))
        bench.app.runOnce()
        bench.log.clear()
        bench.tap(10, 10)
        bench.down(10, 10)
        bench.clock.advance(by: .milliseconds(500))
        bench.app.runOnce()
        bench.up()
        #expect(bench.log.entries.filter { $0.hasPrefix("act") } == ["act(L,began)", "act(L,ended)"])
    }

    @Test("A34 a pan with minimumNumberOfTouches 2 ignores one finger and begins with two")
    func twoFingerPan() {
        let bench = Bench()
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        bench.view(with: pan, "P").isMultipleTouchEnabled = true
        bench.down(10, 10)
        bench.move(60, 10)
        bench.up()
        #expect(!bench.log.entries.contains { $0.hasPrefix("act") })
        bench.report([(0, Point(x: 10, y: 10)), (1, Point(x: 60, y: 10))])
        bench.report([(0, Point(x: 40, y: 10)), (1, Point(x: 90, y: 10))])
        bench.report([(0, nil), (1, nil)])
        #expect(bench.log.entries.filter { $0.hasPrefix("act") } == ["act(P,began)", "act(P,ended)"])
    }

    /// A pinch whose action records scale and velocity and sets the scale back to 1 when it
    /// begins; two fingers 100 pt apart spread ×2 in 10 ms, then ×4 from the start, then lift.
    private func rebasedPinch() -> (scales: [Double], velocities: [Double]) {
        let bench = Bench()
        let pinch = PinchGestureRecognizer()
        var scales: [Double] = []
        var velocities: [Double] = []
        pinch.addTarget(
            nil,
            action: .closure("z") { sender, _ in
                let pinch = sender as! PinchGestureRecognizer
                scales.append(pinch.scale)
                velocities.append(pinch.velocity)
                if pinch.state == .began { pinch.scale = 1 }
            })
        bench.view(with: pinch, "Z")
        bench.report([(0, Point(x: 100, y: 100)), (1, Point(x: 200, y: 100))])
        bench.report([(1, Point(x: 300, y: 100))])  // ×2 in 10 ms: began, then reset to 1
        bench.report([(1, Point(x: 500, y: 100))])  // ×4 from the start: 2 after the rebase
        bench.report([(0, nil), (1, nil)])
        return (scales, velocities)
    }

    @Test("A35 setting a pinch's scale rebases the scales that follow")
    func pinchScaleSetterRebases() {
        #expect(rebasedPinch().scales.prefix(2) == [2, 2])
    }

    @Test("A35 a pinch's velocity is in scale per second")
    func pinchVelocity() {
        #expect(abs(rebasedPinch().velocities[0] - 100) < 1e-9)  // (2 − 1) / 0.01 s
    }

    @Test("A36 a rotation's rotation can be set")
    func rotationIsSettable() {
        let rotation = RotationGestureRecognizer()
        rotation.rotation = 1
        #expect(rotation.rotation == 1)
    }

    @Test("control events describe themselves by UIKit name")
    func eventNames() {
        #expect("\([ControlEvents.touchDown, .touchUpInside] as ControlEvents)" == "touchDown|touchUpInside")
        #expect("\(ControlEvents())" == "[]")
    }

    @Test("presses that change or are cancelled reach the first responder's other press methods")
    func pressPhases() {
        final class Keys: View {
            var log: [String] = []
            override var canBecomeFirstResponder: Bool { true }
            override func pressesChanged(_ presses: Set<Press>, with event: Event?) { log.append("changed") }
            override func pressesCancelled(_ presses: Set<Press>, with event: Event?) { log.append("cancelled") }
        }
        let bench = Bench()
        let keys = bench.add(Keys(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        keys.becomeFirstResponder()
        bench.app.sendPresses([Press(type: .select, phase: .changed, force: 0.5)])
        bench.app.sendPresses([Press(type: .menu, phase: .cancelled)])
        #expect(keys.log == ["changed", "cancelled"])
    }
}
