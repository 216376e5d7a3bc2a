/// The smallest rectangle holding the points given so far (a path's box, an arc's extent).
public struct BoundingBox: Sendable, Hashable {
    private var minX = Double.infinity
    private var minY = Double.infinity
    private var maxX = -Double.infinity
    private var maxY = -Double.infinity

    /// A box holding no point.
    public init() {}

    /// Grows the box to hold `point`; a point that is not finite is left out.
    public mutating func include(_ point: Point) {
        guard point.x.isFinite, point.y.isFinite else { return }
        minX = Swift.min(minX, point.x)
        minY = Swift.min(minY, point.y)
        maxX = Swift.max(maxX, point.x)
        maxY = Swift.max(maxY, point.y)
    }

    /// The box; nil while it holds no point.
    public var rect: Rect? {
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
