public import Observation
public import PanelBench
public import PanelUI

/// One value of a plant, as an `@Observable` model holds it: what LVGL keeps in an
/// `lv_subject_t`.
@Observable
@MainActor
public final class PlantSignal {
    /// The value.
    public var value: Double
    /// A signal starting at `value`.
    public init(_ value: Double) { self.value = value }
}

/// A gauge whose needle follows a signal: its value is set in ``updateProperties()``.
@MainActor
final class BoundGauge: GaugeView {
    let signal: PlantSignal
    init(frame: Rect, signal: PlantSignal) {
        self.signal = signal
        super.init(frame: frame)
    }
    override func updateProperties() { setValue(signal.value, animated: false) }
}

/// A label that shows a signal.
@MainActor
final class BoundLabel: Label {
    let signal: PlantSignal
    init(frame: Rect, signal: PlantSignal) {
        self.signal = signal
        super.init(frame: frame)
    }
    override func updateProperties() { text = "\(Int(signal.value))" }
}

/// A chart that appends a signal's value whenever it changed, once per turn.
@MainActor
final class BoundChart: ChartView {
    let signal: PlantSignal
    private(set) var feed: ChartSeries?
    init(frame: Rect, signal: PlantSignal) {
        self.signal = signal
        super.init(frame: frame)
        feed = addSeries()
    }
    override func updateProperties() { feed?.append(signal.value) }
}

/// A dashboard bound to a model, as a connected panel shows a plant: 4 gauges, a line chart of
/// 200 points and 20 labels on an 800 × 480 XRGB8888 screen, each bound to its own
/// ``PlantSignal`` through ``View/updateProperties()`` (UIKit 26's observation tracking). The
/// model changes 1 000 times a second, one signal at a time in turn: a 60 Hz frame takes the
/// 17 changes since the last one and runs the application once. The benchmark beside LVGL's
/// observer (`lv_subject_t` bound to labels and arcs) and the allocation tests share it.
@MainActor
public final class BoundDashboardBench {
    /// The application, on a manual clock.
    public let application: Application
    /// The clock frames advance.
    public let clock = ManualClock()
    /// The signals: 4 gauges, the chart, then 20 labels.
    public let signals: [PlantSignal]
    private var next = 0
    private var step = 0
    private var changes = 0.0

    /// The dashboard, drawn once.
    public init() {
        clock.recordsSleeps = false
        application = Application(clock: clock)
        application.display = Display(framebuffer: MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888))
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        window.backgroundColor = Color(rgb: 0xF2F2F7)
        application.addWindow(window)
        signals = (0 ..< 25).map { PlantSignal(Double($0 * 3)) }
        for index in 0 ..< 4 {
            let gauge = BoundGauge(frame: Rect(x: Double(10 + index * 195), y: 10, width: 180, height: 180), signal: signals[index])
            gauge.indicator = index % 2 == 0 ? .needle : .arc
            try? gauge.setRange(lower: 0, upper: 100)
            window.addSubview(gauge)
        }
        let chart = BoundChart(frame: Rect(x: 10, y: 200, width: 500, height: 270), signal: signals[4])
        try? chart.setPointCount(200)
        try? chart.setValueRange(lower: 0, upper: 100)
        window.addSubview(chart)
        for index in 0 ..< 20 {
            let label = BoundLabel(
                frame: Rect(x: Double(530 + (index % 2) * 130), y: Double(200 + (index / 2) * 27), width: 120, height: 24), signal: signals[5 + index])
            window.addSubview(label)
        }
        window.makeKeyAndVisible()
        application.runOnce()
    }

    /// The changes of one 60 Hz frame at 1 000 a second (16 or 17, 1 000 over 60 frames), then
    /// the frame: the views that read a changed signal update, and what changed is drawn.
    public func frame() {
        changes += 1000.0 / 60.0
        while changes >= 1 {
            changes -= 1
            change()
        }
        clock.advance(by: FrameClock.interval)
        application.runOnce()
    }

    /// A frame with no change: nothing to update, lay out or draw.
    public func idleFrame() {
        clock.advance(by: FrameClock.interval)
        application.runOnce()
    }

    /// One change of the model: the next signal in turn takes its next value.
    public func change() {
        step &+= 1
        signals[next].value = Double((step &* 37) % 100)
        next = (next + 1) % signals.count
    }
}
