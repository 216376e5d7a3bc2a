/// One of several choices, as round buttons with their labels in a column: a radio group.
///
/// A tap on an option (its circle or its label) selects it and sends `valueChanged`. The group
/// is one stop for the focus: while it is focused the up and down arrows (and a knob, once
/// select has switched it to adjusting) move the selection instead of the focus, and leave the
/// group at its first and last option.
@MainActor
open class RadioGroup: Control {
    /// A radio group: named by its options, its value the chosen one, adjustable.
    open override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = titles.joined(separator: ", ")
        if let index = selectedIndex, titles.indices.contains(index) { description.value = titles[index] }
        return description
    }

    /// The options' titles.
    public var titles: [String] {
        didSet {
            rebuildLabels()
            if let index = selectedIndex, index >= titles.count { selectedIndex = nil }
        }
    }
    /// The selected option, if any. Setting it sends no action; an index outside the options
    /// selects none.
    open var selectedIndex: Int? {
        didSet {
            if let index = selectedIndex, !titles.indices.contains(index) { selectedIndex = nil }
            if selectedIndex != oldValue { setNeedsDisplay() }
        }
    }
    /// The option a finger is on.
    public private(set) var highlightedIndex: Int?
    /// Each option's height. Default 44 (a finger's target).
    public var rowHeight = 44.0 {
        didSet {
            rowHeight = rowHeight.isFinite ? max(rowHeight, 24) : 44
            setNeedsLayout()
            setNeedsDisplay()
        }
    }

    private var labels: [Label] = []
    private var ring = Path()

    /// A group of `titles`, with `selectedIndex` selected.
    public init(titles: [String], selectedIndex: Int? = nil, frame: Rect = .zero) {
        self.titles = titles
        super.init(frame: frame)
        self.selectedIndex = selectedIndex.flatMap { titles.indices.contains($0) ? $0 : nil }
        rebuildLabels()
        if frame.size.width == 0 { self.frame = Rect(origin: frame.origin, size: intrinsicContentSize) }
    }

    /// Creates an empty group.
    public convenience override init(frame: Rect) {
        self.init(titles: [], frame: frame)
    }

    private func rebuildLabels() {
        for label in labels { label.removeFromSuperview() }
        labels = titles.map { title in
            let label = Label()
            label.text = title
            label.isUserInteractionEnabled = false
            addSubview(label)
            return label
        }
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// The widest label beside its circle, by one row per option.
    open override var intrinsicContentSize: Size {
        let widest = labels.map { $0.textSize(fittingWidth: 4096).width }.max() ?? 0
        return Size(width: (Checkbox.boxSide + Checkbox.spacing + widest).rounded(.up), height: rowHeight * Double(titles.count))
    }

    /// The labels right of their circles, a row each.
    open override func layoutSubviews() {
        let x = Checkbox.boxSide + Checkbox.spacing
        for (i, label) in labels.enumerated() {
            label.frame = Rect(x: x, y: Double(i) * rowHeight, width: max(bounds.width - x, 0), height: rowHeight)
        }
    }

    /// The option at `y` (bounds coordinates), if any.
    public func option(at y: Double) -> Int? {
        guard y.isFinite, y >= 0, rowHeight > 0 else { return nil }
        let index = Int(min(y / rowHeight, Double(titles.count)).rounded(.down))
        return titles.indices.contains(index) ? index : nil
    }

    /// A disabled control's labels fade with it.
    open override func stateChanged() {
        for label in labels { label.isEnabled = isEnabled }
        super.stateChanged()
    }

    // MARK: - Touch

    // An option is chosen by a finger that lifts on the option it went down on (as a button is);
    // while it is off that option, the option shows no highlight.
    private var pressedIndex: Int?

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        pressedIndex = option(at: touch.location(in: self).y)
        highlightedIndex = pressedIndex
        setNeedsDisplay()
        return pressedIndex != nil
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        let over = option(at: touch.location(in: self).y)
        let index = over == pressedIndex ? over : nil
        if index != highlightedIndex {
            highlightedIndex = index
            setNeedsDisplay()
        }
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        let lifted = touch.flatMap { isInsideExpandedRegion($0) ? option(at: $0.location(in: self).y) : nil }
        highlightedIndex = nil
        setNeedsDisplay()
        defer { pressedIndex = nil }
        guard let lifted, lifted == pressedIndex else { return }
        choose(lifted, with: event)
    }

    open override func cancelTracking(with event: Event?) {
        pressedIndex = nil
        highlightedIndex = nil
        setNeedsDisplay()
    }

    private func choose(_ index: Int, with event: Event?) {
        guard index != selectedIndex else { return }
        selectedIndex = index
        sendActions(for: .valueChanged, with: event)
    }

    // MARK: - Focus and keys

    /// A knob moves the selection an option per detent (once select has switched to adjusting).
    open override var isAdjustable: Bool { true }

    open override func adjust(byDetents detents: Int) {
        guard !titles.isEmpty else { return }
        let from = selectedIndex ?? (detents > 0 ? -1 : titles.count)
        choose(min(max(from + max(min(detents, titles.count), -titles.count), 0), titles.count - 1), with: nil)
    }

    /// Up and down move the selection within the group; past its first or last option the
    /// arrow moves the focus on.
    open override func focusedArrow(_ heading: FocusHeading) -> Bool {
        guard !titles.isEmpty else { return false }
        let step: Int
        switch heading {
        case .up: step = -1
        case .down: step = 1
        default: return false
        }
        let from = selectedIndex ?? (step > 0 ? -1 : titles.count)
        let to = from + step
        guard titles.indices.contains(to) else { return false }
        choose(to, with: nil)
        return true
    }

    // MARK: - Drawing

    /// A circle per option: a grey ring, or the tint's ring around a dot for the selected one.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let side = Checkbox.boxSide
        let palette = self.palette
        let tint = tintColor
        for i in titles.indices {
            let y = Double(i) * rowHeight + (rowHeight - side) / 2
            let circle = Rect(x: 1, y: y + 1, width: side - 2, height: side - 2)
            let selected = i == selectedIndex
            var ringColor = selected ? tint : palette.gray
            if i == highlightedIndex { ringColor = ringColor.mixed(with: palette.label, by: 0.3) }
            if !isEnabled { ringColor = ringColor.mixed(with: palette.background, by: 0.5) }
            ring.removeAll()
            ring.addEllipse(in: circle)
            if i == highlightedIndex { canvas.fill(ring, color: palette.fill) }
            canvas.stroke(ring, width: 2, color: ringColor)
            guard selected else { continue }
            ring.removeAll()
            ring.addEllipse(in: Rect(x: circle.midX - side * 0.25, y: circle.midY - side * 0.25, width: side * 0.5, height: side * 0.5))
            canvas.fill(ring, color: ringColor)
        }
    }
}
