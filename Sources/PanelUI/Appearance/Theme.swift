public import PanelGraphics

/// An app's look: a ``Palette`` for each appearance (light and dark, each in normal and high
/// contrast) and a font for each ``TextStyle``. UIKit spreads this over `UIColor`'s semantic
/// colours, trait collections and `UIFont.TextStyle`; here it is one value, set on the
/// application (``Application/theme``), that every built-in view draws from.
///
/// Start from ``standard`` and change what the product needs; the change reaches every view
/// that has not been given its own colour:
///
/// ```swift
/// var theme = Theme.standard
/// theme.setTint(Color(rgb: 0x00796B))        // the brand's accent, in every appearance
/// theme.dark.background = Color(rgb: 0x101418)
/// theme.textStyles.body = .system(size: 20)
/// application.theme = theme
/// ```
public struct Theme: Hashable, Sendable {
    /// Light, normal contrast.
    public var light: Palette
    /// Dark, normal contrast.
    public var dark: Palette
    /// Light, high contrast.
    public var lightHighContrast: Palette
    /// Dark, high contrast.
    public var darkHighContrast: Palette
    /// The font of each text style.
    public var textStyles: TextStyles

    /// Creates a theme.
    public init(
        light: Palette = .light, dark: Palette = .dark, lightHighContrast: Palette = .lightHighContrast,
        darkHighContrast: Palette = .darkHighContrast, textStyles: TextStyles = .standard
    ) {
        self.light = light
        self.dark = dark
        self.lightHighContrast = lightHighContrast
        self.darkHighContrast = darkHighContrast
        self.textStyles = textStyles
    }

    /// PanelKit's own look.
    public static let standard = Theme()

    /// The palette for `traits`.
    public func palette(for traits: TraitCollection) -> Palette {
        switch (traits.userInterfaceStyle, traits.accessibilityContrast) {
        case (.light, .normal): light
        case (.dark, .normal): dark
        case (.light, .high): lightHighContrast
        case (.dark, .high): darkHighContrast
        }
    }

    /// Sets the accent (``Palette/tint`` and ``Palette/tintFill``) of every palette to one
    /// colour. Check it reads as text in each appearance (``Window/accessibilityAudit()``).
    public mutating func setTint(_ color: Color) {
        for keyPath in [\Theme.light, \.dark, \.lightHighContrast, \.darkHighContrast] {
            self[keyPath: keyPath].tint = color
            self[keyPath: keyPath].tintFill = color
        }
    }
}
