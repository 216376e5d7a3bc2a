/// A location in a two-dimensional coordinate space, in points.
///
/// PanelKit uses `Double` coordinates, as UIKit uses `CGFloat`: touch positions are scaled and
/// calibrated from controller units, and views convert between coordinate spaces, so positions
/// are not always whole pixels. One point is one panel pixel at the default scale.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate; grows to the right.
    public var x: Double
    /// The vertical coordinate; grows downwards.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Creates a point from integer coordinates.
    public init(x: Int, y: Int) {
        self.x = Double(x)
        self.y = Double(y)
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0.0, y: 0.0)

    /// The straight-line distance to another point.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    public var description: String { "(\(x), \(y))" }
}
