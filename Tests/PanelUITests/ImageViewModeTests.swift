import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

@Suite("Image views: aspect fill and smooth scaling")
@MainActor
struct ImageViewModeTests {
    @Test("aspect fill covers the box, keeps the image's proportions and centres it")
    func aspectFill() throws {
        let image = try Image(width: 200, height: 100, rgba: [UInt8](repeating: 255, count: 200 * 100 * 4))
        let placed = ImageView.placement(of: image, in: PixelRect(x: 0, y: 0, width: 100, height: 100), mode: .scaleAspectFill)
        #expect(placed == PixelRect(x: -50, y: 0, width: 200, height: 100))
    }

    @Test("aspect fill in an absurdly large box is bounded, not an overflow")
    func aspectFillBounded() throws {
        let image = try Image(width: 2, height: 1, rgba: [UInt8](repeating: 255, count: 8))
        let placed = ImageView.placement(of: image, in: PixelRect(x: 0, y: 0, width: 1 << 30, height: 1 << 30), mode: .scaleAspectFill)
        #expect(placed.width <= 16384 * 2)
    }

    @Test("bilinear scaling blends neighbouring pixels: black and white doubled make two greys between")
    func bilinearBlends() throws {
        let image = try Image(width: 2, height: 1, rgba: [0, 0, 0, 255, 255, 255, 255, 255])
        let bitmap = Bitmap(width: 4, height: 1, format: .xrgb8888)
        var canvas = Canvas(bitmap.pixels)
        canvas.drawImage(image, in: PixelRect(x: 0, y: 0, width: 4, height: 1), interpolation: .bilinear)
        let reds = (0 ..< 4).map { bitmap.pixels.color(x: $0, y: 0).red }
        #expect(reds == [0, 64, 191, 255])
    }

    @Test("at its own size a bilinear image draws the same pixels as the nearest")
    func ownSizeSame() throws {
        let rgba: [UInt8] = (0 ..< 16).flatMap { i -> [UInt8] in [UInt8(i * 16), UInt8(255 - i * 16), 40, 255] }
        let image = try Image(width: 4, height: 4, rgba: rgba)
        let smooth = Bitmap(width: 4, height: 4, format: .xrgb8888), sharp = Bitmap(width: 4, height: 4, format: .xrgb8888)
        var a = Canvas(smooth.pixels), b = Canvas(sharp.pixels)
        a.drawImage(image, in: PixelRect(x: 0, y: 0, width: 4, height: 4), interpolation: .bilinear)
        b.drawImage(image, in: PixelRect(x: 0, y: 0, width: 4, height: 4))
        for y in 0 ..< 4 {
            for x in 0 ..< 4 { #expect(smooth.pixels.color(x: x, y: y) == sharp.pixels.color(x: x, y: y)) }
        }
    }
}
