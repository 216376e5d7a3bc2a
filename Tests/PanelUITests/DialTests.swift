import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

@Suite("Dials: scale geometry, gauges and the arc control")
@MainActor
struct DialTests {
    @Test("a sweep of 0, below 0, beyond a full turn or NaN is refused with a typed error")
    func badSweeps() {
        for sweep in [0.0, -10, 400, .nan] {
            #expect(throws: ScaleError.self) { try DialGeometry(startAngle: 0, sweepAngle: sweep) }
        }
        #expect(throws: ScaleError.sweepOutOfRange(.infinity)) { try DialGeometry(startAngle: .infinity, sweepAngle: 90) }
    }

    @Test("a start angle outside 0–360 means the same direction within it")
    func startNormalized() throws {
        #expect(try DialGeometry(startAngle: 495, sweepAngle: 90).startAngle == 135)
        #expect(try DialGeometry(startAngle: -90, sweepAngle: 90).startAngle == 270)
    }

    @Test("on the standard scale twelve o'clock is half way, and the gap's directions go to the nearer end")
    func fractionTowards() {
        let g = DialGeometry.standard
        let c = Point(x: 100, y: 100)
        #expect(abs(g.fraction(towards: Point(x: 100, y: 0), centre: c)! - 0.5) < 1e-9)
        #expect(g.fraction(towards: Point(x: 90, y: 200), centre: c) == 0)
        #expect(g.fraction(towards: Point(x: 110, y: 200), centre: c) == 1)
        #expect(g.fraction(towards: c, centre: c) == nil)
    }

    @Test("a half dial fits a box twice as wide as it is tall")
    func halfDialFits() throws {
        let fitted = try DialGeometry(startAngle: 180, sweepAngle: 180).fit(in: Size(width: 200, height: 112))
        #expect(abs(fitted.radius - 100) < 1e-9)
        #expect(abs(fitted.centre.x - 100) < 1e-9 && abs(fitted.centre.y - 100) < 1e-9)
    }

    @Test("a gauge clamps its value to the range and ignores NaN")
    func gaugeClamps() throws {
        let gauge = GaugeView()
        try gauge.setRange(lower: 0, upper: 10)
        gauge.value = 4
        gauge.value = .nan
        #expect(gauge.value == 4)
        gauge.value = 1e300
        #expect(gauge.value == 10)
        gauge.value = -.infinity
        #expect(gauge.value == 0)
    }

    @Test("a gauge refuses an empty, reversed or non-finite range and keeps its own")
    func gaugeRanges() throws {
        let gauge = GaugeView()
        #expect(throws: ScaleError.emptyRange(5)) { try gauge.setRange(lower: 5, upper: 5) }
        #expect(throws: ScaleError.reversedRange(lower: 9, upper: 1)) { try gauge.setRange(lower: 9, upper: 1) }
        #expect(throws: ScaleError.nonFiniteRange(lower: -.infinity, upper: 1)) { try gauge.setRange(lower: -.infinity, upper: 1) }
        #expect(gauge.minimumValue == 0 && gauge.maximumValue == 100)
    }

    @Test("an animated gauge change sweeps on the frame clock and then leaves it idle")
    func gaugeAnimates() {
        let bench = Bench(width: 300, height: 300)
        bench.app.display = Display(framebuffer: MemoryFramebuffer(width: 300, height: 300))
        let gauge = bench.add(GaugeView())
        bench.app.runOnce()
        gauge.setValue(80, animated: true)
        #expect(gauge.value == 80)
        #expect(bench.app.frameClock.isRunning)
        for _ in 0 ..< 40 {
            bench.clock.advance(by: FrameClock.interval)
            bench.app.runOnce()
        }
        #expect(!bench.app.frameClock.isRunning)
    }

