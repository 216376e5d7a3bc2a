import PanelBench
import PanelCore
import PanelUI
import Testing

@Suite("Pan velocity when the finger stops")
@MainActor
struct PanVelocityTests {
    @Test("a finger that rests before it lifts ends the pan with no velocity")
    func restingFingerHasNoVelocity() {
        let bench = Bench(width: 320, height: 240)
        let view = bench.add(View(frame: Rect(x: 0, y: 0, width: 320, height: 240)))
        let pan = PanGestureRecognizer()
        var endVelocity: Point?
        pan.addTarget(
            nil,
            action: .closure("pan") { sender, _ in
                guard let pan = sender as? PanGestureRecognizer, pan.state == .ended else { return }
                endVelocity = pan.velocity(in: view)
            })
        view.addGestureRecognizer(pan)
        bench.down(20, 120)
        bench.move(60, 120)
        bench.move(120, 120)
        bench.clock.advance(by: .milliseconds(300))
        bench.up()
        #expect(endVelocity == .zero)
    }
}
