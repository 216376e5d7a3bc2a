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

    /// The theme with every palette's missing system colours (``Palette/subscript(system:)``)
    /// taken from its light palette (and the light palette's from ``Palette/light``), with one
    /// warning per palette that lacked some, naming them: what ``Application/theme`` stores.
    public func completed() -> Theme {
        var theme = self
        var borrowed: [String] = []
        func fill(_ keyPath: WritableKeyPath<Theme, Palette>, _ name: String, from source: Palette) {
            let missing = theme[keyPath: keyPath].systemEntries.missing
            guard !missing.isEmpty else { return }
            for entry in missing { theme[keyPath: keyPath].systemEntries[entry] = source.systemEntries[entry] }
            borrowed.append("the \(name) palette lacks \(missing.map(\.description).joined(separator: ", "))")
        }
        fill(\.light, "light", from: .light)
        for (keyPath, name) in [(\Theme.dark, "dark"), (\.lightHighContrast, "light high-contrast"), (\.darkHighContrast, "dark high-contrast")] {
            fill(keyPath, name, from: theme.light)
        }
        if !borrowed.isEmpty {
            UsageWarning.report(
                "Application.theme",
                "\(borrowed.joined(separator: "; ")): the light palette's entries are used (the standard light palette's for the light one); give each palette its own: theme.dark[system: .systemRed] = …"
            )
        }
        return theme
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
