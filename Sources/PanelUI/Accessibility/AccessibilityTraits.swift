/// What kind of element an accessibility element is and what state it is in: UIKit's
/// `UIAccessibilityTraits`. A screen reader speaks them after the label and value ("Save,
/// button", "Volume, 40 %, adjustable") and chooses what select and up/down do from them.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    /// The traits as bits.
    public let rawValue: UInt32
    /// Traits from their bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Acts when activated (buttons, switches, checkboxes).
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// Opens something elsewhere.
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    /// Heads a section of the screen.
    public static let header = AccessibilityTraits(rawValue: 1 << 2)
    /// Is selected (a segment, a tab, a chosen row).
    public static let selected = AccessibilityTraits(rawValue: 1 << 3)
    /// Its value goes up and down (sliders, steppers, pickers): ``View/accessibilityIncrement()``.
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 4)
    /// Text that does not change by itself and does not act.
    public static let staticText = AccessibilityTraits(rawValue: 1 << 5)
    /// A picture.
    public static let image = AccessibilityTraits(rawValue: 1 << 6)
    /// Cannot be used now (a disabled control).
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 7)
    /// A key of the on-screen keyboard.
    public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 8)
    /// Its value changes often (a clock, a gauge): a reader announces it only when asked.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 9)
    /// A field that searches.
    public static let searchField = AccessibilityTraits(rawValue: 1 << 10)
    /// Summarises the screen when it appears.
    public static let summaryElement = AccessibilityTraits(rawValue: 1 << 11)
    /// A tab bar: its buttons are the tabs.
    public static let tabBar = AccessibilityTraits(rawValue: 1 << 12)

    /// The words a reader speaks for the traits, in the order it speaks them (English; the
    /// reader's phrases are translated with the app).
    public var spokenNames: [String] {
        var names: [String] = []
        if contains(.selected) { names.append("selected") }
        if contains(.button) { names.append("button") }
        if contains(.link) { names.append("link") }
        if contains(.header) { names.append("heading") }
        if contains(.image) { names.append("image") }
        if contains(.searchField) { names.append("search field") }
        if contains(.keyboardKey) { names.append("key") }
        if contains(.adjustable) { names.append("adjustable") }
        if contains(.tabBar) { names.append("tab bar") }
        if contains(.notEnabled) { names.append("dimmed") }
        return names
    }
}
