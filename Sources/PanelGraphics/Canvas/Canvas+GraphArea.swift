/// The area under a graph, filled with a gradient: LVGL's chart area.
extension Canvas {
    /// Fills the area between the graph of `ys` (sample `i` at (`originX` + `i` × `step`,
    /// `ys[i]`), joined by straight lines) and the horizontal line at `baseline` with
    /// `gradient` (translated coordinates; a vertical gradient costs one span per row and
    /// column run). The line's edge is anti-aliased. Where a sample is NaN or infinite there is
    /// no area (a gap), and where the graph lies below the baseline none either. Only the
    /// columns and rows in the clip are touched; the per-column heights live in the canvas's
    /// ``scratch`` space, so a steady chart allocates nothing.
    public mutating func fillGraphArea(_ ys: Span<Double>, originX: Double, step: Double, baseline: Double, gradient: LinearGradient) {
        let count = ys.count
        guard count > 1, step.isFinite, step > 0, originX.isFinite, baseline.isFinite else { return }
        guard let paint = paint(for: gradient) else { return }
        scratch?.prepare()
        let tx = Double(translation.x), ty = Double(translation.y)
        let ox = originX + tx
        let limit = Double(1 << 24)
        let lastX = ox + Double(count - 1) * step
        let firstColumn = max(clipRect.x, Int(max(ox, -limit).rounded(.down)))
        let endColumn = min(clipRect.maxX, Int(min(lastX, limit).rounded(.up)))
        let bottom = min(Double(clipRect.maxY), baseline + ty)
        guard firstColumn < endColumn, bottom > Double(clipRect.y) else { return }
        let columns = endColumn - firstColumn
        let writer = self.writer
        let pixels = self.pixels
        let clipTop = clipRect.y
        let lastRow = Int(bottom.rounded(.up))
        withScratch(of: Double.self, capacity: columns) { tops in
            // Each column's top: the line at the column's centre (infinity: no area).
            var highest = Double.infinity
            for c in 0 ..< columns {
                let cx = Double(firstColumn + c) + 0.5
                let f = (cx - ox) / step
                var top = Double.infinity
                if f >= 0, f <= Double(count - 1) {
                    let i = min(Int(f), count - 2)
                    let a = ys[i], b = ys[i + 1]
                    if a.isFinite, b.isFinite {
                        let y = a + (b - a) * (f - Double(i)) + ty
                        if y < bottom { top = max(y, -limit) }
                    }
                }
                tops[c] = top
                highest = min(highest, top)
            }
            guard highest.isFinite else { return }
            let firstRow = max(clipTop, Int(highest.rounded(.down)))
            for y in firstRow ..< lastRow {
                let row = pixels.address(x: 0, y: y)
                let rowTop = Double(y), rowBottom = min(Double(y + 1), bottom)
                guard rowBottom > rowTop else { continue }
                // Runs of whole coverage as spans; the row the line crosses pixel by pixel.
                var c = 0
                while c < columns {
                    let top = tops[c]
                    if top <= rowTop {
                        var end = c + 1
                        while end < columns && tops[end] <= rowTop { end += 1 }
                        let coverage = rowBottom - rowTop >= 1 ? 256 : UInt32(((rowBottom - rowTop) * 256).rounded())
                        paint.paint(writer, row: row, x: firstColumn + c, y: y, count: end - c, coverage: coverage)
                        c = end
                        continue
                    }
                    if top < rowBottom {
                        let coverage = UInt32(((rowBottom - top) * 256).rounded())
                        if coverage > 0 { paint.paint(writer, row: row, x: firstColumn + c, y: y, count: 1, coverage: coverage) }
                    }
                    c += 1
                }
            }
        }
    }
}
