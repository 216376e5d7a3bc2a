import PanelCore
import PanelGraphics
import Testing

/// A `width` × `height` bitmap filled with `color`.
private func filled(_ color: Color, width: Int = 8, height: Int = 4, format: PixelFormat = .xrgb8888) -> Bitmap {
    let bitmap = Bitmap(width: width, height: height, format: format)
    bitmap.withCanvas { $0.clear(color) }
    return bitmap
}

@Suite("Canvas blit and composite: the copies transitions are made of")
struct BlitTests {
    @Test("a blit copies the picture at its place, clipped to the canvas")
    func copies() {
        let target = filled(.white, width: 10, height: 6)
        let source = filled(.red, width: 4, height: 4)
        target.withCanvas { $0.blit(source.pixels, at: (8, 4)) }
        #expect(target.color(x: 8, y: 4) == .red)
        #expect(target.color(x: 9, y: 5) == .red)
        #expect(target.color(x: 7, y: 4) == .white)
    }

    @Test("a blit with a brightness below 255 darkens the picture toward black")
    func dims() {
        let target = filled(.white)
        let source = filled(Color(red: 200, green: 100, blue: 50))
        target.withCanvas { $0.blit(source.pixels, at: (0, 0), brightness: 128) }
        let c = target.color(x: 1, y: 1)
        #expect(abs(Int(c.red) - 100) <= 1 && abs(Int(c.green) - 50) <= 1 && abs(Int(c.blue) - 25) <= 1)
    }

    @Test("a blit with an opacity below 255 mixes the picture over what is there")
    func crossFades() {
        let target = filled(.black)
        let source = filled(.white)
        target.withCanvas { $0.blit(source.pixels, at: (0, 0), opacity: 128) }
        #expect(abs(Int(target.color(x: 2, y: 2).red) - 128) <= 1)
    }

    @Test(
        "a cross-fade gives each channel (source × weight + destination × (256 − weight)) / 256 exactly and leaves the pixel opaque",
        arguments: [PixelFormat.xrgb8888, .argb8888, .xbgr8888, .abgr8888])
    func crossFadesEachChannelExactly(format: PixelFormat) {
        // 17 pixels a row: the vectorized part of a row and the scalar rest both count.
        let target = filled(Color(red: 10, green: 220, blue: 130), width: 17, height: 3, format: format)
        let source = filled(Color(red: 200, green: 100, blue: 50), width: 17, height: 3, format: format)
        target.withCanvas { $0.blit(source.pixels, at: (0, 0), opacity: 128) }
        // Opacity 128 is the weight 129 of 256.
        func mix(_ source: Int, _ destination: Int) -> UInt8 { UInt8((source * 129 + destination * 127) >> 8) }
        let expected = Color(red: mix(200, 10), green: mix(100, 220), blue: mix(50, 130))
        for x in [0, 7, 16] {
            #expect(target.color(x: x, y: 2) == expected)
        }
    }

    @Test("a blit between RGB565 buffers dims and copies as in 32 bits", arguments: [PixelFormat.rgb565])
    func sixteenBit(format: PixelFormat) {
        let target = filled(.white, format: format)
        let source = filled(Color(red: 255, green: 0, blue: 0), format: format)
        target.withCanvas { $0.blit(source.pixels, at: (0, 0), brightness: 128) }
        let c = target.color(x: 0, y: 0)
        #expect(c.red > 100 && c.red < 150 && c.green < 10)
    }

    @Test("a blit from another format converts each pixel")
    func converts() {
        let target = filled(.white)
        let source = filled(Color(red: 0, green: 0, blue: 255), format: .rgb565)
        target.withCanvas { $0.blit(source.pixels, at: (0, 0)) }
        #expect(target.color(x: 3, y: 3) == Color(red: 0, green: 0, blue: 255))
    }

    @Test("composite copies a layer's opaque pixels, skips its clear ones and blends the rest")
    func composites() {
        let target = filled(.white)
        let layer = Bitmap(width: 3, height: 1, format: .argb8888)
        var canvas = Canvas(layer: layer.pixels)
        canvas.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), color: .red)
        canvas.fill(PixelRect(x: 2, y: 0, width: 1, height: 1), color: Color(red: 0, green: 0, blue: 0, alpha: 128))
        target.withCanvas { $0.composite(layer.pixels, at: (0, 0)) }
        #expect(target.color(x: 0, y: 0) == .red)
        #expect(target.color(x: 1, y: 0) == .white)
        #expect(abs(Int(target.color(x: 2, y: 0).red) - 127) <= 2)
    }
}
