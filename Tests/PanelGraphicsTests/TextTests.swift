import PanelGraphics
import Testing

@Suite struct TextTests {
    @Test("the built-in family has seven sizes, 12 to 48 px, whose metrics grow with the size; the nearest is chosen, ties going smaller")
    func fontSizes() {
        #expect(Font.availableSizes == [12, 16, 20, 24, 32, 40, 48])
        #expect(Font.system(size: 20).size == 20 && Font.system(size: 18).size == 16 && Font.system(size: 64).size == 48)
        #expect(Font.system(size: 20).lineHeight > Font.body.lineHeight && Font.system(size: 48).lineHeight > Font.system(size: 40).lineHeight)
        #expect(Font.caption.lineHeight < Font.body.lineHeight)
        #expect(Font.body.lineHeight < Font.title.lineHeight)
        #expect(Font.title.lineHeight < Font.largeTitle.lineHeight)
        #expect(Font.system(size: 17) == .body)
        #expect(Font.system(size: 30) == .largeTitle)
        #expect(Font.system(size: 1) == .caption)
    }

    @Test("measuring adds glyph advances, and Latin-1 letters have glyphs of their own")
    func measurement() {
        let font = Font.body
        #expect(font.width(of: "") == 0)
        #expect(font.width(of: "ii") < font.width(of: "WW"))
        #expect(font.width(of: "AB") == font.width(of: "A") + font.width(of: "B"))
        #expect(font.width(of: "é") > 0)
        #expect(font.width(of: "ÿ") > 0)
        // Characters outside the family draw as "?".
        #expect(font.width(of: "漢") == font.width(of: "?"))
    }

    @Test("text wraps at spaces up to the line limit and the last line is truncated with an ellipsis")
    func wrappingAndTruncation() {
        let font = Font.body
        let text = "one two three four five six"
        let single = font.size(of: text, maxWidth: 1000, numberOfLines: 1)
        #expect(single.height == font.lineHeight)
        #expect(single.width == font.width(of: text))
        let narrow = font.width(of: "three four")
        let wrapped = font.size(of: text, maxWidth: narrow, numberOfLines: 0)
        #expect(wrapped.height == 3 * font.lineHeight)
        #expect(wrapped.width <= narrow)
        let truncated = font.size(of: text, maxWidth: narrow, numberOfLines: 1)
        #expect(truncated.height == font.lineHeight)
        #expect(truncated.width <= narrow)
        #expect(font.size(of: "a\nb\nc", numberOfLines: 0).height == 3 * font.lineHeight)
        #expect(font.size(of: "a\nb\nc", numberOfLines: 2).height == 2 * font.lineHeight)
    }

    @Test("drawn text stays inside its rectangle and is aligned within it")
    func textStaysInsideItsRectangle() {
        for alignment in [TextAlignment.left, .center, .right] {
            let bitmap = Bitmap(width: 120, height: 40, format: .xrgb8888)
            let box = PixelRect(x: 10, y: 5, width: 100, height: 30)
            bitmap.withCanvas {
                $0.drawText("A long line that will not fit", in: box, font: .body, color: .white, alignment: alignment, numberOfLines: 1)
            }
            var columns: [Int] = []
            for y in 0 ..< 40 {
                for x in 0 ..< 120 where bitmap.color(x: x, y: y) != .black {
                    #expect(box.contains(x: x, y: y), "ink at (\(x), \(y)) outside \(box)")
                    columns.append(x)
                }
            }
            #expect(!columns.isEmpty)
        }
        let bitmap = Bitmap(width: 120, height: 30, format: .xrgb8888)
        bitmap.withCanvas { $0.drawText("Hi", in: PixelRect(x: 0, y: 0, width: 120, height: 30), font: .body, color: .white, alignment: .right) }
        var leftmost = Int.max
        for y in 0 ..< 30 { for x in 0 ..< 120 where bitmap.color(x: x, y: y) != .black { leftmost = min(leftmost, x) } }
        #expect(leftmost >= 120 - Font.body.width(of: "Hi"))
    }
}
