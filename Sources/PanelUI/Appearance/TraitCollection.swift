/// Light or dark: UIKit's `UIUserInterfaceStyle`.
public enum UserInterfaceStyle: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Dark text on light backgrounds (the default).
    case light
    /// Light text on dark backgrounds: for dim rooms and the night.
    case dark

    /// "light" or "dark".
    public var description: String { self == .light ? "light" : "dark" }
}

/// Normal or high contrast: UIKit's `UIAccessibilityContrast`, the "Increase Contrast" setting.
public enum AccessibilityContrast: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The theme's usual colours.
    case normal
    /// Stronger text, borders and tracks, for low vision and bright rooms.
    case high

    /// "normal" or "high".
    public var description: String { self == .normal ? "normal" : "high" }
}

/// What a view's look depends on: UIKit's `UITraitCollection`, for the traits PanelKit has.
/// A view's ``View/traitCollection`` is the app's (``Application/userInterfaceStyle``,
/// ``Application/accessibilityContrast``) unless the view or an ancestor overrides it.
public struct TraitCollection: Hashable, Sendable, CustomStringConvertible {
    /// Light or dark.
    public var userInterfaceStyle: UserInterfaceStyle
    /// Normal or high contrast.
    public var accessibilityContrast: AccessibilityContrast

    /// Creates a trait collection; by default light and normal contrast.
    public init(userInterfaceStyle: UserInterfaceStyle = .light, accessibilityContrast: AccessibilityContrast = .normal) {
        self.userInterfaceStyle = userInterfaceStyle
        self.accessibilityContrast = accessibilityContrast
    }

    /// "dark, high contrast".
    public var description: String {
        accessibilityContrast == .high ? "\(userInterfaceStyle), high contrast" : "\(userInterfaceStyle)"
    }
}
