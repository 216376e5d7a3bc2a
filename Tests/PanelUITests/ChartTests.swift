import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// Records what a chart tells its delegate.
@MainActor
final class ChartDelegateLog: ChartViewDelegate {
    var slots: [Int?] = []
    func chartView(_ chart: ChartView, didMoveCursorTo slot: Int?) { slots.append(slot) }
}

@Suite("Charts: series in ring buffers, shift and circular modes, ranges, axes, cursor")
@MainActor
struct ChartTests {
    func chart(points: Int = 10, mode: ChartView.UpdateMode = .shift) throws -> (ChartView, ChartSeries) {
        let chart = ChartView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        chart.updateMode = mode
        try chart.setPointCount(points)
        return (chart, chart.addSeries(name: "T"))
    }

    @Test("a full series in shift mode drops its oldest sample and shows the newest at the right")
    func shiftOrder() throws {
        let (_, series) = try chart(points: 3)
        for v in [1.0, 2, 3, 4] { series.append(v) }
        #expect((0 ..< 3).map { series.value(atSlot: $0, mode: .shift) } == [2, 3, 4])
        #expect(series.newest == 4)
        #expect(series.count == 3)
    }

    @Test("in circular mode a sample overwrites the slot after the newest, wrapping to the left")
    func circularOrder() throws {
        let (_, series) = try chart(points: 3, mode: .circular)
        for v in [1.0, 2, 3, 4] { series.append(v) }
        #expect((0 ..< 3).map { series.value(atSlot: $0, mode: .circular) } == [4, 2, 3])
    }

    @Test("a point count of 0 or a billion is refused with a typed error and changes nothing")
    func pointCountBounds() throws {
        let (chart, _) = try chart(points: 10)
        #expect(throws: ScaleError.pointCountOutOfRange(0)) { try chart.setPointCount(0) }
        #expect(throws: ScaleError.pointCountOutOfRange(1_000_000_000)) { try chart.setPointCount(1_000_000_000) }
        #expect(chart.pointCount == 10)
        #expect(ScaleError.pointCountOutOfRange(0).description.contains("1…1000000"))
    }

    @Test("shrinking the point count keeps the newest samples in order")
    func resizeKeepsNewest() throws {
        let (chart, series) = try chart(points: 5)
        for v in [1.0, 2, 3, 4, 5, 6] { series.append(v) }
        try chart.setPointCount(3)
        #expect((0 ..< 3).map { series.value(atSlot: $0, mode: .shift) } == [4, 5, 6])
    }

