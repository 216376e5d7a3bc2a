import PanelCore
import PanelGraphics
import Testing

private func canvasBitmap(_ width: Int = 40, _ height: Int = 40) -> Bitmap {
    let bitmap = Bitmap(width: width, height: height, format: .xrgb8888)
    bitmap.withCanvas { $0.clear(.white) }
    return bitmap
}

@Suite("Paths: fills, strokes, gradients and saved states")
struct PathTests {
    @Test("a filled rectangle path covers exactly its pixels")
    func rectangle() {
        let bitmap = canvasBitmap()
        var path = Path()
        path.addRect(Rect(x: 10, y: 10, width: 10, height: 10))
        bitmap.withCanvas { $0.fill(path, color: .black) }
        #expect(bitmap.color(x: 10, y: 10) == .black)
        #expect(bitmap.color(x: 19, y: 19) == .black)
        #expect(bitmap.color(x: 20, y: 15) == .white)
        #expect(bitmap.color(x: 9, y: 15) == .white)
    }

    @Test("an edge through the middle of a pixel covers it by half")
    func antiAliased() {
        let bitmap = canvasBitmap()
        var path = Path()
        path.addRect(Rect(x: 10.5, y: 10, width: 10, height: 10))
        bitmap.withCanvas { $0.fill(path, color: .black) }
        let edge = bitmap.color(x: 10, y: 15).red
        #expect(edge > 110 && edge < 145)
    }

    @Test("the even-odd rule leaves a hole where subpaths overlap; non-zero fills it")
    func fillRules() {
        var path = Path()
        path.addRect(Rect(x: 5, y: 5, width: 30, height: 30))
        path.addRect(Rect(x: 15, y: 15, width: 10, height: 10))
        let evenOdd = canvasBitmap(), nonZero = canvasBitmap()
        evenOdd.withCanvas { $0.fill(path, color: .black, rule: .evenOdd) }
        nonZero.withCanvas { $0.fill(path, color: .black) }
        #expect(evenOdd.color(x: 20, y: 20) == .white)
        #expect(evenOdd.color(x: 8, y: 8) == .black)
        #expect(nonZero.color(x: 20, y: 20) == .black)
    }

    @Test("a point that is not a number is a gap in the line, not a trap")
    func notANumberIsAGap() {
        let bitmap = canvasBitmap()
        var path = Path()
        path.move(to: Point(x: 2, y: 20))
        path.addLine(to: Point(x: 12, y: 20))
        path.addLine(to: Point(x: .nan, y: 20))
        path.addLine(to: Point(x: 28, y: 20))
        path.addLine(to: Point(x: 38, y: 20))
        bitmap.withCanvas { $0.stroke(path, width: 2, color: .black) }
        #expect(bitmap.color(x: 6, y: 20).red < 50)
        #expect(bitmap.color(x: 20, y: 20) == .white)
        #expect(bitmap.color(x: 33, y: 20).red < 50)
    }

    @Test("a stroke of no width, or a width that is not a number, draws nothing")
    func degenerateWidths() {
        let bitmap = canvasBitmap()
        var path = Path()
        path.move(to: Point(x: 2, y: 20))
        path.addLine(to: Point(x: 38, y: 20))
        bitmap.withCanvas {
            $0.stroke(path, width: 0, color: .black)
            $0.stroke(path, width: .nan, color: .black)
            $0.stroke(path, width: -3, color: .black)
        }
        let blank = canvasBitmap()
        #expect(bitmap.pixels.firstDifference(from: blank.pixels) == nil)
    }

    @Test("round caps reach beyond the ends; butt caps stop at them")
    func caps() {
        var path = Path()
        path.move(to: Point(x: 10, y: 20))
        path.addLine(to: Point(x: 30, y: 20))
        let round = canvasBitmap(), butt = canvasBitmap()
        round.withCanvas { $0.stroke(path, width: 8, color: .black, cap: .round) }
        butt.withCanvas { $0.stroke(path, width: 8, color: .black, cap: .butt) }
        #expect(round.color(x: 7, y: 20).red < 50)
        #expect(butt.color(x: 7, y: 20) == .white)
    }

    @Test("a miter join fills the corner's point; a bevel cuts it")
    func joins() {
        var path = Path()
        path.move(to: Point(x: 5, y: 30))
        path.addLine(to: Point(x: 20, y: 10))
        path.addLine(to: Point(x: 35, y: 30))
        let miter = canvasBitmap(), bevel = canvasBitmap()
        miter.withCanvas { $0.stroke(path, width: 6, color: .black, join: .miter) }
        bevel.withCanvas { $0.stroke(path, width: 6, color: .black, join: .bevel) }
        #expect(miter.color(x: 20, y: 6).red < 128)
        #expect(bevel.color(x: 20, y: 6).red > 128)
    }

    @Test("an arc starts on its circle at the start angle")
    func arcStart() {
        var path = Path()
        path.addArc(center: Point(x: 20, y: 20), radius: 10, startAngle: 0, endAngle: Double.pi)
        guard case .move(let start) = path.elements.first else {
            Issue.record("the arc does not start a subpath")
            return
        }
        #expect(abs(start.x - 30) < 1e-9 && abs(start.y - 20) < 1e-9)
        let bitmap = canvasBitmap()
        bitmap.withCanvas { $0.stroke(path, width: 2, color: .black) }
        #expect(bitmap.color(x: 20, y: 30).red < 80)
        #expect(bitmap.color(x: 20, y: 10) == .white)
    }

    @Test("a gradient runs from its first colour to its last, and continues them beyond the ends")
    func gradient() {
        let gradient = LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 40, y: 0), from: .black, to: .white)
        #expect(gradient.color(at: -1) == .black)
        #expect(gradient.color(at: 2) == .white)
        let middle = gradient.color(at: 0.5).red
        #expect(middle > 120 && middle < 135)
        let bitmap = canvasBitmap()
        var path = Path()
        path.addRect(Rect(x: 0, y: 0, width: 40, height: 40))
        bitmap.withCanvas { $0.fill(path, gradient: gradient) }
        #expect(bitmap.color(x: 0, y: 5).red < 10)
        #expect(bitmap.color(x: 39, y: 5).red > 245)
    }

    @Test("a gradient with no finite stop is clear")
    func emptyGradient() {
        let gradient = LinearGradient(start: .zero, end: Point(x: 1, y: 0), stops: [(.nan, .red)])
        #expect(gradient.color(at: 0.5).alpha == 0)
    }

    @Test("restoring a state puts back the translation, the opacity and the clip")
    func saveRestore() {
        let bitmap = canvasBitmap()
        bitmap.withCanvas { canvas in
            canvas.saveState()
            canvas.translation = (10, 10)
            canvas.opacity = 100
            canvas.pushClip(PixelRect(x: 0, y: 0, width: 5, height: 5))
            canvas.restoreState()
            #expect(canvas.translation == (0, 0))
            #expect(canvas.opacity == 255)
            #expect(canvas.clipRect == PixelRect(x: 0, y: 0, width: 40, height: 40))
        }
    }
}
