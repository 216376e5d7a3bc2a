/// Rounded rectangles, filled or stroked: the straight rows as spans, the corners from a table
/// of coverage weights that a shape of the same radius and border reads again next frame.
extension Canvas {
    /// Coverage (0…1) of the pixel centred at (px, py) by a rounded rectangle whose corner
    /// circles have radius `r` and whose straight part is [cx0, cx1] × [cy0, cy1].
    @inline(__always)
    static func coverage(
        _ px: Double, _ py: Double, r: Double, cx0: Double, cy0: Double, cx1: Double, cy1: Double
    ) -> Double {
        let dx = max(cx0 - px, px - cx1, 0)
        let dy = max(cy0 - py, py - cy1, 0)
        if dx == 0 && dy == 0 { return 1 }
        let d = (dx * dx + dy * dy).squareRoot()
        return min(max(r + 0.5 - d, 0), 1)
    }

    /// Fills (borderWidth 0) or strokes a rounded rectangle in one colour.
    mutating func drawRoundedShape(_ rect: PixelRect, radius: Double, borderWidth: Int, color: Color) {
        let alphaWeight = weight(UInt32(color.alpha))
        guard alphaWeight > 0 else { return }
        drawRoundedShape(rect, radius: radius, borderWidth: borderWidth, paint: SolidPaint(word: pixels.format.encode(color), weight: alphaWeight))
    }

    /// Fills (borderWidth 0) or strokes a rounded rectangle with `paint`, row by row: the corner
    /// columns pixel by pixel, the straight middle of each row as one span of constant coverage.
    /// A radius that is not finite counts as 0; one larger than half the shorter side is
    /// clamped to it.
    mutating func drawRoundedShape<P: CoveragePaint>(_ rect: PixelRect, radius: Double, borderWidth: Int, paint: P) {
        let outer = device(rect)
        let area = outer.intersection(clipRect)
        guard !area.isEmpty else { return }
        let r = min(max(radius.isFinite ? radius : 0, 0), Double(min(outer.width, outer.height)) / 2)
        let border = borderWidth > 0 ? min(borderWidth, (min(outer.width, outer.height) + 1) / 2) : 0
        let inner = border > 0 ? outer.insetBy(dx: border, dy: border) : PixelRect.zero
        // Corner zones: columns and rows where coverage varies along the row.
        let corner = CornerShape(radius: r, border: border > 0 && !inner.isEmpty ? border : 0, zone: max(Int(r.rounded(.up)), border))
        withCornerWeights(corner) { weights in
            drawRoundedShape(outer: outer, area: area, inner: inner, border: border, corner: corner, weights: weights, paint: paint)
        }
    }

