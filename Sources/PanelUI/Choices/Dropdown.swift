/// A button that shows the chosen item of a list and opens the list under itself to choose
/// another (LVGL's `lv_dropdown`; a pop-up button in UIKit).
///
/// A tap (or select on a focused dropdown) opens the list, anchored below the button, or above
/// it when there is more room there, as tall as its items up to ``maximumVisibleRows``; a long
/// list scrolls and reuses its rows, so ten thousand items cost a screenful of cells. A tap on
/// an item chooses it, sends `valueChanged` and closes the list; a tap outside the list closes
/// it without a change. While the list is open and the dropdown focused, up and down move the
/// highlighted item and select chooses it.
@MainActor
open class Dropdown: Control {
    /// A dropdown: named by its placeholder ("Choose…"), its value the chosen item, a button
    /// that opens the list.
    open override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = placeholder
        if let index = selectedIndex, items.indices.contains(index) { description.value = items[index] }
        description.traits.insert(.button)
        return description
    }

    /// The items.
    public var items: [String] {
        didSet {
            if let index = selectedIndex, index >= items.count { selectedIndex = nil }
            popover?.list.reloadData()
            setNeedsDisplay()
        }
    }
    /// The chosen item, if any. Setting it sends no action; an index outside the items chooses none.
    open var selectedIndex: Int? {
        didSet {
            if let index = selectedIndex, !items.indices.contains(index) { selectedIndex = nil }
            if selectedIndex != oldValue { setNeedsDisplay() }
        }
    }
    /// What the button says while nothing is chosen.
    public var placeholder = "Choose…" {
        didSet { setNeedsDisplay() }
    }
    /// The most rows the open list shows before it scrolls (clamped to 1…20). Default 6.
    public var maximumVisibleRows = 6 {
        didSet { maximumVisibleRows = min(max(maximumVisibleRows, 1), 20) }
    }
    /// The rows' height in the open list. Default 44.
    public static let rowHeight = 44.0

    /// The open list, if any.
    var popover: DropdownPopover?
    private var chevron = Path()

    /// A dropdown of `items`, with `selectedIndex` chosen.
    public init(items: [String], selectedIndex: Int? = nil, frame: Rect = Rect(x: 0, y: 0, width: 220, height: 44)) {
        self.items = items
        super.init(frame: frame)
        self.selectedIndex = selectedIndex.flatMap { items.indices.contains($0) ? $0 : nil }
    }

    /// An empty dropdown.
    public convenience override init(frame: Rect) {
        self.init(items: [], frame: frame)
    }

    /// No preferred width; 44 points tall.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 44) }

    /// Whether the list is open.
    public var isOpen: Bool { popover != nil }

    /// Opens the list (nothing happens without a window or items).
    public func open() {
        guard popover == nil, let window, !items.isEmpty else { return }
        let popover = DropdownPopover(dropdown: self)
        window.addSubview(popover)
        popover.frame = window.bounds
        popover.place(below: convert(bounds, to: window))
        self.popover = popover
        setNeedsDisplay()
    }

    /// Closes the list without a change.
    public func close() {
        guard let popover else { return }
        popover.removeFromSuperview()
        self.popover = nil
        setNeedsDisplay()
    }

    /// An item was tapped in the open list.
    func choose(_ index: Int) {
        close()
        guard items.indices.contains(index), index != selectedIndex else { return }
        selectedIndex = index
        sendActions(for: .valueChanged)
    }

    /// The list closes when the dropdown leaves its window.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil { close() }
    }

    // MARK: - Touch and keys

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        guard let touch, isInsideExpandedRegion(touch) else { return }
        if isOpen { close() } else { open() }
    }

    /// Select opens the list, or chooses its highlighted item when it is open.
    open override func performPrimaryAction() {
        if let popover {
            choose(popover.highlighted ?? selectedIndex ?? 0)
        } else {
            open()
        }
        sendActions(for: .primaryActionTriggered)
    }

    /// With the list open, up and down move its highlighted item.
    open override func focusedArrow(_ heading: FocusHeading) -> Bool {
        guard let popover else { return false }
        switch heading {
        case .up: popover.moveHighlight(by: -1)
        case .down: popover.moveHighlight(by: 1)
        default: return false
        }
        return true
    }

    // MARK: - Drawing

    /// A rounded box with the chosen item (or the placeholder, in grey) and a chevron.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let box = PixelRect(snapping: bounds)
        let palette = self.palette
        canvas.fillRoundedRect(box, radius: 8, color: isHighlighted ? palette.fill : palette.secondaryBackground)
        canvas.strokeRoundedRect(box, radius: 8, width: 1, color: isOpen ? tintColor : palette.border)
        let chosen = selectedIndex.map { items[$0] }
        var color = chosen == nil ? palette.placeholderText : palette.label
        if !isEnabled { color = color.mixed(with: palette.secondaryBackground, by: 0.5) }
        let text = PixelRect(x: 12, y: 0, width: max(box.width - 44, 0), height: box.height)
        canvas.drawText(chosen ?? placeholder, in: text, font: .body, color: color)
        let cx = bounds.width - 20, cy = bounds.height / 2
        chevron.removeAll()
        let up = isOpen ? -1.0 : 1.0
        chevron.move(to: Point(x: cx - 5, y: cy - 2.5 * up))
        chevron.addLine(to: Point(x: cx, y: cy + 2.5 * up))
        chevron.addLine(to: Point(x: cx + 5, y: cy - 2.5 * up))
        canvas.stroke(chevron, width: 2, color: color, cap: .round, join: .round)
    }
}
