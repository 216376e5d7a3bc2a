/// How one axis of a ``ChartView`` is marked: major ticks with labels and grid lines, minor
/// ticks between them, and how the labels read.
///
/// The y axis's values are the chart's value range. The x axis's values are positions: in
/// shift mode a sample's age, from −(points − 1) at the left to 0 (the newest) at the right; in
/// circular mode the slot, 0 at the left. Give ``labelText`` a closure to turn them into units,
/// decimals or times (`{ "\(Int(-$0 / 2)) s ago" }` for two samples a second).
@MainActor
public struct ChartAxis {
    /// How many major ticks the axis has, both ends included (clamped to 2…50). Default 5.
    public var majorTickCount = 5 {
        didSet { majorTickCount = min(max(majorTickCount, 2), 50) }
    }
    /// How many minor ticks lie between two major ones (clamped to 0…20). Default 1.
    public var minorTicksPerMajor = 1 {
        didSet { minorTicksPerMajor = min(max(minorTicksPerMajor, 0), 20) }
    }
    /// Whether the major ticks carry lines across the plot. Default true.
    public var showsGridLines = true
    /// Whether the major ticks are labelled. Default true.
    public var showsLabels = true
    /// Whether the axis runs the other way (the y axis's largest value at the bottom).
    public var isReversed = false
    /// The text for a major tick's value; nil (the default) prints the number with as many
    /// decimals as the tick spacing needs. A long text is cut with "…" to the space it has.
    public var labelText: (@MainActor (Double) -> String)?

    /// An axis with 5 labelled major ticks, one minor tick between, and grid lines.
    public init() {}

    /// The label of `value` when ticks are `spacing` apart.
    func label(for value: Double, spacing: Double) -> String {
        if let labelText { return labelText(value) }
        return Self.defaultText(for: value, spacing: spacing)
    }

    /// The default label: `value` with the decimals `spacing` needs (0 for whole spacings, up
    /// to 6), no exponent, "-0" shown as "0", "–" for NaN.
    public static func defaultText(for value: Double, spacing: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : (value > 0 ? "∞" : "-∞") }
        var decimals = 0
        var scaled = abs(spacing)
        while decimals < 6, scaled.isFinite, scaled > 0, (scaled - scaled.rounded()).magnitude > 1e-6 * max(scaled, 1) {
            scaled *= 10
            decimals += 1
        }
        var factor = 1.0
        for _ in 0 ..< decimals { factor *= 10 }
        let rounded = (value * factor).rounded()
        // Beyond what an Int holds exactly, print the whole part in Swift's own form.
        guard rounded.magnitude < 9e15 else { return "\(value)" }
        let whole = Int(rounded)
        let negative = whole < 0 && rounded != 0
        let digits = String(whole.magnitude)
        guard decimals > 0 else { return negative ? "-" + digits : digits }
        let padded = digits.count <= decimals ? String(repeating: "0", count: decimals - digits.count + 1) + digits : digits
        let split = padded.index(padded.endIndex, offsetBy: -decimals)
        return (negative ? "-" : "") + padded[..<split] + "." + padded[split...]
    }
}
