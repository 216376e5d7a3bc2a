import PanelCore
import PanelGraphics
import Testing

@Suite("Shadows: blurred masks, kept and put down in a colour")
struct ShadowMaskTests {
    /// A white bitmap with the shadow of a 40×30 rectangle (radius 6, blur 4) at (30, 30).
    func shadowed(_ format: PixelFormat, hole: PixelRect = .zero, rows: PixelRect = .zero) -> Bitmap {
        let bitmap = whiteBitmap(format, width: 100, height: 90)
        let mask = ShadowMask(width: 40, height: 30, cornerRadius: 6, blurRadius: 4)
        bitmap.withCanvas { canvas in
            canvas.drawShadow(mask, at: (30, 30), color: .black, hole: hole, rows: rows)
        }
        return bitmap
    }

    @Test("a shadow is darkest under its shape and fades to nothing past its reach", arguments: [PixelFormat.xrgb8888, .rgb565])
    func darkUnderneathClearBeyond(format: PixelFormat) {
        let bitmap = shadowed(format)
        #expect(bitmap.color(x: 50, y: 45).red < 10)
        #expect(bitmap.color(x: 50, y: 2) == .white)
        let edge = bitmap.color(x: 50, y: 30).red
        #expect(edge > 60 && edge < 200)
    }

    @Test("a shadow fades the same way all along the middle of a side")
    func sidesAreEven() {
        let bitmap = shadowed(.xrgb8888)
        let row = 27
        let first = bitmap.color(x: 45, y: row)
        for x in 45 ..< 56 { #expect(bitmap.color(x: x, y: row) == first) }
    }

    @Test("a wide shadow keeps only what its corners need")
    func wideShadowKeepsLittle() {
        let mask = ShadowMask(width: 760, height: 200, cornerRadius: 10, blurRadius: 8)
        // A tenth of the blurred extent, at most.
        #expect(mask.byteCount * 10 < (760 + 2 * mask.reach) * (200 + 2 * mask.reach))
    }

    @Test("a blur radius of 10 000 is clamped to the limit, and its cost with it")
    func hugeBlurIsClamped() {
        let mask = ShadowMask(width: 40, height: 40, cornerRadius: 4, blurRadius: 10_000)
        #expect(mask.key.blurRadius == ShadowMask.maximumBlurRadius)
        #expect(mask.reach == ShadowMask.reach(forBlurRadius: ShadowMask.maximumBlurRadius))
    }

    @Test("a blur radius that is not finite makes a sharp shadow")
    func nanBlurIsSharp() {
        let mask = ShadowMask(width: 10, height: 10, cornerRadius: .nan, blurRadius: .nan)
        #expect(mask.reach == 0)
        #expect(mask.key.cornerRadius == 0)
    }

    @Test("pixels inside the hole are left as they were")
    func holeIsSkipped() {
        let bitmap = shadowed(.xrgb8888, hole: PixelRect(x: 32, y: 32, width: 36, height: 26))
        #expect(bitmap.color(x: 50, y: 45) == .white)
        #expect(bitmap.color(x: 50, y: 31).red < 200)
    }

    @Test(
        "pixels inside the hole or the rows between the corners are left as they were, and every other pixel is drawn as without them",
        arguments: [PixelFormat.xrgb8888, .rgb565])
    func rowsAreSkipped(format: PixelFormat) {
        let hole = PixelRect(x: 32, y: 32, width: 36, height: 26)
        let rows = PixelRect(x: 30, y: 36, width: 40, height: 18)
        let full = shadowed(format)
        let skipped = shadowed(format, hole: hole, rows: rows)
        for y in 0 ..< 90 {
            for x in 0 ..< 100 {
                let left = hole.contains(x: x, y: y) || rows.contains(x: x, y: y)
                #expect(skipped.color(x: x, y: y) == (left ? .white : full.color(x: x, y: y)), "at \(x),\(y)")
            }
        }
    }

    @Test("where a row crosses a hole and a band that do not meet, the wider is left out and the rest drawn")
    func apartHolesSkipTheWider() {
        let hole = PixelRect(x: 32, y: 40, width: 6, height: 4)
        let rows = PixelRect(x: 45, y: 40, width: 20, height: 4)
        let full = shadowed(.xrgb8888)
        let skipped = shadowed(.xrgb8888, hole: hole, rows: rows)
        #expect(skipped.color(x: 50, y: 41) == .white)
        #expect(skipped.color(x: 34, y: 41) == full.color(x: 34, y: 41))
        #expect(full.color(x: 34, y: 41) != .white)
    }

    @Test("a path's shadow follows the path")
    func pathShadowFollowsThePath() {
        var triangle = Path()
        triangle.move(to: Point(x: 0, y: 0))
        triangle.addLine(to: Point(x: 40, y: 0))
        triangle.addLine(to: Point(x: 0, y: 40))
        triangle.closeSubpath()
        let mask = ShadowMask(path: triangle, blurRadius: 2)
        let bitmap = whiteBitmap(.xrgb8888, width: 80, height: 80)
        bitmap.withCanvas { $0.drawShadow(mask, at: (20, 20), color: .black) }
        #expect(bitmap.color(x: 25, y: 25).red < 20)
        #expect(bitmap.color(x: 55, y: 55) == .white)
    }

    @Test("a path as large as a kilometre is cut to the largest mask, with no trap")
    func absurdPathIsCut() {
        var path = Path()
        path.addRect(Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9))
        let mask = ShadowMask(path: path, blurRadius: 1)
        #expect(mask.key.width <= ShadowMask.maximumSide)
    }
}

