public import PanelGraphics

/// UIKit's names for the semantic colours, on a palette: `systemBackground`, `label`,
/// `secondaryLabel`, `separator`, `tint`, `link`, and every ``SystemColor``. Use them as key
/// paths where PanelKit takes a palette colour, so they follow light, dark and contrast:
///
/// ```swift
/// view.paletteBackground = \.systemBackground
/// caption.textRole = \.secondaryLabel
/// warning.textRole = \.systemRed
/// ```
///
/// `Color` has no such names: a `Color` is one fixed value. Read one at a moment with
/// `view.palette.systemRed`.
extension Palette {
    /// A screen's background: ``background`` (UIKit's `systemBackground`).
    public var systemBackground: Color {
        get { background }
        set { background = newValue }
    }

    /// A grouped list's background: ``groupedBackground`` (UIKit's `systemGroupedBackground`).
    public var systemGroupedBackground: Color {
        get { groupedBackground }
        set { groupedBackground = newValue }
    }

    /// Links and the accent as text: ``tint`` (UIKit's `link`).
    public var link: Color {
        get { tint }
        set { tint = newValue }
    }

    /// The palette's own entry for `name`; nil when it lacks one. In an app, a palette of the
    /// theme that lacks an entry gets the theme's light palette's (``Theme/completed()``).
    public subscript(system name: SystemColor) -> Color? {
        get { systemEntries[name] }
        set { systemEntries[name] = newValue }
    }

    /// The entry for `name`, else the standard light palette's.
    func resolved(_ name: SystemColor) -> Color {
        systemEntries[name] ?? SystemColorEntries.light[name] ?? .black
    }

    /// A background a level up in a plain screen: grouped content, a panel (UIKit's `secondarySystemBackground`).
    public var secondarySystemBackground: Color {
        get { resolved(.secondarySystemBackground) }
        set { systemEntries[.secondarySystemBackground] = newValue }
    }

    /// A background a third level up (UIKit's `tertiarySystemBackground`).
    public var tertiarySystemBackground: Color {
        get { resolved(.tertiarySystemBackground) }
        set { systemEntries[.tertiarySystemBackground] = newValue }
    }

    /// The rows of a grouped list, on `Palette.groupedBackground` (UIKit's `secondarySystemGroupedBackground`).
    public var secondarySystemGroupedBackground: Color {
        get { resolved(.secondarySystemGroupedBackground) }
        set { systemEntries[.secondarySystemGroupedBackground] = newValue }
    }

    /// What sits on a grouped list's rows (UIKit's `tertiarySystemGroupedBackground`).
    public var tertiarySystemGroupedBackground: Color {
        get { resolved(.tertiarySystemGroupedBackground) }
        set { systemEntries[.tertiarySystemGroupedBackground] = newValue }
    }

    /// Tertiary text: hints that need not be read (UIKit's `tertiaryLabel`, translucent; below WCAG's text minimum by design, as UIKit's is).
    public var tertiaryLabel: Color {
        get { resolved(.tertiaryLabel) }
        set { systemEntries[.tertiaryLabel] = newValue }
    }

    /// Quaternary text: watermarks (UIKit's `quaternaryLabel`, translucent).
    public var quaternaryLabel: Color {
        get { resolved(.quaternaryLabel) }
        set { systemEntries[.quaternaryLabel] = newValue }
    }

    /// A separator that hides what is under it (UIKit's `opaqueSeparator`).
    public var opaqueSeparator: Color {
        get { resolved(.opaqueSeparator) }
        set { systemEntries[.opaqueSeparator] = newValue }
    }

    /// A fill for thin and small shapes: a slider's track (UIKit's `systemFill`, translucent).
    public var systemFill: Color {
        get { resolved(.systemFill) }
        set { systemEntries[.systemFill] = newValue }
    }

    /// A fill for medium shapes: a switch's off track (UIKit's `secondarySystemFill`).
    public var secondarySystemFill: Color {
        get { resolved(.secondarySystemFill) }
        set { systemEntries[.secondarySystemFill] = newValue }
    }

