import Testing

@testable import PanelGraphics

/// The built-in faces: a glyph table decoded on first use, and the coverage drawn from the
/// binary's bytes, 4 bits a pixel.
@Suite("The built-in faces, drawn from the binary's bytes")
struct BuiltInFaceTests {
    @Test("a built-in glyph's metrics take 12 bytes")
    func glyphIsTwelveBytes() {
        #expect(MemoryLayout<Glyph>.stride == 12)
    }

    @Test("the glyphs' coverage of every built-in face follows its table byte for byte, each glyph after the one before, and ends where the face's bytes end")
    func glyphsTileTheirFace() {
        for index in BuiltInFont.sizes.indices {
            let face = BuiltInFont.face(index)
            let bytes = FontFace.bytes(ofFace: index)
            #expect(face.size == BuiltInFont.sizes[index])
            var expected = 4 + 5 * BuiltInFont.codePointCount
            for glyph in face.glyphs {
                #expect(glyph.dataOffset == expected)
                expected += (glyph.width * glyph.height + 1) / 2
            }
            #expect(expected == bytes.count, "face \(index): no byte of the face is left unread")
        }
    }

    @Test("a built-in glyph is drawn as its 4-bit pixels widened to 8 bits are, the first pixel of a byte in its high half")
    func glyphDrawsItsNibbles() {
        let face = BuiltInFont.face(1)
        let glyph = face.glyph(for: "W")
        let mask = face.mask(of: glyph)
        let widened: [UInt8] = (0 ..< glyph.width * glyph.height).map { (i: Int) -> UInt8 in
            let pair: UInt8 = mask[i / 2]
            return (i % 2 == 0 ? pair >> 4 : pair & 15) * 17
        }
        #expect(Set(widened).count > 2, "the glyph has edges as well as ink and paper")
        let packed = Bitmap(width: glyph.width, height: glyph.height, format: .xrgb8888)
        let wide = Bitmap(width: glyph.width, height: glyph.height, format: .xrgb8888)
        packed.withCanvas { $0.drawMask(packed: mask, width: glyph.width, height: glyph.height, atX: 0, y: 0, color: .white) }
        widened.withUnsafeBufferPointer { widened in
            wide.withCanvas { $0.drawMask(widened, width: glyph.width, height: glyph.height, atX: 0, y: 0, color: .white) }
        }
        for y in 0 ..< glyph.height {
            for x in 0 ..< glyph.width {
                #expect(packed.color(x: x, y: y) == wide.color(x: x, y: y))
            }
        }
    }

    @Test("a 4-bit mask clipped to start or end in the middle of a byte blends each visible pixel as its 8-bit widening does")
    func clippedPackedMaskDrawsItsNibbles() {
        // 5 × 3 pixels: rows are not byte-aligned, so rows 1 and 3 start in a byte's low half.
        let width = 5, height = 3
        let nibbles: [UInt8] = [0, 15, 7, 0, 3, 9, 0, 0, 15, 1, 2, 0, 15, 15, 0]
        let packed: [UInt8] = stride(from: 0, to: nibbles.count, by: 2).map { i in
            nibbles[i] << 4 | (i + 1 < nibbles.count ? nibbles[i + 1] : 0)
        }
        let widened = nibbles.map { $0 * 17 }
        let translucent = Color(red: 200, green: 40, blue: 90, alpha: 160)
        for clipX in 0 ..< width {
            for clipWidth in 1 ... width - clipX {
                let clip = PixelRect(x: 1 + clipX, y: 1, width: clipWidth, height: height)
                let fromPacked = Bitmap(width: width + 2, height: height + 2, format: .xrgb8888)
                let fromWide = Bitmap(width: width + 2, height: height + 2, format: .xrgb8888)
                packed.withUnsafeBufferPointer { mask in
                    fromPacked.withCanvas { canvas in
                        canvas.pushClip(clip)
                        canvas.drawMask(packed: mask, width: width, height: height, atX: 1, y: 1, color: translucent)
                    }
                }
                widened.withUnsafeBufferPointer { mask in
                    fromWide.withCanvas { canvas in
                        canvas.pushClip(clip)
                        canvas.drawMask(mask, width: width, height: height, atX: 1, y: 1, color: translucent)
                    }
                }
                for y in 0 ..< height + 2 {
                    for x in 0 ..< width + 2 {
                        #expect(fromPacked.color(x: x, y: y) == fromWide.color(x: x, y: y), "clip \(clip) at (\(x), \(y))")
                    }
                }
            }
        }
    }

    @Test("a glyph's offsets below the baseline's left keep their sign")
    func negativeOffsetsKeepTheirSign() {
        let glyph = Glyph(advance: 7, xOffsetPlus128: 127, topPlus128: 125, width: 3, height: 4, dataOffset: 10)
        #expect(glyph.xOffset == -1 && glyph.top == -3 && glyph.advance == 7 && glyph.width == 3 && glyph.height == 4 && glyph.dataOffset == 10)
    }
}
