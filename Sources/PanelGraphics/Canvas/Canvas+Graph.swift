/// Graphs of evenly spaced samples, stroked column by column: the fast path a chart's lines take.
///
/// A general ``Path`` stroke turns every segment into polygons and sweeps them scanline by
/// scanline, which is right for an instrument's few curves but slow for thousands of samples
/// packed closer than a pixel apart. A graph's x only grows, so each pixel column needs only the
/// few samples around it: each segment's band, `width` wide, is cut at two points across the
/// column (a quarter and three quarters across), each cut gives an exact vertical span, and a pixel's coverage is the share of those
/// spans it holds. The work is bounded by the columns in the clip times the samples per column;
/// nothing is allocated.
extension Canvas {
    /// Strokes the graph of the samples `ys`, sample `i` at (`originX` + `i` × `step`, `ys[i]`)
    /// in the canvas's coordinates, as a line `width` pixels wide, anti-aliased. Segments meet
    /// without a join shape (as LVGL's chart lines do); the ends of each run are round. A sample
    /// that is NaN or infinite is a gap: the line stops before it and starts again after it, and
    /// a lone sample between two gaps is a dot. Only the columns in the clip are drawn and only
    /// the samples near them are read. An empty graph, a step that is not positive and finite,
    /// or a width that is not positive and finite draws nothing.
    public mutating func strokeGraph(_ ys: Span<Double>, originX: Double, step: Double, width: Double, color: Color) {
        let count = ys.count
        guard count > 0, step.isFinite, step > 0, originX.isFinite, width.isFinite, width > 0 else { return }
        let alphaWeight = weight(UInt32(color.alpha))
        guard alphaWeight > 0 else { return }
        let word = pixels.format.encode(color)
        let tx = Double(translation.x), ty = Double(translation.y)
        let ox = originX + tx
        let h = width / 2
        let lastX = ox + Double(count - 1) * step
        let limit = Double(1 << 24)
        guard lastX + h > Double(clipRect.x), ox - h < Double(clipRect.maxX), !clipRect.isEmpty else { return }
        let firstColumn = max(clipRect.x, Int(max(ox - h, -limit).rounded(.down)))
        let endColumn = min(clipRect.maxX, Int(min(lastX + h, limit).rounded(.up)))
        guard firstColumn < endColumn else { return }
        let top = Double(clipRect.y), bottom = Double(clipRect.maxY)
        let writer = self.writer
        let pixels = self.pixels
        let wide = writer.bytesPerPixel == 4

        // A sample's device y, or nil for a gap.
        @inline(__always) func sample(_ i: Int) -> Double? {
            guard i >= 0, i < count else { return nil }
            let v = ys[i]
            guard v.isFinite else { return nil }
            return fastMin(fastMax(v + ty, -limit), limit)
        }

        // Columns are done 32 at a time: the two spans of each (lows, then highs) fit in a
        // kilobyte of stack.
        let chunk = 32
        withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: chunk * 2) { buffer in
            let lows = buffer.baseAddress!, highs = lows + chunk
            let cuts = SIMD2<Double>(0.25, 0.75)
            // In vector registers and without branches: a span's ends are unpredictable, and a
            // mispredicted branch costs more than the arithmetic. An empty span (its lower end
            // not above its upper) leaves the column as it was.
            @inline(__always) func cover(_ index: Int, _ span: (lo: SIMD2<Double>, hi: SIMD2<Double>)) {
                let empty = span.hi .<= span.lo
                let lo = span.lo.replacing(with: .infinity, where: empty)
                let hi = span.hi.replacing(with: -.infinity, where: empty)
                lows[index] = lows[index].replacing(with: lo, where: lo .< lows[index])
                highs[index] = highs[index].replacing(with: hi, where: hi .> highs[index])
            }
            var chunkStart = firstColumn
            while chunkStart < endColumn {
                let chunkEnd = min(chunkStart + chunk, endColumn)
                lows.update(repeating: SIMD2(repeating: .infinity), count: chunk)
                highs.update(repeating: SIMD2(repeating: -.infinity), count: chunk)
                let left = Double(chunkStart), right = Double(chunkEnd)
                // The samples whose segments or end dots can reach these columns: the ones
                // before the window lie a half width or more to the left of them.
                let lowIndex = max(Int(max((left - h - ox) / step, -1).rounded(.down)), 0)
                let highIndex = min(Int(min((right + h - ox) / step, Double(count)).rounded(.up)), count - 1)
                var previous = lowIndex <= highIndex ? sample(lowIndex - 1) : nil
                var previousX = ox + Double(lowIndex - 1) * step
                var i = lowIndex
                while i <= highIndex {
                    let px = ox + Double(i) * step
                    guard let py = sample(i) else {
                        previous = nil
                        previousX = px
                        i += 1
                        continue
                    }
                    if let ay = previous {
                        // The band of the segment from the previous sample, cut twice across
                        // each column it reaches.
                        let ax = previousX
                        let dx = px - ax, dy = py - ay
                        let length = (dx * dx + dy * dy).squareRoot()
                        let band = GraphBand(
                            ax: ax, ay: ay, px: px, dx: dx, dy: dy, slope: dy / dx, halfBand: h * length / dx,
                            inverse: dy == 0 ? 0 : 1 / dy, lengthSquared: length * length)
                        let from = max(Int((ax - h).rounded(.down)), chunkStart)
                        let to = min(Int((px + h).rounded(.down)), chunkEnd - 1)
                        var column = from
                        while column <= to {
                            cover(column - chunkStart, band.cut(cuts + Double(column)))
                            column += 1
                        }
                    }
                    // A round end where the run starts or stops (a dot for a lone sample).
                    if previous == nil || sample(i + 1) == nil {
                        let from = max(Int((px - h).rounded(.down)), chunkStart)
                        let to = min(Int((px + h).rounded(.down)), chunkEnd - 1)
                        var column = from
                        while column <= to {
                            cover(column - chunkStart, GraphBand.dotCut(cuts + Double(column), px: px, py: py, h: h))
                            column += 1
                        }
                    }
                    previous = py
                    previousX = px
                    i += 1
                }
                for column in chunkStart ..< chunkEnd {
                    let lo = (lows[column - chunkStart][0], lows[column - chunkStart][1])
                    let hi = (highs[column - chunkStart][0], highs[column - chunkStart][1])
                    let spanTop = fastMax(fastMin(lo.0, lo.1), top)
                    let spanBottom = fastMin(fastMax(hi.0, hi.1), bottom)
                    guard spanBottom > spanTop else { continue }
                    let firstRow = Int(spanTop.rounded(.down))
                    let endRow = Int(spanBottom.rounded(.up))
                    // Rows inside both spans are covered whole.
                    let inner = (fastMax(lo.0, lo.1), fastMin(hi.0, hi.1))
                    let wholeRows = inner.0.isFinite && inner.1.isFinite && inner.1 > inner.0
                    let fullTop = wholeRows ? Int(max(inner.0, top).rounded(.up)) : 0
                    let fullEnd = wholeRows ? Int(min(inner.1, bottom).rounded(.down)) : 0
                    let address = pixels.address(x: column, y: firstRow)
                    let stride = writer.strideBytes
                    let loVector = lows[column - chunkStart], hiVector = highs[column - chunkStart]
                    // One row at the edge of the stroke: its share of the two spans.
                    @inline(__always) func edge(_ row: Int) {
                        let r0 = SIMD2<Double>(repeating: Double(row)), r1 = r0 + 1
                        let top = loVector.replacing(with: r0, where: r0 .> loVector)
                        let bottom = hiVector.replacing(with: r1, where: r1 .< hiVector)
                        let held = bottom - top
                        let c = held.replacing(with: 0, where: held .< 0).sum() * 0.5
                        writer.plot(address + (row - firstRow) * stride, word: word, weight: (alphaWeight * UInt32(c * 256 + 0.5) + 128) >> 8)
                    }
                    let solidStart = min(max(fullTop, firstRow), endRow)
                    let solidEnd = max(min(fullEnd, endRow), solidStart)
                    for row in firstRow ..< solidStart { edge(row) }
                    if wide && alphaWeight == 256 {
                        var p = address + (solidStart - firstRow) * stride
                        for _ in solidStart ..< solidEnd {
                            p.assumingMemoryBound(to: UInt32.self).pointee = word
                            p += stride
                        }
                    } else {
                        for row in solidStart ..< solidEnd { writer.plot(address + (row - firstRow) * stride, word: word, weight: alphaWeight) }
                    }
                    for row in solidEnd ..< endRow { edge(row) }
                }
                chunkStart = chunkEnd
            }
        }
    }
}