    /// Lends `body` the weights of `corner`'s table: kept in the ``scratch`` space from one
    /// frame to the next, else made for this shape alone. Nil when the zone is too large to
    /// keep a table for (each pixel's weight is then worked out where it is drawn).
    func withCornerWeights(_ corner: CornerShape, _ body: (UnsafeBufferPointer<UInt16>?) -> Void) {
        guard corner.zone > 0, corner.zone <= CornerShape.largestTabled else { return body(nil) }
        if let scratch {
            scratch.cornerWeights(for: corner).withUnsafeBufferPointer { body($0) }
        } else {
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: corner.tableCount) { table in
                corner.fill(table)
                body(UnsafeBufferPointer(table))
            }
        }
    }

    private func drawRoundedShape<P: CoveragePaint>(
        outer: PixelRect, area: PixelRect, inner: PixelRect, border: Int, corner: CornerShape,
        weights: UnsafeBufferPointer<UInt16>?, paint: P
    ) {
        let r = corner.radius
        let ri = max(r - Double(border), 0)
        let zone = corner.zone
        let ox0 = Double(outer.x) + r
        let ox1 = Double(outer.maxX) - r
        let oy0 = Double(outer.y) + r
        let oy1 = Double(outer.maxY) - r
        let ix0 = Double(inner.x) + ri
        let ix1 = Double(inner.maxX) - ri
        let iy0 = Double(inner.y) + ri
        let iy1 = Double(inner.maxY) - ri
        let hasInner = corner.border > 0

        // A pixel's weight depends only on how far it lies from the nearest vertical and the
        // nearest horizontal edge (the shape is symmetric): the table's, when there is one.
        @inline(__always) func cov(_ x: Int, _ n: Int) -> UInt32 {
            let m = min(x - outer.x, outer.maxX - 1 - x, zone)
            if let weights { return UInt32(weights[n &* (zone &+ 1) &+ m]) }
            return corner.weight(m, n)
        }

        let writer = self.writer
        let leftZoneEnd = min(outer.x + zone, outer.maxX)
        let rightZoneStart = max(outer.maxX - zone, leftZoneEnd)
        // Between the corner bands every edge is straight and on whole pixels: the shape covers
        // each pixel wholly or not at all, so a row is one span (two beside a border's hole),
        // the same for every such row.
        let bandTop = outer.y + zone, bandBottom = outer.maxY - zone
        let straightRows = max(area.y, bandTop) ..< max(min(area.maxY, bandBottom), max(area.y, bandTop))
        if !straightRows.isEmpty {
            let holeStart = hasInner ? min(max(inner.x, area.x), area.maxX) : area.maxX
            let holeEnd = hasInner ? min(max(inner.maxX, holeStart), area.maxX) : area.maxX
            for y in straightRows {
                let row = pixels.address(x: 0, y: y)
                paint.paint(writer, row: row, x: area.x, y: y, count: holeStart - area.x, coverage: 256)
                if holeEnd < area.maxX { paint.paint(writer, row: row, x: holeEnd, y: y, count: area.maxX - holeEnd, coverage: 256) }
            }
        }
        // With a table, and left and right corners apart, each corner row is painted from its
        // runs: a span for the wholly covered pixels, the partly covered ones looked up one by
        // one, the uncovered ones not visited.
        if let weights, outer.width >= 2 * zone {
            let x0 = outer.x, x1 = outer.maxX
            // Columns from ..< to, cut to the area (empty when they miss it).
            @inline(__always) func clipped(_ from: Int, _ to: Int) -> Range<Int> {
                let lower = max(from, area.x)
                return lower ..< max(min(to, area.maxX), lower)
            }
            for y in area.y ..< area.maxY {
                if straightRows.contains(y) { continue }
                let row = pixels.address(x: 0, y: y)
                let n = min(y - outer.y, outer.maxY - 1 - y)
                let base = n &* (zone &+ 1)
                let runs = corner.runs(weights, n)
                // Columns m in lo ..< hi (capped at the zone) of the left corner, then the right.
                @inline(__always) func zoneRun(_ lo: Int, _ hi: Int, full: Bool) {
                    let top = min(hi, zone)
                    guard lo < top else { return }
                    let left = clipped(x0 &+ lo, x0 &+ top)
                    let right = clipped(x1 &- top, x1 &- lo)
                    if full {
                        if !left.isEmpty { paint.paint(writer, row: row, x: left.lowerBound, y: y, count: left.count, coverage: 256) }
                        if !right.isEmpty { paint.paint(writer, row: row, x: right.lowerBound, y: y, count: right.count, coverage: 256) }
                        return
                    }
                    for x in left {
                        paint.paint(writer, row: row, x: x, y: y, count: 1, coverage: UInt32(weights[base &+ (x &- x0)]))
                    }
                    for x in right {
                        paint.paint(writer, row: row, x: x, y: y, count: 1, coverage: UInt32(weights[base &+ (x1 &- 1 &- x)]))
                    }
                }
                zoneRun(runs.zeroEnd, runs.fullStart, full: false)
                zoneRun(runs.fullStart, runs.fullEnd, full: true)
                zoneRun(runs.fullEnd, runs.partEnd, full: false)
                let middle = clipped(x0 &+ zone, x1 &- zone)
                let w = UInt32(weights[base &+ zone])
                if w > 0, !middle.isEmpty { paint.paint(writer, row: row, x: middle.lowerBound, y: y, count: middle.count, coverage: w) }
            }
            return
        }
        // Inside the curve of a filled shape, pixels whose centres lie within r − 0.5 of the
        // core rectangle are wholly covered: one span, and only the few the curve crosses are
        // looked up.
        let solidReach = border == 0 && r >= 0.5 ? r - 0.5 : -1.0
        for y in area.y ..< area.maxY {
            if straightRows.contains(y) { continue }
            let row = pixels.address(x: 0, y: y)
            let n = min(y - outer.y, outer.maxY - 1 - y)
            let py = Double(y) + 0.5
            // Only the columns the outer shape reaches (coverage > 0 where the distance to its
            // core rectangle is under r + 0.5)...
            let dyOuter = max(oy0 - py, py - oy1, 0)
            guard dyOuter < r + 0.5 else { continue }
            let reach = ((r + 0.5) * (r + 0.5) - dyOuter * dyOuter).squareRoot()
            let from = max(area.x, Int((ox0 - reach - 0.5).rounded(.down)))
            let to = min(area.maxX, Int((ox1 + reach + 0.5).rounded(.up)))
            guard from < to else { continue }
            // ...and not the hole a border leaves, where the inner shape covers whole pixels.
            var holeStart = to, holeEnd = to
            if hasInner {
                let dyInner = max(iy0 - py, py - iy1, 0)
                if dyInner == 0 || dyInner <= ri - 0.5 {
                    let inset = dyInner == 0 ? max(ri - 0.5, 0) : ((ri - 0.5) * (ri - 0.5) - dyInner * dyInner).squareRoot()
                    holeStart = max(Int((ix0 - inset - 0.5).rounded(.up)), from)
                    holeEnd = min(Int((ix1 + inset - 0.5).rounded(.down)) + 1, to)
                    if holeStart >= holeEnd { (holeStart, holeEnd) = (to, to) }
                }
            }
            if solidReach > dyOuter {
                let inside = (solidReach * solidReach - dyOuter * dyOuter).squareRoot()
                // Centres x + 0.5 within [ox0 − inside, ox1 + inside].
                let fullFrom = min(max(Int((ox0 - inside - 0.5).rounded(.up)), from), to)
                let fullTo = min(max(Int((ox1 + inside - 0.5).rounded(.down)) + 1, fullFrom), to)
                var x = from
                while x < fullFrom {
                    paint.paint(writer, row: row, x: x, y: y, count: 1, coverage: cov(x, n))
                    x += 1
                }
                if fullFrom < fullTo { paint.paint(writer, row: row, x: fullFrom, y: y, count: fullTo - fullFrom, coverage: 256) }
                x = fullTo
                while x < to {
                    paint.paint(writer, row: row, x: x, y: y, count: 1, coverage: cov(x, n))
                    x += 1
                }
                continue
            }
            // The part before the hole, then the part after it: the corner zones pixel by
            // pixel, the middle as one span of constant coverage.
            for part in 0 ..< 2 {
                var x = part == 0 ? from : holeEnd
                let end = part == 0 ? holeStart : to
                guard x < end else { continue }
                let leftEnd = min(leftZoneEnd, end)
                while x < leftEnd {
                    paint.paint(writer, row: row, x: x, y: y, count: 1, coverage: cov(x, n))
                    x += 1
                }
                let middleEnd = min(rightZoneStart, end)
                if x < middleEnd {
                    paint.paint(writer, row: row, x: x, y: y, count: middleEnd - x, coverage: cov(x, n))
                    x = middleEnd
                }
                while x < end {
                    paint.paint(writer, row: row, x: x, y: y, count: 1, coverage: cov(x, n))
                    x += 1
                }
            }
        }
    }
}

