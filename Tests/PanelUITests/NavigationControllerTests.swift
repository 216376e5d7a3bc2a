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
        try framebuffer.screenshot().writePNG(to: "/tmp/push-mid.png")
        bench.frames(milliseconds: 200)
        #expect(!navigation.isTransitioning)
        try framebuffer.screenshot().writePNG(to: "/tmp/push-end.png")
        #expect(navigation.topViewController?.title == "B")
    }
}
