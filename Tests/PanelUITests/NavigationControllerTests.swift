import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

@Suite("NavigationController: push, pop and the stack")
@MainActor
struct NavigationControllerTests {
    @Test("an animated push takes 0.35 s and then shows the new screen")
    func animatedPush() throws {
        let log = Log()
        let (bench, navigation, framebuffer) = navigationBench(ScreenController("A", log, color: .white))
        navigation.pushViewController(ScreenController("B", log, color: Color(rgb: 0xFFE0B0)), animated: true)
        #expect(navigation.isTransitioning)
        bench.frames(milliseconds: 170)
        // Half way: the new screen's colour on the right, the old white on the left.
        #expect(framebuffer.bitmap.color(x: 300, y: 200) == Color(rgb: 0xFFE0B0))
        #expect(framebuffer.bitmap.color(x: 10, y: 200).red > 0xE0)
        bench.frames(milliseconds: 200)
        #expect(!navigation.isTransitioning)
        #expect(framebuffer.bitmap.color(x: 10, y: 200) == Color(rgb: 0xFFE0B0))
        #expect(navigation.topViewController?.title == "B")
    }
}

@Suite("NavigationController: the last frame of a transition")
@MainActor
struct TransitionEndTests {
    /// Whether the framebuffer shows what a full redraw of the same views draws.
    private func matchesFullRedraw(_ bench: Bench, _ framebuffer: MemoryFramebuffer) -> Bool {
        let shown = framebuffer.screenshot()
        bench.app.display?.setNeedsDisplay()
        bench.app.runOnce()
        return framebuffer.screenshot() == shown
    }

    @Test("after a push the screen shows exactly what the new screen's views draw")
    func pushEndsOnTheRealViews() {
        let log = Log()
        let (bench, navigation, framebuffer) = navigationBench(ScreenController("A", log, color: .white))
        navigation.pushViewController(ScreenController("B", log, color: Color(rgb: 0xFFE0B0)), animated: true)
        bench.frames(milliseconds: 420)
        #expect(matchesFullRedraw(bench, framebuffer))
    }

    @Test("a screen that changes while it slides in is shown changed at the end")
    func changeDuringPushIsShown() {
        let log = Log()
        let (bench, navigation, framebuffer) = navigationBench(ScreenController("A", log, color: .white))
        let b = ScreenController("B", log, color: Color(rgb: 0xFFE0B0))
        navigation.pushViewController(b, animated: true)
        bench.frames(milliseconds: 300)
        let badge = View(frame: Rect(x: 200, y: 100, width: 40, height: 40))
        badge.backgroundColor = .red
        b.view.addSubview(badge)
        bench.frames(milliseconds: 120)
        #expect(framebuffer.bitmap.color(x: 220, y: 44 + 120) == .red)
        #expect(matchesFullRedraw(bench, framebuffer))
    }

    @Test("after an interactive pop is cancelled the screen shows the top screen's views")
    func cancelledPopEndsOnTheRealViews() {
        let log = Log()
        let (bench, navigation, framebuffer) = navigationBench(ScreenController("A", log, color: .white))
        navigation.pushViewController(ScreenController("B", log, color: Color(rgb: 0xFFE0B0)), animated: false)
        bench.app.runOnce()
        bench.edgeDrag(to: 60)
        bench.frames(milliseconds: 420)
        #expect(matchesFullRedraw(bench, framebuffer))
    }

    @Test("drawn frame by frame, a push ends on pixels equal to a full redraw of the new screen")
    func frameByFrameEndsOnTheRealViews() {
        let log = Log()
        let (bench, navigation, framebuffer) = navigationBench(ScreenController("A", log, color: .white))
        navigation.pushViewController(ScreenController("B", log, color: Color(rgb: 0xFFE0B0)), animated: true)
        for _ in 0 ..< 30 { bench.frames(milliseconds: 16) }
        #expect(!navigation.isTransitioning)
        #expect(matchesFullRedraw(bench, framebuffer))
    }
}