/// What a rounded shape's corners look like, apart from where the shape is: its radius, the
/// border (0 for a fill, or a border that leaves no hole) and the square of rows and columns
/// from each corner where the coverage varies. Four corners, and every shape with the same
/// three, share one table of weights.
struct CornerShape: Hashable {
    let radius: Double
    let border: Int
    let zone: Int

    /// The largest zone a table is kept for (its table has zone × (zone + 1) weights, 32 kB at
    /// this size: a circle 256 pixels across); a larger corner works its weights out pixel by
    /// pixel.
    static let largestTabled = 128

    /// How many weights the table holds: `zone` rows of `zone + 1`, the last column the weight
    /// past the zone (the middle of a corner row), then each row's ``Runs``, four entries a row.
    var tableCount: Int { zone * (zone + 5) }

    /// Where the runs of row `n` start in the table (after all the weights).
    @inline(__always)
    func runsIndex(_ n: Int) -> Int { zone &* (zone &+ 1) &+ 4 &* n }

    /// A corner row's weights, from the outer edge inward (columns `m` 0 … `zone`), fall into
    /// five runs: uncovered `0 ..< zeroEnd`, partly covered `zeroEnd ..< fullStart`, wholly
    /// covered `fullStart ..< fullEnd`, partly covered `fullEnd ..< partEnd` (a border's inner
    /// edge), uncovered from `partEnd` (a border's hole). Any run may be empty. A row whose
    /// weights do not follow that order is kept as one partly covered run, drawn pixel by pixel.
    struct Runs {
        let zeroEnd: Int, fullStart: Int, fullEnd: Int, partEnd: Int

