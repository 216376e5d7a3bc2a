public import PanelGraphics

/// The semantic colours of one appearance (light or dark, normal or high contrast): what every
/// built-in view draws with, and what an app's own views should draw with, so that they follow
/// the theme. UIKit's semantic colours (`label`, `systemBackground`, `separator`…), as plain
/// values: a ``Theme`` holds one palette per appearance, and a view reads the one for its
/// traits (``View/palette``). Every colour can be overridden (``Theme``'s discussion).
///
/// The standard palettes meet WCAG's contrast minimums where text is drawn: text colours are
/// at least 4.5:1 on the backgrounds they are drawn on (7:1 in high contrast), and the high
/// contrast palettes give borders, tracks and separators 3:1 against their background.
public struct Palette: Hashable, Sendable {
    // MARK: Text

    /// Primary text: labels, field contents, list rows.
    public var label: Color
    /// Secondary text: list section headers and footers, captions, a chart's or gauge's labels.
    public var secondaryLabel: Color
    /// A text field's or text view's placeholder.
    public var placeholderText: Color
    /// The text and ink of disabled controls (exempt from contrast minimums, as WCAG says).
    public var disabledLabel: Color

    // MARK: Tint

    /// The accent for text and lines on a background: bar buttons, the selected tab, the
    /// caret, a checked box's outline, the calendar's arrows. ``View/tintColor`` overrides it.
    public var tint: Color
    /// The accent as a fill under text: a filled button, the selected segment, a checked box,
    /// the calendar's chosen day. ``View/tintColor`` overrides it too.
    public var tintFill: Color
    /// Text and marks drawn on ``tintFill`` (a filled button's title, a check mark).
    public var onTint: Color

    // MARK: Backgrounds

    /// A screen's background.
    public var background: Color
    /// A background a level up: a card or panel on ``background``, a text field's inside.
    public var secondaryBackground: Color
    /// The background of a grouped list, behind its sections.
    public var groupedBackground: Color
    /// Navigation bars and tab bars.
    public var barBackground: Color
    /// What floats above the screen: alerts, menus, popovers, sheets.
    public var elevatedBackground: Color

    // MARK: Lines and fills

    /// Hairlines between rows and under bars.
    public var separator: Color
    /// The outline of fields, dropdowns and menus.
    public var border: Color
    /// Tracks, wells and the pressed look of plain rows and keys.
    public var fill: Color
    /// A stronger fill: a selected row, a picker's selection band.
    public var secondaryFill: Color
    /// Neutral marks: an unchecked box's outline, an activity indicator, an off radio ring.
    public var gray: Color
    /// Lighter neutral marks: chart axes, a clear button's disc.
    public var secondaryGray: Color

    // MARK: Status

    /// Destructive actions' text (an alert's Delete, a menu's Remove).
    public var destructive: Color
    /// The fill of alerts that need attention, with ``onTint`` text: a badge.
    public var destructiveFill: Color
    /// On and healthy: a switch that is on, a green LED.
    public var success: Color
    /// The outline of the view that has keyboard or reader focus.
    public var focusRing: Color

    // MARK: The on-screen keyboard

    /// Behind the keys.
    public var keyboardBackground: Color
    /// A character key.
    public var keyFace: Color
    /// A function key (shift, delete, return, the layout switch).
    public var functionKeyFace: Color
    /// The shadow under each key.
    public var keyShadow: Color
    /// The keys' legends.
    public var keyLabel: Color

    // MARK: UIKit's other system colours

    /// The entries for ``SystemColor``'s names (Palette+SystemColors.swift).
    var systemEntries: SystemColorEntries

