/// Shadows: a ``ShadowMask`` put down in a colour.
extension Canvas {
    /// Draws `shadow` in `color` (its alpha times ``opacity`` times the mask's coverage), the
    /// shape's box placed with its top-left corner at `origin` (translated coordinates; the
    /// blur reaches ``ShadowMask/reach`` pixels past it). Pixels inside `hole` or `rows`
    /// (translated coordinates: parts of the shape the view's opaque background will cover,
    /// such as the box inside its rounded corners and the rows between them) are not drawn;
    /// where a row crosses both and they do not meet, only the wider is skipped. The middle
    /// of each side is one span of constant coverage; nothing allocates.
    public mutating func drawShadow(
        _ shadow: ShadowMask, at origin: (x: Int, y: Int), color: Color, hole: PixelRect = .zero, rows: PixelRect = .zero
    ) {
        let alphaWeight = weight(UInt32(color.alpha))
        guard alphaWeight > 0 else { return }
        let left = origin.x + translation.x + shadow.shapeOrigin.x - shadow.reach
        let top = origin.y + translation.y + shadow.shapeOrigin.y - shadow.reach
        let extent = PixelRect(x: left, y: top, width: shadow.fullWidth, height: shadow.fullHeight)
        let area = extent.intersection(clipRect)
        guard !area.isEmpty else { return }
        let skip = device(hole).intersection(area)
        let band = device(rows).intersection(area)
        let writer = self.writer, word = pixels.format.encode(color)
        // One loop per pixel size, so that each pixel's blend is inlined into it.
        if bytesPerPixel == 4 {
            shadeRows(Pixel32.self, shadow, area: area, left: left, top: top, skip: skip, band: band, alphaWeight: alphaWeight, writer: writer, word: word)
        } else {
            shadeRows(Pixel16.self, shadow, area: area, left: left, top: top, skip: skip, band: band, alphaWeight: alphaWeight, writer: writer, word: word)
        }
    }

    /// ``drawShadow(_:at:color:hole:rows:)``'s rows of `area`, the shadow's full extent's
    /// top-left corner at (`left`, `top`), in pixels of `P`'s size.
    @inline(__always)
    private func shadeRows<P: MaskPixel>(
        _: P.Type, _ shadow: ShadowMask, area: PixelRect, left: Int, top: Int, skip: PixelRect, band: PixelRect,
        alphaWeight: UInt32, writer: PixelWriter, word: UInt32
    ) {
        @inline(__always) func shade(_ m: UInt8) -> UInt32 {
            let c = UInt32(m)
            return (alphaWeight * (c + (c >> 7)) + 128) >> 8
        }
        // The full extent's columns: those before `stretchStart` read the kept column of the same
        // index, those up to `stretchEnd` the kept column `cutX`, the rest `stretchX` fewer.
        let stretchStart = left + shadow.cutX
        let stretchEnd = stretchStart + shadow.stretchX
        // One run of columns [from, to) of a row: the kept left and right parts pixel by
        // pixel, the stretched middle as one span.
        @inline(__always) func run(_ row: UnsafeMutableRawPointer, _ kept: UnsafeMutablePointer<UInt8>, from: Int, to: Int) {
            var x = from
            var p = row + x * P.size
            let leftEnd = min(to, stretchStart)
            while x < leftEnd {
                P.blend(p, writer, word: word, weight: shade(kept[x - left]))
                x += 1
                p += P.size
            }
            let middleEnd = min(to, stretchEnd)
            if x < middleEnd {
                writer.span(p, count: middleEnd - x, word: word, weight: shade(kept[shadow.cutX]))
                p += (middleEnd - x) * P.size
                x = middleEnd
            }
            let rightShift = left + shadow.stretchX
            while x < to {
                P.blend(p, writer, word: word, weight: shade(kept[x - rightShift]))
                x += 1
                p += P.size
            }
        }
        for y in area.y ..< area.maxY {
            let row = pixels.address(x: 0, y: y)
            let kept = shadow.keptRow(shadow.row(y - top))
            // The columns this row leaves out: the hole's, the band's, or both joined.
            var gap = (from: area.x, to: area.x)
            if !skip.isEmpty && y >= skip.y && y < skip.maxY { gap = (skip.x, skip.maxX) }
            if !band.isEmpty && y >= band.y && y < band.maxY {
                if gap.to > gap.from && band.x <= gap.to && gap.from <= band.maxX {
                    gap = (min(gap.from, band.x), max(gap.to, band.maxX))
                } else if band.width > gap.to - gap.from {
                    gap = (band.x, band.maxX)
                }
            }
            if gap.to > gap.from {
                run(row, kept, from: area.x, to: gap.from)
                run(row, kept, from: gap.to, to: area.maxX)
            } else {
                run(row, kept, from: area.x, to: area.maxX)
            }
        }
    }
}