    @Test("a needle's move redraws the needle's old and new place, not the whole dial")
    func needleDamage() {
        let bench = Bench(width: 300, height: 300)
        let display = Display(framebuffer: MemoryFramebuffer(width: 300, height: 300))
        bench.app.display = display
        let gauge = bench.add(GaugeView(frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        gauge.showsValue = false
        gauge.value = 50
        bench.app.runOnce()
        gauge.setValue(60, animated: true)
        bench.clock.advance(by: FrameClock.interval)
        _ = gauge.frameClockTick(bench.clock.now)
        #expect(display.dirtyRegion.totalArea < 300 * 300 / 3)
    }

    @Test("an arc gauge's small change redraws the band between the old and new value, not the whole dial")
    func arcDamage() {
        let bench = Bench(width: 300, height: 300)
        let display = Display(framebuffer: MemoryFramebuffer(width: 300, height: 300))
        bench.app.display = display
        let gauge = bench.add(GaugeView(frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        gauge.indicator = .arc
        gauge.showsValue = false
        gauge.value = 50
        bench.app.runOnce()
        gauge.value = 55
        #expect(display.dirtyRegion.totalArea < 300 * 300 / 4)
    }

    @Test("after sweeps redrawn in part, a gauge's pixels are those of a full redraw", arguments: ["needle", "arc"])
    func partialEqualsFull(kind: String) {
        let bench = Bench(width: 300, height: 300)
        let framebuffer = MemoryFramebuffer(width: 300, height: 300)
        let display = Display(framebuffer: framebuffer)
        bench.app.display = display
        let gauge = bench.add(GaugeView(frame: Rect(x: 20, y: 20, width: 260, height: 260)))
        gauge.indicator = kind == "arc" ? .arc : .needle
        gauge.sections = [GaugeSection(70, 100, color: .red)]
        bench.app.runOnce()
        for value in [12.0, 88, 47, 51, 3, 99] {
            gauge.setValue(value, animated: true)
            for _ in 0 ..< 40 {
                bench.clock.advance(by: FrameClock.interval)
                bench.app.runOnce()
            }
        }
        gauge.value = 64
        bench.app.runOnce()
        let partial = framebuffer.screenshot()
        display.setNeedsDisplay()
        bench.app.runOnce()
        let full = framebuffer.screenshot()
        var differing = [(Int, Int)]()
        for y in 0 ..< 300 {
            for x in 0 ..< 300 where partial.color(x: x, y: y) != full.color(x: x, y: y) { differing.append((x, y)) }
        }
        #expect(
            differing.isEmpty, "\(differing.count) pixels differ, from \(differing.first.map { "\($0)" } ?? "-") to \(differing.last.map { "\($0)" } ?? "-")")
    }

    func arcBench() -> (Bench, ArcControl, ActionLog) {
        let bench = Bench(width: 300, height: 300)
        let arc = bench.add(ArcControl(frame: Rect(x: 50, y: 50, width: 200, height: 200)))
        let log = ActionLog()
        arc.addAction(.closure("changed") { sender, _ in log.values.append((sender as! ArcControl).value) }, for: .valueChanged)
        return (bench, arc, log)
    }

    @Test("dragging the knob along the ring changes the value and sends valueChanged")
    func arcDrag() {
        let (bench, arc, log) = arcBench()
        let start = arc.convert(arc.knobCenter, to: bench.window)
        bench.down(start.x, start.y)
        // Twelve o'clock of the ring: half way along the standard scale.
        bench.move(150, 60)
        bench.move(150, 58)
        bench.up()
        #expect(abs(arc.value - 50) < 1)
        #expect(!log.values.isEmpty)
    }

    @Test("a touch in the middle of the ring is not the control's")
    func arcCentreIgnored() {
        let (bench, arc, log) = arcBench()
        bench.down(150, 150)
        bench.move(150, 60)
        bench.up()
        #expect(arc.value == 0)
        #expect(log.values.isEmpty)
    }

    @Test("the value snaps to the step")
    func arcSteps() throws {
        let arc = ArcControl()
        arc.step = 5
        arc.value = 42
        #expect(arc.value == 40)
        arc.value = 43
        #expect(arc.value == 45)
        arc.step = -1
        #expect(arc.step == 0)
    }

    @Test("a finger crossing the gap of the ring leaves the knob at the end it was nearer to")
    func arcGap() {
        let (bench, arc, _) = arcBench()
        arc.value = 95
        let knob = arc.convert(arc.knobCenter, to: bench.window)
        bench.down(knob.x, knob.y)
        // Round past the end into the gap at the bottom, then on towards the start.
        bench.move(170, 240)
        bench.move(130, 240)
        bench.move(95, 225)
        bench.up()
        #expect(arc.value == 100)
    }

    @Test("gauges with a needle and sections, an arc gauge, a half dial and an arc control", arguments: goldenFormats.map(\.name))
    func golden(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let bench = Bench(width: 480, height: 340)
        let framebuffer = MemoryFramebuffer(width: 480, height: 340, format: format)
        bench.app.display = Display(framebuffer: framebuffer)
        bench.window.backgroundColor = Color(rgb: 0xF2F2F7)
        let pressure = bench.add(GaugeView(frame: Rect(x: 10, y: 10, width: 220, height: 220)))
        try pressure.setRange(lower: 0, upper: 10)
        pressure.sections = [
            GaugeSection(0, 6, color: Color(rgb: 0x4CAF50)), GaugeSection(6, 8, color: Color(rgb: 0xFFC107)), GaugeSection(8, 10, color: Color(rgb: 0xF44336)),
        ]
        pressure.title = "bar"
        pressure.value = 7.3
        let load = bench.add(GaugeView(frame: Rect(x: 250, y: 10, width: 220, height: 220)))
        load.indicator = .arc
        load.indicatorColor = Color(rgb: 0x2196F3)
        load.valueText = { "\(Int($0)) %" }
        load.value = 64
        let half = bench.add(GaugeView(frame: Rect(x: 10, y: 240, width: 200, height: 100)))
        half.geometry = try DialGeometry(startAngle: 180, sweepAngle: 180)
        half.majorTickCount = 5
        half.minorTicksPerMajor = 1
        half.showsValue = false
        half.value = 25
        let arc = bench.add(ArcControl(frame: Rect(x: 300, y: 235, width: 100, height: 100)))
        arc.value = 70
        bench.app.runOnce()
        try GoldenImage.check("dials-\(formatName)", framebuffer)
    }
}

/// Records the values a control's actions saw.
@MainActor
final class ActionLog {
    var values: [Double] = []
}
