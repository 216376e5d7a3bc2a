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

    init(_ values: [SystemColor: Color]) {
        for (name, color) in values { entries[name.rawValue] = color }
    }

    subscript(name: SystemColor) -> Color? {
        get { entries[name.rawValue] }
        set { entries[name.rawValue] = newValue }
    }

    /// The names that have no entry.
    var missing: [SystemColor] { SystemColor.allCases.filter { entries[$0.rawValue] == nil } }

    static func == (lhs: SystemColorEntries, rhs: SystemColorEntries) -> Bool {
        for index in 0 ..< 29 where lhs.entries[index] != rhs.entries[index] { return false }
        return true
    }

    func hash(into hasher: inout Hasher) {
        for index in 0 ..< 29 { hasher.combine(entries[index]) }
    }

    /// The standard light entries (iOS's values).
    static let light = SystemColorEntries([
        .secondarySystemBackground: Color(rgba: 0xF2F2F7FF),
        .tertiarySystemBackground: Color(rgba: 0xFFFFFFFF),
        .secondarySystemGroupedBackground: Color(rgba: 0xFFFFFFFF),
        .tertiarySystemGroupedBackground: Color(rgba: 0xF2F2F7FF),
        .tertiaryLabel: Color(rgba: 0x3C3C434D),
        .quaternaryLabel: Color(rgba: 0x3C3C432E),
        .opaqueSeparator: Color(rgba: 0xC6C6C8FF),
        .systemFill: Color(rgba: 0x78788033),
        .secondarySystemFill: Color(rgba: 0x78788029),
        .tertiarySystemFill: Color(rgba: 0x7676801F),
        .quaternarySystemFill: Color(rgba: 0x74748014),
        .systemRed: Color(rgba: 0xFF3B30FF),
        .systemOrange: Color(rgba: 0xFF9500FF),
        .systemYellow: Color(rgba: 0xFFCC00FF),
        .systemGreen: Color(rgba: 0x34C759FF),
        .systemMint: Color(rgba: 0x00C7BEFF),
        .systemTeal: Color(rgba: 0x30B0C7FF),
        .systemCyan: Color(rgba: 0x32ADE6FF),
        .systemBlue: Color(rgba: 0x007AFFFF),
        .systemIndigo: Color(rgba: 0x5856D6FF),
        .systemPurple: Color(rgba: 0xAF52DEFF),
        .systemPink: Color(rgba: 0xFF2D55FF),
        .systemBrown: Color(rgba: 0xA2845EFF),
        .systemGray: Color(rgba: 0x8E8E93FF),
        .systemGray2: Color(rgba: 0xAEAEB2FF),
        .systemGray3: Color(rgba: 0xC7C7CCFF),
        .systemGray4: Color(rgba: 0xD1D1D6FF),
        .systemGray5: Color(rgba: 0xE5E5EAFF),
        .systemGray6: Color(rgba: 0xF2F2F7FF),
    ])
    /// The standard dark entries (iOS's values).
    static let dark = SystemColorEntries([
        .secondarySystemBackground: Color(rgba: 0x1C1C1EFF),
        .tertiarySystemBackground: Color(rgba: 0x2C2C2EFF),
        .secondarySystemGroupedBackground: Color(rgba: 0x1C1C1EFF),
        .tertiarySystemGroupedBackground: Color(rgba: 0x2C2C2EFF),
        .tertiaryLabel: Color(rgba: 0xEBEBF54D),
        .quaternaryLabel: Color(rgba: 0xEBEBF529),
        .opaqueSeparator: Color(rgba: 0x38383AFF),
        .systemFill: Color(rgba: 0x7878805C),
        .secondarySystemFill: Color(rgba: 0x78788052),
        .tertiarySystemFill: Color(rgba: 0x7676803D),
        .quaternarySystemFill: Color(rgba: 0x7676802E),
        .systemRed: Color(rgba: 0xFF453AFF),
        .systemOrange: Color(rgba: 0xFF9F0AFF),
        .systemYellow: Color(rgba: 0xFFD60AFF),
        .systemGreen: Color(rgba: 0x30D158FF),
        .systemMint: Color(rgba: 0x63E6E2FF),
        .systemTeal: Color(rgba: 0x40C8E0FF),
        .systemCyan: Color(rgba: 0x64D2FFFF),
        .systemBlue: Color(rgba: 0x0A84FFFF),
        .systemIndigo: Color(rgba: 0x5E5CE6FF),
        .systemPurple: Color(rgba: 0xBF5AF2FF),
        .systemPink: Color(rgba: 0xFF375FFF),
        .systemBrown: Color(rgba: 0xAC8E68FF),
        .systemGray: Color(rgba: 0x8E8E93FF),
        .systemGray2: Color(rgba: 0x636366FF),
        .systemGray3: Color(rgba: 0x48484AFF),
        .systemGray4: Color(rgba: 0x3A3A3CFF),
        .systemGray5: Color(rgba: 0x2C2C2EFF),
        .systemGray6: Color(rgba: 0x1C1C1EFF),
    ])
    /// The standard lightHighContrast entries (iOS's values).
    static let lightHighContrast = SystemColorEntries([
        .secondarySystemBackground: Color(rgba: 0xEBEBF0FF),
        .tertiarySystemBackground: Color(rgba: 0xFFFFFFFF),
        .secondarySystemGroupedBackground: Color(rgba: 0xFFFFFFFF),
        .tertiarySystemGroupedBackground: Color(rgba: 0xEBEBF0FF),
        .tertiaryLabel: Color(rgba: 0x3C3C4366),
        .quaternaryLabel: Color(rgba: 0x3C3C4342),
        .opaqueSeparator: Color(rgba: 0x6E6E73FF),
        .systemFill: Color(rgba: 0x78788052),
        .secondarySystemFill: Color(rgba: 0x78788047),
        .tertiarySystemFill: Color(rgba: 0x7676803D),
        .quaternarySystemFill: Color(rgba: 0x74748033),
        .systemRed: Color(rgba: 0xD70015FF),
        .systemOrange: Color(rgba: 0xC93400FF),
        .systemYellow: Color(rgba: 0xA05A00FF),
        .systemGreen: Color(rgba: 0x248A3DFF),
        .systemMint: Color(rgba: 0x0C817BFF),
        .systemTeal: Color(rgba: 0x008299FF),
        .systemCyan: Color(rgba: 0x0071A4FF),
        .systemBlue: Color(rgba: 0x0040DDFF),
        .systemIndigo: Color(rgba: 0x3634A3FF),
        .systemPurple: Color(rgba: 0x8944ABFF),
        .systemPink: Color(rgba: 0xD30F45FF),
        .systemBrown: Color(rgba: 0x7F6545FF),
        .systemGray: Color(rgba: 0x6C6C70FF),
        .systemGray2: Color(rgba: 0x8E8E93FF),
        .systemGray3: Color(rgba: 0xAEAEB2FF),
        .systemGray4: Color(rgba: 0xBCBCC0FF),
        .systemGray5: Color(rgba: 0xD8D8DCFF),
        .systemGray6: Color(rgba: 0xEBEBF0FF),
    ])
    /// The standard darkHighContrast entries (iOS's values).
    static let darkHighContrast = SystemColorEntries([
        .secondarySystemBackground: Color(rgba: 0x242426FF),
        .tertiarySystemBackground: Color(rgba: 0x363638FF),
        .secondarySystemGroupedBackground: Color(rgba: 0x242426FF),
        .tertiarySystemGroupedBackground: Color(rgba: 0x363638FF),
        .tertiaryLabel: Color(rgba: 0xEBEBF566),
        .quaternaryLabel: Color(rgba: 0xEBEBF53D),
        .opaqueSeparator: Color(rgba: 0xAEAEB2FF),
        .systemFill: Color(rgba: 0x7878807A),
        .secondarySystemFill: Color(rgba: 0x7878806B),
        .tertiarySystemFill: Color(rgba: 0x7676805C),
        .quaternarySystemFill: Color(rgba: 0x7676804D),
        .systemRed: Color(rgba: 0xFF6961FF),
        .systemOrange: Color(rgba: 0xFFB340FF),
        .systemYellow: Color(rgba: 0xFFD426FF),
        .systemGreen: Color(rgba: 0x30DB5BFF),
        .systemMint: Color(rgba: 0x66F0EAFF),
        .systemTeal: Color(rgba: 0x5DE6FFFF),
        .systemCyan: Color(rgba: 0x70D7FFFF),
        .systemBlue: Color(rgba: 0x409CFFFF),
        .systemIndigo: Color(rgba: 0x7D7AFFFF),
        .systemPurple: Color(rgba: 0xDA8FFFFF),
        .systemPink: Color(rgba: 0xFF6482FF),
        .systemBrown: Color(rgba: 0xB59469FF),
        .systemGray: Color(rgba: 0xAEAEB2FF),
        .systemGray2: Color(rgba: 0x7C7C80FF),
        .systemGray3: Color(rgba: 0x545456FF),
        .systemGray4: Color(rgba: 0x444446FF),
        .systemGray5: Color(rgba: 0x363638FF),
        .systemGray6: Color(rgba: 0x242426FF),
    ])
}
