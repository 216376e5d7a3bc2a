public import PanelBench
public import PanelUI
import RealModule

/// LVGL's chart benchmark scene on a memory framebuffer: an 800 × 480 XRGB8888 screen with a
/// 760 × 440 line chart centred on it, 4 series of 1 000 points on a 0…1000 range, filled with
/// a slow wave plus noise per series (the same numbers as LVGL's harness). A frame appends one
/// sample to each series and runs the application once (the display draws what changed and
/// presents). The chart benchmarks, the `ChartFeed` side-by-side run and the allocation tests
/// share it.
@MainActor
public final class ChartFeedBench {
    /// The application, on a manual clock.
    public let application: Application
    /// The clock frames advance.
    public let clock = ManualClock()
    /// The chart.
    public let chart: ChartView
    /// The framebuffer drawn into.
    public let framebuffer: MemoryFramebuffer
    private let series: [ChartSeries]
    private var time = 0
    private var lcg: UInt32 = 12345

    /// The scene in `mode`, prefilled with 1 000 samples per series and drawn once.
    public init(mode: ChartView.UpdateMode, points: Int = 1000) {
        clock.recordsSleeps = false
        application = Application(clock: clock)
        framebuffer = MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888)
        application.display = Display(framebuffer: framebuffer)
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        window.backgroundColor = Color(rgb: 0xF2F2F7)
        application.addWindow(window)
        chart = ChartView(frame: Rect(x: 20, y: 20, width: 760, height: 440))
        chart.updateMode = mode
        try? chart.setPointCount(min(max(points, 1), 1_000_000))
        try? chart.setValueRange(lower: 0, upper: 1000)
        let chart = self.chart
        series = (0 ..< 4).map { _ in chart.addSeries() }
        window.addSubview(chart)
        window.makeKeyAndVisible()
        for _ in 0 ..< chart.pointCount { appendSamples() }
        application.runOnce()
    }

    /// The next sample of series `s`: LVGL harness's wave (periods 400, 250, 700 and 160
    /// samples) plus noise of ±40 from the same linear congruential generator, within 0…1000.
    public func sample(series s: Int) -> Double {
        let periods = (400.0, 250.0, 700.0, 160.0), bases = (650.0, 450.0, 300.0, 550.0)
        let period = s == 0 ? periods.0 : s == 1 ? periods.1 : s == 2 ? periods.2 : periods.3
        let base = s == 0 ? bases.0 : s == 1 ? bases.1 : s == 2 ? bases.2 : bases.3
        lcg = lcg &* 1_103_515_245 &+ 12345
        let noise = Double(Int((lcg >> 16) % 81) - 40)
        let wave = (base + 220 * Double.sin(2 * Double.pi * Double(time) / period + Double(s))).rounded(.towardZero)
        return min(max(wave + noise, 0), 1000)
    }

    /// Appends one sample to each series (no drawing).
    public func appendSamples() {
        for (s, line) in series.enumerated() { line.append(sample(series: s)) }
        time += 1
    }

    /// Appends `values` (one per series) and runs the application once: the timed frame.
    public func frame(_ values: (Double, Double, Double, Double)) {
        series[0].append(values.0)
        series[1].append(values.1)
        series[2].append(values.2)
        series[3].append(values.3)
        clock.advance(by: FrameClock.interval)
        application.runOnce()
    }

    /// The next four samples, computed before a timed frame as LVGL's harness does.
    public func nextValues() -> (Double, Double, Double, Double) {
        defer { time += 1 }
        return (sample(series: 0), sample(series: 1), sample(series: 2), sample(series: 3))
    }
}
