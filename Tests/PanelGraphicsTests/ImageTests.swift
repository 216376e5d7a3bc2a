import Glibc
import PanelGraphics
import Testing

@Suite struct ImageTests {
    @Test("an image survives a PNG round trip through memory and through a file")
    func pngRoundTrip() throws {
        var rgba: [UInt8] = []
        for i in 0 ..< (7 * 5) { rgba += [UInt8(i * 7 % 256), UInt8(i * 13 % 256), UInt8(i * 29 % 256), UInt8(255 - i)] }
        let image = try Image(width: 7, height: 5, rgba: rgba)
        let data = try image.pngData()
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try Image(pngData: data) == image)
        let path = "/tmp/panelkit-image-test-\(getpid()).png"
        defer { unlink(path) }
        try image.writePNG(to: path)
        #expect(try Image(contentsOfFile: path) == image)
    }

    @Test("bad image input gets a typed error naming the cause")
    func badInput() {
        #expect(throws: ImageError.sizeMismatch(expected: 16, actual: 3)) { try Image(width: 2, height: 2, rgba: [1, 2, 3]) }
        #expect {
            try Image(pngData: [1, 2, 3, 4, 5, 6, 7, 8, 9])
        } throws: { error in
            guard case .invalidPNG = error as? ImageError else { return false }
            return true
        }
        #expect {
            try Image(contentsOfFile: "/nonexistent/panel.png")
        } throws: { error in
            guard case .cannotRead(let path, _) = error as? ImageError else { return false }
            return path == "/nonexistent/panel.png"
        }
        #expect {
            try Image(width: 1, height: 1, rgba: [0, 0, 0, 255]).writePNG(to: "/proc/panelkit-none/x.png")
        } throws: { error in
            guard case .cannotWrite(let path, _) = error as? ImageError else { return false }
            return path == "/proc/panelkit-none/x.png"
        }
    }

    @Test("a screenshot of a framebuffer shows what was drawn, in either format")
    func screenshot() throws {
        for format in [PixelFormat.rgb565, .xrgb8888] {
            let fb = MemoryFramebuffer(width: 4, height: 3, format: format, strideBytes: 64)
            fb.withBackBuffer { pixels in
                var canvas = Canvas(pixels)
                canvas.fill(PixelRect(x: 1, y: 1, width: 2, height: 1), color: .white)
            }
            let shot = fb.screenshot()
            #expect(shot.width == 4 && shot.height == 3)
            #expect(shot.color(x: 1, y: 1) == .white)
            #expect(shot.color(x: 0, y: 0) == .black)
            #expect(try Image(pngData: shot.pngData()) == shot)
        }
    }
}
