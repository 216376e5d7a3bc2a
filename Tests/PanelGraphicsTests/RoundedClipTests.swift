import PanelCore
import Testing

@testable import PanelGraphics

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

    @Test(
        "every pixel of a rounded clip, at random sizes, radii and places partly off the bitmap, is the shape's coverage of it",
        arguments: [PixelFormat.xrgb8888, .rgb565])
    func everyPixelIsTheShapesCoverage(format: PixelFormat) {
        // A fixed sequence (Knuth's MMIX linear congruential steps), so that a failure repeats.
        var state: UInt64 = 0x5EED
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let blue = format.decode(format.encode(.blue))
        for _ in 0 ..< 300 {
            let rect = PixelRect(
                x: Int(next() % 50) - 10, y: Int(next() % 50) - 10, width: Int(next() % 40) + 1,
                height: Int(next() % 40) + 1)
            // From half a pixel: below it the distance to the curve no longer measures coverage.
            let radius = Double(next() % 400) / 16 + 0.5
            let bitmap = whiteBitmap(format)
            bitmap.withCanvas { canvas in
                canvas.withRoundedClip(rect, radius: radius) { $0.fill(PixelRect(x: 0, y: 0, width: 40, height: 40), color: .blue) }
            }
            // The coverage by its definition: 1 within r − 0.5 of the corner circles' centres
            // box, 0 from r + 0.5, the distance's part between.
            let r = min(radius, Double(min(rect.width, rect.height)) / 2)
            let cx0 = Double(rect.x) + r, cx1 = Double(rect.maxX) - r
            let cy0 = Double(rect.y) + r, cy1 = Double(rect.maxY) - r
            for y in 0 ..< 40 {
                for x in 0 ..< 40 {
                    let color = bitmap.color(x: x, y: y)
                    guard rect.contains(x: x, y: y) else {
                        #expect(color == .white, "outside \(rect) r \(radius) at \(x),\(y)")
                        continue
                    }
                    let dx = max(cx0 - (Double(x) + 0.5), Double(x) + 0.5 - cx1, 0)
                    let dy = max(cy0 - (Double(y) + 0.5), Double(y) + 0.5 - cy1, 0)
                    let d2 = dx * dx + dy * dy
                    let w = d2 >= (r + 0.5) * (r + 0.5) ? 0 : UInt32(min(max(r + 0.5 - d2.squareRoot(), 0), 1) * 256 + 0.5)
                    if w == 0 {
                        #expect(color == .white, "\(rect) r \(radius) at \(x),\(y)")
                    } else if w == 256 || d2 <= (r - 0.5) * (r - 0.5) {
                        #expect(color == blue, "\(rect) r \(radius) at \(x),\(y)")
                    } else if format == .xrgb8888 {
                        let mixed = { (drawn: UInt8) in UInt8((UInt32(drawn) * w + 255 * (256 - w)) >> 8) }
                        #expect(color == Color(red: mixed(blue.red), green: mixed(blue.green), blue: mixed(blue.blue)), "\(rect) r \(radius) at \(x),\(y)")
                    }
                }
            }
        }
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

    @Test("a rounded clip through a scratch space's kept corner weights equals one without")
    func keptCornersClipTheSame() {
        func clip(scratch: ScratchSpace?) -> Bitmap {
            let bitmap = whiteBitmap(.xrgb8888, width: 80, height: 80)
            bitmap.withCanvas { canvas in
                canvas.scratch = scratch
                canvas.withRoundedClip(PixelRect(x: 7, y: 9, width: 61, height: 60), radius: 20) {
                    $0.fill(PixelRect(x: 0, y: 0, width: 80, height: 80), color: .blue)
                }
            }
            return bitmap
        }
        let scratch = ScratchSpace()
        _ = clip(scratch: scratch)
        let kept = clip(scratch: scratch)
        let alone = clip(scratch: nil)
        #expect(scratch.keptCornerTables.count == 1)
        #expect(kept.pixels.firstDifference(from: alone.pixels) == nil)
    }

    @Test("a rounded clip whose corners are too wide for a table mixes each corner pixel by the shape's coverage at its centre")
    func wideCornersFollowTheShape() {
        let rect = PixelRect(x: 7, y: 9, width: 301, height: 300), r = 150.0
        let bitmap = Bitmap(width: 320, height: 320, format: .xrgb8888)
        let scratch = ScratchSpace()
        bitmap.withCanvas { canvas in
            canvas.clear(.black)
            canvas.scratch = scratch
            canvas.withRoundedClip(rect, radius: r) {
                $0.fill(PixelRect(x: 0, y: 0, width: 320, height: 320), color: .white)
            }
        }
        #expect(scratch.keptCornerTables.count == 0)
        var worst = 0
        for y in 0 ..< bitmap.height {
            for x in 0 ..< bitmap.width {
                let c =
                    rect.contains(x: x, y: y)
                    ? Canvas.coverage(
                        Double(x) + 0.5, Double(y) + 0.5, r: r, cx0: Double(rect.x) + r, cy0: Double(rect.y) + r,
                        cx1: Double(rect.maxX) - r, cy1: Double(rect.maxY) - r) : 0
                worst = max(worst, abs(Int(bitmap.color(x: x, y: y).red) - RoundedShapeTests.level(c * 256)))
            }
        }
        #expect(worst <= 1, "a pixel is \(worst) levels off its coverage")
    }
}
