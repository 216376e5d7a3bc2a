import Testing

@testable import PanelGraphics

/// Rounded rectangles' corners, read from a table of weights kept per corner shape.
@Suite struct RoundedShapeTests {
    /// The shapes drawn: fills and borders, whole and fractional radii, odd and even sides, one
    /// narrower than its corners, one whose border is wider than its radius, and one whose
    /// corners are too large for a table.
    static let shapes: [(rect: PixelRect, radius: Double, border: Int)] = [
        (PixelRect(x: 3, y: 2, width: 40, height: 30), 10, 0),
        (PixelRect(x: 1, y: 4, width: 33, height: 21), 7.3, 0),
        (PixelRect(x: 2, y: 2, width: 41, height: 25), 12.5, 2),
        (PixelRect(x: 5, y: 1, width: 9, height: 30), 4.5, 0),
        (PixelRect(x: 0, y: 3, width: 30, height: 28), 3, 6),
        (PixelRect(x: 4, y: 0, width: 44, height: 44), 22, 1),
        (PixelRect(x: -60, y: -20, width: 200, height: 180), 90, 3),
        (PixelRect(x: -250, y: -260, width: 300, height: 300), 150, 2),
    ]

    /// The colour a pixel is given when `weight` (0…256) of white is blended over black.
    static func level(_ weight: Double) -> Int { Int((weight * 255 / 256).rounded()) }

    @Test("a rounded rectangle's pixels are its shape's coverage at their centres, in every corner", arguments: shapes.indices)
    func pixelsFollowTheShape(index: Int) {
        let (rect, radius, border) = Self.shapes[index]
        let bitmap = Bitmap(width: 64, height: 48, format: .xrgb8888)
        bitmap.withCanvas { canvas in
            canvas.clear(.black)
            canvas.scratch = ScratchSpace()
            if border > 0 {
                canvas.strokeRoundedRect(rect, radius: radius, width: border, color: .white)
            } else {
                canvas.fillRoundedRect(rect, radius: radius, color: .white)
            }
        }
        let r = min(radius, Double(min(rect.width, rect.height)) / 2)
        let ri = max(r - Double(border), 0)
        let inner = rect.insetBy(dx: border, dy: border)
        var worst = 0
        for y in 0 ..< bitmap.height {
            for x in 0 ..< bitmap.width {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                var c =
                    rect.contains(x: x, y: y)
                    ? Canvas.coverage(
                        px, py, r: r, cx0: Double(rect.x) + r, cy0: Double(rect.y) + r, cx1: Double(rect.maxX) - r, cy1: Double(rect.maxY) - r) : 0
                if border > 0, inner.contains(x: x, y: y) {
                    c -= Canvas.coverage(
                        px, py, r: ri, cx0: Double(inner.x) + ri, cy0: Double(inner.y) + ri, cx1: Double(inner.maxX) - ri,
                        cy1: Double(inner.maxY) - ri)
                }
                worst = max(worst, abs(Int(bitmap.color(x: x, y: y).red) - Self.level(max(c, 0) * 256)))
            }
        }
        #expect(worst <= 1, "a pixel is \(worst) levels off its coverage")
    }

    @Test("a rounded rectangle drawn with a scratch space's kept corners equals one drawn without", arguments: shapes.indices)
    func keptCornersDrawTheSame(index: Int) {
        let (rect, radius, border) = Self.shapes[index]
        for format in [PixelFormat.xrgb8888, .rgb565] {
            func draw(scratch: ScratchSpace?) -> Bitmap {
                let bitmap = Bitmap(width: 64, height: 48, format: format)
                bitmap.withCanvas { canvas in
                    canvas.clear(Color(red: 20, green: 40, blue: 60))
                    canvas.scratch = scratch
                    canvas.pushClip(PixelRect(x: 2, y: 3, width: 50, height: 37))
                    canvas.strokeRoundedRect(rect, radius: radius, width: border, color: Color(red: 250, green: 120, blue: 10, alpha: 200))
                    canvas.fillRoundedRect(rect.insetBy(dx: border, dy: border), radius: radius, color: Color(red: 90, green: 200, blue: 30))
                }
                return bitmap
            }
            let scratch = ScratchSpace()
            _ = draw(scratch: scratch)
            let kept = draw(scratch: scratch)
            let alone = draw(scratch: nil)
            let difference = kept.pixels.firstDifference(from: alone.pixels)
            #expect(difference == nil, "\(format): first differs at \(String(describing: difference))")
        }
    }

    /// Runs `body` with a canvas over a `side` × `side` bitmap, drawing through `scratch`.
    static func withCanvas(side: Int, scratch: ScratchSpace, _ body: (inout Canvas) -> Void) {
        let bitmap = Bitmap(width: side, height: side, format: .xrgb8888)
        bitmap.withCanvas { canvas in
            canvas.scratch = scratch
            body(&canvas)
        }
    }

    @Test("a scratch space keeps one corner table per corner shape")
    func oneTablePerCornerShape() {
        let scratch = ScratchSpace()
        Self.withCanvas(side: 40, scratch: scratch) { canvas in
            for y in 0 ..< 3 { canvas.fillRoundedRect(PixelRect(x: 0, y: y, width: 30, height: 30 - y), radius: 6, color: .white) }
            #expect(scratch.keptCornerTables.count == 1)
            canvas.strokeRoundedRect(PixelRect(x: 0, y: 0, width: 30, height: 30), radius: 6, width: 2, color: .white)
            #expect(scratch.keptCornerTables.count == 2)
        }
    }

    @Test("a scratch space's corner tables stay within their budget while the radius keeps changing")
    func cornerTablesAreBounded() {
        let scratch = ScratchSpace()
        Self.withCanvas(side: 260, scratch: scratch) { canvas in
            for step in 0 ..< 400 {
                canvas.fillRoundedRect(PixelRect(x: 0, y: 0, width: 256, height: 256), radius: 20 + Double(step) / 4, color: .white)
                #expect(scratch.keptCornerTables.weights <= ScratchSpace.keptCornerWeights)
            }
            #expect(scratch.keptCornerTables.count > 0)
        }
    }

    @Test(
        "a corner row's runs mark where its uncovered, partly and wholly covered weights start, and a row out of that order is one partly covered run",
        arguments: [
            ([0, 0, 40, 200, 256, 256, 90, 0, 0], [2, 4, 6, 7]),  // a border's row: edge, body, inner edge, hole
            ([0, 30, 256, 256, 256], [1, 2, 5, 5]),  // a fill's row
            ([256, 256, 256], [0, 0, 3, 3]),  // wholly covered
            ([0, 0, 0], [3, 3, 3, 3]),  // past the curve
            ([0, 100, 0, 256], [0, 4, 4, 4]),  // out of order
            ([256, 100, 256], [0, 3, 3, 3]),  // covered again after the inner edge
        ] as [([UInt16], [UInt16])])
    func cornerRowRuns(weights: [UInt16], runs: [UInt16]) {
        var row = weights
        let found = row.withUnsafeMutableBufferPointer { CornerShape.Runs.of($0[...]) }
        #expect([found.0, found.1, found.2, found.3] == runs)
    }
}
