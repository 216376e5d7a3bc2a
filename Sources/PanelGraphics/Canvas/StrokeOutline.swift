import PanelCore
import RealModule

/// A stroke turned into polygons to fill: a quadrilateral per segment, a join at each corner
/// and a cap at each open end, every polygon wound the same way, written as edges into a
/// buffer sized by ``edgeCount(points:subpaths:)``.
struct StrokeOutline {
    private let edges: UnsafeMutableBufferPointer<PathEdge>
    private(set) var count = 0
    let halfWidth: Double
    let cap: LineCap
    let join: LineJoin
    /// Sides of the polygon that stands for a round join or cap.
    static let roundSides = 16
    /// The longest miter, in half-widths (CoreGraphics' default limit).
    static let miterLimit = 10.0

    /// Where the distinct points of each run are gathered (nil: temporary space).
    let scratch: ScratchSpace?

    init(edges: UnsafeMutableBufferPointer<PathEdge>, halfWidth: Double, cap: LineCap, join: LineJoin, scratch: ScratchSpace? = nil) {
        self.scratch = scratch
        self.edges = edges
        self.halfWidth = halfWidth
        self.cap = cap
        self.join = join
    }

    /// The most edges a stroke of `points` points in `subpaths` subpaths can make.
    static func edgeCount(points: Int, subpaths: Int) -> Int {
        points * (4 + roundSides + 4) + subpaths * 2 * (roundSides + 4) + 8
    }

    /// Adds the outline of a run of points (device pixels).
    mutating func add(_ input: UnsafeBufferPointer<Point>, closed: Bool) {
        // Repeated points make no segment: the distinct ones, into temporary space.
        let distinct = { (points: UnsafeMutableBufferPointer<Point>) in
            var n = 0
            for p in input where p.isFinite && (n == 0 || points[n - 1] != p) {
                points[n] = p
                n += 1
            }
            if closed, n > 2, points[0] == points[n - 1] { n -= 1 }
            addDistinct(UnsafeBufferPointer(rebasing: points[0 ..< n]), closed: closed)
        }
        if let scratch {
            scratch.borrow(Point.self, count: max(input.count, 1), distinct)
        } else {
            withUnsafeTemporaryAllocation(of: Point.self, capacity: max(input.count, 1), distinct)
        }
    }

    private mutating func addDistinct(_ points: UnsafeBufferPointer<Point>, closed: Bool) {
        guard let first = points.first else { return }
        guard points.count > 1 else {
            // A dot: a cap's worth of it, or nothing for a butt cap.
            if cap == .round { circle(at: first) }
            if cap == .square { square(at: first) }
            return
        }
        let segmentCount = closed ? points.count : points.count - 1
        for i in 0 ..< segmentCount {
            var a = points[i]
            var b = points[(i + 1) % points.count]
            let (dx, dy) = Self.direction(a, b)
            if !closed && cap == .square {
                if i == 0 { a = Point(x: a.x - dx * halfWidth, y: a.y - dy * halfWidth) }
                if i == segmentCount - 1 { b = Point(x: b.x + dx * halfWidth, y: b.y + dy * halfWidth) }
            }
            let nx = -dy * halfWidth, ny = dx * halfWidth
            quad(Point(x: a.x + nx, y: a.y + ny), Point(x: b.x + nx, y: b.y + ny), Point(x: b.x - nx, y: b.y - ny), Point(x: a.x - nx, y: a.y - ny))
        }
        // Joins: every corner of a closed run, the inner points of an open one.
        let corners = closed ? 0 ..< points.count : 1 ..< points.count - 1
        for i in corners {
            addJoin(points[(i + points.count - 1) % points.count], points[i], points[(i + 1) % points.count])
        }
        if !closed && cap == .round {
            circle(at: points[0])
            circle(at: points[points.count - 1])
        }
    }

    private mutating func addJoin(_ previous: Point, _ vertex: Point, _ next: Point) {
        let (d0x, d0y) = Self.direction(previous, vertex)
        let (d1x, d1y) = Self.direction(vertex, next)
        let cross = d0x * d1y - d0y * d1x
        guard abs(cross) > 1e-9 || d0x * d1x + d0y * d1y < 0 else { return }
        if join == .round {
            circle(at: vertex)
            return
        }
        // The outer side is away from the turn.
        let side = cross > 0 ? -1.0 : 1.0
        let n0 = Point(x: -d0y * halfWidth * side, y: d0x * halfWidth * side)
        let n1 = Point(x: -d1y * halfWidth * side, y: d1x * halfWidth * side)
        let a = Point(x: vertex.x + n0.x, y: vertex.y + n0.y)
        let b = Point(x: vertex.x + n1.x, y: vertex.y + n1.y)
        if join == .miter {
            let sx = n0.x + n1.x, sy = n0.y + n1.y
            let length = (sx * sx + sy * sy).squareRoot()
            if length > 1e-9 {
                // cos of half the angle between the offsets: the miter is halfWidth / that.
                let cosHalf = (sx * n0.x + sy * n0.y) / (length * halfWidth)
                if cosHalf > 1 / Self.miterLimit {
                    let reach = halfWidth / cosHalf
                    let m = Point(x: vertex.x + sx / length * reach, y: vertex.y + sy / length * reach)
                    quad(vertex, a, m, b)
                    return
                }
            }
        }
        quad(vertex, a, b, b)
    }

    private static func direction(_ a: Point, _ b: Point) -> (Double, Double) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        return length > 0 ? (dx / length, dy / length) : (1, 0)
    }

    private mutating func circle(at centre: Point) {
        let radius = halfWidth
        polygon(Self.roundSides) { i in
            let angle = Double(i) / Double(Self.roundSides) * 2 * Double.pi
            return Point(x: centre.x + radius * Self.cosine(angle), y: centre.y + radius * Self.sine(angle))
        }
    }

    private mutating func square(at centre: Point) {
        quad(
            Point(x: centre.x - halfWidth, y: centre.y - halfWidth), Point(x: centre.x + halfWidth, y: centre.y - halfWidth),
            Point(x: centre.x + halfWidth, y: centre.y + halfWidth), Point(x: centre.x - halfWidth, y: centre.y + halfWidth))
    }

    /// A closed quadrilateral (a triangle when two corners are the same).
    private mutating func quad(_ a: Point, _ b: Point, _ c: Point, _ d: Point) {
        polygon(4) { i in i == 0 ? a : i == 1 ? b : i == 2 ? c : d }
    }

    /// Adds the closed polygon of `count` corners `corner(0)`…, turned to wind the same way as
    /// every other. Nothing is stored: the corners are asked for again.
    private mutating func polygon(_ count: Int, _ corner: (Int) -> Point) {
        var area = 0.0
        for i in 0 ..< count {
            let a = corner(i), b = corner((i + 1) % count)
            area += a.x * b.y - b.x * a.y
        }
        for k in 0 ..< count {
            guard self.count < edges.count else { return }
            let i = area < 0 ? count - 1 - k : k
            let j = area < 0 ? (i + count - 1) % count : (i + 1) % count
            if let edge = PathEdge(corner(i), corner(j)) {
                edges[self.count] = edge
                self.count += 1
            }
        }
    }

    private static func cosine(_ angle: Double) -> Double { Double.cos(angle) }
    private static func sine(_ angle: Double) -> Double { Double.sin(angle) }
}