@Suite("Graph areas: the area under a chart line")
struct GraphAreaTests {
    @Test("the area under a graph is filled down to the baseline and nothing above the line", arguments: [PixelFormat.xrgb8888, .rgb565])
    func areaUnderTheLine(format: PixelFormat) {
        let bitmap = whiteBitmap(format, width: 50, height: 50)
        let ys: [Double] = [20, 20, 20]
        bitmap.withCanvas { canvas in
            let gradient = LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 0, y: 40), from: .black, to: .black)
            canvas.fillGraphArea(ys.span, originX: 0, step: 20, baseline: 40, gradient: gradient)
        }
        #expect(bitmap.color(x: 20, y: 30) == .black)
        #expect(bitmap.color(x: 20, y: 15) == .white)
        #expect(bitmap.color(x: 20, y: 45) == .white)
    }

    @Test("a gap in the samples is a gap in the area")
    func gapIsAGap() {
        let bitmap = whiteBitmap(.xrgb8888, width: 70, height: 50)
        let ys: [Double] = [10, 10, .nan, .nan, 10, 10]
        bitmap.withCanvas { canvas in
            let gradient = LinearGradient(start: .zero, end: Point(x: 0, y: 40), from: .black, to: .black)
            canvas.fillGraphArea(ys.span, originX: 0, step: 10, baseline: 40, gradient: gradient)
        }
        #expect(bitmap.color(x: 5, y: 30) == .black)
        #expect(bitmap.color(x: 25, y: 30) == .white)
        #expect(bitmap.color(x: 45, y: 30) == .black)
    }

    @Test("a sloping line's edge is anti-aliased")
    func edgeIsSmooth() {
        let bitmap = whiteBitmap(.xrgb8888, width: 50, height: 50)
        let ys: [Double] = [0, 40]
        bitmap.withCanvas { canvas in
            let gradient = LinearGradient(start: .zero, end: Point(x: 0, y: 40), from: .black, to: .black)
            canvas.fillGraphArea(ys.span, originX: 0, step: 40, baseline: 40, gradient: gradient)
        }
        let partial = (0 ..< 40).filter { y in
            let r = bitmap.color(x: 20, y: y).red; return r > 0 && r < 255
        }
        #expect(partial.count == 1)
    }
}

@Suite("Layers drawn unscaled")
struct LayerAtOffsetTests {
    @Test("a layer drawn at an offset at half opacity blends as one over what is there", arguments: [PixelFormat.xrgb8888, .rgb565])
    func layerAtOffset(format: PixelFormat) {
        let layer = redLayer()
        let bitmap = whiteBitmap(format)
        withExtendedLifetime(layer) {
            bitmap.withCanvas { canvas in
                canvas.opacity = 128
                canvas.drawLayer(layer.pixels, at: (5, 5))
            }
        }
        let mixed = bitmap.color(x: 10, y: 10)
        #expect(mixed.red > 250 && abs(Int(mixed.green) - 127) < 6)
        #expect(bitmap.color(x: 4, y: 4) == .white)
        #expect(bitmap.color(x: 15, y: 15) == .white)
    }
}
