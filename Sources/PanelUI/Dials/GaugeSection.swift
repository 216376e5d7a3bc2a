/// A coloured band along a ``GaugeView``'s scale: the green, amber and red ranges of a dial.
public struct GaugeSection: Sendable, Hashable {
    /// Where the band starts, in the gauge's values.
    public var lower: Double
    /// Where the band ends.
    public var upper: Double
    /// The band's colour.
    public var color: Color

    /// A band from `lower` to `upper` (either order) in `color`. Ends outside the gauge's range
    /// are cut to it; a band with a NaN end is not drawn.
    public init(_ lower: Double, _ upper: Double, color: Color) {
        self.lower = min(lower, upper)
        self.upper = max(lower, upper)
        self.color = color
    }
}
