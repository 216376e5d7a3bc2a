import Testing

@testable import PanelGraphics

/// The built-in faces are read from their hex text: a glyph table decoded on first use, and the
/// coverage drawn from the text itself.
@Suite("The built-in faces, read from their text")
struct BuiltInFaceTests {
    @Test("a built-in glyph's metrics take 12 bytes")
    func glyphIsTwelveBytes() {
        #expect(MemoryLayout<Glyph>.stride == 12)
    }

    @Test("every glyph's coverage of every built-in face lies inside the face's text and is hex digits")
    func everyGlyphIsInsideItsText() {
        for index in BuiltInFont.sizes.indices {
            let face = BuiltInFont.face(index)
            for glyph in face.glyphs {
                face.withMask(of: glyph) { digits, levels in
                    #expect(glyph.dataOffset + digits.count <= face.encoded.utf8CodeUnitCount)
                    #expect(digits.allSatisfy { (48 ... 57).contains($0) || (97 ... 102).contains($0) })
                    #expect(levels[Int(UInt8(ascii: "f"))] == 255 && levels[Int(UInt8(ascii: "0"))] == 0)
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
