import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import RealModule
import Testing

/// An instrument drawn with the public path API: a gradient face, a gauge's coloured sections
/// and ticks, a needle, and a trend line with a gap where a sample was not a number.
@MainActor
final class InstrumentView: View {
    override func draw(_ rect: Rect, in canvas: inout Canvas) {
        var face = Path()
        face.addRect(Rect(x: 0, y: 0, width: bounds.width, height: bounds.height))
        canvas.fill(face, gradient: LinearGradient(start: .zero, end: Point(x: 0, y: bounds.height), from: Color(rgb: 0x2C2C2E), to: .black))
        let centre = Point(x: 80, y: 90)
        let start = Double.pi * 0.75, sweep = Double.pi * 1.5
        for (from, to, color) in [(0.0, 0.6, Color(rgb: 0x34C759)), (0.6, 0.85, Color(rgb: 0xFF9500)), (0.85, 1.0, Color(rgb: 0xFF3B30))] {
            var arc = Path()
            arc.addArc(center: centre, radius: 60, startAngle: start + sweep * from, endAngle: start + sweep * to)
            canvas.stroke(arc, width: 10, color: color)
        }
        for i in 0 ... 10 {
            let angle = start + sweep * Double(i) / 10
            var tick = Path()
            tick.move(to: Point(x: centre.x + 44 * Double.cos(angle), y: centre.y + 44 * Double.sin(angle)))
            tick.addLine(to: Point(x: centre.x + 52 * Double.cos(angle), y: centre.y + 52 * Double.sin(angle)))
            canvas.stroke(tick, width: i % 5 == 0 ? 3 : 1.5, color: .white, cap: .round)
        }
        let value = start + sweep * 0.72
        var needle = Path()
        needle.move(to: Point(x: centre.x + 48 * Double.cos(value), y: centre.y + 48 * Double.sin(value)))
        needle.addLine(to: Point(x: centre.x + 5 * Double.cos(value + Double.pi / 2), y: centre.y + 5 * Double.sin(value + Double.pi / 2)))
        needle.addLine(to: Point(x: centre.x + 5 * Double.cos(value - Double.pi / 2), y: centre.y + 5 * Double.sin(value - Double.pi / 2)))
        needle.closeSubpath()
        needle.addEllipse(in: Rect(x: centre.x - 6, y: centre.y - 6, width: 12, height: 12))
        canvas.fill(needle, color: Color(rgb: 0xFF9500))
        var trend = Path()
        let samples: [Double] = [40, 52, 47, 60, 58, .nan, 66, 71, 64, 78, 74, 82]
        for (i, sample) in samples.enumerated() {
            let point = Point(x: 170 + Double(i) * 12, y: 150 - sample * 1.4)
            if i == 0 { trend.move(to: point) } else { trend.addLine(to: point) }
        }
        canvas.stroke(trend, width: 3, color: Color(rgb: 0x0A84FF), join: .round)
    }
}

@Suite("Paths: a golden image of an instrument")
@MainActor
struct PathGoldenTests {
    @Test("a gauge with coloured sections, ticks and a needle, and a trend line with a gap", arguments: goldenFormats.map(\.name))
    func instrument(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let bench = Bench(width: 320, height: 180)
        let framebuffer = MemoryFramebuffer(width: 320, height: 180, format: format)
        bench.app.display = Display(framebuffer: framebuffer)
        bench.add(InstrumentView(frame: Rect(x: 0, y: 0, width: 320, height: 180)))
        bench.app.runOnce()
        try GoldenImage.check("paths-instrument-\(formatName)", framebuffer)
    }
}
