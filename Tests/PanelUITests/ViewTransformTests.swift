import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A 200×100 white window with a 40×20 black view centred at (100, 50).
@MainActor
func transformBench() -> (Bench, View, MemoryFramebuffer) {
    animationBench(viewFrame: Rect(x: 80, y: 40, width: 40, height: 20))
}

@Suite("View transforms: scale, translation and rotation about the centre")
@MainActor
struct ViewTransformTests {
    @Test("a scaled view's frame is the scaled rectangle about its centre; bounds and centre do not change")
    func frameFollowsTheTransform() {
        let (_, view, _) = transformBench()
        view.transform = AffineTransform(scaleX: 2, y: 3)
        #expect(view.frame == Rect(x: 60, y: 20, width: 80, height: 60))
        #expect(view.bounds == Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(view.center == Point(x: 100, y: 50))
    }

    @Test("setting the frame of a transformed view moves its centre and keeps its bounds")
    func settingTheFrameMovesTheCentre() {
        let (_, view, _) = transformBench()
        view.transform = AffineTransform(scaleX: 2, y: 2)
        view.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(view.center == Point(x: 5, y: 5))
        #expect(view.bounds.size == Size(width: 40, height: 20))
    }

    @Test("a touch on the scaled-up area outside the untransformed frame hits the view")
    func scaledUpAreaIsHit() {
        let (bench, view, _) = transformBench()
        view.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(bench.window.hitTest(Point(x: 65, y: 35), with: nil) === view)
    }

    @Test("a touch inside the untransformed frame but outside the shrunk view misses it")
    func shrunkViewIsMissed() {
        let (bench, view, _) = transformBench()
        view.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        #expect(bench.window.hitTest(Point(x: 82, y: 42), with: nil) === bench.window)
        #expect(bench.window.hitTest(Point(x: 100, y: 50), with: nil) === view)
    }

    @Test("a view turned a quarter is hit where it now lies")
    func rotatedViewIsHitWhereItLies() {
        let (bench, view, _) = transformBench()
        view.transform = AffineTransform(rotationAngle: .pi / 2)
        // Now 20 wide and 40 tall about (100, 50).
        #expect(bench.window.hitTest(Point(x: 100, y: 32), with: nil) === view)
        #expect(bench.window.hitTest(Point(x: 85, y: 50), with: nil) === bench.window)
    }

    @Test("converting a point through a turned view and back returns it")
    func conversionRoundTrips() {
        let (bench, view, _) = transformBench()
        view.transform = AffineTransform(rotationAngle: 0.3).scaledBy(x: 1.5, y: 0.5)
        let inWindow = view.convert(Point(x: 3, y: 17), to: bench.window)
        let back = view.convert(inWindow, from: bench.window)
        #expect(abs(back.x - 3) < 1e-9 && abs(back.y - 17) < 1e-9)
    }

    @Test("a touch's location in a transformed view is in the view's own coordinates")
    func touchLocationIsLocal() {
        let (bench, view, _) = transformBench()
        view.transform = AffineTransform(scaleX: 2, y: 2)
        // The view's top-left corner now sits at (60, 30), and a point counts twice: the
        // window point (60 + 2·5, 30 + 2·5) is the view's bounds point (5, 5).
        let local = view.convert(Point(x: 70, y: 40), from: bench.window)
        #expect(local == Point(x: 5, y: 5))
    }

    @Test("converting a rectangle through a turned view gives the bounding box of its corners")
    func rectangleConversionIsABoundingBox() {
        let (bench, view, _) = transformBench()
        view.transform = AffineTransform(rotationAngle: .pi / 2)
        let r = view.convert(view.bounds, to: bench.window)
        #expect(abs(r.minX - 90) < 1e-9 && abs(r.minY - 30) < 1e-9 && abs(r.width - 20) < 1e-9 && abs(r.height - 40) < 1e-9)
    }

    @Test("a scaled view is drawn at its scaled size")
    func scaledViewIsDrawnScaled() {
        let (bench, view, framebuffer) = transformBench()
        view.transform = AffineTransform(scaleX: 2, y: 2)
        bench.app.runOnce()
        #expect(framebuffer.bitmap.color(x: 61, y: 31) == .black)
        #expect(framebuffer.bitmap.color(x: 138, y: 68) == .black)
        #expect(framebuffer.bitmap.color(x: 58, y: 50) == .white)
        #expect(framebuffer.bitmap.color(x: 100, y: 72) == .white)
    }

