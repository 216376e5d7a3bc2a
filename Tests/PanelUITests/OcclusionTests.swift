import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A view that counts its draws.
@MainActor
final class CountingView: View {
    var draws = 0
    override func draw(_ rect: Rect, in canvas: inout Canvas) { draws += 1 }
}

@MainActor
private func occlusionBench() -> (Bench, CountingView, MemoryFramebuffer) {
    let bench = Bench(width: 200, height: 100)
    let framebuffer = MemoryFramebuffer(width: 200, height: 100, format: .xrgb8888)
    bench.app.display = Display(framebuffer: framebuffer)
    let behind = CountingView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    bench.add(behind)
    bench.app.runOnce()
    return (bench, behind, framebuffer)
}

@Suite("Occlusion: what an opaque view hides is not drawn")
@MainActor
struct OcclusionTests {
    @Test("a redraw inside an opaque square background does not draw the view behind it")
    func opaqueBackgroundHides() {
        let (bench, behind, framebuffer) = occlusionBench()
        let front = bench.add(View(frame: Rect(x: 20, y: 20, width: 100, height: 60)))
        front.backgroundColor = .blue
        bench.app.runOnce()
        behind.draws = 0
        front.setNeedsDisplay()
        bench.app.runOnce()
        #expect(behind.draws == 0)
        #expect(framebuffer.bitmap.color(x: 50, y: 50) == .blue)
    }

    @Test("a rounded or translucent view does not hide what is behind it")
    func roundedDoesNotHide() {
        let (bench, behind, _) = occlusionBench()
        let rounded = bench.add(View(frame: Rect(x: 20, y: 20, width: 100, height: 60)))
        rounded.backgroundColor = .blue
        rounded.cornerRadius = 8
        let translucent = bench.add(View(frame: Rect(x: 130, y: 20, width: 60, height: 60)))
        translucent.backgroundColor = .red
        translucent.alpha = 0.5
        bench.app.runOnce()
        behind.draws = 0
        rounded.setNeedsDisplay()
        bench.app.runOnce()
        #expect(behind.draws == 1)
        translucent.setNeedsDisplay()
        bench.app.runOnce()
        #expect(behind.draws == 2)
    }

    @Test("a view marked opaque hides what is behind it even without a background")
    func isOpaqueHides() {
        let (bench, behind, _) = occlusionBench()
        let front = bench.add(CountingView(frame: Rect(x: 0, y: 0, width: 200, height: 100)))
        front.isOpaque = true
        bench.app.runOnce()
        behind.draws = 0
        front.draws = 0
        front.setNeedsDisplay()
        bench.app.runOnce()
        #expect(behind.draws == 0)
        #expect(front.draws == 1)
    }

    @Test("views in front of an opaque view and its ancestors' borders are still drawn")
    func laterViewsAreDrawn() {
        let (bench, _, framebuffer) = occlusionBench()
        let container = bench.add(View(frame: Rect(x: 0, y: 0, width: 200, height: 100)))
        container.borderWidth = 2
        container.borderColor = .red
        let screen = bench.add(View(frame: container.bounds), to: container)
        screen.backgroundColor = .white
        let badge = bench.add(View(frame: Rect(x: 50, y: 50, width: 10, height: 10)), to: container)
        badge.backgroundColor = .green
        bench.app.runOnce()
        screen.setNeedsDisplay()
        bench.app.runOnce()
        #expect(framebuffer.bitmap.color(x: 55, y: 55) == .green)
        #expect(framebuffer.bitmap.color(x: 0, y: 50) == .red)
        #expect(framebuffer.bitmap.color(x: 100, y: 30) == .white)
    }

    @Test("an opaque view clipped by its superview does not hide what lies outside the clip")
    func clippedCoverDoesNotHide() {
        let (bench, behind, _) = occlusionBench()
        let clip = bench.add(View(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        clip.clipsToBounds = true
        let wide = bench.add(View(frame: Rect(x: 0, y: 0, width: 200, height: 100)), to: clip)
        wide.backgroundColor = .blue
        bench.app.runOnce()
        behind.draws = 0
        bench.window.setNeedsDisplay(Rect(x: 120, y: 10, width: 20, height: 20))
        bench.app.runOnce()
        #expect(behind.draws == 1)
    }
}
