import PanelCore
import PanelGraphics
import PanelUI
import RealModule
import Testing

/// The benchmark's sensor: a slow wave plus noise, kept within 0…1000.
struct WaveSample {
    private var lcg: UInt32 = 12345
    mutating func next(series s: Int, time t: Int) -> Double {
        let period = [400.0, 250, 700, 160][s % 4]
        let base = [650.0, 450, 300, 550][s % 4]
        lcg = lcg &* 1_103_515_245 &+ 12345
        let noise = Double(Int((lcg >> 16) % 81) - 40)
        let v = (base + 220 * Double.sin(2 * Double.pi * Double(t) / period + Double(s))).rounded(.towardZero) + noise
        return min(max(v, 0), 1000)
    }
}

@Suite("Charts: series in ring buffers, shift and circular modes, axes, cursor")
@MainActor
struct ChartTests {
    func makeChart(_ bench: Bench, mode: ChartView.UpdateMode, points: Int = 1000, series: Int = 4) throws -> ChartView {
        let chart = bench.add(ChartView(frame: Rect(x: 20, y: 20, width: 760, height: 440)))
        chart.updateMode = mode
        try chart.setPointCount(points)
        try chart.setValueRange(lower: 0, upper: 1000)
        var wave = WaveSample()
        let all = (0 ..< series).map { _ in chart.addSeries() }
        for t in 0 ..< points {
            for (s, line) in all.enumerated() { line.append(wave.next(series: s, time: t)) }
        }
        return chart
    }

    @Test("the LVGL chart scene renders", arguments: ["shift", "circular"])
    func scene(mode: String) throws {
        let bench = Bench(width: 800, height: 480)
        let framebuffer = MemoryFramebuffer(width: 800, height: 480)
        bench.app.display = Display(framebuffer: framebuffer)
        bench.window.backgroundColor = Color(rgb: 0xF2F2F7)
        _ = try makeChart(bench, mode: mode == "shift" ? .shift : .circular)
        bench.app.runOnce()
        try framebuffer.screenshot().writePNG(to: "/tmp/chart-\(mode).png")
    }
}
