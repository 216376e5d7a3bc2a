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

    init(edges: UnsafeMutableBufferPointer<PathEdge>, halfWidth: Double, cap: LineCap, join: LineJoin) {
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
        // Repeated points make no segment.
        var points: [Point] = []
        points.reserveCapacity(input.count)
        for p in input where p.isFinite && points.last.map({ $0 != p }) ?? true { points.append(p) }
        if closed, points.count > 2, points.first == points.last { points.removeLast() }
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
            polygon([
                Point(x: a.x + nx, y: a.y + ny), Point(x: b.x + nx, y: b.y + ny), Point(x: b.x - nx, y: b.y - ny), Point(x: a.x - nx, y: a.y - ny),
            ])
        }
        // Joins: every corner of a closed run, the inner points of an open one.
        let corners = closed ? 0 ..< points.count : 1 ..< points.count - 1
        for i in corners {
            let previous = points[(i + points.count - 1) % points.count]
            let vertex = points[i]
            let next = points[(i + 1) % points.count]
            addJoin(previous, vertex, next)
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
                    polygon([vertex, a, m, b])
                    return
                }
            }
        }
        polygon([vertex, a, b])
    }

    private static func direction(_ a: Point, _ b: Point) -> (Double, Double) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        return length > 0 ? (dx / length, dy / length) : (1, 0)
    }

    private mutating func circle(at centre: Point) {
        var points: [Point] = []
        points.reserveCapacity(Self.roundSides)
        for i in 0 ..< Self.roundSides {
            let angle = Double(i) / Double(Self.roundSides) * 2 * Double.pi
            points.append(Point(x: centre.x + halfWidth * Self.cosine(angle), y: centre.y + halfWidth * Self.sine(angle)))
        }
        polygon(points)
    }

    private mutating func square(at centre: Point) {
        polygon([
            Point(x: centre.x - halfWidth, y: centre.y - halfWidth), Point(x: centre.x + halfWidth, y: centre.y - halfWidth),
            Point(x: centre.x + halfWidth, y: centre.y + halfWidth), Point(x: centre.x - halfWidth, y: centre.y + halfWidth),
        ])
    }

    /// Adds a closed polygon, turned to wind the same way as every other.
    private mutating func polygon(_ points: [Point]) {
        var area = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        let ordered = area < 0 ? Array(points.reversed()) : points
        for i in ordered.indices {
            guard count < edges.count else { return }
            if let edge = PathEdge(ordered[i], ordered[(i + 1) % ordered.count]) {
                edges[count] = edge
                count += 1
            }
        }
    }

    private static func cosine(_ angle: Double) -> Double { Double.cos(angle) }
    private static func sine(_ angle: Double) -> Double { Double.sin(angle) }
}
