import PanelCore
import PanelGraphics
import Testing

let pureRed = Color(red: 255, green: 0, blue: 0)

/// A 10×10 layer: a red square with a transparent ring of `inset` pixels around it.
func redLayer(inset: Int = 0, color: Color = pureRed) -> Bitmap {
    let layer = Bitmap(width: 10, height: 10, format: .argb8888)
    var canvas = Canvas(layer: layer.pixels)
    canvas.fill(PixelRect(x: inset, y: inset, width: 10 - 2 * inset, height: 10 - 2 * inset), color: color)
    return layer
}

/// Draws `layer` into `bitmap` through `transform` at `opacity` (keeping the layer alive).
func draw(_ layer: Bitmap, into bitmap: Bitmap, transform: AffineTransform, opacity: UInt8 = 255) {
    withExtendedLifetime(layer) {
        bitmap.withCanvas { canvas in
            canvas.opacity = opacity
            canvas.drawLayer(layer.pixels, transform: transform)
        }
    }
}

/// Whether every pixel of `bitmap` is white.
func isAllWhite(_ bitmap: Bitmap) -> Bool {
    (0 ..< bitmap.height).allSatisfy { y in (0 ..< bitmap.width).allSatisfy { x in bitmap.color(x: x, y: y) == .white } }
}

/// A white bitmap to draw layers over.
func whiteBitmap(_ format: PixelFormat, width: Int = 40, height: Int = 40) -> Bitmap {
    let bitmap = Bitmap(width: width, height: height, format: format)
    bitmap.withCanvas { $0.clear(.white) }
    return bitmap
}

@Suite("Layers: off-screen pixels drawn through a transform")
struct LayerTests {
    @Test("a layer drawn without a transform puts its pixels exactly where they were", arguments: [PixelFormat.xrgb8888, .rgb565, .xbgr8888])
    func identityIsExact(format: PixelFormat) {
        let bitmap = whiteBitmap(format)
        draw(redLayer(inset: 2), into: bitmap, transform: .identity)
        let expected = whiteBitmap(format)
        expected.withCanvas { $0.fill(PixelRect(x: 2, y: 2, width: 6, height: 6), color: pureRed) }
        withExtendedLifetime(expected) { #expect(bitmap.pixels.firstDifference(from: expected.pixels) == nil) }
    }

    @Test("a layer scaled 2× covers twice the width and height")
    func scaledTwice() {
        let bitmap = whiteBitmap(.xrgb8888)
        draw(redLayer(), into: bitmap, transform: AffineTransform(scaleX: 2, y: 2))
        #expect(bitmap.color(x: 1, y: 1) == pureRed)
        #expect(bitmap.color(x: 18, y: 18) == pureRed)
        #expect(bitmap.color(x: 21, y: 5) == .white)
        #expect(bitmap.color(x: 5, y: 21) == .white)
    }

    @Test("the edge of a layer moved by half a pixel is blended, not stepped")
    func halfPixelEdgeBlends() {
        let bitmap = whiteBitmap(.xrgb8888)
        draw(redLayer(), into: bitmap, transform: AffineTransform(translationX: 10.5, y: 10))
        let edge = bitmap.color(x: 10, y: 15)
        #expect(edge.red == 255 && edge.green > 100 && edge.green < 155)
        #expect(bitmap.color(x: 12, y: 15) == pureRed)
        #expect(bitmap.color(x: 9, y: 15) == .white)
    }

    @Test("translucent layer pixels blend over what is there")
    func translucentPixelsBlend() {
        let bitmap = whiteBitmap(.xrgb8888)
        draw(redLayer(color: Color(red: 0, green: 0, blue: 0, alpha: 128)), into: bitmap, transform: .identity)
        let grey = bitmap.color(x: 5, y: 5)
        #expect(grey.red > 120 && grey.red < 135 && grey.red == grey.blue)
    }

    @Test("the canvas opacity multiplies the layer")
    func opacityMultiplies() {
        let bitmap = whiteBitmap(.xrgb8888)
        draw(redLayer(), into: bitmap, transform: .identity, opacity: 128)
        let pink = bitmap.color(x: 5, y: 5)
        #expect(pink.red == 255 && pink.green > 120 && pink.green < 135)
    }

    @Test("drawing into a layer keeps coverage: half-transparent red over nothing is half-covered, premultiplied")
    func layerKeepsCoverage() {
        let layer = redLayer(color: Color(red: 255, green: 0, blue: 0, alpha: 128))
        let word = withExtendedLifetime(layer) { layer.pixels.word(x: 5, y: 5) }
        #expect(word >> 24 == 128)
        #expect((word >> 16) & 0xFF == 128)
        #expect(word & 0xFFFF == 0)
    }

    @Test("a layer drawn into a layer adds its coverage")
    func layerIntoLayer() {
        let outer = Bitmap(width: 10, height: 10, format: .argb8888)
        let inner = redLayer()
        withExtendedLifetime(inner) {
            var canvas = Canvas(layer: outer.pixels)
            canvas.opacity = 128
            canvas.drawLayer(inner.pixels, transform: .identity)
        }
        #expect(outer.pixels.word(x: 5, y: 5) >> 24 == 128)
        #expect(outer.pixels.word(x: 5, y: 5) >> 16 & 0xFF == 128)
    }

    @Test(
        "a transform that cannot be inverted draws nothing",
        arguments: [
            AffineTransform(scaleX: 0, y: 1), AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0), AffineTransform(scaleX: 1e300, y: 1e300),
        ])
    func singularDrawsNothing(t: AffineTransform) {
        let bitmap = whiteBitmap(.xrgb8888)
        draw(redLayer(), into: bitmap, transform: t)
        #expect(isAllWhite(bitmap))
    }

    @Test(
        "a layer shown absurdly small or far away draws nothing, without a trap",
        arguments: [
            AffineTransform(scaleX: 1e-12, y: 1e-12), AffineTransform(translationX: 1e18, y: -1e18), AffineTransform(translationX: -1e300, y: 0),
        ])
    func absurdTransformsDrawNothing(t: AffineTransform) {
        let bitmap = whiteBitmap(.xrgb8888)
        draw(redLayer(), into: bitmap, transform: t)
        #expect(isAllWhite(bitmap))
    }
}
