/// The ends of a scale, ``lower`` to ``upper``, both finite, `lower` below `upper`: what a
/// chart's value axis, a gauge's scale and an arc control's range are checked as, in one place.
public struct ScaleRange: Hashable, Sendable {
    /// The lowest value.
    public let lower: Double
    /// The highest value.
    public let upper: Double

    /// A range from `lower` to `upper`. Throws when an end (or their distance) is not finite
    /// (``ScaleError/nonFiniteRange(lower:upper:)``), when they are equal
    /// (``ScaleError/emptyRange(_:)``) or when `lower` is above `upper`
    /// (``ScaleError/reversedRange(lower:upper:)``).
    public init(lower: Double, upper: Double) throws(ScaleError) {
        guard lower.isFinite, upper.isFinite, (upper - lower).isFinite else { throw .nonFiniteRange(lower: lower, upper: upper) }
        guard lower != upper else { throw .emptyRange(lower) }
        guard lower < upper else { throw .reversedRange(lower: lower, upper: upper) }
        self.lower = lower
        self.upper = upper
    }

    /// The distance from ``lower`` to ``upper``.
    public var span: Double { upper - lower }

    /// `value` clamped into the range (NaN stays NaN).
    public func clamped(_ value: Double) -> Double { min(max(value, lower), upper) }
}
