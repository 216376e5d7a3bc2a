internal import RealModule

/// How much a constraint matters: UIKit's `UILayoutPriority`, from 1 to 1000.
///
/// A constraint at ``required`` (1000) must hold. Below that, a constraint is optional: the
/// layout comes as close to it as the required ones allow, and where two optional ones
/// conflict, the higher priority holds. Priorities close together trade errors against each
/// other (see the layout guide: each 100 of priority weighs ten times more), so use the named
/// levels, or a level ± 1 to break a tie.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, CustomStringConvertible
{
    /// The priority, 1…1000.
    public var rawValue: Float

    /// A priority; values outside 1…1000 are clamped into it (UIKit refuses them).
    public init(rawValue: Float) {
        self.rawValue = rawValue.isNaN ? 1 : min(max(rawValue, 1), 1000)
    }

    /// A priority; values outside 1…1000 are clamped into it.
    public init(_ rawValue: Float) { self.init(rawValue: rawValue) }
    /// A priority from a literal: `LayoutPriority(750)`, or `750` where a priority is expected.
    public init(floatLiteral value: Float) { self.init(rawValue: value) }
    /// A priority from a whole-number literal.
    public init(integerLiteral value: Int) { self.init(rawValue: Float(value)) }

    /// 1000: the constraint must hold.
    public static let required = LayoutPriority(rawValue: 1000)
    /// 750: a button's compression resistance.
    public static let defaultHigh = LayoutPriority(rawValue: 750)
    /// 250: a button's content hugging.
    public static let defaultLow = LayoutPriority(rawValue: 250)
    /// 50: what ``View/systemLayoutSizeFitting(_:)`` pulls the size towards.
    public static let fittingSizeLevel = LayoutPriority(rawValue: 50)

    /// Whether it is ``required`` (1000).
    public var isRequired: Bool { rawValue >= 1000 }

    /// The weight the solver gives an optional constraint of this priority: 10^(priority/100),
    /// so 750 weighs 100 000 times more than 250, and 251 a little more than 250.
    var weight: Double { Double.exp10(Double(rawValue) / 100) }

    /// Whether `a` is the lower priority.
    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
    /// The priority `b` higher (clamped to 1…1000).
    public static func + (a: LayoutPriority, b: Float) -> LayoutPriority { LayoutPriority(rawValue: a.rawValue + b) }
    /// The priority `b` lower (clamped to 1…1000).
    public static func - (a: LayoutPriority, b: Float) -> LayoutPriority { LayoutPriority(rawValue: a.rawValue - b) }

    /// A one-line description, for messages and logs.
    public var description: String { "\(rawValue)" }
}