    /// A fill for large shapes: a search field (UIKit's `tertiarySystemFill`).
    public var tertiarySystemFill: Color {
        get { resolved(.tertiarySystemFill) }
        set { systemEntries[.tertiarySystemFill] = newValue }
    }

    /// A fill for large areas with complex content (UIKit's `quaternarySystemFill`).
    public var quaternarySystemFill: Color {
        get { resolved(.quaternarySystemFill) }
        set { systemEntries[.quaternarySystemFill] = newValue }
    }

    /// Red (UIKit's `systemRed`).
    public var systemRed: Color {
        get { resolved(.systemRed) }
        set { systemEntries[.systemRed] = newValue }
    }

    /// Orange (UIKit's `systemOrange`).
    public var systemOrange: Color {
        get { resolved(.systemOrange) }
        set { systemEntries[.systemOrange] = newValue }
    }

    /// Yellow (UIKit's `systemYellow`).
    public var systemYellow: Color {
        get { resolved(.systemYellow) }
        set { systemEntries[.systemYellow] = newValue }
    }

    /// Green (UIKit's `systemGreen`).
    public var systemGreen: Color {
        get { resolved(.systemGreen) }
        set { systemEntries[.systemGreen] = newValue }
    }

    /// Mint (UIKit's `systemMint`).
    public var systemMint: Color {
        get { resolved(.systemMint) }
        set { systemEntries[.systemMint] = newValue }
    }

    /// Teal (UIKit's `systemTeal`).
    public var systemTeal: Color {
        get { resolved(.systemTeal) }
        set { systemEntries[.systemTeal] = newValue }
    }

    /// Cyan (UIKit's `systemCyan`).
    public var systemCyan: Color {
        get { resolved(.systemCyan) }
        set { systemEntries[.systemCyan] = newValue }
    }

    /// Blue (UIKit's `systemBlue`).
    public var systemBlue: Color {
        get { resolved(.systemBlue) }
        set { systemEntries[.systemBlue] = newValue }
    }

    /// Indigo (UIKit's `systemIndigo`).
    public var systemIndigo: Color {
        get { resolved(.systemIndigo) }
        set { systemEntries[.systemIndigo] = newValue }
    }

    /// Purple (UIKit's `systemPurple`).
    public var systemPurple: Color {
        get { resolved(.systemPurple) }
        set { systemEntries[.systemPurple] = newValue }
    }

    /// Pink (UIKit's `systemPink`).
    public var systemPink: Color {
        get { resolved(.systemPink) }
        set { systemEntries[.systemPink] = newValue }
    }

    /// Brown (UIKit's `systemBrown`).
    public var systemBrown: Color {
        get { resolved(.systemBrown) }
        set { systemEntries[.systemBrown] = newValue }
    }

    /// Grey (UIKit's `systemGray`).
    public var systemGray: Color {
        get { resolved(.systemGray) }
        set { systemEntries[.systemGray] = newValue }
    }

    /// A lighter grey in light, darker in dark (UIKit's `systemGray2`).
    public var systemGray2: Color {
        get { resolved(.systemGray2) }
        set { systemEntries[.systemGray2] = newValue }
    }

    /// UIKit's `systemGray3`.
    public var systemGray3: Color {
        get { resolved(.systemGray3) }
        set { systemEntries[.systemGray3] = newValue }
    }

    /// UIKit's `systemGray4`.
    public var systemGray4: Color {
        get { resolved(.systemGray4) }
        set { systemEntries[.systemGray4] = newValue }
    }

    /// UIKit's `systemGray5`.
    public var systemGray5: Color {
        get { resolved(.systemGray5) }
        set { systemEntries[.systemGray5] = newValue }
    }

    /// The grey nearest the background (UIKit's `systemGray6`).
    public var systemGray6: Color {
        get { resolved(.systemGray6) }
        set { systemEntries[.systemGray6] = newValue }
    }
}
