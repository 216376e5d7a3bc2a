import Glibc
import PanelCore
import PanelGraphics
import Testing

/// Debian's fonts, which scripts/setup installs (fonts-dejavu-core, fonts-wqy-microhei).
enum TestFonts {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let wenQuanYi = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
    /// DejaVu Sans, then WenQuanYi Micro Hei for what DejaVu lacks (Chinese).
    static let latinThenChinese: FontFamily = try! FontFamily(contentsOfFiles: [dejaVu, wenQuanYi])
    static let latinOnly: FontFamily = try! FontFamily(contentsOfFiles: [dejaVu])
}

/// `text` drawn in black on white into a `width` × `height` bitmap.
func rendered(_ text: String, font: Font, width: Int = 300, height: Int = 60, numberOfLines: Int = 1) -> Bitmap {
    let bitmap = Bitmap(width: width, height: height, format: .xrgb8888)
    bitmap.withCanvas { canvas in
        canvas.clear(.white)
        canvas.drawText(text, in: PixelRect(x: 0, y: 0, width: width, height: height), font: font, color: .black, numberOfLines: numberOfLines)
    }
    return bitmap
}

/// How many pixels of `bitmap` are not white, and how many of those are neither white nor black.
func ink(_ bitmap: Bitmap) -> (inked: Int, partial: Int) {
    var inked = 0
    var partial = 0
    for y in 0 ..< bitmap.height {
        for x in 0 ..< bitmap.width {
            let c = bitmap.color(x: x, y: y)
            if c != .white { inked += 1 }
            if c != .white && c != .black { partial += 1 }
        }
    }
    return (inked, partial)
}

@Suite("TrueType text: FreeType faces, HarfBuzz shaping, fallback, line breaking")
struct TrueTypeTests {
    @Test("a typeface opens a TrueType file and reads its family name")
    func opensDejaVu() throws {
        let face = try Typeface(contentsOfFile: TestFonts.dejaVu)
        #expect(face.familyName == "DejaVu Sans")
        #expect(face.glyphCount > 1000)
    }