    @Test("a translated view is drawn moved, and its old place is cleared")
    func translatedViewIsDrawnMoved() {
        let (bench, view, framebuffer) = transformBench()
        view.transform = AffineTransform(translationX: 50, y: 0)
        bench.app.runOnce()
        #expect(framebuffer.bitmap.color(x: 85, y: 50) == .white)
        #expect(framebuffer.bitmap.color(x: 165, y: 50) == .black)
    }

    @Test("the subviews of a transformed view are transformed with it, even those sticking out of it")
    func subviewsFollow() {
        let (bench, view, framebuffer) = transformBench()
        let child = View(frame: Rect(x: 40, y: 0, width: 10, height: 10))
        child.backgroundColor = .red
        view.addSubview(child)
        view.transform = AffineTransform(scaleX: 2, y: 2)
        bench.app.runOnce()
        // The child sits just right of the view: 20×20 at (140, 30) once scaled.
        #expect(framebuffer.bitmap.color(x: 145, y: 35) == .red)
        #expect(framebuffer.bitmap.color(x: 158, y: 48) == .red)
    }

    @Test("a view with a zero scale is neither drawn nor hit, and a finite transform brings it back")
    func zeroScaleHides() {
        let (bench, view, framebuffer) = transformBench()
        view.transform = AffineTransform(scaleX: 0, y: 0)
        bench.app.runOnce()
        #expect(framebuffer.bitmap.color(x: 100, y: 50) == .white)
        #expect(bench.window.hitTest(Point(x: 100, y: 50), with: nil) === bench.window)
        view.transform = .identity
        bench.app.runOnce()
        #expect(framebuffer.bitmap.color(x: 100, y: 50) == .black)
    }

    @Test("a transform with NaN or infinite numbers draws nothing and traps nowhere")
    func nonFiniteTransform() {
        let (bench, view, framebuffer) = transformBench()
        view.transform = AffineTransform(a: .nan, b: 0, c: 0, d: .infinity, tx: 1e300, ty: 0)
        bench.app.runOnce()
        #expect(framebuffer.bitmap.color(x: 100, y: 50) == .white)
        #expect(bench.window.hitTest(Point(x: 100, y: 50), with: nil) === bench.window)
    }

    @Test("a scale animation shows the view at the mid scale half way")
    func scaleAnimatesHalfWay() {
        let (bench, view, framebuffer) = transformBench()
        View.animate(withDuration: 1, options: .curveLinear) { view.transform = AffineTransform(scaleX: 3, y: 3) }
        #expect(view.transform == AffineTransform(scaleX: 3, y: 3))
        bench.animate(milliseconds: 500)
        // Scale 2: 80×40 about (100, 50).
        #expect(framebuffer.bitmap.color(x: 62, y: 50) == .black)
        #expect(framebuffer.bitmap.color(x: 57, y: 50) == .white)
    }

    @Test("a half-turn animation is a quarter turn half way, not a view shrunk to a line")
    func rotationAnimatesByAngle() {
        let (bench, view, framebuffer) = transformBench()
        View.animate(withDuration: 1, options: .curveLinear) { view.transform = AffineTransform(rotationAngle: .pi) }
        bench.animate(milliseconds: 500)
        // A quarter turn: 20 wide, 40 tall about (100, 50).
        #expect(framebuffer.bitmap.color(x: 100, y: 33) == .black)
        #expect(framebuffer.bitmap.color(x: 85, y: 50) == .white)
    }

    @Test("when a transform animation ends the screen shows the final transform")
    func animationEndsAtTheFinalTransform() {
        let (bench, view, framebuffer) = transformBench()
        View.animate(withDuration: 0.2) { view.transform = AffineTransform(translationX: 0, y: 30) }
        bench.animate(milliseconds: 400)
        #expect(framebuffer.bitmap.color(x: 100, y: 78) == .black)
        #expect(framebuffer.bitmap.color(x: 100, y: 45) == .white)
        #expect(bench.app.frameClock.isRunning == false)
    }
}
