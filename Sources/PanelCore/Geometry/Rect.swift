/// A rectangle: an origin and a size, in points.
///
/// Like `CGRect`, a rectangle with a negative width or height is treated by the geometric
/// functions (`minX`, `contains`, `intersection` …) as its standardized equivalent.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner with the smallest coordinates (for a standardized rectangle).
    public var origin: Point
    /// The extent of the rectangle.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its coordinates and extents.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// Creates a rectangle from integer coordinates and extents.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
    }

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The rectangle with a non-negative width and height that covers the same area.
    public var standardized: Rect {
        var r = self
        if r.size.width < 0 {
            r.origin.x += r.size.width
            r.size.width = -r.size.width
        }
        if r.size.height < 0 {
            r.origin.y += r.size.height
            r.size.height = -r.size.height
        }
        return r
    }

    /// The smallest x coordinate.
    @inlinable public var minX: Double { size.width < 0 ? origin.x + size.width : origin.x }
    /// The largest x coordinate.
    @inlinable public var maxX: Double { size.width < 0 ? origin.x : origin.x + size.width }
    /// The smallest y coordinate.
    @inlinable public var minY: Double { size.height < 0 ? origin.y + size.height : origin.y }
    /// The largest y coordinate.
    @inlinable public var maxY: Double { size.height < 0 ? origin.y : origin.y + size.height }
    /// The x coordinate of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y coordinate of the centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The absolute width.
    public var width: Double { size.width < 0 ? -size.width : size.width }
    /// The absolute height.
    public var height: Double { size.height < 0 ? -size.height : size.height }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }

    /// Whether the rectangle covers no area.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// Whether the point lies inside: the minimum edges are inside, the maximum edges outside,
    /// as with `CGRect.contains(_:)`. (Inlinable, with the edges it reads: hit-testing asks it
    /// of every sibling it scans, from another module.)
    @inlinable public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies wholly inside this rectangle.
    public func contains(_ other: Rect) -> Bool {
        if other.isEmpty || isEmpty { return false }
        return other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// Whether the two rectangles share any area.
    public func intersects(_ other: Rect) -> Bool {
        !intersection(other).isEmpty
    }

    /// The area the two rectangles share, or `.zero`-sized at the origin when they share none.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle that contains both; an empty rectangle contributes nothing.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other.standardized }
        if other.isEmpty { return standardized }
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX)
        let y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle grown (positive) or shrunk (negative) on every side.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let s = standardized
        return Rect(x: s.origin.x + dx, y: s.origin.y + dy, width: s.size.width - 2 * dx, height: s.size.height - 2 * dy)
    }

    /// The rectangle moved by an offset.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
