import PanelCore
import PanelGraphics
import Testing

@Suite("Rounded clips: drawing cut to a rounded rectangle")
struct RoundedClipTests {
    /// A white 40×40 bitmap with a blue 30×30 square drawn through a rounded clip of `radius`.
    func clippedSquare(_ format: PixelFormat, radius: Double) -> Bitmap {
        let bitmap = whiteBitmap(format)
        bitmap.withCanvas { canvas in
            canvas.withRoundedClip(PixelRect(x: 5, y: 5, width: 30, height: 30), radius: radius) { canvas in
                canvas.fill(PixelRect(x: 0, y: 0, width: 40, height: 40), color: .blue)
            }
        }
        return bitmap
    }

    @Test("a rounded clip keeps what was under the corners outside the curve", arguments: [PixelFormat.xrgb8888, .rgb565])
    func cornersKeepWhatWasThere(format: PixelFormat) {
        let bitmap = clippedSquare(format, radius: 10)
        #expect(bitmap.color(x: 5, y: 5) == .white)
        #expect(bitmap.color(x: 34, y: 34) == .white)
        #expect(bitmap.color(x: 34, y: 5) == .white)
    }

    @Test("a rounded clip lets the drawing through inside the curve and outside the corners", arguments: [PixelFormat.xrgb8888, .rgb565])
    func insideIsDrawn(format: PixelFormat) {
        let bitmap = clippedSquare(format, radius: 10)
        let blue = format.decode(format.encode(.blue))
        #expect(bitmap.color(x: 20, y: 20) == blue)
        #expect(bitmap.color(x: 20, y: 5) == blue)
        #expect(bitmap.color(x: 10, y: 10) == blue)
        #expect(bitmap.color(x: 4, y: 20) == .white)
    }

    @Test("a pixel the curve crosses mixes what was there with what was drawn")
    func curveIsAntiAliased() {
        let bitmap = clippedSquare(.xrgb8888, radius: 10)
        // Beside the 45° diagonal of the top-left corner, r(1 − 1/√2) ≈ 2.9 pixels in.
        let edge = bitmap.color(x: 7, y: 8)
        #expect(edge != .white && edge != Color.blue)
        #expect(edge.red > Color.blue.red && edge.red < 255)
    }

    @Test("a corner radius larger than the clip rounds it into a circle, with no trap")
    func hugeRadiusIsACircle() {
        let bitmap = clippedSquare(.xrgb8888, radius: 10_000)
        #expect(bitmap.color(x: 6, y: 6) == .white)
        #expect(bitmap.color(x: 20, y: 6) == Color.blue)
    }

    @Test("a radius that is not finite clips square")
    func nanRadiusIsSquare() {
        let bitmap = clippedSquare(.xrgb8888, radius: .nan)
        #expect(bitmap.color(x: 5, y: 5) == Color.blue)
        #expect(bitmap.color(x: 4, y: 5) == .white)
    }

    @Test("after a rounded clip the clip is the one before it")
    func clipIsRestored() {
        let bitmap = whiteBitmap(.xrgb8888)
        bitmap.withCanvas { canvas in
            let before = canvas.clipRect
            canvas.withRoundedClip(PixelRect(x: 5, y: 5, width: 10, height: 10), radius: 4) { _ in }
            #expect(canvas.clipRect == before)
        }
    }

    @Test("a rounded clip inside a layer keeps the layer's transparency at the corners")
    func layerCornersStayClear() {
        let layer = Bitmap(width: 20, height: 20, format: .argb8888)
        var canvas = Canvas(layer: layer.pixels)
        canvas.withRoundedClip(PixelRect(x: 0, y: 0, width: 20, height: 20), radius: 10) { canvas in
            canvas.fill(PixelRect(x: 0, y: 0, width: 20, height: 20), color: pureRed)
        }
        #expect(layer.pixels.address(x: 0, y: 0).load(as: UInt32.self) == 0)
        #expect(layer.pixels.address(x: 10, y: 10).load(as: UInt32.self) >> 24 == 255)
    }
}
