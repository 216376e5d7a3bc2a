import PanelCore
import PanelGraphics
import Testing

/// The fonts every mode is checked with: the built-in face and a TrueType one.
let modeFonts: [(name: String, font: Font)] = [("built-in", .body), ("TrueType", TestFonts.latinOnly.font(size: 16))]

/// `text` drawn on one line into a 200×30 white bitmap, in a box `width` wide, cut as `mode` says.
func drawnLine(_ text: String, font: Font, width: Int, mode: LineBreakMode = .byTruncatingTail) -> Bitmap {
    let bitmap = Bitmap(width: 200, height: 30, format: .xrgb8888)
    bitmap.withCanvas { canvas in
        canvas.clear(.white)
        canvas.drawText(text, in: PixelRect(x: 0, y: 0, width: width, height: 30), font: font, color: .black, lineBreakMode: mode)
    }
    return bitmap
}

/// Whether two bitmaps show the same picture.
func samePicture(_ a: Bitmap, _ b: Bitmap) -> Bool {
    withExtendedLifetime((a, b)) { a.pixels.firstDifference(from: b.pixels) == nil }
}

@Suite("Line-break modes: UIKit's NSLineBreakMode, for the built-in and TrueType fonts")
struct LineBreakModeTests {
    static let text = "Temperature of zone 2"
    static let width = 110

    /// The longest prefix of `text` whose width with "…" after it fits `budget`.
    func prefix(_ text: String, _ font: Font, fitting budget: Int) -> String {
        var kept = ""
        for c in text {
            if font.width(of: kept + String(c)) > budget { break }
            kept.append(c)
        }
        return String(kept.reversed().drop { $0 == " " }.reversed())
    }

    /// The longest suffix of `text` that fits `budget`.
    func suffix(_ text: String, _ font: Font, fitting budget: Int) -> String {
        var kept = ""
        for c in text.reversed() {
            if font.width(of: String(c) + kept) > budget { break }
            kept = String(c) + kept
        }
        return String(kept.drop { $0 == " " })
    }

    @Test("tail truncation shows the start, then the ellipsis", arguments: modeFonts.map(\.name))
    func tail(fontName: String) {
        let font = modeFonts.first { $0.name == fontName }!.font
        let kept = prefix(Self.text, font, fitting: Self.width - font.width(of: "…"))
        let expected = drawnLine(kept + "…", font: font, width: 200)
        #expect(samePicture(drawnLine(Self.text, font: font, width: Self.width), expected))
    }

    @Test("head truncation shows the ellipsis, then the end", arguments: modeFonts.map(\.name))
    func head(fontName: String) {
        let font = modeFonts.first { $0.name == fontName }!.font
        let kept = suffix(Self.text, font, fitting: Self.width - font.width(of: "…"))
        let expected = drawnLine("…" + kept, font: font, width: 200)
        #expect(samePicture(drawnLine(Self.text, font: font, width: Self.width, mode: .byTruncatingHead), expected))
    }

    @Test("middle truncation shows the start and the end around the ellipsis", arguments: modeFonts.map(\.name))
    func middle(fontName: String) {
        let font = modeFonts.first { $0.name == fontName }!.font
        let budget = Self.width - font.width(of: "…")
        let start = prefix(Self.text, font, fitting: budget / 2)
        let end = suffix(Self.text, font, fitting: budget - font.width(of: start))
        let expected = drawnLine(start + "…" + end, font: font, width: 200)
        #expect(samePicture(drawnLine(Self.text, font: font, width: Self.width, mode: .byTruncatingMiddle), expected))
    }

    @Test("clipping cuts the line at the box's edge, without an ellipsis", arguments: modeFonts.map(\.name))
    func clipping(fontName: String) {
        let font = modeFonts.first { $0.name == fontName }!.font
        let whole = Bitmap(width: 200, height: 30, format: .xrgb8888)
        whole.withCanvas { canvas in
            canvas.clear(.white)
            canvas.pushClip(PixelRect(x: 0, y: 0, width: Self.width, height: 30))
            canvas.drawText(Self.text, in: PixelRect(x: 0, y: 0, width: 400, height: 30), font: font, color: .black)
            canvas.popClip()
        }
        #expect(samePicture(drawnLine(Self.text, font: font, width: Self.width, mode: .byClipping), whole))
    }

    @Test("word wrapping with a line limit shows whole words on the last line and no ellipsis", arguments: modeFonts.map(\.name))
    func wordWrappingLimit(fontName: String) {
        let font = modeFonts.first { $0.name == fontName }!.font
        let text = "alpha beta gamma delta epsilon"
        let width = font.width(of: "alpha beta") + 2
        let size = font.size(of: text, maxWidth: width, numberOfLines: 2, lineBreakMode: .byWordWrapping)
        #expect(size.height == 2 * font.lineHeight)
        #expect(size.width == max(font.width(of: "alpha beta"), font.width(of: "gamma")))
    }

    @Test("character wrapping fills each line to the edge, ignoring word boundaries", arguments: modeFonts.map(\.name))
    func charWrapping(fontName: String) {
        let font = modeFonts.first { $0.name == fontName }!.font
        let text = "ab cdefghijkl"
        let width = font.width(of: "ab cde")
        let byWord = font.size(of: text, maxWidth: width, numberOfLines: 0, lineBreakMode: .byWordWrapping)
        let byChar = font.size(of: text, maxWidth: width, numberOfLines: 0, lineBreakMode: .byCharWrapping)
        #expect(byChar.width == width)
        #expect(byWord.width < width)
    }
}
