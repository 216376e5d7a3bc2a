public import PanelGraphics

/// UIKit's semantic colour names on `Color`, where a UIKit developer looks first, each an error
/// that says where the name lives: a `Color` is one fixed value, and a colour that follows light,
/// dark and contrast is a palette's (``Palette``'s UIKit names).
extension Color {
    /// UIKit's `systemBackground`: a palette's ``Palette/systemBackground``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: view.paletteBackground = \\.systemBackground (view.palette.systemBackground reads it now)"
    )
    public static var systemBackground: Color { Palette.light.systemBackground }

    /// UIKit's `secondarySystemBackground`: a palette's ``Palette/secondarySystemBackground``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: view.paletteBackground = \\.secondarySystemBackground (view.palette.secondarySystemBackground reads it now)"
    )
    public static var secondarySystemBackground: Color { Palette.light.secondarySystemBackground }

    /// UIKit's `tertiarySystemBackground`: a palette's ``Palette/tertiarySystemBackground``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: view.paletteBackground = \\.tertiarySystemBackground (view.palette.tertiarySystemBackground reads it now)"
    )
    public static var tertiarySystemBackground: Color { Palette.light.tertiarySystemBackground }

    /// UIKit's `systemGroupedBackground`: a palette's ``Palette/systemGroupedBackground``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: view.paletteBackground = \\.systemGroupedBackground (view.palette.systemGroupedBackground reads it now)"
    )
    public static var systemGroupedBackground: Color { Palette.light.systemGroupedBackground }

    /// UIKit's `secondarySystemGroupedBackground`: a palette's ``Palette/secondarySystemGroupedBackground``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: view.paletteBackground = \\.secondarySystemGroupedBackground (view.palette.secondarySystemGroupedBackground reads it now)"
    )
    public static var secondarySystemGroupedBackground: Color { Palette.light.secondarySystemGroupedBackground }

    /// UIKit's `tertiarySystemGroupedBackground`: a palette's ``Palette/tertiarySystemGroupedBackground``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: view.paletteBackground = \\.tertiarySystemGroupedBackground (view.palette.tertiarySystemGroupedBackground reads it now)"
    )
    public static var tertiarySystemGroupedBackground: Color { Palette.light.tertiarySystemGroupedBackground }

    /// UIKit's `label`: a palette's ``Palette/label``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.label (view.palette.label reads it now)"
    )
    public static var label: Color { Palette.light.label }

    /// UIKit's `secondaryLabel`: a palette's ``Palette/secondaryLabel``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.secondaryLabel (view.palette.secondaryLabel reads it now)"
    )
    public static var secondaryLabel: Color { Palette.light.secondaryLabel }

    /// UIKit's `tertiaryLabel`: a palette's ``Palette/tertiaryLabel``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.tertiaryLabel (view.palette.tertiaryLabel reads it now)"
    )
    public static var tertiaryLabel: Color { Palette.light.tertiaryLabel }

    /// UIKit's `quaternaryLabel`: a palette's ``Palette/quaternaryLabel``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.quaternaryLabel (view.palette.quaternaryLabel reads it now)"
    )
    public static var quaternaryLabel: Color { Palette.light.quaternaryLabel }

    /// UIKit's `placeholderText`: a palette's ``Palette/placeholderText``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.placeholderText (view.palette.placeholderText reads it now)"
    )
    public static var placeholderText: Color { Palette.light.placeholderText }

    /// UIKit's `separator`: a palette's ``Palette/separator``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: view.paletteBackground = \\.separator (view.palette.separator reads it now)"
    )
    public static var separator: Color { Palette.light.separator }

    /// UIKit's `opaqueSeparator`: a palette's ``Palette/opaqueSeparator``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: view.paletteBackground = \\.opaqueSeparator (view.palette.opaqueSeparator reads it now)"
    )
    public static var opaqueSeparator: Color { Palette.light.opaqueSeparator }

    /// UIKit's `link`: a palette's ``Palette/link``.
    @available(
        *, unavailable,
        message: "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.link (view.palette.link reads it now)"
    )
    public static var link: Color { Palette.light.link }

    /// UIKit's `tint`: a palette's ``Palette/tint``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: view.paletteBackground = \\.tint (view.palette.tint reads it now)"
    )
    public static var tint: Color { Palette.light.tint }

    /// UIKit's `systemFill`: a palette's ``Palette/systemFill``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: view.paletteBackground = \\.systemFill (view.palette.systemFill reads it now)"
    )
    public static var systemFill: Color { Palette.light.systemFill }

    /// UIKit's `secondarySystemFill`: a palette's ``Palette/secondarySystemFill``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: view.paletteBackground = \\.secondarySystemFill (view.palette.secondarySystemFill reads it now)"
    )
    public static var secondarySystemFill: Color { Palette.light.secondarySystemFill }

    /// UIKit's `tertiarySystemFill`: a palette's ``Palette/tertiarySystemFill``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: view.paletteBackground = \\.tertiarySystemFill (view.palette.tertiarySystemFill reads it now)"
    )
    public static var tertiarySystemFill: Color { Palette.light.tertiarySystemFill }

    /// UIKit's `quaternarySystemFill`: a palette's ``Palette/quaternarySystemFill``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: view.paletteBackground = \\.quaternarySystemFill (view.palette.quaternarySystemFill reads it now)"
    )
    public static var quaternarySystemFill: Color { Palette.light.quaternarySystemFill }

    /// UIKit's `systemRed`: a palette's ``Palette/systemRed``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemRed, or view.paletteBackground = \\.systemRed (view.palette.systemRed reads it now)"
    )
    public static var systemRed: Color { Palette.light.systemRed }

    /// UIKit's `systemOrange`: a palette's ``Palette/systemOrange``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemOrange, or view.paletteBackground = \\.systemOrange (view.palette.systemOrange reads it now)"
    )
    public static var systemOrange: Color { Palette.light.systemOrange }

    /// UIKit's `systemYellow`: a palette's ``Palette/systemYellow``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemYellow, or view.paletteBackground = \\.systemYellow (view.palette.systemYellow reads it now)"
    )
    public static var systemYellow: Color { Palette.light.systemYellow }

    /// UIKit's `systemGreen`: a palette's ``Palette/systemGreen``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemGreen, or view.paletteBackground = \\.systemGreen (view.palette.systemGreen reads it now)"
    )
    public static var systemGreen: Color { Palette.light.systemGreen }

    /// UIKit's `systemMint`: a palette's ``Palette/systemMint``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemMint, or view.paletteBackground = \\.systemMint (view.palette.systemMint reads it now)"
    )
    public static var systemMint: Color { Palette.light.systemMint }

    /// UIKit's `systemTeal`: a palette's ``Palette/systemTeal``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemTeal, or view.paletteBackground = \\.systemTeal (view.palette.systemTeal reads it now)"
    )
    public static var systemTeal: Color { Palette.light.systemTeal }

    /// UIKit's `systemCyan`: a palette's ``Palette/systemCyan``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemCyan, or view.paletteBackground = \\.systemCyan (view.palette.systemCyan reads it now)"
    )
    public static var systemCyan: Color { Palette.light.systemCyan }

    /// UIKit's `systemBlue`: a palette's ``Palette/systemBlue``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemBlue, or view.paletteBackground = \\.systemBlue (view.palette.systemBlue reads it now)"
    )
    public static var systemBlue: Color { Palette.light.systemBlue }

    /// UIKit's `systemIndigo`: a palette's ``Palette/systemIndigo``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemIndigo, or view.paletteBackground = \\.systemIndigo (view.palette.systemIndigo reads it now)"
    )
    public static var systemIndigo: Color { Palette.light.systemIndigo }

    /// UIKit's `systemPurple`: a palette's ``Palette/systemPurple``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemPurple, or view.paletteBackground = \\.systemPurple (view.palette.systemPurple reads it now)"
    )
    public static var systemPurple: Color { Palette.light.systemPurple }

    /// UIKit's `systemPink`: a palette's ``Palette/systemPink``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemPink, or view.paletteBackground = \\.systemPink (view.palette.systemPink reads it now)"
    )
    public static var systemPink: Color { Palette.light.systemPink }

    /// UIKit's `systemBrown`: a palette's ``Palette/systemBrown``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemBrown, or view.paletteBackground = \\.systemBrown (view.palette.systemBrown reads it now)"
    )
    public static var systemBrown: Color { Palette.light.systemBrown }

    /// UIKit's `systemGray`: a palette's ``Palette/systemGray``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemGray, or view.paletteBackground = \\.systemGray (view.palette.systemGray reads it now)"
    )
    public static var systemGray: Color { Palette.light.systemGray }

    /// UIKit's `systemGray2`: a palette's ``Palette/systemGray2``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemGray2, or view.paletteBackground = \\.systemGray2 (view.palette.systemGray2 reads it now)"
    )
    public static var systemGray2: Color { Palette.light.systemGray2 }

    /// UIKit's `systemGray3`: a palette's ``Palette/systemGray3``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemGray3, or view.paletteBackground = \\.systemGray3 (view.palette.systemGray3 reads it now)"
    )
    public static var systemGray3: Color { Palette.light.systemGray3 }

    /// UIKit's `systemGray4`: a palette's ``Palette/systemGray4``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemGray4, or view.paletteBackground = \\.systemGray4 (view.palette.systemGray4 reads it now)"
    )
    public static var systemGray4: Color { Palette.light.systemGray4 }

    /// UIKit's `systemGray5`: a palette's ``Palette/systemGray5``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemGray5, or view.paletteBackground = \\.systemGray5 (view.palette.systemGray5 reads it now)"
    )
    public static var systemGray5: Color { Palette.light.systemGray5 }

    /// UIKit's `systemGray6`: a palette's ``Palette/systemGray6``.
    @available(
        *, unavailable,
        message:
            "a Color is one fixed value; for one that follows light and dark, use the palette's: label.textRole = \\.systemGray6, or view.paletteBackground = \\.systemGray6 (view.palette.systemGray6 reads it now)"
    )
    public static var systemGray6: Color { Palette.light.systemGray6 }
}