    /// Creates a palette from every colour (start from one of the standard palettes and change
    /// what you need instead, as ``Theme`` shows). `system` gives UIKit's other system colours
    /// (``SystemColor``); in an app's theme, a palette lacking one gets the theme's light
    /// palette's, and that is reported once (``Theme/completed()``).
    public init(
        label: Color, secondaryLabel: Color, placeholderText: Color, disabledLabel: Color,
        tint: Color, tintFill: Color, onTint: Color,
        background: Color, secondaryBackground: Color, groupedBackground: Color, barBackground: Color, elevatedBackground: Color,
        separator: Color, border: Color, fill: Color, secondaryFill: Color, gray: Color, secondaryGray: Color,
        destructive: Color, destructiveFill: Color, success: Color, focusRing: Color,
        keyboardBackground: Color, keyFace: Color, functionKeyFace: Color, keyShadow: Color, keyLabel: Color,
        system: [SystemColor: Color] = [:]
    ) {
        systemEntries = SystemColorEntries(system.map { ($0.key, $0.value) })
        self.label = label
        self.secondaryLabel = secondaryLabel
        self.placeholderText = placeholderText
        self.disabledLabel = disabledLabel
        self.tint = tint
        self.tintFill = tintFill
        self.onTint = onTint
        self.background = background
        self.secondaryBackground = secondaryBackground
        self.groupedBackground = groupedBackground
        self.barBackground = barBackground
        self.elevatedBackground = elevatedBackground
        self.separator = separator
        self.border = border
        self.fill = fill
        self.secondaryFill = secondaryFill
        self.gray = gray
        self.secondaryGray = secondaryGray
        self.destructive = destructive
        self.destructiveFill = destructiveFill
        self.success = success
        self.focusRing = focusRing
        self.keyboardBackground = keyboardBackground
        self.keyFace = keyFace
        self.functionKeyFace = functionKeyFace
        self.keyShadow = keyShadow
        self.keyLabel = keyLabel
    }

    /// Light, normal contrast: iOS's light colours, with the accent, placeholder and
    /// destructive red darkened to reach 4.5:1 as text.
    public static let light = Palette(
        label: .black, secondaryLabel: Color(rgb: 0x6C6C70), placeholderText: Color(rgb: 0x6E6E73), disabledLabel: Color(rgb: 0xC7C7CC),
        tint: .blue, tintFill: .blue, onTint: .white,
        background: .white, secondaryBackground: .white, groupedBackground: Color(rgb: 0xF2F2F7),
        barBackground: Color(rgb: 0xF9F9F9), elevatedBackground: Color(rgb: 0xF9F9F9),
        separator: Color(rgb: 0xC6C6C8), border: Color(rgb: 0xC7C7CC), fill: Color(rgb: 0xE5E5EA), secondaryFill: Color(rgb: 0xD1D1D6),
        gray: Color(rgb: 0x8E8E93), secondaryGray: Color(rgb: 0xAEAEB2),
        destructive: Color(rgb: 0xD70015), destructiveFill: Color(rgb: 0xD70015), success: Color(rgb: 0x34C759), focusRing: Color(rgb: 0xFF9500),
        keyboardBackground: Color(rgb: 0xD1D3D9), keyFace: .white, functionKeyFace: Color(rgb: 0xABB0BA), keyShadow: Color(rgb: 0x898A8D),
        keyLabel: .black
    ).with(.light)

    /// Dark, normal contrast: iOS's dark colours (black screens, `#1c1c1e` panels), with an
    /// accent light enough to read as text on them (6.5:1) and a fill dark enough under white
    /// titles (5.6:1).
    public static let dark = Palette(
        label: .white, secondaryLabel: Color(rgb: 0xAEAEB2), placeholderText: Color(rgb: 0x98989D), disabledLabel: Color(rgb: 0x48484A),
        tint: Color(rgb: 0x4DA3FF), tintFill: .blue, onTint: .white,
        background: .black, secondaryBackground: Color(rgb: 0x1C1C1E), groupedBackground: .black,
        barBackground: Color(rgb: 0x1C1C1E), elevatedBackground: Color(rgb: 0x2C2C2E),
        separator: Color(rgb: 0x38383A), border: Color(rgb: 0x48484A), fill: Color(rgb: 0x3A3A3C), secondaryFill: Color(rgb: 0x48484A),
        gray: Color(rgb: 0x8E8E93), secondaryGray: Color(rgb: 0x636366),
        destructive: Color(rgb: 0xFF6961), destructiveFill: Color(rgb: 0xD70015), success: Color(rgb: 0x30D158), focusRing: Color(rgb: 0xFF9F0A),
        keyboardBackground: Color(rgb: 0x2B2B2D), keyFace: Color(rgb: 0x6B6B6E), functionKeyFace: Color(rgb: 0x464649), keyShadow: .black,
        keyLabel: .white
    ).with(.dark)