    @Test("empty, reversed and non-finite value ranges are refused and the old range stays")
    func badRanges() throws {
        let (chart, _) = try chart()
        try chart.setValueRange(lower: -5, upper: 5)
        #expect(throws: ScaleError.emptyRange(3)) { try chart.setValueRange(lower: 3, upper: 3) }
        #expect(throws: ScaleError.reversedRange(lower: 9, upper: 1)) { try chart.setValueRange(lower: 9, upper: 1) }
        #expect(throws: ScaleError.nonFiniteRange(lower: .infinity, upper: 1)) { try chart.setValueRange(lower: .infinity, upper: 1) }
        #expect(throws: ScaleError.nonFiniteRange(lower: -.greatestFiniteMagnitude, upper: .greatestFiniteMagnitude)) {
            try chart.setValueRange(lower: -.greatestFiniteMagnitude, upper: .greatestFiniteMagnitude)
        }
        #expect(chart.shownRange.lower == -5 && chart.shownRange.upper == 5)
    }

    @Test("a reversed value axis puts the range's lower end at the top of the plot")
    func reversedAxis() throws {
        let bench = Bench(width: 400, height: 300)
        let (chart, _) = try chart()
        bench.add(chart)
        try chart.setValueRange(lower: 0, upper: 100)
        let plot = chart.plotRect
        #expect(chart.y(forValue: 0) == plot.maxY)
        chart.yAxis.isReversed = true
        #expect(chart.y(forValue: 0) == plot.minY)
        #expect(chart.y(forValue: 100) == plot.maxY)
    }

    @Test("an automatic range fits the samples on round numbers")
    func automaticRange() throws {
        let (chart, series) = try chart()
        chart.setAutomaticValueRange()
        for v in [3.0, 41, 97] { series.append(v) }
        #expect(chart.shownRange.lower == 0 && chart.shownRange.upper == 100)
        series.append(180)
        #expect(chart.shownRange.lower == 0 && chart.shownRange.upper == 200)
    }

    @Test("an automatic range of stacked bars fits the stacks' totals, negative ones down from zero")
    func stackedRange() throws {
        let (chart, first) = try chart(points: 3)
        chart.kind = .stackedBar
        chart.setAutomaticValueRange()
        let second = chart.addSeries()
        for (a, b) in [(30.0, 50.0), (60, 80), (-20, -15)] {
            first.append(a)
            second.append(b)
        }
        #expect(chart.shownRange.lower == -50 && chart.shownRange.upper == 150)
    }

    @Test("stacked bars put each series on the ones before it: the first at the bottom, negative samples below zero")
    func stackedBars() throws {
        let bench = Bench(width: 300, height: 200)
        let framebuffer = MemoryFramebuffer(width: 300, height: 200)
        bench.app.display = Display(framebuffer: framebuffer)
        let (chart, first) = try chart(points: 2)
        chart.kind = .stackedBar
        try chart.setValueRange(lower: -50, upper: 100)
        let second = chart.addSeries(color: .blue)
        first.color = .red
        first.append(40)
        second.append(30)
        first.append(-30)
        second.append(60)
        bench.add(chart)
        bench.app.runOnce()
        func colour(slot: Int, value: Double) -> Color {
            framebuffer.screenshot().color(x: Int(chart.x(forSlot: slot)), y: Int(chart.y(forValue: value).rounded()))
        }
        #expect(colour(slot: 0, value: 20) == .red)
        #expect(colour(slot: 0, value: 55) == .blue)
        #expect(colour(slot: 0, value: 75) != .blue)
        #expect(colour(slot: 1, value: -15) == .red)
        #expect(colour(slot: 1, value: 30) == .blue)
        #expect(colour(slot: 1, value: 65) != .blue)
    }

    @Test("an automatic range shrinks again when the extreme sample leaves the ring")
    func automaticRangeShrinks() throws {
        let (chart, series) = try chart(points: 3)
        chart.setAutomaticValueRange()
        for v in [900.0, 10, 20, 30] { series.append(v) }
        #expect(chart.shownRange.lower == 10 && chart.shownRange.upper == 30)
    }

    @Test("an automatic range around one flat value spans a unit either side, and with no sample 0…1")
    func automaticRangeFlat() throws {
        let (chart, series) = try chart()
        chart.setAutomaticValueRange()
        #expect(chart.shownRange.lower == 0 && chart.shownRange.upper == 1)
        series.append(5)
        series.append(5)
        #expect(chart.shownRange.lower == 4 && chart.shownRange.upper == 6)
        series.append(.nan)
        series.append(.infinity)
        #expect(chart.shownRange.lower == 4 && chart.shownRange.upper == 6)
    }

    @Test("in shift mode a sample redraws the plot and not the axis labels")
    func shiftDamage() throws {
        let bench = Bench(width: 400, height: 300)
        let display = Display(framebuffer: MemoryFramebuffer(width: 400, height: 300))
        bench.app.display = display
        let (chart, series) = try chart()
        bench.add(chart)
        bench.app.runOnce()
        series.append(50)
        let plot = chart.plotRect
        let damage = display.dirtyRegion.boundingRect
        #expect(damage.x == Int(plot.minX))
        #expect(damage.width == Int(plot.width))
    }

    @Test("in circular mode a sample redraws only the columns around it")
    func circularDamage() throws {
        let bench = Bench(width: 400, height: 300)
        let display = Display(framebuffer: MemoryFramebuffer(width: 400, height: 300))
        bench.app.display = display
        let (chart, series) = try chart(points: 100, mode: .circular)
        bench.add(chart)
        bench.app.runOnce()
        for v in 0 ..< 40 { series.append(Double(v)) }
        bench.app.runOnce()
        series.append(50)
        let damage = display.dirtyRegion.boundingRect
        #expect(damage.width < 16)
        #expect(Double(damage.x) > chart.x(forSlot: 37))
    }

    @Test("a NaN sample leaves a gap in the line")
    func nanGap() throws {
        let bench = Bench(width: 300, height: 200)
        let framebuffer = MemoryFramebuffer(width: 300, height: 200)
        bench.app.display = Display(framebuffer: framebuffer)
        let (chart, series) = try chart(points: 11)
        chart.yAxis.showsGridLines = false
        chart.xAxis.showsGridLines = false
        bench.add(chart)
        for k in 0 ..< 11 { series.append(k == 5 ? .nan : 50) }
        bench.app.runOnce()
        let y = Int(chart.y(forValue: 50))
        let screen = framebuffer.screenshot()
        #expect(screen.color(x: Int(chart.x(forSlot: 2)), y: y) == series.color)
        #expect(screen.color(x: Int(chart.x(forSlot: 5)), y: y) == .white)
        #expect(screen.color(x: Int(chart.x(forSlot: 8)), y: y) == series.color)
    }

    @Test("a pan over the plot puts the cursor on the nearest sample and tells the delegate")
    func cursorPan() throws {
        let bench = Bench(width: 400, height: 300)
        let (chart, series) = try chart(points: 11)
        let log = ChartDelegateLog()
        chart.delegate = log
        bench.add(chart)
        for k in 0 ..< 11 { series.append(Double(k * 10)) }
        bench.app.runOnce()
        let y = chart.plotRect.midY
        bench.down(chart.x(forSlot: 2), y)
        bench.move(chart.x(forSlot: 4), y)
        bench.move(chart.x(forSlot: 7) + 3, y)
        bench.up()
        #expect(chart.cursorSlot == 7)
        #expect(chart.cursorValue(of: series) == 70)
        #expect(log.slots.last == 7)
    }

    @Test("a tap on the plot puts the cursor on the nearest sample")
    func cursorTap() throws {
        let bench = Bench(width: 400, height: 300)
        let (chart, series) = try chart(points: 11)
        let log = ChartDelegateLog()
        chart.delegate = log
        bench.add(chart)
        for k in 0 ..< 11 { series.append(Double(k)) }
        bench.app.runOnce()
        bench.tap(chart.x(forSlot: 3) - 2, chart.plotRect.midY)
        bench.clock.advance(by: .milliseconds(400))
        bench.app.runOnce()
        #expect(chart.cursorSlot == 3)
        #expect(log.slots == [3])
    }

    @Test("a label text far too long for the axis is cut, and the plot keeps most of the width")
    func longLabels() throws {
        let bench = Bench(width: 400, height: 300)
        let (chart, series) = try chart()
        chart.yAxis.labelText = { _ in String(repeating: "very long label ", count: 40) }
        bench.add(chart)
        series.append(10)
        bench.app.runOnce()
        #expect(chart.plotRect.minX <= chart.bounds.width * 0.4 + 30)
    }

    @Test("the default labels print as many decimals as the tick spacing needs")
    func labelDecimals() {
        #expect(ChartAxis.defaultText(for: 250, spacing: 250) == "250")
        #expect(ChartAxis.defaultText(for: 0.5, spacing: 0.25) == "0.50")
        #expect(ChartAxis.defaultText(for: -0.0001, spacing: 1) == "0")
        #expect(ChartAxis.defaultText(for: -2.5, spacing: 0.5) == "-2.5")
        #expect(ChartAxis.defaultText(for: .nan, spacing: 1) == "–")
    }

    @Test("lines with a gap, a cursor and labelled axes; bars side by side", arguments: goldenFormats.map(\.name))
    func golden(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let bench = Bench(width: 400, height: 400)
        let framebuffer = MemoryFramebuffer(width: 400, height: 400, format: format)
        bench.app.display = Display(framebuffer: framebuffer)
        bench.window.backgroundColor = Color(rgb: 0xF2F2F7)
        let lines = bench.add(ChartView(frame: Rect(x: 10, y: 10, width: 380, height: 200)))
        try lines.setPointCount(60)
        try lines.setValueRange(lower: 0, upper: 120)
        lines.xAxis.showsLabels = true
        lines.xAxis.labelText = { "\(Int(-$0 / 2)) s" }
        lines.yAxis.labelText = { "\(Int($0)) °C" }
        let oven = lines.addSeries(name: "Oven")
        let inlet = lines.addSeries(name: "Inlet")
        for k in 0 ..< 60 {
            oven.append(k == 30 || k == 31 ? .nan : 80 + 25 * Double((k * 7) % 11) / 11)
            inlet.append(20 + Double(k))
        }
        lines.setCursor(slot: 45)
        let bars = bench.add(ChartView(frame: Rect(x: 10, y: 220, width: 380, height: 170)))
        bars.kind = .bar
        try bars.setPointCount(6)
        bars.setAutomaticValueRange()
        let first = bars.addSeries(), second = bars.addSeries()
        for (a, b) in [(3.0, 5.0), (7, 2), (4, 4), (9, 6), (1, 8), (6, 3)] {
            first.append(a)
            second.append(b)
        }
        bench.app.runOnce()
        try GoldenImage.check("chart-\(formatName)", framebuffer)
    }
}
