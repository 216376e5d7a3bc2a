import Glibc
import PanelGraphics
import Testing

/// A bitmap of `format` with a padded stride, filled with a pattern of colours.
func patternBitmap(width: Int, height: Int, format: PixelFormat) -> Bitmap {
    let bitmap = Bitmap(width: width, height: height, format: format, strideBytes: width * format.bytesPerPixel + 12)
    bitmap.withCanvas { canvas in
        for y in 0 ..< height {
            for x in 0 ..< width {
                let color = Color(red: UInt8(x * 37 % 256), green: UInt8(y * 53 % 256), blue: UInt8((x + y) * 11 % 256))
                canvas.fill(PixelRect(x: x, y: y, width: 1, height: 1), color: color)
            }
        }
    }
    return bitmap
}

/// Screenshots are encoded a row at a time from the pixels they show, never copied whole.
@Suite("PNG files encoded row by row")
struct StreamedPNGTests {
    @Test("a pixel buffer's PNG decodes to the colours it shows", arguments: [PixelFormat.xrgb8888, .rgb565])
    func roundTrip(format: PixelFormat) throws {
        let bitmap = patternBitmap(width: 31, height: 17, format: format)
        let decoded = try Image(pngData: try bitmap.pixels.pngData())
        #expect(decoded == Image(bitmap.pixels))
    }

    @Test("a pixel buffer written as a PNG file reads back as the same image")
    func writesFile() throws {
        let bitmap = patternBitmap(width: 40, height: 9, format: .xrgb8888)
        let path = "/tmp/panelkit-streamed-\(getpid()).png"
        defer { unlink(path) }
        try bitmap.pixels.writePNG(to: path)
        #expect(try Image(contentsOfFile: path) == Image(bitmap.pixels))
    }

    @Test("an empty pixel buffer is a cannotEncode error naming its size")
    func emptyBufferIsATypedError() {
        let bitmap = Bitmap(width: 0, height: 5, format: .xrgb8888)
        #expect(throws: ImageError.cannotEncode("a PNG needs a width and height of at least 1 pixel; this one is 0 × 5")) {
            try bitmap.pixels.pngData()
        }
    }

    @Test("an empty image is a cannotEncode error naming its size")
    func emptyImageIsATypedError() throws {
        let image = try Image(width: 3, height: 0, rgba: [])
        #expect(throws: ImageError.cannotEncode("a PNG needs a width and height of at least 1 pixel; this one is 3 × 0")) {
            try image.pngData()
        }
    }

    @Test("a PNG that cannot be written is a cannotWrite error naming the path")
    func unwritablePathIsATypedError() {
        let bitmap = patternBitmap(width: 4, height: 4, format: .xrgb8888)
        #expect {
            try bitmap.pixels.writePNG(to: "/proc/panelkit-none/x.png")
        } throws: { error in
            guard case .cannotWrite(let path, _) = error as? ImageError else { return false }
            return path == "/proc/panelkit-none/x.png"
        }
    }
}
