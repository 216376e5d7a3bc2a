import PanelCore

/// Paths filled and stroked, anti-aliased: the public drawing API a view's `draw(_:in:)` uses
/// for its own instruments (a chart's lines, a gauge's arcs and needle).
///
/// A path is flattened into line segments (curves into 16 each) in device pixels, then filled
/// scanline by scanline: sixteen sub-scanlines per pixel row, each span's ends covered exactly by
/// their fraction, so edges are smooth in both directions. A stroke is turned into polygons (a
/// quadrilateral per segment, the joins and caps), all wound the same way, and filled with the
/// non-zero rule, so overlaps do not cancel. The work is bounded by the path's size; its
/// scratch space is temporary (on the stack for small paths).
extension Canvas {
    /// Fills `path` with `color` under `rule`.
    public mutating func fill(_ path: Path, color: Color, rule: FillRule = .nonZero) {
        scratch?.prepare()
        let alphaWeight = weight(UInt32(color.alpha))
        guard alphaWeight > 0 else { return }
        let word = pixels.format.encode(color)
        let writer = self.writer
        withFlattenedEdges(of: path) { edges in
            rasterize(edges, rule: rule) { p, coverage, _ in
                writer.plot(p, word: word, weight: (alphaWeight * coverage + 128) >> 8)
            }
        }
    }

    /// Fills `path` with `paint`, pixel by pixel.
    mutating func fill<P: CoveragePaint>(_ path: Path, paint: P, rule: FillRule) {
        scratch?.prepare()
        let writer = self.writer
        let bytesPerPixel = self.bytesPerPixel
        withFlattenedEdges(of: path) { edges in
            rasterize(edges, rule: rule) { p, coverage, position in
                let x = Int(position.x)
                paint.paint(writer, row: p - x * bytesPerPixel, x: x, y: Int(position.y), count: 1, coverage: coverage)
            }
        }
    }

    /// Strokes `path` `width` pixels wide (centred on it) with `color`, its open ends shaped by
    /// `cap` and its corners by `join`. A width that is not positive and finite draws nothing.
    public mutating func stroke(_ path: Path, width: Double, color: Color, cap: LineCap = .butt, join: LineJoin = .miter) {
        guard width.isFinite, width > 0 else { return }
        scratch?.prepare()
        let alphaWeight = weight(UInt32(color.alpha))
        guard alphaWeight > 0 else { return }
        let word = pixels.format.encode(color)
        let writer = self.writer
        withFlattenedPoints(of: path) { points, subpaths in
            let capacity = StrokeOutline.edgeCount(points: points.count, subpaths: subpaths.count)
            withScratch(of: PathEdge.self, capacity: capacity) { buffer in
                var outline = StrokeOutline(edges: buffer, halfWidth: width / 2, cap: cap, join: join, scratch: scratch)
                for subpath in subpaths {
                    outline.add(UnsafeBufferPointer(rebasing: points[subpath.range]), closed: subpath.closed)
                }
                rasterize(UnsafeBufferPointer(rebasing: buffer[0 ..< outline.count]), rule: .nonZero) { p, coverage, _ in
                    writer.plot(p, word: word, weight: (alphaWeight * coverage + 128) >> 8)
                }
            }
        }
    }

    // MARK: - Flattening

