import PanelGraphics

/// UIKit's system colours that ``Palette`` has no field of its own for: the tertiary and
/// quaternary labels and backgrounds, the fills, the hues (`systemRed`…) and the greys
/// (`systemGray`…`systemGray6`). Read them by their UIKit names on a palette
/// (`palette.systemRed`, `label.textRole = \.tertiaryLabel`); a palette may lack one
/// (``Palette/subscript(system:)``).
public enum SystemColor: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A background a level up in a plain screen: grouped content, a panel (UIKit's `secondarySystemBackground`).
    case secondarySystemBackground
    /// A background a third level up (UIKit's `tertiarySystemBackground`).
    case tertiarySystemBackground
    /// The rows of a grouped list, on `Palette.groupedBackground` (UIKit's `secondarySystemGroupedBackground`).
    case secondarySystemGroupedBackground
    /// What sits on a grouped list's rows (UIKit's `tertiarySystemGroupedBackground`).
    case tertiarySystemGroupedBackground
    /// Tertiary text: hints that need not be read (UIKit's `tertiaryLabel`, translucent; below WCAG's text minimum by design, as UIKit's is).
    case tertiaryLabel
    /// Quaternary text: watermarks (UIKit's `quaternaryLabel`, translucent).
    case quaternaryLabel
    /// A separator that hides what is under it (UIKit's `opaqueSeparator`).
    case opaqueSeparator
    /// A fill for thin and small shapes: a slider's track (UIKit's `systemFill`, translucent).
    case systemFill
    /// A fill for medium shapes: a switch's off track (UIKit's `secondarySystemFill`).
    case secondarySystemFill
    /// A fill for large shapes: a search field (UIKit's `tertiarySystemFill`).
    case tertiarySystemFill
    /// A fill for large areas with complex content (UIKit's `quaternarySystemFill`).
    case quaternarySystemFill
    /// Red (UIKit's `systemRed`).
    case systemRed
    /// Orange (UIKit's `systemOrange`).
    case systemOrange
    /// Yellow (UIKit's `systemYellow`).
    case systemYellow
    /// Green (UIKit's `systemGreen`).
    case systemGreen
    /// Mint (UIKit's `systemMint`).
    case systemMint
    /// Teal (UIKit's `systemTeal`).
    case systemTeal
    /// Cyan (UIKit's `systemCyan`).
    case systemCyan
    /// Blue (UIKit's `systemBlue`).
    case systemBlue
    /// Indigo (UIKit's `systemIndigo`).
    case systemIndigo
    /// Purple (UIKit's `systemPurple`).
    case systemPurple
    /// Pink (UIKit's `systemPink`).
    case systemPink
    /// Brown (UIKit's `systemBrown`).
    case systemBrown
    /// Grey (UIKit's `systemGray`).
    case systemGray
    /// A lighter grey in light, darker in dark (UIKit's `systemGray2`).
    case systemGray2
    /// UIKit's `systemGray3`.
    case systemGray3
    /// UIKit's `systemGray4`.
    case systemGray4
    /// UIKit's `systemGray5`.
    case systemGray5
    /// The grey nearest the background (UIKit's `systemGray6`).
    case systemGray6

    /// The name, as UIKit spells it: "systemRed".
    public var description: String {
        switch self {
        case .secondarySystemBackground: "secondarySystemBackground"
        case .tertiarySystemBackground: "tertiarySystemBackground"
        case .secondarySystemGroupedBackground: "secondarySystemGroupedBackground"
        case .tertiarySystemGroupedBackground: "tertiarySystemGroupedBackground"
        case .tertiaryLabel: "tertiaryLabel"
        case .quaternaryLabel: "quaternaryLabel"
        case .opaqueSeparator: "opaqueSeparator"
        case .systemFill: "systemFill"
        case .secondarySystemFill: "secondarySystemFill"
        case .tertiarySystemFill: "tertiarySystemFill"
        case .quaternarySystemFill: "quaternarySystemFill"
        case .systemRed: "systemRed"
        case .systemOrange: "systemOrange"
        case .systemYellow: "systemYellow"
        case .systemGreen: "systemGreen"
        case .systemMint: "systemMint"
        case .systemTeal: "systemTeal"
        case .systemCyan: "systemCyan"
        case .systemBlue: "systemBlue"
        case .systemIndigo: "systemIndigo"
        case .systemPurple: "systemPurple"
        case .systemPink: "systemPink"
        case .systemBrown: "systemBrown"
        case .systemGray: "systemGray"
        case .systemGray2: "systemGray2"
        case .systemGray3: "systemGray3"
        case .systemGray4: "systemGray4"
        case .systemGray5: "systemGray5"
        case .systemGray6: "systemGray6"
        }
    }
}

/// A palette's system colours: one optional entry per ``SystemColor``, stored inline (a palette
/// is copied each time a view reads it, and this keeps that copy free of reference counting).
struct SystemColorEntries: Hashable, Sendable {
    private var entries = InlineArray<29, Color?>(repeating: nil)

    init() {}

    init(_ values: some Sequence<(SystemColor, Color)>) {
        for (name, color) in values { entries[name.rawValue] = color }
    }

