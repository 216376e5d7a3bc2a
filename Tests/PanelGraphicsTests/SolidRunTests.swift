import Testing

@testable import PanelGraphics

/// Opaque runs, long ones stored by the C library.
@Suite struct SolidRunTests {
    static let counts = [0, 1, 2, 15, 16, 17, 31, 32, 33, 64, 101, 800]

    @Test("a run of 32-bit pixels sets each of its pixels and none beside it", arguments: counts)
    func wideRun(count: Int) {
        var pixels = [UInt32](repeating: 0xAAAA_AAAA, count: count + 4)
        pixels.withUnsafeMutableBufferPointer { SolidRun.fillLong($0.baseAddress! + 2, count: count, word: 0x00FF_8001) }
        #expect(pixels[0 ..< 2].allSatisfy { $0 == 0xAAAA_AAAA })
        #expect(pixels[2 ..< 2 + count].allSatisfy { $0 == 0x00FF_8001 })
        #expect(pixels[(2 + count)...].allSatisfy { $0 == 0xAAAA_AAAA })
    }

    @Test("a run of 16-bit pixels sets each of its pixels and none beside it, from either half of a 4-byte word", arguments: counts)
    func narrowRun(count: Int) {
        for offset in 1 ... 2 {
            var pixels = [UInt16](repeating: 0xAAAA, count: count + 4)
            pixels.withUnsafeMutableBufferPointer { SolidRun.fillLong($0.baseAddress! + offset, count: count, word: 0x1234) }
            #expect(pixels[0 ..< offset].allSatisfy { $0 == 0xAAAA }, "from \(offset)")
            #expect(pixels[offset ..< offset + count].allSatisfy { $0 == 0x1234 }, "from \(offset)")
            #expect(pixels[(offset + count)...].allSatisfy { $0 == 0xAAAA }, "from \(offset)")
        }
    }

    @Test(
        "a wide span sets each of its pixels and none beside it, opaque or blended, at every length around the C library's threshold",
        arguments: counts)
    func wideSpan(count: Int) {
        for weight: UInt32 in [256, 128] {
            let bitmap = Bitmap(width: count + 4, height: 2, format: .xrgb8888)
            bitmap.withCanvas { canvas in
                canvas.clear(.black)
                canvas.writer.wideSpan(canvas.pixels.address(x: 2, y: 0), count: count, word: 0xFFFF_FFFF, weight: weight)
                // What one pixel plotted with the same word and weight becomes.
                canvas.writer.plot(canvas.pixels.address(x: 0, y: 1), word: 0xFFFF_FFFF, weight: weight)
            }
            let expected = bitmap.color(x: 0, y: 1)
            #expect(expected != .black)
            #expect((0 ..< 2).allSatisfy { bitmap.color(x: $0, y: 0) == .black }, "weight \(weight)")
            #expect((2 ..< 2 + count).allSatisfy { bitmap.color(x: $0, y: 0) == expected }, "weight \(weight)")
            #expect((2 + count ..< count + 4).allSatisfy { bitmap.color(x: $0, y: 0) == .black }, "weight \(weight)")
        }
    }
}
