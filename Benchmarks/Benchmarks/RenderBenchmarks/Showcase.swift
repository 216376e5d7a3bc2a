import PanelBench
import PanelCore
import PanelUI
import ShowcaseScreens

/// LVGL's widgets demo rebuilt (Examples/WidgetShowcase) on an 800 × 480 XRGB8888 memory
/// framebuffer and a manual clock, on its Profile tab: shadows, the round photo, text fields and
/// the path-drawn icons.
@MainActor
final class ShowcaseBench {
    static let shared = ShowcaseBench()

    let application: Application
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))

    init() {
        let clock = ManualClock()
        clock.recordsSleeps = false
        application = Application(clock: clock)
        application.display = Display(framebuffer: MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888))
        application.addWindow(window)
        window.makeKeyAndVisible()
        window.rootViewController = WidgetShowcase()
        application.runOnce()
    }

    /// The whole window marked for drawing and drawn again.
    func fullRedraw() {
        window.setNeedsDisplay()
        application.runOnce()
    }
}
