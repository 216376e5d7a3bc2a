public import PanelBench
public import PanelUI

/// Two 220 × 220 gauges (a needle with three coloured sections, an arc) on an 800 × 480
/// XRGB8888 screen. A change sets both to a new value at once and runs the application once:
/// the needle's old and new place, the arc and the printed values are drawn and presented. The
/// gauge benchmark and the allocation tests share it.
@MainActor
public final class GaugeBench {
    /// The application, on a manual clock.
    public let application: Application
    /// The clock frames advance.
    public let clock = ManualClock()
    /// The needle gauge.
    public let needle: GaugeView
    /// The arc gauge.
    public let arc: GaugeView
    private var step = 0

    /// The screen, drawn once.
    public init() {
        clock.recordsSleeps = false
        application = Application(clock: clock)
        application.display = Display(framebuffer: MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888))
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        window.backgroundColor = Color(rgb: 0xF2F2F7)
        application.addWindow(window)
        needle = GaugeView(frame: Rect(x: 100, y: 130, width: 220, height: 220))
        try? needle.setRange(lower: 0, upper: 10)
        needle.sections = [
            GaugeSection(0, 6, color: Color(rgb: 0x4CAF50)), GaugeSection(6, 8, color: Color(rgb: 0xFFC107)), GaugeSection(8, 10, color: Color(rgb: 0xF44336)),
        ]
        arc = GaugeView(frame: Rect(x: 480, y: 130, width: 220, height: 220))
        arc.indicator = .arc
        window.addSubview(needle)
        window.addSubview(arc)
        window.makeKeyAndVisible()
        application.runOnce()
    }

    /// Sets both gauges to the next value (at once) and runs the application once.
    public func change() {
        step = (step + 7) % 100
        needle.setValue(Double(step) / 10, animated: false)
        arc.setValue(Double(step), animated: false)
        clock.advance(by: FrameClock.interval)
        application.runOnce()
    }

    /// Sets both gauges to the next value with their sweep, and runs the frames until it ends;
    /// returns the frames.
    @discardableResult
    public func sweep() -> Int {
        step = (step + 37) % 100
        needle.setValue(Double(step) / 10, animated: true)
        arc.setValue(Double(step), animated: true)
        var frames = 0
        repeat {
            clock.advance(by: FrameClock.interval)
            application.runOnce()
            frames += 1
        } while application.frameClock.isRunning && frames < 1000
        return frames
    }
}
