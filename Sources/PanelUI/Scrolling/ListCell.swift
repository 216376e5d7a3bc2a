/// One row of a ``ListView``: UIKit's `UITableViewCell` (plain style). It has a ``textLabel``
/// inset 16 points, a hairline separator along its bottom, and a highlight while a finger is on
/// it and a selection colour while its row is selected. Subclass it for other content, and
/// reset what a row set in ``prepareForReuse()``.
@MainActor
open class ListCell: View {
    /// The identifier the list reuses it under.
    public let reuseIdentifier: String
    /// The row's text.
    public let textLabel = Label()
    /// Whether a finger is on the row.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { updateBackground() } }
    }
    /// Whether the row is selected.
    open var isSelected = false {
        didSet { if isSelected != oldValue { updateBackground() } }
    }
    /// The colour of a highlighted or selected row.
    public var selectedBackgroundColor = Color(rgb: 0xD1D1D6)
    /// The colour of a row at rest.
    public var normalBackgroundColor: Color? = .white {
        didSet { updateBackground() }
    }
    /// The row the cell shows (set by the list).
    public internal(set) var indexPath = IndexPath(row: 0, section: 0)
    /// The row the cell shows, within its section.
    public var row: Int { indexPath.row }
    let separator = View()

    /// A cell for the list to reuse under `reuseIdentifier`.
    public required init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        backgroundColor = normalBackgroundColor
        textLabel.isUserInteractionEnabled = false
        separator.backgroundColor = Color(rgb: 0xC6C6C8)
        separator.isUserInteractionEnabled = false
        addSubview(textLabel)
        addSubview(separator)
    }

    /// Called before the list hands the cell out again. Default: clears the highlight and the
    /// selection (the list sets the selection again for the new row).
    open func prepareForReuse() {
        isHighlighted = false
        isSelected = false
    }

    open override func layoutSubviews() {
        let b = bounds
        textLabel.frame = Rect(x: 16, y: 0, width: max(b.width - 32, 0), height: b.height)
        separator.frame = Rect(x: 16, y: b.height - 1, width: max(b.width - 16, 0), height: 1)
    }

    private func updateBackground() {
        backgroundColor = isHighlighted || isSelected ? selectedBackgroundColor : normalBackgroundColor
    }

    // A touch on a row highlights it; its lift selects it. The list's scroll view holds a new
    // touch for 150 ms and cancels it when the finger drags, so a flick selects nothing.

    open override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        isHighlighted = true
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        isHighlighted = false
        (superview as? ListView)?.rowTapped(self)
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        isHighlighted = false
    }
}
