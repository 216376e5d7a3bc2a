public import PanelBench
public import PanelUI

/// The demo's settings page under a navigation bar and over a tab bar with a segmented control,
/// a slider and a field, on an 800 × 480 XRGB8888 screen. A switch flips the app between light
/// and dark and runs the application once: every view draws again from the other palette and
/// the frame is presented. The style-switch benchmark and its allocation test share it.
@MainActor
public final class StyleSwitchBench {
    /// The application, on a manual clock.
    public let application: Application
    /// The clock frames advance.
    public let clock = ManualClock()
    /// The demo's settings page.
    private let settings: SettingsList

    /// The screen, drawn once in light.
    public init() {
        clock.recordsSleeps = false
        application = Application(clock: clock)
        application.display = Display(framebuffer: MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888))
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        window.paletteBackground = \.background
        application.addWindow(window)
        let bar = NavigationBar(frame: Rect(x: 0, y: 0, width: 800, height: NavigationBar.height))
        bar.titleLabel.text = "Settings"
        settings = SettingsList(frame: Rect(x: 0, y: NavigationBar.height, width: 800, height: 480 - NavigationBar.height - 96))
        let segmented = SegmentedControl(items: ["Low", "Mid", "High"], frame: Rect(x: 16, y: 396, width: 300, height: 32))
        segmented.selectedSegmentIndex = 1
        let field = TextField(frame: Rect(x: 332, y: 392, width: 452, height: 40))
        field.placeholder = "Name"
        let tabs = TabBar(frame: Rect(x: 0, y: 480 - 40, width: 800, height: 40))
        for view in [bar, settings.scrollView, segmented, field, tabs] as [View] { window.addSubview(view) }
        window.makeKeyAndVisible()
        application.runOnce()
    }

    /// Flips light and dark and runs the application once: the frame that shows the switch.
    public func flip() {
        application.userInterfaceStyle = application.userInterfaceStyle == .light ? .dark : .light
        clock.advance(by: FrameClock.interval)
        application.runOnce()
    }
}
