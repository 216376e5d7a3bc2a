/// Wheels of rows that turn under the finger and come to rest with one row of each in the
/// band across the middle: UIKit's `UIPickerView`, LVGL's `lv_roller`.
///
/// A ``PickerViewDataSource`` gives the components (wheels, side by side) and their rows; a
/// ``PickerViewDelegate`` the rows' titles, the wheels' widths and row heights, and hears of
/// each new selection. Each wheel is a scroll view: a flick glides on its physics (UIKit's
/// deceleration) and the glide is stretched or shortened to end exactly on a row; a slow lift
/// springs to the nearest row; a tap on a row above or below the band turns the wheel to it.
/// When a wheel comes to rest on a new row the delegate's
/// ``PickerViewDelegate/pickerView(_:didSelectRow:inComponent:)`` runs and the picker sends
/// `valueChanged`.
///
/// With ``loops`` the rows repeat without end (LVGL's infinite roller). An empty component is
/// allowed and selects nothing (``selectedRow(inComponent:)`` is −1).
///
/// Focus and keys: the picker is one stop; up and down (or a knob) turn the focused wheel a row,
/// left and right move between wheels and leave the picker at its first and last.
@MainActor
open class PickerView: Control {
    /// A picker: named "Picker" until the app names it, its value the selected row of each
    /// wheel, adjustable.
    open override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = "Picker"
        var titles: [String] = []
        for component in 0 ..< numberOfComponents {
            let row = selectedRow(inComponent: component)
            if row >= 0, let title = delegate?.pickerView(self, titleForRow: row, forComponent: component) { titles.append(title) }
        }
        description.value = titles.isEmpty ? nil : titles.joined(separator: ", ")
        return description
    }

    /// The rows' default height.
    public static let defaultRowHeight = 36.0
    /// The components and their rows (held weakly).
    public weak var dataSource: (any PickerViewDataSource)? {
        didSet { reloadAllComponents() }
    }
    /// Titles, sizes and selection news (held weakly).
    public weak var delegate: (any PickerViewDelegate)? {
        didSet { reloadAllComponents() }
    }
    /// Whether the rows repeat without end. Default false.
    public var loops = false {
        didSet { if loops != oldValue { reloadAllComponents() } }
    }
    /// The selected rows' colour. Default the palette's ``Palette/label``.
    public final var textColor: Color {
        get { _textColor.resolved(in: self) }
        set {
            if setThemed(&_textColor, to: newValue) { for wheel in wheels { wheel.setNeedsLayout() } }
        }
    }
    /// The other rows' colour. Default the palette's ``Palette/gray``.
    public final var secondaryTextColor: Color {
        get { _secondaryTextColor.resolved(in: self) }
        set {
            if setThemed(&_secondaryTextColor, to: newValue) { for wheel in wheels { wheel.setNeedsLayout() } }
        }
    }
    /// The colours the app set (`given` nil: the rows' labels follow the palette).
    @exclusivity(unchecked) private(set) var _textColor = Themed<PickerView, Color>(.none, fallback: { $0.palette.label })
    @exclusivity(unchecked) private(set) var _secondaryTextColor = Themed<PickerView, Color>(.none, fallback: { $0.palette.gray })
    /// The selection band's colour. Default the palette's ``Palette/fill``.
    public final var bandColor: Color {
        get { _bandColor.resolved(in: self) }
        set { setThemed(&_bandColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _bandColor = Themed<PickerView, Color>(fallback: { $0.palette.fill })
    /// The wheel the keys turn while the picker is focused.
    public private(set) var focusedComponent = 0

    private(set) var wheels: [PickerWheel] = []
    /// Space between wheels.
    static let spacing = 4.0

    /// An empty picker.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// A picker of 216 points' height (UIKit's) and the width given.
    public convenience init(width: Double = 320) {
        self.init(frame: Rect(x: 0, y: 0, width: width, height: 216))
    }

    /// No preferred width; 216 points tall, UIKit's picker height.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 216) }

    /// How many components there are.
    public var numberOfComponents: Int { wheels.count }

    /// How many rows `component` has (0 for a component that does not exist).
    public func numberOfRows(inComponent component: Int) -> Int {
        wheels.indices.contains(component) ? wheels[component].rowCount : 0
    }

    /// The row of `component` in the band, or −1 (an empty or missing component).
    public func selectedRow(inComponent component: Int) -> Int {
        wheels.indices.contains(component) ? wheels[component].selectedRow : -1
    }

    /// The row of `component` under the band now, or −1 (an empty or missing component): while
    /// the wheel is dragged, glides or springs, the row passing the band, which becomes
    /// ``selectedRow(inComponent:)`` when the wheel comes to rest (for a live preview of the
    /// choice, or a click per row).
    public func centeredRow(inComponent component: Int) -> Int {
        guard wheels.indices.contains(component) else { return -1 }
        let wheel = wheels[component]
        let v = wheel.centredVirtualRow
        return v < 0 || wheel.rowCount == 0 ? -1 : v % wheel.rowCount
    }

    /// Turns `component` to `row` (clamped to its rows), at once or with a spring. The delegate
    /// is not told, and no action is sent (UIKit).
    public func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        guard wheels.indices.contains(component) else { return }
        wheels[component].select(row, animated: animated)
    }

    /// Reads every component again from the data source.
    public func reloadAllComponents() {
        let count = min(max(dataSource?.numberOfComponents(in: self) ?? 0, 0), 16)
        while wheels.count > count { wheels.removeLast().removeFromSuperview() }
        while wheels.count < count {
            let wheel = PickerWheel(picker: self, component: wheels.count)
            wheels.append(wheel)
            addSubview(wheel)
        }
        focusedComponent = min(focusedComponent, max(count - 1, 0))
        layoutWheels()
        for wheel in wheels { wheel.reload() }
        setNeedsDisplay()
    }

    /// Reads `component` again.
    public func reloadComponent(_ component: Int) {
        guard wheels.indices.contains(component) else { return }
        wheels[component].reload()
    }

    /// The frame of `component`'s wheel, in the picker's coordinates.
    public func frame(ofComponent component: Int) -> Rect? {
        wheels.indices.contains(component) ? wheels[component].frame : nil
    }

    /// A wheel came to rest on a new row.
    func wheelDidSelect(_ row: Int, inComponent component: Int) {
        delegate?.pickerView(self, didSelectRow: row, inComponent: component)
        sendActions(for: .valueChanged)
    }

    // MARK: - Layout

    open override func layoutSubviews() {
        layoutWheels()
    }

    private func layoutWheels() {
        guard !wheels.isEmpty else { return }
        let spacing = PickerView.spacing
        let available = max(bounds.width - spacing * Double(wheels.count + 1), 0)
        // Two passes over the delegate's widths (no array: layout allocates nothing).
        var fixed = 0.0, free = 0
        for i in wheels.indices {
            if let w = fixedWidth(of: i) { fixed += w } else { free += 1 }
        }
        let share = free > 0 ? max(available - fixed, 0) / Double(free) : 0
        var x = spacing
        for (i, wheel) in wheels.enumerated() {
            let width = fixedWidth(of: i) ?? share
            let frame = Rect(x: x, y: 0, width: width, height: bounds.height)
            if wheel.frame != frame { wheel.frame = frame }
            x += width + spacing
        }
    }

    private func fixedWidth(of component: Int) -> Double? {
        guard let w = delegate?.pickerView(self, widthForComponent: component), w.isFinite, w >= 0 else { return nil }
        return w
    }

    // MARK: - Drawing

    /// The selection band across the middle, behind the rows; an outline round the focused
    /// wheel while the picker has the focus.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        var height = wheels.isEmpty ? PickerView.defaultRowHeight : 0
        for wheel in wheels { height = max(height, wheel.rowHeight) }
        let band = PixelRect(snapping: Rect(x: 2, y: (bounds.height - height) / 2, width: max(bounds.width - 4, 0), height: height))
        canvas.fillRoundedRect(band, radius: 8, color: bandColor)
        guard isFocused, wheels.count > 1, wheels.indices.contains(focusedComponent) else { return }
        let wheel = wheels[focusedComponent].frame
        let outline = PixelRect(snapping: Rect(x: wheel.minX, y: Double(band.y), width: wheel.width, height: height))
        canvas.strokeRoundedRect(outline, radius: 8, width: 2, color: palette.focusRing)
    }

    // MARK: - Focus and keys

    /// A knob turns the focused wheel (once select has switched to adjusting).
    open override var isAdjustable: Bool { true }

    open override func adjust(byDetents detents: Int) {
        guard wheels.indices.contains(focusedComponent) else { return }
        _ = wheels[focusedComponent].step(by: max(min(detents, 1000), -1000))
    }

    /// Up and down turn the focused wheel a row; left and right move between wheels.
    open override func focusedArrow(_ heading: FocusHeading) -> Bool {
        guard wheels.indices.contains(focusedComponent) else { return false }
        switch heading {
        case .up: return wheels[focusedComponent].step(by: -1)
        case .down: return wheels[focusedComponent].step(by: 1)
        case .left:
            guard focusedComponent > 0 else { return false }
            focusedComponent -= 1
        case .right:
            guard focusedComponent + 1 < wheels.count else { return false }
            focusedComponent += 1
        case .next, .previous: return false
        }
        setNeedsDisplay()
        return true
    }
}