        /// The runs of `row` (one table row's weights, columns 0 … zone), as offsets from its start:
        /// (zeroEnd, fullStart, fullEnd, partEnd).
        static func of(_ row: UnsafeMutableBufferPointer<UInt16>.SubSequence) -> (UInt16, UInt16, UInt16, UInt16) {
            var m = row.startIndex
            let end = row.endIndex
            while m < end, row[m] == 0 { m += 1 }
            let zeroEnd = m
            while m < end, row[m] != 0, row[m] < 256 { m += 1 }
            let fullStart = m
            while m < end, row[m] == 256 { m += 1 }
            let fullEnd = m
            while m < end, row[m] != 0, row[m] < 256 { m += 1 }
            let partEnd = m
            while m < end, row[m] == 0 { m += 1 }
            let base = row.startIndex
            guard m == end else { return (0, UInt16(end - base), UInt16(end - base), UInt16(end - base)) }
            return (UInt16(zeroEnd - base), UInt16(fullStart - base), UInt16(fullEnd - base), UInt16(partEnd - base))
        }
    }

    /// The runs of row `n`, read from a table ``fill(_:)`` wrote.
    @inline(__always)
    func runs(_ table: UnsafeBufferPointer<UInt16>, _ n: Int) -> Runs {
        let i = runsIndex(n)
        return Runs(zeroEnd: Int(table[i]), fullStart: Int(table[i &+ 1]), fullEnd: Int(table[i &+ 2]), partEnd: Int(table[i &+ 3]))
    }

    /// The weight (0…256) of the pixel `m` columns from the nearest vertical edge and `n` rows
    /// from the nearest horizontal edge (both from 0; `m` at most `zone`).
    @inline(__always)
    func weight(_ m: Int, _ n: Int) -> UInt32 {
        let px = Double(m) + 0.5
        let py = Double(n) + 0.5
        var c = Canvas.coverage(px, py, r: radius, cx0: radius, cy0: radius, cx1: .infinity, cy1: .infinity)
        if border > 0, c > 0 {
            let ri = max(radius - Double(border), 0)
            let centre = Double(border) + ri
            c = max(c - Canvas.coverage(px, py, r: ri, cx0: centre, cy0: centre, cx1: .infinity, cy1: .infinity), 0)
        }
        // c is 0…1: adding a half and truncating rounds it, without a call to libm's round.
        return c >= 1 ? 256 : UInt32(c * 256 + 0.5)
    }

    /// Writes the table: row `n`, column `m` at `n × (zone + 1) + m`, then each row's runs.
    func fill(_ table: UnsafeMutableBufferPointer<UInt16>) {
        for n in 0 ..< zone {
            for m in 0 ... zone { table[n * (zone + 1) + m] = UInt16(weight(m, n)) }
            let (zeroEnd, fullStart, fullEnd, partEnd) = Runs.of(table[n * (zone + 1) ..< (n + 1) * (zone + 1)])
            let i = runsIndex(n)
            table[i] = zeroEnd
            table[i + 1] = fullStart
            table[i + 2] = fullEnd
            table[i + 3] = partEnd
        }
    }
}