    /// Calls `body` with the path's points in device pixels and its subpaths (ranges of them).
    func withFlattenedPoints<R>(of path: Path, _ body: (UnsafeMutableBufferPointer<Point>, UnsafeBufferPointer<FlatSubpath>) -> R) -> R {
        var capacity = 1
        for element in path.elements {
            switch element {
            case .move, .line, .close: capacity += 1
            case .quadCurve, .curve: capacity += Self.curveSteps
            }
        }
        let tx = Double(translation.x), ty = Double(translation.y)
        return withScratch(of: Point.self, capacity: capacity) { points in
            withScratch(of: FlatSubpath.self, capacity: path.elements.count + 1) { subpaths in
                var count = 0
                var subpathCount = 0
                var start = 0
                var current = Point.zero
                func device(_ p: Point) -> Point { Point(x: p.x + tx, y: p.y + ty) }
                func finish(closed: Bool) {
                    if count - start >= 2 {
                        subpaths[subpathCount] = FlatSubpath(range: start ..< count, closed: closed)
                        subpathCount += 1
                    }
                    start = count
                }
                for element in path.elements {
                    switch element {
                    case .move(let p):
                        finish(closed: false)
                        current = device(p)
                        points[count] = current
                        count += 1
                    case .line(let p):
                        current = device(p)
                        points[count] = current
                        count += 1
                    case .quadCurve(let p, let c):
                        let p0 = current, c1 = device(c), p1 = device(p)
                        let steps = Self.steps(bend: Self.bend(p0, c1, p1), factor: 0.125)
                        for i in 1 ... steps {
                            let t = Double(i) / Double(steps), u = 1 - t
                            points[count] = Point(x: u * u * p0.x + 2 * u * t * c1.x + t * t * p1.x, y: u * u * p0.y + 2 * u * t * c1.y + t * t * p1.y)
                            count += 1
                        }
                        current = p1
                    case .curve(let p, let c1, let c2):
                        let p0 = current, a = device(c1), b = device(c2), p1 = device(p)
                        let steps = Self.steps(bend: max(Self.bend(p0, a, b), Self.bend(a, b, p1)), factor: 0.75)
                        for i in 1 ... steps {
                            let t = Double(i) / Double(steps), u = 1 - t
                            let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
                            points[count] = Point(x: w0 * p0.x + w1 * a.x + w2 * b.x + w3 * p1.x, y: w0 * p0.y + w1 * a.y + w2 * b.y + w3 * p1.y)
                            count += 1
                        }
                        current = p1
                    case .close:
                        finish(closed: true)
                        if count > 0 { current = points[max(count - 1, 0)] }
                    }
                }
                finish(closed: false)
                return body(UnsafeMutableBufferPointer(rebasing: points[0 ..< count]), UnsafeBufferPointer(rebasing: subpaths[0 ..< subpathCount]))
            }
        }
    }

    /// Calls `body` with the edges of the path's subpaths, each closed (for a fill).
    private func withFlattenedEdges(of path: Path, _ body: (UnsafeBufferPointer<PathEdge>) -> Void) {
        withFlattenedPoints(of: path) { points, subpaths in
            withScratch(of: PathEdge.self, capacity: points.count + subpaths.count) { edges in
                var count = 0
                for subpath in subpaths {
                    let first = subpath.range.lowerBound
                    for i in subpath.range {
                        let a = points[i]
                        let b = i + 1 < subpath.range.upperBound ? points[i + 1] : points[first]
                        if let edge = PathEdge(a, b) {
                            edges[count] = edge
                            count += 1
                        }
                    }
                }
                body(UnsafeBufferPointer(rebasing: edges[0 ..< count]))
            }
        }
    }

    /// The most segments a curve is cut into.
    static let curveSteps = 16

    /// How far from straight three control points bend: |p − 2q + r|.
    @inline(__always)
    static func bend(_ p: Point, _ q: Point, _ r: Point) -> Double {
        let x = p.x - 2 * q.x + r.x, y = p.y - 2 * q.y + r.y
        return (x * x + y * y).squareRoot()
    }

    /// The segments a curve needs so that no point of it is more than a twentieth of a pixel
    /// from its chords: the error of n chords is at most `factor` × bend / n² (an eighth for a
    /// quadratic, three quarters for a cubic). A 20-pixel icon's curves take 3 to 6 segments,
    /// a gauge's arcs the most, ``curveSteps``; a bend that is not finite takes the most.
    @inline(__always)
    static func steps(bend: Double, factor: Double) -> Int {
        let n = (factor * bend / 0.05).squareRoot()
        guard n.isFinite else { return curveSteps }
        return min(max(Int(n.rounded(.up)), 1), curveSteps)
    }

