/// Why a chart's or a dial's scale was refused: a value range (``ScaleRange``, as
/// ``ChartView``, ``GaugeView`` and ``ArcControl`` check it), a dial's sweep, a chart's point
/// count. Each case names the number it was given and what it accepts, so the message says how
/// to fix the call.
public enum ScaleError: Error, Equatable, CustomStringConvertible {
    /// A point count outside ``ChartView/pointCountRange``: 0 leaves nothing to draw and a
    /// billion samples would take gigabytes.
    case pointCountOutOfRange(Int)
    /// A value range whose ends are equal: nothing could be placed on it.
    case emptyRange(Double)
    /// A value range whose lower end is above its upper end. To draw an axis upside down, keep
    /// the ends in order and set ``ChartAxis/isReversed``.
    case reversedRange(lower: Double, upper: Double)
    /// A range end that is NaN or infinite.
    case nonFiniteRange(lower: Double, upper: Double)
    /// A gauge's sweep that is not positive, more than a full turn, or not finite.
    case sweepOutOfRange(Double)

    /// What went wrong and what to pass instead.
    public var description: String {
        switch self {
        case .pointCountOutOfRange(let count):
            return "a chart of \(count) points: give each series \(ChartView.pointCountRange.lowerBound)…\(ChartView.pointCountRange.upperBound) points"
        case .emptyRange(let value):
            return "a value range from \(value) to \(value) is empty: give two different ends, or use an automatic range"
        case .reversedRange(let lower, let upper):
            return "a value range from \(lower) down to \(upper): give the lower end first, and set the axis's isReversed to draw it upside down"
        case .nonFiniteRange(let lower, let upper):
            return "a value range from \(lower) to \(upper): both ends must be finite numbers"
        case .sweepOutOfRange(let degrees):
            return "a gauge sweep of \(degrees)°: give more than 0° and at most 360°"
        }
    }
}

/// The error of charts and dials under its old name.
@available(*, deprecated, renamed: "ScaleError", message: "charts and dials share one error: ScaleError")
public typealias ChartError = ScaleError
