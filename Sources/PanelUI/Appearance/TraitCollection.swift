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

/// Whether there is room along an axis: UIKit's `UIUserInterfaceSizeClass`.
///
/// PanelKit derives it from the window's size in points, as UIKit does from the screen: a width
/// below ``compactWidthLimit`` (600) is compact, so phones held upright (320–430 points) and
/// 4.3" 480×272 panels are compact while 7" 800×480 panels, tablets (744 and up) and portrait
/// kiosks of 720 are regular; a height below ``compactHeightLimit`` (500) is compact, so a phone
/// on its side (at most 430) and 272- or 480-tall panels are compact while 600 and up is regular.
public enum UserInterfaceSizeClass: Hashable, Sendable, CustomStringConvertible {
    /// No window: nothing to derive it from.
    case unspecified
    /// Little room: one column, short labels.
    case compact
    /// Room for more: side by side.
    case regular

    /// Widths below this many points are compact.
    public static let compactWidthLimit = 600.0
    /// Heights below this many points are compact.
    public static let compactHeightLimit = 500.0

    /// The class of a width in points.
    public init(width: Double) { self = width < Self.compactWidthLimit ? .compact : .regular }
    /// The class of a height in points.
    public init(height: Double) { self = height < Self.compactHeightLimit ? .compact : .regular }

    /// A one-line description, for messages and logs.
    public var description: String {
        switch self {
        case .unspecified: "unspecified"
        case .compact: "compact"
        case .regular: "regular"
        }
    }
}

/// What a view's look depends on: UIKit's `UITraitCollection`, for the traits PanelKit has.
/// A view's ``View/traitCollection`` is the app's (``Application/userInterfaceStyle``,
/// ``Application/accessibilityContrast``, ``Application/textSize``) unless the view or an
/// ancestor overrides it, with size classes from its window's size.
public struct TraitCollection: Hashable, Sendable, CustomStringConvertible {
    /// Light or dark.
    public var userInterfaceStyle: UserInterfaceStyle
    /// Normal or high contrast.
    public var accessibilityContrast: AccessibilityContrast
    /// Compact or regular width.
    public var horizontalSizeClass: UserInterfaceSizeClass
    /// Compact or regular height.
    public var verticalSizeClass: UserInterfaceSizeClass
    /// The user's text size, 1 (100 %) … 2 (UIKit's `preferredContentSizeCategory`).
    public var textSize: Double

    /// Creates a trait collection; by default light, normal contrast, no size classes, 100 %.
    public init(
        userInterfaceStyle: UserInterfaceStyle = .light, accessibilityContrast: AccessibilityContrast = .normal,
        horizontalSizeClass: UserInterfaceSizeClass = .unspecified, verticalSizeClass: UserInterfaceSizeClass = .unspecified,
        textSize: Double = 1
    ) {
        self.userInterfaceStyle = userInterfaceStyle
        self.accessibilityContrast = accessibilityContrast
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.textSize = textSize
    }

    /// The size classes for a window of `size` points.
    static func sizeClasses(for size: Size?) -> (horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass) {
        guard let size else { return (.unspecified, .unspecified) }
        return (UserInterfaceSizeClass(width: size.width), UserInterfaceSizeClass(height: size.height))
    }

    /// "dark, high contrast, compact width, regular height, text 150 %".
    public var description: String {
        var text = accessibilityContrast == .high ? "\(userInterfaceStyle), high contrast" : "\(userInterfaceStyle)"
        if horizontalSizeClass != .unspecified { text += ", \(horizontalSizeClass) width" }
        if verticalSizeClass != .unspecified { text += ", \(verticalSizeClass) height" }
        if textSize != 1 { text += ", text \(Int((textSize * 100).rounded())) %" }
        return text
    }
}
