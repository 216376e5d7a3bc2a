import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A 200×100 white window drawing into a memory framebuffer, with one black view (at
/// `viewFrame`) to animate.
@MainActor
func animationBench(viewFrame: Rect = Rect(x: 0, y: 0, width: 50, height: 50)) -> (Bench, View, MemoryFramebuffer) {
    let bench = Bench(width: 200, height: 100)
    let framebuffer = MemoryFramebuffer(width: 200, height: 100, format: .xrgb8888)
    bench.app.display = Display(framebuffer: framebuffer)
    bench.window.backgroundColor = .white
    let view = View(frame: viewFrame)
    view.backgroundColor = .black
    bench.add(view)
    bench.app.runOnce()
    return (bench, view, framebuffer)
}

extension Bench {
    /// Lets time pass frame by frame and draws.
    func animate(milliseconds: Int64) {
        run(milliseconds: milliseconds)
        app.runOnce()
    }
}

@Suite("View animations: UIKit's animate(withDuration:) on the frame clock")
@MainActor
struct AnimationTests {
    @Test("the property holds its end value at once")
    func modelValueIsFinalAtOnce() {
        let (_, view, _) = animationBench()
        View.animate(withDuration: 1) { view.alpha = 0 }
        #expect(view.alpha == 0)
    }

    @Test("the screen shows the view half way through a linear animation at half its duration")
    func linearHalfWay() {
        let (bench, view, framebuffer) = animationBench()
        View.animate(withDuration: 1, options: .curveLinear) { view.frame.origin.x = 100 }
        bench.animate(milliseconds: 500)
        // The 50-point black square now starts at x 50: pixel 60 is black, pixel 20 is white.
        #expect(framebuffer.bitmap.color(x: 60, y: 10) == .black)
        #expect(framebuffer.bitmap.color(x: 20, y: 10) == .white)
    }

    @Test("an alpha animation draws the view blended part way")
    func alphaBlendsPartWay() {
        let (bench, view, framebuffer) = animationBench()
        View.animate(withDuration: 1, options: .curveLinear) { view.alpha = 0 }
        bench.animate(milliseconds: 500)
        let grey = framebuffer.bitmap.color(x: 10, y: 10).red
        #expect(grey > 100 && grey < 155)
    }

    @Test("the completion runs once with true at the end, and the screen shows the end state")
    func completionAtTheEnd() {
        let (bench, view, framebuffer) = animationBench()
        var finished: [Bool] = []
        View.animate(withDuration: 0.3, animations: { view.frame.origin.x = 100 }, completion: { finished.append($0) })
        bench.animate(milliseconds: 400)
        #expect(finished == [true])
        #expect(framebuffer.bitmap.color(x: 120, y: 10) == .black)
    }

    @Test("a later animation of the same property takes over: the first completes with false")
    func laterAnimationTakesOver() {
        let (bench, view, _) = animationBench()
        var first: [Bool] = []
        View.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { first.append($0) })
        bench.animate(milliseconds: 100)
        View.animate(withDuration: 1) { view.alpha = 1 }
        bench.animate(milliseconds: 100)
        #expect(first == [false])
    }

    @Test("nothing moves during the delay")
    func delayHoldsTheStart() {
        let (bench, view, framebuffer) = animationBench()
        View.animate(withDuration: 0.5, delay: 0.5, options: .curveLinear) { view.frame.origin.x = 100 }
        bench.animate(milliseconds: 300)
        #expect(framebuffer.bitmap.color(x: 10, y: 10) == .black)
    }

    @Test("when the animations end the frame clock stops: no timer is left")
    func clockStopsAtTheEnd() {
        let (bench, view, _) = animationBench()
        View.animate(withDuration: 0.2) { view.backgroundColor = .red }
        bench.animate(milliseconds: 400)
        #expect(bench.app.nextTimerDeadline == nil)
    }

    @Test("a view in no window changes at once and its completion runs before animate returns")
    func viewInNoWindowChangesAtOnce() {
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var finished: [Bool] = []
        View.animate(withDuration: 1, animations: { view.alpha = 0.5 }, completion: { finished.append($0) })
        #expect(finished == [true])
    }

    @Test("hit-testing uses where the view is going, as in UIKit")
    func hitTestUsesTheEndFrame() {
        let (bench, view, _) = animationBench()
        View.animate(withDuration: 1) { view.frame.origin.x = 100 }
        bench.animate(milliseconds: 100)
        #expect(bench.window.hitTest(Point(x: 120, y: 10), with: nil) === view)
    }
}

