/// The title over a section of a ``ListView`` or the note under it (UIKit's
/// `UITableViewHeaderFooterView`): a label, styled for the list's style. The list makes and
/// reuses these for sections with a title; give your own view through the delegate for anything
/// else.
@MainActor
open class ListHeaderFooterView: View {
    /// The title or note.
    public let textLabel = Label()
    /// Whether it stands under its section (a note) rather than over it.
    public let isFooter: Bool
    /// The list's style it is dressed for.
    public let style: ListView.Style

    /// A header (or, with `isFooter`, a footer) for a list of `style`.
    public init(style: ListView.Style, isFooter: Bool) {
        self.style = style
        self.isFooter = isFooter
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        textLabel.numberOfLines = isFooter ? 2 : 1
        switch style {
        case .plain:
            paletteBackground = \.groupedBackground
            textLabel.font = isFooter ? .caption : .body
            if isFooter { textLabel.textRole = \.secondaryLabel }
        case .grouped:
            textLabel.font = .caption
            textLabel.textRole = \.secondaryLabel
        }
        addSubview(textLabel)
    }

    /// The section whose title it shows (set by the list).
    public internal(set) var section = 0

    /// The label inset like the rows' text; a grouped header's title sits at its bottom.
    open override func layoutSubviews() {
        let b = bounds
        let inset = style == .grouped ? 32.0 : 16.0
        let height = min(Double(textLabel.font.lineHeight) * (isFooter ? 2 : 1) + 4, b.height)
        let y = style == .grouped && !isFooter ? b.height - height - 4 : (isFooter ? 4 : (b.height - height) / 2)
        textLabel.frame = Rect(x: inset, y: max(y, 0), width: max(b.width - 2 * inset, 0), height: height)
    }
}