/// One segment's band, `halfBand` above and below its line, between the perpendiculars
/// through its ends.
struct GraphBand {
    let ax: Double, ay: Double, px: Double, dx: Double, dy: Double
    let slope: Double, halfBand: Double, inverse: Double, lengthSquared: Double

    /// The spans the band covers along the vertical lines at `xs` (an empty one: its lower
    /// end not above its upper).
    @inline(__always)
    func cut(_ xs: SIMD2<Double>) -> (lo: SIMD2<Double>, hi: SIMD2<Double>) {
        let centre = (xs - ax) * slope + ay
        if dy == 0 {
            let outside = (xs .< ax) .| (xs .> px)
            return ((centre - halfBand).replacing(with: 1, where: outside), (centre + halfBand).replacing(with: 0, where: outside))
        }
        // (x - ax)·dx + (y - ay)·dy within 0…length²: y between p and q.
        let along = (xs - ax) * dx
        let p = ay - along * inverse
        let q = (lengthSquared - along) * inverse + ay
        let low = p.replacing(with: q, where: q .< p), high = p.replacing(with: q, where: q .> p)
        let a = centre - halfBand, b = centre + halfBand
        return (a.replacing(with: low, where: low .> a), b.replacing(with: high, where: high .< b))
    }

    /// The spans a dot of radius `h` at (`px`, `py`) covers along the vertical lines at `xs`.
    @inline(__always)
    static func dotCut(_ xs: SIMD2<Double>, px: Double, py: Double, h: Double) -> (lo: SIMD2<Double>, hi: SIMD2<Double>) {
        let d = xs - px
        let r2 = h * h - d * d
        let outside = r2 .<= 0
        let r = r2.replacing(with: 0, where: outside).squareRoot()
        return ((py - r).replacing(with: 1, where: outside), (py + r).replacing(with: 0, where: outside))
    }
}

/// The larger of two numbers, as one `maxsd` (the standard library's `max` keeps NaN rules that
/// cost a branch).
@inline(__always)
func fastMax(_ a: Double, _ b: Double) -> Double { a > b ? a : b }

/// The smaller of two numbers, as one `minsd`.
@inline(__always)
func fastMin(_ a: Double, _ b: Double) -> Double { a < b ? a : b }
