/// A box that is ticked or not, with its label beside it (LVGL's `lv_checkbox`; UIKit has
/// none): a tap anywhere on the box or the label toggles ``isOn`` and sends `valueChanged`
/// (then `primaryActionTriggered`), as does select on a focused checkbox.
@MainActor
open class Checkbox: Control {
    /// A checkbox: its title, checked or unchecked, as a button.
    open override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = titleLabel.text
        description.value = isOn ? "checked" : "unchecked"
        description.traits.insert(.button)
        return description
    }

    /// Whether the box is ticked. Setting it sends no action.
    open var isOn = false {
        didSet { if isOn != oldValue { setNeedsDisplay() } }
    }
    /// The label beside the box.
    public let titleLabel = Label()
    /// The empty box's border colour. Default the palette's ``Palette/gray``. (The ticked box
    /// is filled with the ``View/tintColor``.)
    public final var boxBorderColor: Color {
        get { _boxBorderColor.resolved(in: self) }
        set { setThemed(&_boxBorderColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _boxBorderColor = Themed<Checkbox, Color>(fallback: { $0.palette.gray })
    /// The box's side in points. Default 22.
    public static let boxSide = 22.0
    /// The space between the box and the label.
    public static let spacing = 10.0

    private var tick = Path()

    /// A checkbox labelled `title`.
    public init(title: String? = nil, frame: Rect = .zero) {
        super.init(frame: frame)
        titleLabel.text = title
        titleLabel.isUserInteractionEnabled = false
        addSubview(titleLabel)
        if frame.size.width == 0 { sizeToFitContent() }
    }

    /// Creates an unlabelled checkbox.
    public convenience override init(frame: Rect) {
        self.init(title: nil, frame: frame)
    }

    /// The box, the spacing and the label's text, at least 44 points tall (a finger's target).
    open override var intrinsicContentSize: Size {
        let text = titleLabel.textSize(fittingWidth: 4096)
        let width = Self.boxSide + (text.width > 0 ? Self.spacing + text.width : 0)
        return Size(width: width.rounded(.up), height: max(44, text.height))
    }

    /// Sizes the checkbox to its ``intrinsicContentSize``, keeping its origin.
    public func sizeToFitContent() {
        frame = Rect(origin: frame.origin, size: intrinsicContentSize)
    }

    /// The label right of the box, as tall as the checkbox.
    open override func layoutSubviews() {
        let x = Self.boxSide + Self.spacing
        titleLabel.frame = Rect(x: x, y: 0, width: max(bounds.width - x, 0), height: bounds.height)
    }

    /// Where the box is, in bounds coordinates.
    public var boxRect: Rect {
        Rect(x: 0, y: ((bounds.height - Self.boxSide) / 2).rounded(), width: Self.boxSide, height: Self.boxSide)
    }

    /// A disabled checkbox's label fades with it.
    open override func stateChanged() {
        titleLabel.isEnabled = isEnabled
        super.stateChanged()
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        guard let touch, isInsideExpandedRegion(touch) else { return }
        toggle(with: event)
    }

    /// Select on a focused checkbox toggles it.
    open override func performPrimaryAction() {
        toggle(with: nil)
    }

    private func toggle(with event: Event?) {
        isOn.toggle()
        sendActions(for: .valueChanged, with: event)
        sendActions(for: .primaryActionTriggered, with: event)
    }

    /// A rounded box: a grey border when empty, filled with the tint and a white tick when
    /// ticked; lighter while a finger is on it, faded when disabled.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let box = boxRect
        let pixels = PixelRect(snapping: box)
        let palette = self.palette
        var fill = tintFillColor
        var border = boxBorderColor
        if isHighlighted {
            fill = fill.mixed(with: palette.background, by: 0.3)
            border = border.mixed(with: palette.label, by: 0.3)
        }
        if !isEnabled {
            fill = fill.mixed(with: palette.background, by: 0.5)
            border = border.mixed(with: palette.background, by: 0.5)
        }
        guard isOn else {
            if isHighlighted { canvas.fillRoundedRect(pixels, radius: 5, color: palette.fill) }
            canvas.strokeRoundedRect(pixels, radius: 5, width: 2, color: border)
            return
        }
        canvas.fillRoundedRect(pixels, radius: 5, color: fill)
        tick.removeAll()
        tick.move(to: Point(x: box.minX + box.width * 0.24, y: box.minY + box.height * 0.52))
        tick.addLine(to: Point(x: box.minX + box.width * 0.43, y: box.minY + box.height * 0.71))
        tick.addLine(to: Point(x: box.minX + box.width * 0.77, y: box.minY + box.height * 0.31))
        canvas.stroke(tick, width: 2.5, color: palette.onTint, cap: .round, join: .round)
    }
}
