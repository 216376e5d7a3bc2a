public import PanelGraphics

/// The role of a piece of text, as UIKit's `UIFont.TextStyle` names it: a ``Theme`` gives each
/// a font, and ``View/preferredFont(for:)`` gives it at the user's text size.
public enum TextStyle: Hashable, Sendable, CaseIterable {
    /// The biggest title, at the top of a screen (32 px in the standard theme).
    case largeTitle
    /// A screen's or section's title (24 px).
    case title
    /// A heading above body text, an alert's title (20 px).
    case headline
    /// Body text: labels, buttons, fields (16 px).
    case body
    /// Small print under content: list footers, hints (12 px).
    case footnote
    /// Captions: axis labels, a gauge's scale (12 px).
    case caption
}

/// The font of each ``TextStyle``.
public struct TextStyles: Hashable, Sendable {
    /// The ``TextStyle/largeTitle`` font.
    public var largeTitle: Font
    /// The ``TextStyle/title`` font.
    public var title: Font
    /// The ``TextStyle/headline`` font.
    public var headline: Font
    /// The ``TextStyle/body`` font.
    public var body: Font
    /// The ``TextStyle/footnote`` font.
    public var footnote: Font
    /// The ``TextStyle/caption`` font.
    public var caption: Font

    /// Creates the set from a font per style.
    public init(largeTitle: Font, title: Font, headline: Font, body: Font, footnote: Font, caption: Font) {
        self.largeTitle = largeTitle
        self.title = title
        self.headline = headline
        self.body = body
        self.footnote = footnote
        self.caption = caption
    }

    /// The standard sizes: 32, 24, 20, 16, 12 and 12 px of the system font (the built-in face,
    /// or the board's TrueType family).
    public static let standard = TextStyles(
        largeTitle: .largeTitle, title: .title, headline: .system(size: 20), body: .body, footnote: .caption, caption: .caption)

    /// The standard sizes in `family` (a board's TrueType fonts, which cover more scripts than
    /// the built-in face).
    public init(family: FontFamily) {
        self.init(
            largeTitle: family.font(size: 32), title: family.font(size: 24), headline: family.font(size: 20), body: family.font(size: 16),
            footnote: family.font(size: 12), caption: family.font(size: 12))
    }

    /// The font of `style`.
    public subscript(style: TextStyle) -> Font {
        get {
            switch style {
            case .largeTitle: largeTitle
            case .title: title
            case .headline: headline
            case .body: body
            case .footnote: footnote
            case .caption: caption
            }
        }
        set {
            switch style {
            case .largeTitle: largeTitle = newValue
            case .title: title = newValue
            case .headline: headline = newValue
            case .body: body = newValue
            case .footnote: footnote = newValue
            case .caption: caption = newValue
            }
        }
    }
}