    // MARK: - Scanlines

    /// Covers the pixels inside `edges` (device pixels): `plot` gets each touched pixel's
    /// address, its coverage (1…256) and its position.
    private func rasterize(
        _ edges: UnsafeBufferPointer<PathEdge>, rule: FillRule, _ plot: (UnsafeMutableRawPointer, UInt32, (x: Double, y: Double)) -> Void
    ) {
        guard !edges.isEmpty else { return }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for e in edges {
            minX = min(minX, min(e.x0, e.x1))
            maxX = max(maxX, max(e.x0, e.x1))
            minY = min(minY, e.y0)
            maxY = max(maxY, e.y1)
        }
        let limit = Double(1 << 24)
        let box = PixelRect(
            minX: Int(max(minX, -limit).rounded(.down)), minY: Int(max(minY, -limit).rounded(.down)),
            maxX: Int(min(maxX, limit).rounded(.up)), maxY: Int(min(maxY, limit).rounded(.up)))
        let area = box.intersection(clipRect)
        guard !area.isEmpty else { return }
        let subRows = 16
        let share = 1.0 / Double(subRows)
        withScratch(of: PathEdge.self, capacity: edges.count) { buffer in
            // Edges by their top, so each sub-scanline only looks at the edges it crosses.
            let sorted = buffer
            _ = sorted.initialize(from: edges)
            Self.sortByTop(sorted)
            withScratch(of: Int.self, capacity: edges.count) { active in
                // A row's coverage: each span's partly covered end pixels in `coverage`, the whole
                // pixels between as a difference row (`runs`: +share where they start, −share
                // where they stop), summed once per row, so a sub-scanline costs its crossings,
                // not its width.
                withScratch(of: Double.self, capacity: 2 * (area.width + 1)) { rows in
                    let coverage = UnsafeMutableBufferPointer(rebasing: rows[0 ..< area.width + 1])
                    let runs = UnsafeMutableBufferPointer(rebasing: rows[(area.width + 1)...])
                    withScratch(of: (x: Double, winding: Int32).self, capacity: edges.count) { crossings in
                        var next = 0
                        var activeCount = 0
                        rows.initialize(repeating: 0)
                        for y in area.y ..< area.maxY {
                            var touched = false
                            // The columns this row's spans reach: only they are scanned and cleared.
                            var firstTouched = area.width, lastTouched = -1
                            for s in 0 ..< subRows {
                                let sy = Double(y) + (Double(s) + 0.5) * share
                                // Edges that start above this line join; those that end above it leave.
                                while next < sorted.count && sorted[next].y0 <= sy {
                                    active[activeCount] = next
                                    activeCount += 1
                                    next += 1
                                }
                                var n = 0
                                var kept = 0
                                for i in 0 ..< activeCount {
                                    let e = sorted[active[i]]
                                    guard e.y1 > sy else { continue }
                                    active[kept] = active[i]
                                    kept += 1
                                    crossings[n] = (e.x0 + (sy - e.y0) * e.slope, e.winding)
                                    n += 1
                                }
                                activeCount = kept
                                guard n > 1 else { continue }
                                // Insertion sort: the order changes little from line to line.
                                for i in 1 ..< n {
                                    let item = crossings[i]
                                    var j = i - 1
                                    while j >= 0 && crossings[j].x > item.x {
                                        crossings[j + 1] = crossings[j]
                                        j -= 1
                                    }
                                    crossings[j + 1] = item
                                }
                                var winding: Int32 = 0
                                var enter = 0.0
                                for i in 0 ..< n {
                                    let wasInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
                                    winding += crossings[i].winding
                                    let isInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
                                    if !wasInside && isInside {
                                        enter = crossings[i].x
                                    } else if wasInside && !isInside {
                                        Self.addSpan(
                                            from: enter, to: crossings[i].x, share: share, origin: area.x, width: area.width, into: coverage, runs: runs)
                                        touched = true
                                        let from = Int(min(max(enter - Double(area.x), 0), Double(area.width)).rounded(.down))
                                        let to = Int(min(max(crossings[i].x - Double(area.x), 0), Double(area.width - 1)).rounded(.down))
                                        firstTouched = min(firstTouched, from)
                                        lastTouched = max(lastTouched, to)
                                    }
                                }
                            }
                            guard touched, firstTouched <= lastTouched else { continue }
                            let row = pixels.address(x: 0, y: y)
                            var run = 0.0
                            for x in firstTouched ... lastTouched {
                                run += runs[x]
                                runs[x] = 0
                                let c = coverage[x] + run
                                coverage[x] = 0
                                guard c > 0.002 else { continue }
                                let weight = UInt32(min(c, 1) * 256 + 0.5)
                                guard weight > 0 else { continue }
                                plot(row + (area.x + x) * bytesPerPixel, weight, (Double(area.x + x), Double(y)))
                            }
                            // A span that reaches the area's right edge stops past its last pixel.
                            runs[lastTouched + 1] = 0
                        }
                    }
                }
            }
        }
    }

