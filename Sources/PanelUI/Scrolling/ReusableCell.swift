/// What a ``ListCell`` and a ``GridCell`` share: the identifier their view reuses them under, a
/// ``textLabel``, a highlight while a finger is on them and a selection colour while selected.
/// A touch highlights the cell and its lift tells the list or grid it was tapped; the scroll
/// view holds a new touch for 150 ms and cancels it when the finger drags, so a flick selects
/// nothing.
@MainActor
open class ReusableCell: View {
    /// The identifier the list or grid reuses it under.
    public let reuseIdentifier: String
    /// The cell's text.
    public let textLabel = Label()
    /// Whether a finger is on the cell.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { updateBackground() } }
    }
    /// Whether the cell is selected.
    open var isSelected = false {
        didSet { if isSelected != oldValue { updateBackground() } }
    }
    /// The colour of a highlighted or selected cell. Default the palette's
    /// ``Palette/secondaryFill``.
    public var selectedBackgroundColor: Color {
        get { _selectedBackgroundColor.resolved(in: self) }
        set {
            if setThemed(&_selectedBackgroundColor, to: newValue) { updateBackground() }
        }
    }
    /// The colour of a cell at rest (nil: none, what is behind shows). Default the palette's
    /// ``Palette/secondaryBackground``.
    public var normalBackgroundColor: Color? {
        get { _normalBackgroundColor.resolved(in: self) }
        set {
            if setThemed(&_normalBackgroundColor, to: newValue) { updateBackground() }
        }
    }
    @exclusivity(unchecked) private var _selectedBackgroundColor = Themed<ReusableCell, Color>(.none, fallback: { $0.palette.secondaryFill })
    /// The rest colour the app set (`.some(nil)`: none), or nil: the palette's.
    @exclusivity(unchecked) private var _normalBackgroundColor = Themed<ReusableCell, Color?>(.none, fallback: { $0.palette.secondaryBackground })

    /// A cell to reuse under `reuseIdentifier`, `frame` until its view places it.
    init(reuseIdentifier: String, frame: Rect) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: frame)
        updateBackground()
        textLabel.isUserInteractionEnabled = false
        addSubview(textLabel)
    }

    /// Called before the cell is handed out again. Default: clears the highlight and the
    /// selection (the list or grid sets the selection again for the new item).
    open func prepareForReuse() {
        isHighlighted = false
        isSelected = false
    }

    /// The background: the app's colours where it set them, else the palette's, which follow
    /// light and dark.
    private func updateBackground() {
        if isHighlighted || isSelected {
            backgroundColor = _selectedBackgroundColor.given
            paletteBackground = _selectedBackgroundColor.given == nil ? \.secondaryFill : nil
        } else if let normal = _normalBackgroundColor.given {
            backgroundColor = normal
            paletteBackground = nil
        } else {
            backgroundColor = nil
            paletteBackground = \.secondaryBackground
        }
    }

    /// A grouped list's cell: no ground at rest (the section's card shows through).
    func hasNoGround() {
        guard _normalBackgroundColor.given != .some(nil) else { return }
        normalBackgroundColor = nil
    }

    /// A finger lifted on the cell: the list or grid selects it.
    func tapped() {}

    open override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        isHighlighted = true
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        isHighlighted = false
        tapped()
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        isHighlighted = false
    }
}
