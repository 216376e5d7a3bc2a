import PanelCore
import PanelGraphics
import Testing

@Suite struct CanvasTests {
    static let formats: [PixelFormat] = [.xrgb8888, .rgb565, .argb8888]

    @Test("fills stay inside the row when the stride is wider than the row", arguments: formats)
    func fillRespectsStride(format: PixelFormat) {
        let stride = 10 * format.bytesPerPixel + 12
        let bitmap = Bitmap(width: 10, height: 6, format: format, strideBytes: stride)
        let bytes = UnsafeMutableRawBufferPointer(start: bitmap.pixels.baseAddress, count: stride * 6)
        for i in bytes.indices { bytes[i] = 0xAB }
        bitmap.withCanvas { $0.fill(PixelRect(x: -5, y: -5, width: 100, height: 100), color: .red) }
        for y in 0 ..< 6 {
            for x in 0 ..< 10 { #expect(bitmap.color(x: x, y: y).red == 255) }
            for pad in (10 * format.bytesPerPixel) ..< stride { #expect(bytes[y * stride + pad] == 0xAB) }
        }
    }

    @Test("nothing is drawn outside the clip, and popping the clip restores the previous one")
    func clippingNests() {
        let bitmap = Bitmap(width: 20, height: 20, format: .xrgb8888)
        bitmap.withCanvas { canvas in
            canvas.pushClip(PixelRect(x: 2, y: 2, width: 10, height: 10))
            canvas.pushClip(PixelRect(x: 6, y: 6, width: 10, height: 10))
            #expect(canvas.clipRect == PixelRect(x: 6, y: 6, width: 6, height: 6))
            canvas.fill(PixelRect(x: 0, y: 0, width: 20, height: 20), color: .white)
            canvas.popClip()
            #expect(canvas.clipRect == PixelRect(x: 2, y: 2, width: 10, height: 10))
            canvas.drawLine(from: (0, 0), to: (20, 20), width: 3, color: .red)
            canvas.fillRoundedRect(PixelRect(x: -10, y: 15, width: 40, height: 5), radius: 2, color: .blue)
            canvas.drawText("Hello", at: (0, 0), font: .body, color: .green)
            canvas.popClip()
        }
        for y in 0 ..< 20 {
            for x in 0 ..< 20 {
                let inside = PixelRect(x: 2, y: 2, width: 10, height: 10).contains(x: x, y: y)
                if !inside { #expect(bitmap.color(x: x, y: y) == .black, "pixel (\(x), \(y)) drawn outside the clip") }
            }
        }
        #expect(bitmap.color(x: 7, y: 7) != .black)
    }

    @Test("translucent colours and the canvas opacity blend with what is underneath")
    func alphaBlending() {
        let bitmap = Bitmap(width: 4, height: 1, format: .xrgb8888)
        bitmap.withCanvas { canvas in
            canvas.fill(PixelRect(x: 0, y: 0, width: 4, height: 1), color: .white)
            canvas.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), color: Color(red: 0, green: 0, blue: 0, alpha: 128))
            canvas.opacity = 128
            canvas.fill(PixelRect(x: 1, y: 0, width: 1, height: 1), color: .black)
            canvas.opacity = 0
            canvas.fill(PixelRect(x: 2, y: 0, width: 1, height: 1), color: .black)
            canvas.opacity = 255
            canvas.fill(PixelRect(x: 3, y: 0, width: 1, height: 1), color: .clear)
        }
        #expect(abs(Int(bitmap.color(x: 0, y: 0).red) - 127) <= 1)
        #expect(abs(Int(bitmap.color(x: 1, y: 0).red) - 127) <= 1)
        #expect(bitmap.color(x: 2, y: 0) == .white)
        #expect(bitmap.color(x: 3, y: 0) == .white)
    }

    @Test("a rounded rectangle leaves its corners empty, fills its middle and anti-aliases the curve")
    func roundedRectangleCorners() {
        let bitmap = Bitmap(width: 40, height: 40, format: .xrgb8888)
        bitmap.withCanvas { $0.fillRoundedRect(PixelRect(x: 0, y: 0, width: 40, height: 40), radius: 10, color: .white) }
        #expect(bitmap.color(x: 0, y: 0) == .black)
        #expect(bitmap.color(x: 39, y: 39) == .black)
        #expect(bitmap.color(x: 20, y: 0) == .white)
        #expect(bitmap.color(x: 0, y: 20) == .white)
        #expect(bitmap.color(x: 20, y: 20) == .white)
        // Inside the top-left corner's square some pixels are partly covered.
        var partial = 0
        for y in 0 ..< 10 {
            for x in 0 ..< 10 {
                let v = bitmap.color(x: x, y: y).red
                if v > 0 && v < 255 { partial += 1 }
            }
        }
        #expect(partial >= 10)
        // Symmetric corners.
        for i in 0 ..< 10 {
            #expect(bitmap.color(x: i, y: i) == bitmap.color(x: 39 - i, y: 39 - i))
            #expect(bitmap.color(x: 39 - i, y: i) == bitmap.color(x: i, y: 39 - i))
        }
    }

    @Test("a border is drawn inside the rectangle and leaves the interior untouched")
    func borderStaysInside() {
        let bitmap = Bitmap(width: 30, height: 20, format: .rgb565)
        bitmap.withCanvas { $0.strokeRoundedRect(PixelRect(x: 5, y: 5, width: 20, height: 10), radius: 0, width: 2, color: .white) }
        #expect(bitmap.color(x: 5, y: 5) == .white)
        #expect(bitmap.color(x: 6, y: 10) == .white)
        #expect(bitmap.color(x: 24, y: 14) == .white)
        #expect(bitmap.color(x: 7, y: 7) == .black)
        #expect(bitmap.color(x: 15, y: 10) == .black)
        #expect(bitmap.color(x: 4, y: 5) == .black)
        #expect(bitmap.color(x: 25, y: 5) == .black)
    }

    @Test("a one-pixel horizontal line through pixel centres covers exactly one row, with half-pixel round caps")
    func horizontalLine() {
        let bitmap = Bitmap(width: 20, height: 5, format: .xrgb8888)
        bitmap.withCanvas { $0.drawLine(from: (2, 2.5), to: (18, 2.5), width: 1, color: .white) }
        for x in 2 ... 17 { #expect(bitmap.color(x: x, y: 2) == .white) }
        #expect(bitmap.color(x: 1, y: 2).red > 0 && bitmap.color(x: 1, y: 2).red < 255)
        #expect(bitmap.color(x: 19, y: 2) == .black)
        for x in 0 ..< 20 {
            #expect(bitmap.color(x: x, y: 1) == .black)
            #expect(bitmap.color(x: x, y: 3) == .black)
        }
    }

    @Test("images blit with their alpha, scale to the target rectangle and honour the translation")
    func imageBlit() throws {
        let image = try Image(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 128])
        let bitmap = Bitmap(width: 8, height: 4, format: .xrgb8888)
        bitmap.withCanvas { canvas in
            canvas.fill(PixelRect(x: 0, y: 0, width: 8, height: 4), color: .white)
            canvas.translation = (2, 1)
            canvas.drawImage(image, in: PixelRect(x: 0, y: 0, width: 4, height: 2))
        }
        #expect(bitmap.color(x: 2, y: 1) == Color(rgb: 0xFF0000))
        #expect(bitmap.color(x: 3, y: 2) == Color(rgb: 0xFF0000))
        let half = bitmap.color(x: 4, y: 1)
        #expect(half.blue == 255 && abs(Int(half.red) - 127) <= 1)
        #expect(bitmap.color(x: 1, y: 1) == .white)
        #expect(bitmap.color(x: 6, y: 1) == .white)
    }

    @Test("pixel buffers copy rectangles and turn them the way touches are turned", arguments: Rotation.allCases)
    func rotatedCopyMatchesTouchTransform(rotation: Rotation) {
        let panelWidth = 12
        let panelHeight = 8
        let transform = TouchscreenTransform(
            controllerWidth: panelWidth, controllerHeight: panelHeight, panelWidth: panelWidth,
            panelHeight: panelHeight, rotation: rotation)
        let ui = transform.uiSize
        let source = Bitmap(width: Int(ui.width), height: Int(ui.height), format: .xrgb8888)
        let panel = Bitmap(width: panelWidth, height: panelHeight, format: .xrgb8888)
        // Mark every UI pixel with its own coordinates.
        source.withCanvas { canvas in
            for y in 0 ..< Int(ui.height) {
                for x in 0 ..< Int(ui.width) {
                    canvas.fill(PixelRect(x: x, y: y, width: 1, height: 1), color: Color(red: UInt8(x), green: UInt8(y), blue: 1))
                }
            }
        }
        let written = panel.pixels.copyRotated(source.pixels.bounds, from: source.pixels, rotation: rotation)
        #expect(written == panel.pixels.bounds)
        // A touch at raw (x, y) maps to the UI pixel that is shown at panel pixel (x, y).
        for y in 0 ..< panelHeight {
            for x in 0 ..< panelWidth {
                let p = transform.apply(x: x, y: y)
                #expect(panel.color(x: x, y: y) == Color(red: UInt8(p.x), green: UInt8(p.y), blue: 1))
            }
        }
    }
}