    /// Light, high contrast: black text, darker accents (the accent 8.6:1 under white), and
    /// borders, tracks and separators at 3:1 or more on white.
    public static let lightHighContrast = Palette(
        label: .black, secondaryLabel: Color(rgb: 0x3A3A3C), placeholderText: Color(rgb: 0x48484A), disabledLabel: Color(rgb: 0x8E8E93),
        tint: Color(rgb: 0x004A9C), tintFill: Color(rgb: 0x004A9C), onTint: .white,
        background: .white, secondaryBackground: .white, groupedBackground: Color(rgb: 0xF2F2F7),
        barBackground: Color(rgb: 0xF9F9F9), elevatedBackground: .white,
        separator: Color(rgb: 0x6E6E73), border: Color(rgb: 0x6E6E73), fill: Color(rgb: 0x8E8E93), secondaryFill: Color(rgb: 0xAEAEB2),
        gray: Color(rgb: 0x6E6E73), secondaryGray: Color(rgb: 0x6E6E73),
        destructive: Color(rgb: 0xA5000F), destructiveFill: Color(rgb: 0xA5000F), success: Color(rgb: 0x248A3D), focusRing: Color(rgb: 0xC93400),
        keyboardBackground: Color(rgb: 0xC7C9D0), keyFace: .white, functionKeyFace: Color(rgb: 0xA0A5AE), keyShadow: Color(rgb: 0x48484A),
        keyLabel: .black
    ).with(.lightHighContrast)

    /// Dark, high contrast: white text, brighter accents (8.8:1 on the panels), and borders,
    /// tracks and separators at 3:1 or more on black.
    public static let darkHighContrast = Palette(
        label: .white, secondaryLabel: Color(rgb: 0xEBEBF0), placeholderText: Color(rgb: 0xC7C7CC), disabledLabel: Color(rgb: 0x8E8E93),
        tint: Color(rgb: 0x7CC0FF), tintFill: Color(rgb: 0x0050A8), onTint: .white,
        background: .black, secondaryBackground: Color(rgb: 0x1C1C1E), groupedBackground: .black,
        barBackground: Color(rgb: 0x1C1C1E), elevatedBackground: Color(rgb: 0x2C2C2E),
        separator: Color(rgb: 0xAEAEB2), border: Color(rgb: 0xAEAEB2), fill: Color(rgb: 0x6C6C70), secondaryFill: Color(rgb: 0x7C7C80),
        gray: Color(rgb: 0xAEAEB2), secondaryGray: Color(rgb: 0x8E8E93),
        destructive: Color(rgb: 0xFFA198), destructiveFill: Color(rgb: 0xA5000F), success: Color(rgb: 0x30DB5B), focusRing: Color(rgb: 0xFFB340),
        keyboardBackground: Color(rgb: 0x1C1C1E), keyFace: Color(rgb: 0x545458), functionKeyFace: Color(rgb: 0x3A3A3C), keyShadow: .black,
        keyLabel: .white
    ).with(.darkHighContrast)

    /// The palette with `entries` for its system colours.
    func with(_ entries: SystemColorEntries) -> Palette {
        var copy = self
        copy.systemEntries = entries
        return copy
    }
}
