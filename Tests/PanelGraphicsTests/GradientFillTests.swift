import PanelCore
import PanelGraphics
import Testing

let pureBlue = Color(red: 0, green: 0, blue: 255)

@Suite("Gradients: linear and radial fills")
struct GradientFillTests {
    let black = Color.black
    let white = Color.white

    @Test("a linear gradient fills a rectangle from its first colour at the start to its last at the end", arguments: [PixelFormat.xrgb8888, .rgb565])
    func linearRunsStartToEnd(format: PixelFormat) {
        let bitmap = whiteBitmap(format, width: 100, height: 10)
        bitmap.withCanvas { canvas in
            let gradient = LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 100, y: 0), from: .black, to: .white)
            canvas.fillRoundedRect(PixelRect(x: 0, y: 0, width: 100, height: 10), radius: 0, gradient: gradient)
        }
        #expect(bitmap.color(x: 0, y: 5).red < 8)
        #expect(bitmap.color(x: 99, y: 5).red > 247)
        let middle = Int(bitmap.color(x: 50, y: 5).red)
        #expect(abs(middle - 128) < 10)
    }

    @Test("a radial gradient is its first colour at the centre and its last beyond the radius")
    func radialRunsOutwards() {
        let bitmap = whiteBitmap(.xrgb8888)
        bitmap.withCanvas { canvas in
            let gradient = RadialGradient(center: Point(x: 20, y: 20), radius: 15, from: pureRed, to: pureBlue)
            canvas.fillRoundedRect(PixelRect(x: 0, y: 0, width: 40, height: 40), radius: 0, gradient: gradient)
        }
        let centre = bitmap.color(x: 20, y: 20)
        #expect(centre.red > 240 && centre.blue < 20)
        #expect(bitmap.color(x: 0, y: 0) == pureBlue)
    }

    @Test("a gradient to a clear colour fades without darkening on the way")
    func fadeToClearKeepsItsHue() {
        let gradient = LinearGradient(start: .zero, end: Point(x: 1, y: 0), from: Color(rgb: 0x2196F3), to: .clear)
        let half = gradient.color(at: 0.5)
        #expect(half.red == 0x21 && half.green == 0x96 && half.blue == 0xF3)
        #expect(abs(Int(half.alpha) - 128) <= 1)
    }

    @Test("a gradient with no stops draws nothing and is reported once")
    func noStopsDrawNothing() {
        let (gradient, warnings) = UsageWarning.collecting { LinearGradient(start: .zero, end: Point(x: 10, y: 0), stops: []) }
        #expect(warnings.count == 1)
        let bitmap = whiteBitmap(.xrgb8888)
        let (_, drawingWarnings) = UsageWarning.collecting {
            bitmap.withCanvas { $0.fillRoundedRect(PixelRect(x: 0, y: 0, width: 40, height: 40), radius: 4, gradient: gradient) }
        }
        #expect(isAllWhite(bitmap))
        #expect(drawingWarnings.isEmpty)
    }

    @Test("stops given out of order are sorted and reported once")
    func stopsOutOfOrderAreSorted() {
        let (gradient, warnings) = UsageWarning.collecting {
            RadialGradient(center: .zero, radius: 10, stops: [(1, .white), (0, .black)])
        }
        #expect(warnings.count == 1)
        #expect(gradient.stops.map(\.location) == [0, 1])
        #expect(gradient.color(at: 0) == .black)
    }

    @Test("stop locations that are not finite are dropped and reported")
    func nonFiniteStopsAreDropped() {
        let (gradient, warnings) = UsageWarning.collecting {
            LinearGradient(start: .zero, end: Point(x: 1, y: 0), stops: [(.nan, .red), (0, .black), (.infinity, .blue)])
        }
        #expect(warnings.count == 1)
        #expect(gradient.stops.count == 1)
    }

    @Test("a path filled with a radial gradient takes the gradient's colours inside the path only")
    func pathTakesRadialGradient() {
        let bitmap = whiteBitmap(.xrgb8888)
        bitmap.withCanvas { canvas in
            var path = Path()
            path.addRect(Rect(x: 10, y: 10, width: 20, height: 20))
            canvas.fill(path, gradient: RadialGradient(center: Point(x: 20, y: 20), radius: 10, from: .black, to: .red))
        }
        #expect(bitmap.color(x: 20, y: 20).red < 30)
        #expect(bitmap.color(x: 5, y: 5) == .white)
    }

    @Test("gradient ends that coincide fill with the first colour, with no trap")
    func coincidentEnds() {
        let bitmap = whiteBitmap(.xrgb8888)
        bitmap.withCanvas { canvas in
            let gradient = LinearGradient(start: Point(x: 5, y: 5), end: Point(x: 5, y: 5), from: .black, to: .white)
            canvas.fillRoundedRect(PixelRect(x: 0, y: 0, width: 40, height: 40), radius: 0, gradient: gradient)
        }
        #expect(bitmap.color(x: 30, y: 30) == .black)
    }
}