@Suite("Animation curves: UIKit's Béziers and spring")
struct AnimationCurveTests {
    @Test("ease-in-out is half way at half the time (it is symmetric)")
    func easeInOutMidpoint() {
        #expect(abs(AnimationCurve.easeInOut.progress(at: 0.5) - 0.5) < 1e-6)
    }

    @Test("ease-in lags behind linear at a quarter of the time")
    func easeInLags() {
        #expect(AnimationCurve.easeIn.progress(at: 0.25) < 0.25)
    }

    @Test("ease-out leads linear at a quarter of the time")
    func easeOutLeads() {
        #expect(AnimationCurve.easeOut.progress(at: 0.25) > 0.25)
    }

    @Test(
        "every curve starts at 0 and ends at 1", arguments: [AnimationCurve.easeInOut, .easeIn, .easeOut, .linear, .spring(damping: 0.5, initialVelocity: 0)])
    func curvesStartAndEnd(curve: AnimationCurve) {
        #expect(abs(curve.progress(at: 0)) < 1e-9)
        #expect(curve.progress(at: 1) == 1)
    }

    @Test("a spring with damping below 1 overshoots its end")
    func underdampedSpringOvershoots() {
        let curve = AnimationCurve.spring(damping: 0.4, initialVelocity: 0)
        let peak = stride(from: 0.0, through: 1, by: 0.01).map { curve.progress(at: $0) }.max() ?? 0
        #expect(peak > 1.05)
    }

    @Test("a spring with damping 1 never passes its end")
    func criticalSpringDoesNotOvershoot() {
        let curve = AnimationCurve.spring(damping: 1, initialVelocity: 0)
        let peak = stride(from: 0.0, through: 1, by: 0.01).map { curve.progress(at: $0) }.max() ?? 0
        #expect(peak <= 1)
    }
}

@Suite("The switch's knob slides")
@MainActor
struct SwitchSlideTests {
    /// A switch on a bench that draws; returns what the switch's area looks like.
    func switchBench() -> (Bench, Switch, MemoryFramebuffer) {
        let bench = Bench(width: 60, height: 40)
        let framebuffer = MemoryFramebuffer(width: 60, height: 40, format: .xrgb8888)
        bench.app.display = Display(framebuffer: framebuffer)
        let toggle = Switch(frame: Rect(x: 0, y: 0, width: 51, height: 31))
        bench.add(toggle)
        bench.app.runOnce()
        return (bench, toggle, framebuffer)
    }

    /// The picture of a switch set on (or left off) without animation.
    func still(on: Bool) -> Image {
        let (bench, toggle, framebuffer) = switchBench()
        toggle.setOn(on, animated: false)
        bench.app.runOnce()
        return framebuffer.screenshot()
    }

    @Test("125 ms after a tap the switch shows neither its off nor its on picture")
    func knobIsPartWayMidSlide() {
        let (bench, _, framebuffer) = switchBench()
        bench.tap(25, 15)
        bench.animate(milliseconds: 125)
        let middle = framebuffer.screenshot()
        #expect(middle != still(on: false) && middle != still(on: true))
    }

    @Test("after the slide the switch looks as one set on without animation")
    func slideEndsOn() {
        let (bench, _, framebuffer) = switchBench()
        bench.tap(25, 15)
        bench.animate(milliseconds: 400)
        #expect(framebuffer.screenshot() == still(on: true))
    }
}
