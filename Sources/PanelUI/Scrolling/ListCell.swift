/// One row of a ``ListView``: UIKit's `UITableViewCell` (plain style). It has a ``ReusableCell/textLabel``
/// inset 16 points, a hairline separator along its bottom, and a highlight while a finger is on
/// it and a selection colour while its row is selected. Subclass it for other content, and
/// reset what a row set in ``ReusableCell/prepareForReuse()``.
@MainActor
open class ListCell: ReusableCell {
    /// A row: its text, as a button; selected while selected.
    open override var accessibilityDefaults: AccessibilityDescription {
        AccessibilityDescription(isElement: true, label: textLabel.text, traits: isSelected ? [.button, .selected] : .button)
    }

    /// The row the cell shows (set by the list).
    public internal(set) var indexPath = IndexPath(row: 0, section: 0)
    /// The row the cell shows, within its section.
    public var row: Int { indexPath.row }
    let separator = View()

    /// A cell for the list to reuse under `reuseIdentifier`.
    public required init(reuseIdentifier: String) {
        super.init(reuseIdentifier: reuseIdentifier, frame: Rect(x: 0, y: 0, width: 320, height: 44))
        separator.paletteBackground = \.separator
        separator.isUserInteractionEnabled = false
        addSubview(separator)
    }

    /// The label inset 16 points, the separator from the leading inset to the trailing edge
    /// (mirrored under a right-to-left language, where the label aligns right).
    open override func layoutSubviews() {
        let b = bounds
        textLabel.frame = Rect(x: 16, y: 0, width: max(b.width - 32, 0), height: b.height)
        separator.frame = flippedForLayoutDirection(Rect(x: 16, y: b.height - 1, width: max(b.width - 16, 0), height: 1))
    }

    override func tapped() {
        (superview as? ListView)?.rowTapped(self)
    }
}
