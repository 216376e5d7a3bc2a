public import PanelGraphics

/// The role of a piece of text, as UIKit's `UIFont.TextStyle` names it: a ``Theme`` gives each
/// a font, and ``View/preferredFont(for:)`` gives it at the user's text size. The standard
/// sizes are a step under UIKit's (body 16 px where UIKit has 17 pt): a panel is read from
/// further away than a phone, but its pixels are larger.
public enum TextStyle: Hashable, Sendable, CaseIterable {
    /// The biggest title, at the top of a screen (32 px in the standard theme).
    case largeTitle
    /// A screen's or section's title (24 px; UIKit's `title1`).
    case title
    /// A second-level title (22 px in a TrueType family, 24 in the built-in face).
    case title2
    /// A third-level title (20 px).
    case title3
    /// A heading above body text, an alert's title (20 px).
    case headline
    /// Body text: labels, buttons, fields (16 px).
    case body
    /// Text beside body text, a call-out (15 px; 16 in the built-in face).
    case callout
    /// A subheading under a headline (14 px; 16 in the built-in face).
    case subheadline
    /// Small print under content: list footers, hints (12 px).
    case footnote
    /// Captions: axis labels, a gauge's scale (12 px; UIKit's `caption1`).
    case caption
    /// The smallest captions (11 px; 12 in the built-in face).
    case caption2
}

/// The font of each ``TextStyle``.
public struct TextStyles: Hashable, Sendable {
    /// The ``TextStyle/largeTitle`` font.
    public var largeTitle: Font
    /// The ``TextStyle/title`` font.
    public var title: Font
    /// The ``TextStyle/title2`` font.
    public var title2: Font
    /// The ``TextStyle/title3`` font.
    public var title3: Font
    /// The ``TextStyle/headline`` font.
    public var headline: Font
    /// The ``TextStyle/body`` font.
    public var body: Font
    /// The ``TextStyle/callout`` font.
    public var callout: Font
    /// The ``TextStyle/subheadline`` font.
    public var subheadline: Font
    /// The ``TextStyle/footnote`` font.
    public var footnote: Font
    /// The ``TextStyle/caption`` font.
    public var caption: Font
    /// The ``TextStyle/caption2`` font.
    public var caption2: Font

    /// Creates the set from a font per style; the styles not given take the built-in face at
    /// their standard sizes.
    public init(
        largeTitle: Font, title: Font, title2: Font = .title2, title3: Font = .title3, headline: Font, body: Font,
        callout: Font = .callout, subheadline: Font = .subheadline, footnote: Font, caption: Font, caption2: Font = .caption2
    ) {
        self.largeTitle = largeTitle
        self.title = title
        self.title2 = title2
        self.title3 = title3
        self.headline = headline
        self.body = body
        self.callout = callout
        self.subheadline = subheadline
        self.footnote = footnote
        self.caption = caption
        self.caption2 = caption2
    }

    /// The standard sizes of the built-in face: `Font`'s statics of the same names (32, 24,
    /// 24, 20, 20, 16, 16, 16, 12, 12 and 12 px: the faces nearest UIKit's steps, with 12 px
    /// the smallest). A board's TrueType family gives each its exact size
    /// (``init(family:)``).
    public static let standard = TextStyles(
        largeTitle: .largeTitle, title: .title, headline: .headline, body: .body, footnote: .footnote, caption: .caption)

    /// The standard sizes in `family` (a board's TrueType fonts, which cover more scripts than
    /// the built-in face): 32, 24, 22, 20, 20, 16, 15, 14, 12, 12 and 11 px.
    public init(family: FontFamily) {
        self.init(
            largeTitle: family.font(size: 32), title: family.font(size: 24), title2: family.font(size: 22), title3: family.font(size: 20),
            headline: family.font(size: 20), body: family.font(size: 16), callout: family.font(size: 15), subheadline: family.font(size: 14),
            footnote: family.font(size: 12), caption: family.font(size: 12), caption2: family.font(size: 11))
    }

    /// The font of `style`.
    public subscript(style: TextStyle) -> Font {
        get {
            switch style {
            case .largeTitle: largeTitle
            case .title: title
            case .title2: title2
            case .title3: title3
            case .headline: headline
            case .body: body
            case .callout: callout
            case .subheadline: subheadline
            case .footnote: footnote
            case .caption: caption
            case .caption2: caption2
            }
        }
        set {
            switch style {
            case .largeTitle: largeTitle = newValue
            case .title: title = newValue
            case .title2: title2 = newValue
            case .title3: title3 = newValue
            case .headline: headline = newValue
            case .body: body = newValue
            case .callout: callout = newValue
            case .subheadline: subheadline = newValue
            case .footnote: footnote = newValue
            case .caption: caption = newValue
            case .caption2: caption2 = newValue
            }
        }
    }
}