    /// Sorts edges by their top in place: a Shell sort (Ciura's gaps), which needs no buffer (the
    /// standard library's sort borrows one from the heap for more than a few elements).
    static func sortByTop(_ edges: UnsafeMutableBufferPointer<PathEdge>) {
        let gaps = (701, 301, 132, 57, 23, 10, 4, 1)
        func pass(_ gap: Int) {
            guard gap < edges.count else { return }
            for i in gap ..< edges.count {
                let item = edges[i]
                var j = i
                while j >= gap && edges[j - gap].y0 > item.y0 {
                    edges[j] = edges[j - gap]
                    j -= gap
                }
                edges[j] = item
            }
        }
        // Larger gaps first, growing by 2.25 beyond Ciura's sequence for large paths.
        var large = 701
        while large * 9 / 4 < edges.count / 2 { large = large * 9 / 4 }
        while large > 701 {
            pass(large)
            large = large * 4 / 9
        }
        pass(gaps.0); pass(gaps.1); pass(gaps.2); pass(gaps.3)
        pass(gaps.4); pass(gaps.5); pass(gaps.6); pass(gaps.7)
    }

    /// Adds the horizontal span [`a`, `b`) (device x) to the coverage row, each pixel by the
    /// part of it the span covers, times `share`: its end pixels in `coverage`, the whole pixels
    /// between as +share in `runs` where they start and −share where they stop.
    private static func addSpan(
        from a: Double, to b: Double, share: Double, origin: Int, width: Int, into coverage: UnsafeMutableBufferPointer<Double>,
        runs: UnsafeMutableBufferPointer<Double>
    ) {
        let left = max(a - Double(origin), 0)
        let right = min(b - Double(origin), Double(width))
        guard right > left else { return }
        let first = Int(left.rounded(.down))
        let last = Int(right.rounded(.down))
        if first == last {
            if first < width { coverage[first] += (right - left) * share }
            return
        }
        coverage[first] += (Double(first + 1) - left) * share
        if last > first + 1 {
            runs[first + 1] += share
            runs[last] -= share
        }
        if last < width { coverage[last] += (right - Double(last)) * share }
    }
}

/// A subpath's points, and whether it is closed.
struct FlatSubpath {
    let range: Range<Int>
    let closed: Bool
}

/// A non-horizontal edge, top to bottom, with the direction the path ran along it.
struct PathEdge {
    let x0: Double, y0: Double, x1: Double, y1: Double
    let slope: Double
    let winding: Int32

    init?(_ a: Point, _ b: Point) {
        guard a.y != b.y, a.isFinite, b.isFinite else { return nil }
        if a.y < b.y {
            (x0, y0, x1, y1, winding) = (a.x, a.y, b.x, b.y, 1)
        } else {
            (x0, y0, x1, y1, winding) = (b.x, b.y, a.x, a.y, -1)
        }
        slope = (x1 - x0) / (y1 - y0)
    }
}
