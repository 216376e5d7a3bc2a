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
}
