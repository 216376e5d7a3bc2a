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
            return min(max(v + ty, -limit), limit)
        }

        // Columns are done 32 at a time: the two spans of each (lows, then highs) fit in a
        // kilobyte of stack.
        let chunk = 32
        withUnsafeTemporaryAllocation(of: Double.self, capacity: chunk * 4) { buffer in
            let lows = buffer.baseAddress!, highs = lows + chunk * 2
            @inline(__always) func cover(_ index: Int, _ span: (Double, Double)) {
                guard span.1 > span.0 else { return }
                lows[index] = min(lows[index], span.0)
                highs[index] = max(highs[index], span.1)
            }
            var chunkStart = firstColumn
            while chunkStart < endColumn {
                let chunkEnd = min(chunkStart + chunk, endColumn)
                lows.update(repeating: .infinity, count: chunk * 2)
                highs.update(repeating: -.infinity, count: chunk * 2)
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
                            let base = Double(column), index = (column - chunkStart) * 2
                            cover(index, band.cut(base + 0.25))
                            cover(index + 1, band.cut(base + 0.75))
                            column += 1
                        }
                    }
                    // A round end where the run starts or stops (a dot for a lone sample).
                    if previous == nil || sample(i + 1) == nil {
                        let from = max(Int((px - h).rounded(.down)), chunkStart)
                        let to = min(Int((px + h).rounded(.down)), chunkEnd - 1)
                        var column = from
                        while column <= to {
                            let base = Double(column), index = (column - chunkStart) * 2
                            cover(index, GraphBand.dotCut(base + 0.25, px: px, py: py, h: h))
                            cover(index + 1, GraphBand.dotCut(base + 0.75, px: px, py: py, h: h))
                            column += 1
                        }
                    }
                    previous = py
                    previousX = px
                    i += 1
                }
                for column in chunkStart ..< chunkEnd {
                    let index = (column - chunkStart) * 2
                    let lo = (lows[index], lows[index + 1])
                    let hi = (highs[index], highs[index + 1])
                    let spanTop = max(min(lo.0, lo.1), top)
                    let spanBottom = min(max(hi.0, hi.1), bottom)
                    guard spanBottom > spanTop else { continue }
                    let firstRow = Int(spanTop.rounded(.down))
                    let endRow = Int(spanBottom.rounded(.up))
                    // Rows inside both spans are covered whole.
                    let inner = (max(lo.0, lo.1), min(hi.0, hi.1))
                    let wholeRows = inner.0.isFinite && inner.1.isFinite && inner.1 > inner.0
                    let fullTop = wholeRows ? Int(max(inner.0, top).rounded(.up)) : 0
                    let fullEnd = wholeRows ? Int(min(inner.1, bottom).rounded(.down)) : 0
                    let address = pixels.address(x: column, y: firstRow)
                    let stride = writer.strideBytes
                    // One row at the edge of the stroke: its share of the two spans.
                    @inline(__always) func edge(_ row: Int) {
                        let r0 = Double(row), r1 = r0 + 1
                        let c = (Self.overlap(lo.0, hi.0, r0, r1) + Self.overlap(lo.1, hi.1, r0, r1)) * 0.5
                        let w = c >= 0.999 ? alphaWeight : c > 0.002 ? (alphaWeight * UInt32(c * 256 + 0.5) + 128) >> 8 : 0
                        writer.plot(address + (row - firstRow) * stride, word: word, weight: w)
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

extension Canvas {
    /// How much of the row `r0`…`r1` the span `lo`…`hi` holds (0 when they miss), without
    /// branches.
    @inline(__always)
    static func overlap(_ lo: Double, _ hi: Double, _ r0: Double, _ r1: Double) -> Double {
        let a = lo > r0 ? lo : r0
        let b = hi < r1 ? hi : r1
        let d = b - a
        return d > 0 ? d : 0
    }
}

/// One segment's band, `halfBand` above and below its line, between the perpendiculars
/// through its ends.
struct GraphBand {
    let ax: Double, ay: Double, px: Double, dx: Double, dy: Double
    let slope: Double, halfBand: Double, inverse: Double, lengthSquared: Double

    /// The span the band covers along the vertical line at `x` (empty: lower end above upper).
    @inline(__always)
    func cut(_ x: Double) -> (Double, Double) {
        let centre = ay + (x - ax) * slope
        if dy == 0 {
            guard x >= ax, x <= px else { return (1, 0) }
            return (centre - halfBand, centre + halfBand)
        }
        // (x - ax)·dx + (y - ay)·dy within 0…length²: y between p and q.
        let along = (x - ax) * dx
        let p = ay - along * inverse
        let q = ay + (lengthSquared - along) * inverse
        return (max(centre - halfBand, min(p, q)), min(centre + halfBand, max(p, q)))
    }

    /// The span a dot of radius `h` at (`px`, `py`) covers along the vertical line at `x`.
    @inline(__always)
    static func dotCut(_ x: Double, px: Double, py: Double, h: Double) -> (Double, Double) {
        let d = x - px
        let r2 = h * h - d * d
        guard r2 > 0 else { return (1, 0) }
        let r = r2.squareRoot()
        return (py - r, py + r)
    }
}
