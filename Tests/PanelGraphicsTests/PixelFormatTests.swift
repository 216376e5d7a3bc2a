import PanelGraphics
import Testing

@Suite struct PixelFormatTests {
    @Test("fbdev bitfields of the common modes decode to the named formats")
    func bitfieldsMatchNamedFormats() throws {
        typealias C = PixelFormat.Channel
        let rgb565 = try PixelFormat(bitsPerPixel: 16, red: C(offset: 11, length: 5), green: C(offset: 5, length: 6), blue: C(offset: 0, length: 5))
        #expect(rgb565 == .rgb565)
        let xrgb = try PixelFormat(bitsPerPixel: 32, red: C(offset: 16, length: 8), green: C(offset: 8, length: 8), blue: C(offset: 0, length: 8))
        #expect(xrgb == .xrgb8888)
        let argb = try PixelFormat(
            bitsPerPixel: 32, red: C(offset: 16, length: 8), green: C(offset: 8, length: 8), blue: C(offset: 0, length: 8),
            alpha: C(offset: 24, length: 8))
        #expect(argb == .argb8888)
        let bgr = try PixelFormat(bitsPerPixel: 16, red: C(offset: 0, length: 5), green: C(offset: 5, length: 6), blue: C(offset: 11, length: 5))
        #expect(bgr == .bgr565)
    }

    @Test("unsupported depths and channel layouts are refused with a message that says what works")
    func unsupportedFormatsAreRefused() {
        typealias C = PixelFormat.Channel
        #expect(throws: PixelFormatError.unsupportedDepth(24)) {
            try PixelFormat(bitsPerPixel: 24, red: C(offset: 16, length: 8), green: C(offset: 8, length: 8), blue: C(offset: 0, length: 8))
        }
        #expect(PixelFormatError.unsupportedDepth(8).description.contains("fbset -depth"))
        #expect(throws: PixelFormatError.self) {
            try PixelFormat(bitsPerPixel: 16, red: C(offset: 10, length: 5), green: C(offset: 5, length: 5), blue: C(offset: 0, length: 5))
        }
        #expect(throws: PixelFormatError.self) {
            try PixelFormat(bitsPerPixel: 32, red: C(offset: 20, length: 10), green: C(offset: 10, length: 10), blue: C(offset: 0, length: 10))
        }
    }

    @Test("colours survive encoding at 32 bits exactly and at 16 bits to the nearest representable value")
    func encodeDecodeRoundTrip() {
        let orange = Color(rgb: 0xFF9500)
        for format in [PixelFormat.xrgb8888, .argb8888, .xbgr8888, .abgr8888] {
            #expect(format.decode(format.encode(orange)) == orange)
        }
        #expect(PixelFormat.rgb565.decode(PixelFormat.rgb565.encode(.white)) == .white)
        #expect(PixelFormat.rgb565.encode(Color(rgb: 0xFF0000)) == 0xF800)
        #expect(PixelFormat.bgr565.encode(Color(rgb: 0xFF0000)) == 0x001F)
        #expect(PixelFormat.xrgb8888.encode(Color(rgb: 0x123456)) == 0x0012_3456)
        #expect(PixelFormat.argb8888.encode(Color(rgb: 0x123456)) == 0xFF12_3456)
        #expect(PixelFormat.xbgr8888.encode(Color(rgb: 0x123456)) == 0x0056_3412)
        let back = PixelFormat.rgb565.decode(PixelFormat.rgb565.encode(orange))
        #expect(abs(Int(back.green) - 0x95) <= 4 && back.red == 255 && back.blue == 0)
    }
}
