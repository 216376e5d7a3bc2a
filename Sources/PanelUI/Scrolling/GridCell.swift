/// One item of a ``GridView``: UIKit's `UICollectionViewCell`. It has a centred
/// ``textLabel``, rounded corners, and a highlight while a finger is on it and a selection
/// colour while it is selected. Subclass it for other content (a machine tile with its status
/// light), and reset what an item set in ``prepareForReuse()``.
@MainActor
open class GridCell: View {
    /// The identifier the grid reuses it under.
    public let reuseIdentifier: String
    /// The item's text, centred.
    public let textLabel = Label()
    /// Whether a finger is on the item.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { updateBackground() } }
    }
    /// Whether the item is selected.
    open var isSelected = false {
        didSet { if isSelected != oldValue { updateBackground() } }
    }
    /// The colour of a highlighted or selected item.
    public var selectedBackgroundColor = Color(rgb: 0xD1D1D6) {
        didSet { updateBackground() }
    }
    /// The colour of an item at rest.
    public var normalBackgroundColor: Color? = .white {
        didSet { updateBackground() }
    }
    /// The item the cell shows (set by the grid).
    public internal(set) var index = 0

    /// A cell for the grid to reuse under `reuseIdentifier`.
    public required init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: Rect(x: 0, y: 0, width: 120, height: 120))
        backgroundColor = normalBackgroundColor
        cornerRadius = 10
        textLabel.isUserInteractionEnabled = false
        textLabel.textAlignment = .center
        addSubview(textLabel)
    }

    /// Called before the grid hands the cell out again. Default: clears the highlight and the
    /// selection (the grid sets the selection again for the new item).
    open func prepareForReuse() {
        isHighlighted = false
        isSelected = false
    }

    /// The label fills the cell, inset 8 points.
    open override func layoutSubviews() {
        let b = bounds
        textLabel.frame = Rect(x: 8, y: 8, width: max(b.width - 16, 0), height: max(b.height - 16, 0))
    }

    private func updateBackground() {
        backgroundColor = isHighlighted || isSelected ? selectedBackgroundColor : normalBackgroundColor
    }

    // A touch on an item highlights it; its lift selects it. The grid's scroll view holds a new
    // touch for 150 ms and cancels it when the finger drags, so a flick selects nothing.

    open override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        isHighlighted = true
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        isHighlighted = false
        (superview as? GridView)?.itemTapped(self)
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        isHighlighted = false
    }
}
