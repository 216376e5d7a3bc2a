import PanelBench
import PanelCore
import PanelGraphics
import PanelQRCode
import PanelUI
import Testing

@Suite("QR codes: libqrencode's modules, drawn pixel-exact with a quiet zone")
@MainActor
struct QRCodeTests {
    /// Whether a 7 × 7 finder pattern (a dark ring, a light ring, a dark 3 × 3 centre) sits at (x, y).
    func finder(_ code: QRCode, _ x: Int, _ y: Int) -> Bool {
        for dy in 0 ..< 7 {
            for dx in 0 ..< 7 {
                let ring = max(abs(dx - 3), abs(dy - 3))
                if code.isDark(x: x + dx, y: y + dy) != (ring != 2) { return false }
            }
        }
        return true
    }

    @Test("short text is a version-1 code of 21 modules with finder patterns in three corners")
    func versionOne() throws {
        let code = try QRCode("PANELKIT", errorCorrection: .medium)
        #expect(code.version == 1)
        #expect(code.size == 21)
        #expect(finder(code, 0, 0) && finder(code, 14, 0) && finder(code, 0, 14))
        #expect(!finder(code, 14, 14))
    }

    @Test("more text or a higher level takes a larger version: size is 17 + 4 × version")
    func versions() throws {
        let url = "https://example.com/kiosk/checkin?ticket=7F3A-99C1-0042&lang=de"
        let low = try QRCode(url, errorCorrection: .low)
        let high = try QRCode(url, errorCorrection: .high)
        #expect(high.version > low.version)
        for code in [low, high] { #expect(code.size == 17 + 4 * code.version) }
        let most = try QRCode(String(repeating: "x", count: 2953), errorCorrection: .low)
        #expect(most.version == 40)
    }

    @Test("text too long for version 40 is an error stating the limit for the level")
    func tooLong() {
        #expect(throws: QRCodeError.tooLong(bytes: 1274, capacity: 1273, level: .high)) {
            try QRCode(String(repeating: "x", count: 1274), errorCorrection: .high)
        }
        #expect(QRCodeError.tooLong(bytes: 1274, capacity: 1273, level: .high).description.contains("holds 1273 bytes"))
        #expect(throws: QRCodeError.empty) { try QRCode("") }
    }

    @Test("text with a NUL byte and Chinese text encode whole")
    func bytes() throws {
        #expect(try QRCode("a\u{0}b").version == 1)
        #expect(try QRCode("扫码付款 ¥12.50").size >= 21)
    }

    @Test("the view draws whole pixels per module, centred, with a 4-module quiet zone")
    func pixelExact() throws {
        let bench = Bench(width: 200, height: 200)
        let framebuffer = MemoryFramebuffer(width: 200, height: 200, format: .xrgb8888)
        bench.app.display = Display(framebuffer: framebuffer)
        bench.window.backgroundColor = Color(rgb: 0x808080)
        let view = bench.add(try QRCodeView(text: "PANELKIT", frame: Rect(x: 0, y: 0, width: 200, height: 200)))
        bench.app.runOnce()
        let code = try #require(view.code)
        #expect(view.moduleSize == 200 / 29)
        let shot = framebuffer.screenshot()
        let module = view.moduleSize
        let origin = (200 - 29 * module) / 2 + 4 * module
        for y in 0 ..< code.size {
            for x in 0 ..< code.size {
                let expected: Color = code.isDark(x: x, y: y) ? .black : .white
                for (px, py) in [(origin + x * module, origin + y * module), (origin + x * module + module - 1, origin + y * module + module - 1)] {
                    #expect(shot.color(x: px, y: py) == expected)
                }
            }
        }
        // The quiet zone is light; outside it the window's grey shows.
        #expect(shot.color(x: origin - 1, y: origin - 1) == .white)
        #expect(shot.color(x: origin - 4 * module, y: origin) == .white)
        #expect(shot.color(x: origin - 4 * module - 1, y: origin) == Color(rgb: 0x808080))
    }

    @Test("a view too small for a pixel a module says it is not legible")
    func tooSmall() throws {
        let view = try QRCodeView(text: String(repeating: "y", count: 300), frame: Rect(x: 0, y: 0, width: 40, height: 40))
        #expect(!view.isLegible)
    }
}