    subscript(name: SystemColor) -> Color? {
        get { entries[name.rawValue] }
        set { entries[name.rawValue] = newValue }
    }

    /// The names that have no entry.
    var missing: [SystemColor] { SystemColor.allCases.filter { entries[$0.rawValue] == nil } }

    static func == (lhs: SystemColorEntries, rhs: SystemColorEntries) -> Bool {
        for index in lhs.entries.indices where lhs.entries[index] != rhs.entries[index] { return false }
        return true
    }

    func hash(into hasher: inout Hasher) {
        for index in entries.indices { hasher.combine(entries[index]) }
    }

    /// iOS's values of each system colour: light, dark, light high contrast, dark high contrast.
    private static let standard: [(SystemColor, UInt32, UInt32, UInt32, UInt32)] = [
        (.secondarySystemBackground, 0xF2F2F7FF, 0x1C1C1EFF, 0xEBEBF0FF, 0x242426FF),
        (.tertiarySystemBackground, 0xFFFFFFFF, 0x2C2C2EFF, 0xFFFFFFFF, 0x363638FF),
        (.secondarySystemGroupedBackground, 0xFFFFFFFF, 0x1C1C1EFF, 0xFFFFFFFF, 0x242426FF),
        (.tertiarySystemGroupedBackground, 0xF2F2F7FF, 0x2C2C2EFF, 0xEBEBF0FF, 0x363638FF),
        (.tertiaryLabel, 0x3C3C434D, 0xEBEBF54D, 0x3C3C4366, 0xEBEBF566),
        (.quaternaryLabel, 0x3C3C432E, 0xEBEBF529, 0x3C3C4342, 0xEBEBF53D),
        (.opaqueSeparator, 0xC6C6C8FF, 0x38383AFF, 0x6E6E73FF, 0xAEAEB2FF),
        (.systemFill, 0x78788033, 0x7878805C, 0x78788052, 0x7878807A),
        (.secondarySystemFill, 0x78788029, 0x78788052, 0x78788047, 0x7878806B),
        (.tertiarySystemFill, 0x7676801F, 0x7676803D, 0x7676803D, 0x7676805C),
        (.quaternarySystemFill, 0x74748014, 0x7676802E, 0x74748033, 0x7676804D),
        (.systemRed, 0xFF3B30FF, 0xFF453AFF, 0xD70015FF, 0xFF6961FF),
        (.systemOrange, 0xFF9500FF, 0xFF9F0AFF, 0xC93400FF, 0xFFB340FF),
        (.systemYellow, 0xFFCC00FF, 0xFFD60AFF, 0xA05A00FF, 0xFFD426FF),
        (.systemGreen, 0x34C759FF, 0x30D158FF, 0x248A3DFF, 0x30DB5BFF),
        (.systemMint, 0x00C7BEFF, 0x63E6E2FF, 0x0C817BFF, 0x66F0EAFF),
        (.systemTeal, 0x30B0C7FF, 0x40C8E0FF, 0x008299FF, 0x5DE6FFFF),
        (.systemCyan, 0x32ADE6FF, 0x64D2FFFF, 0x0071A4FF, 0x70D7FFFF),
        (.systemBlue, 0x007AFFFF, 0x0A84FFFF, 0x0040DDFF, 0x409CFFFF),
        (.systemIndigo, 0x5856D6FF, 0x5E5CE6FF, 0x3634A3FF, 0x7D7AFFFF),
        (.systemPurple, 0xAF52DEFF, 0xBF5AF2FF, 0x8944ABFF, 0xDA8FFFFF),
        (.systemPink, 0xFF2D55FF, 0xFF375FFF, 0xD30F45FF, 0xFF6482FF),
        (.systemBrown, 0xA2845EFF, 0xAC8E68FF, 0x7F6545FF, 0xB59469FF),
        (.systemGray, 0x8E8E93FF, 0x8E8E93FF, 0x6C6C70FF, 0xAEAEB2FF),
        (.systemGray2, 0xAEAEB2FF, 0x636366FF, 0x8E8E93FF, 0x7C7C80FF),
        (.systemGray3, 0xC7C7CCFF, 0x48484AFF, 0xAEAEB2FF, 0x545456FF),
        (.systemGray4, 0xD1D1D6FF, 0x3A3A3CFF, 0xBCBCC0FF, 0x444446FF),
        (.systemGray5, 0xE5E5EAFF, 0x2C2C2EFF, 0xD8D8DCFF, 0x363638FF),
        (.systemGray6, 0xF2F2F7FF, 0x1C1C1EFF, 0xEBEBF0FF, 0x242426FF),
    ]

    /// The standard light entries.
    static let light = SystemColorEntries(standard.map { ($0.0, Color(rgba: $0.1)) })
    /// The standard dark entries.
    static let dark = SystemColorEntries(standard.map { ($0.0, Color(rgba: $0.2)) })
    /// The standard light high-contrast entries.
    static let lightHighContrast = SystemColorEntries(standard.map { ($0.0, Color(rgba: $0.3)) })
    /// The standard dark high-contrast entries.
    static let darkHighContrast = SystemColorEntries(standard.map { ($0.0, Color(rgba: $0.4)) })
}