    @Test("a missing font file is a cannotOpen error naming the file")
    func missingFile() {
        #expect(throws: FontError.cannotOpen(path: "/nonexistent/font.ttf", reason: "no such file or it cannot be read")) {
            try Typeface(contentsOfFile: "/nonexistent/font.ttf")
        }
    }

    @Test("a file that is not a font is a notAFont error naming the file", arguments: [Array("not a font at all".utf8), [0, 1, 0, 0, 0, 9, 0, 0]])
    func corruptFile(bytes: [UInt8]) throws {
        let path = "/tmp/panelkit-corrupt-\(bytes.count).ttf"
        let file = fopen(path, "wb")!
        _ = fwrite(bytes, 1, bytes.count, file)
        fclose(file)
        #expect {
            try Typeface(contentsOfFile: path)
        } throws: { error in
            guard case FontError.notAFont(let named, _) = error else { return false }
            return named == path
        }
    }

    @Test("a family needs at least one typeface")
    func emptyFamily() {
        #expect(throws: FontError.noTypefaces) { try FontFamily([]) }
    }

    @Test("HarfBuzz kerning pulls A and V together: the pair is narrower than its letters apart")
    func kerning() {
        let font = TestFonts.latinOnly.font(size: 40)
        #expect(font.width(of: "AV") < font.width(of: "A") + font.width(of: "V"))
    }

    @Test("TrueType glyphs are anti-aliased: their edges have grey pixels")
    func antiAliased() {
        let (inked, partial) = ink(rendered("Round edges", font: TestFonts.latinOnly.font(size: 24)))
        #expect(inked > 100)
        #expect(partial * 3 > inked)
    }

    @Test("Chinese in a Latin-first family is drawn by the fallback typeface, each character about an em wide")
    func chineseFallsBack() {
        let font = TestFonts.latinThenChinese.font(size: 20)
        #expect(abs(font.width(of: "中文") - 40) <= 2)
        #expect(ink(rendered("中文", font: font)).inked > 100)
    }

    @Test("a character no typeface has draws as a visible box of the same ink with or without Chinese in the chain")
    func missingGlyphIsABox() {
        let box = rendered("\u{E000}", font: TestFonts.latinOnly.font(size: 20))
        #expect(ink(box).inked > 20)
        // A box: the column through its middle has ink at the top and the bottom edge only.
        var column: [Bool] = []
        for y in 0 ..< box.height { column.append(box.color(x: 5, y: y) != .white) }
        #expect(column.filter { $0 }.count >= 2)
    }

    @Test("text decoded from invalid UTF-8 shows replacement characters and draws without a trap")
    func invalidUTF8() {
        let text = String(decoding: [0x41, 0xFF, 0xFE, 0x42, 0xC3], as: UTF8.self)
        #expect(text.unicodeScalars.filter { $0 == "\u{FFFD}" }.count == 3)
        #expect(ink(rendered(text, font: TestFonts.latinThenChinese.font(size: 20))).inked > 50)
    }

    @Test("Latin wraps at spaces: two words too wide for one line make two lines")
    func latinWrapsAtSpaces() {
        let font = TestFonts.latinOnly.font(size: 20)
        let oneLine = font.width(of: "hello world")
        let size = font.size(of: "hello world", maxWidth: oneLine - 10, numberOfLines: 0)
        #expect(size.height == 2 * font.lineHeight)
        #expect(size.width == max(font.width(of: "hello"), font.width(of: "world")))
    }

    @Test("Chinese wraps between any two characters, without spaces")
    func chineseWrapsBetweenCharacters() {
        let font = TestFonts.latinThenChinese.font(size: 20)
        let size = font.size(of: "触摸屏应用程序中文文本", maxWidth: 100, numberOfLines: 0)
        #expect(size.height == 3 * font.lineHeight)
        #expect(size.width <= 100)
    }

    @Test("a line never starts with a Chinese comma or full stop")
    func kinsoku() {
        let font = TestFonts.latinThenChinese.font(size: 20)
        // Five characters fit on a line (100 px); the sixth is a comma, which must not start the
        // second line, so the fifth character goes down with it.
        let size = font.size(of: "一二三四五，六七", maxWidth: 100, numberOfLines: 0)
        #expect(size.height == 2 * font.lineHeight)
        #expect(size.width == font.width(of: "一二三四"))
    }

    @Test("a single line too long for its box ends with an ellipsis inside the box")
    func truncatesWithEllipsis() {
        let font = TestFonts.latinOnly.font(size: 16)
        let size = font.size(of: "A long line of Latin text that will not fit", maxWidth: 120, numberOfLines: 1)
        #expect(size.width <= 120)
        #expect(size.width > 120 - font.width(of: "…") - font.width(of: "W"))
        #expect(size.height == font.lineHeight)
    }

    @Test("a full cache empties and refills: text drawn through a tiny cache looks the same as through a large one")
    func tinyCacheDrawsTheSame() throws {
        let tiny = try FontFamily([try Typeface(contentsOfFile: TestFonts.dejaVu)], glyphCache: GlyphCacheCapacity(glyphs: 16, coverageBytes: 4096))
        let text = "The quick brown fox jumps over the lazy dog 0123456789"
        let a = rendered(text, font: tiny.font(size: 18), width: 600)
        let b = rendered(text, font: TestFonts.latinOnly.font(size: 18), width: 600)
        #expect(tiny.glyphCacheUsage.flushes > 0)
        #expect(a.pixels.firstDifference(from: b.pixels) == nil)
    }

    @Test("sizes are clamped: NaN, zero, negative and huge sizes give a usable font", arguments: [Double.nan, 0, -5, 1e9, .infinity])
    func absurdSizes(size: Double) {
        let font = TestFonts.latinOnly.font(size: size)
        #expect(font.size >= 1 && font.size <= FontFamily.maximumSize)
        _ = rendered("Ok", font: font)
    }
}
