/// What a view says about itself to a screen reader when the app has not said otherwise: each
/// built-in view overrides ``View/accessibilityDefaults`` to describe itself from its state (a
/// button its title, a slider its value as a percentage), and the app's own settings
/// (``View/accessibilityLabel`` and the rest) take precedence over it.
public struct AccessibilityDescription: Sendable, Hashable {
    /// Whether the view is an element a reader stops at (else its subviews may be).
    public var isElement: Bool
    /// What it is, in a word or two ("Save", "Volume").
    public var label: String?
    /// Its current value ("40 %", "on", the text typed).
    public var value: String?
    /// What activating it does, when that is not obvious ("Opens the settings").
    public var hint: String?
    /// Its kind and state.
    public var traits: AccessibilityTraits

    /// A description; by default not an element, with nothing to say.
    public init(isElement: Bool = false, label: String? = nil, value: String? = nil, hint: String? = nil, traits: AccessibilityTraits = []) {
        self.isElement = isElement
        self.label = label
        self.value = value
        self.hint = hint
        self.traits = traits
    }

    /// `fraction` (0…1, clamped; NaN reads as 0) as a whole percentage, "40 %".
    public static func percent(_ fraction: Double) -> String {
        let clamped = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        return "\(Int((clamped * 100).rounded())) %"
    }

    /// `value` as a reader speaks a number: whole numbers without a decimal point, others with
    /// at most two decimals; infinities and NaN as words.
    public static func number(_ value: Double) -> String {
        if value.isNaN { return "not a number" }
        if value.isInfinite { return value > 0 ? "infinity" : "minus infinity" }
        let hundredths = (value * 100).rounded()
        guard abs(hundredths) < 1e15 else { return "\(value)" }
        let whole = Int64(hundredths) / 100
        let fraction = abs(Int64(hundredths) % 100)
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        if fraction == 0 { return "\(sign)\(whole)" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(whole).\(digits)"
    }
}
