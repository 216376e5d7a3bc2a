/// A width and a height, in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The extent along the x axis.
    public var width: Double
    /// The extent along the y axis.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Creates a size from integer extents.
    public init(width: Int, height: Int) {
        self.width = Double(width)
        self.height = Double(height)
    }

    /// A size of zero in both dimensions.
    public static let zero = Size(width: 0.0, height: 0.0)

    public var description: String { "\(width)×\(height)" }
}
