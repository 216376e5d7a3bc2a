/// A circular slider: a knob that runs along an arc (LVGL's `lv_arc`), with a range, steps
/// and target-action `valueChanged`.
///
/// Only a touch on the ring (within ``touchTolerance`` of it) grabs the knob; the knob then
/// follows the finger's direction from the centre, and in the gap of a partial ring it stays at
/// the nearer end without jumping across. `valueChanged` is sent on each change while dragging
/// when ``isContinuous``, else once on release.
@MainActor
open class ArcControl: Control {
    /// An arc control: named "Dial" until the app names it, its value the number, adjustable.
    open override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = "Dial"
        description.value = AccessibilityDescription.number(value)
        return description
    }

    /// The value, clamped to the range and rounded to ``step``. Default 0.
    public var value: Double {
        get { _value }
        set { setValue(newValue) }
    }
    private var _value = 0.0
    /// The lower end. Set the range with ``setRange(lower:upper:)``. Default 0.
    public private(set) var minimumValue = 0.0
    /// The upper end. Default 100.
    public private(set) var maximumValue = 100.0
    /// The increment the value snaps to (0, the default: continuous; negative or not finite
    /// counts as 0).
    public var step = 0.0 {
        didSet {
            if !step.isFinite || step < 0 { step = 0 }
            setValue(_value)
        }
    }
    /// Where the ring lies. Default ``DialGeometry/standard``.
    public var geometry = DialGeometry.standard {
        didSet { setNeedsDisplay() }
    }
    /// Whether `valueChanged` is sent while dragging (true) or only on release.
    public var isContinuous = true
    /// The ring's width in points (clamped to 2…a quarter of the side). Default 12.
    public var lineWidth = 12.0 {
        didSet {
            lineWidth = lineWidth.isFinite ? max(lineWidth, 2) : 12
            setNeedsDisplay()
        }
    }
    /// How far off the ring a touch still grabs it, in points. Default 12.
    public var touchTolerance = 12.0
    /// The filled part of the ring. Default `#2196f3`, LVGL's blue.
    public var fillColor = Color(rgb: 0x2196F3) {
        didSet { setNeedsDisplay() }
    }
    /// The ring under it. Default the palette's ``Palette/fill``.
    public var trackColor: Color {
        get { _trackColor.resolved(in: self) }
        set { setThemed(&_trackColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _trackColor = Themed<ArcControl, Color>(fallback: { $0.palette.fill })

    private var ringPath = Path()
    private var lastFraction = 0.0
    private var valueAtTrackingStart = 0.0

    /// A 160 × 160 ring from 0 to 100.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 160, height: 160)) {
        super.init(frame: frame)
    }

    /// 160 × 160 points.
    open override var intrinsicContentSize: Size { Size(width: 160, height: 160) }

    /// Sets the range. Throws, changing nothing, for an end that is not finite, equal ends or
    /// a lower end above the upper (``ScaleError``). The value is clamped to it.
    public func setRange(lower: Double, upper: Double) throws(ScaleError) {
        let range = try ScaleRange(lower: lower, upper: upper)
        minimumValue = range.lower
        maximumValue = range.upper
        setValue(_value)
    }

    /// Sets the value (clamped, snapped to ``step``; NaN is ignored) without sending an action.
    public func setValue(_ value: Double) {
        guard !value.isNaN else { return }
        var v = min(max(value, minimumValue), maximumValue)
        if step > 0 {
            let steps = ((v - minimumValue) / step).rounded()
            v = min(minimumValue + steps * step, maximumValue)
        }
        guard v != _value else { return }
        _value = v
        setNeedsDisplay()
    }

    /// The value's place along the ring, 0…1.
    var fraction: Double { (_value - minimumValue) / (maximumValue - minimumValue) }

    /// The ring's centre and the radius of its middle line.
    var ring: (centre: Point, radius: Double) {
        let side = min(bounds.width, bounds.height)
        let inset = min(lineWidth, side / 4) / 2 + knobOverhang
        let fitted = geometry.fit(in: Size(width: max(bounds.width - 2 * inset, 0), height: max(bounds.height - 2 * inset, 0)))
        return (Point(x: fitted.centre.x + inset, y: fitted.centre.y + inset), fitted.radius)
    }

    /// How far the knob reaches beyond the ring's edge.
    private var knobOverhang: Double { 3 }

    /// The knob's centre.
    public var knobCenter: Point { knobCenter(forValue: _value) }

    /// Where the knob's centre would be at `value` (clamped to the range).
    public func knobCenter(forValue value: Double) -> Point {
        let (centre, radius) = ring
        let f = value.isNaN ? 0 : min(max((value - minimumValue) / (maximumValue - minimumValue), 0), 1)
        return geometry.point(atFraction: f, radius: radius, centre: centre)
    }

    // MARK: - Touch

    /// A touch counts only on the ring, within ``touchTolerance`` of it: the middle of the
    /// dial and the corners are not the control's.
    open override func point(inside point: Point, with event: Event?) -> Bool {
        let (centre, radius) = ring
        let dx = point.x - centre.x, dy = point.y - centre.y
        let distance = (dx * dx + dy * dy).squareRoot()
        let half = min(lineWidth, min(bounds.width, bounds.height) / 4) / 2 + touchTolerance
        guard abs(distance - radius) <= half else { return false }
        // In a partial ring's gap only near the ends.
        guard let f = geometry.fraction(towards: point, centre: centre) else { return false }
        if f == 0 || f == 1 {
            let end = geometry.point(atFraction: f, radius: radius, centre: centre)
            let ex = point.x - end.x, ey = point.y - end.y
            return (ex * ex + ey * ey).squareRoot() <= half
        }
        return true
    }

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        valueAtTrackingStart = _value
        lastFraction = fraction
        follow(touch, with: event)
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        follow(touch, with: event)
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        if !isContinuous && _value != valueAtTrackingStart { sendActions(for: .valueChanged, with: event) }
    }

    /// Moves the knob towards the finger. A jump of more than half the ring in one move (the
    /// finger crossing the gap of a partial ring) pins the knob at the end it was nearer to.
    private func follow(_ touch: Touch, with event: Event?) {
        let (centre, _) = ring
        guard var f = geometry.fraction(towards: touch.location(in: self), centre: centre) else { return }
        if abs(f - lastFraction) > 0.5 && geometry.sweepAngle < 360 { f = lastFraction < 0.5 ? 0 : 1 }
        lastFraction = f
        let old = _value
        setValue(minimumValue + f * (maximumValue - minimumValue))
        if _value != old, isContinuous { sendActions(for: .valueChanged, with: event) }
    }

    /// A knob moves the value a step (or a twentieth of the range) per detent.
    open override var isAdjustable: Bool { true }

    open override func adjust(byDetents detents: Int) {
        let old = _value
        let unit = step > 0 ? step : (maximumValue - minimumValue) / 20
        setValue(_value + Double(max(min(detents, 1000), -1000)) * unit)
        if _value != old { sendActions(for: .valueChanged) }
    }

    // MARK: - Drawing

    /// Draws the track, the filled arc up to the value and the knob.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let (centre, radius) = ring
        guard radius > 0 else { return }
        let width = min(lineWidth, min(bounds.width, bounds.height) / 4)
        let dimmed = !isEnabled
        ringPath.removeAll()
        ringPath.addArc(center: centre, radius: radius, startAngle: geometry.radians(atFraction: 0), endAngle: geometry.radians(atFraction: 1))
        canvas.stroke(ringPath, width: width, color: trackColor, cap: geometry.sweepAngle < 360 ? .round : .butt)
        if fraction > 0 {
            ringPath.removeAll()
            ringPath.addArc(center: centre, radius: radius, startAngle: geometry.radians(atFraction: 0), endAngle: geometry.radians(atFraction: fraction))
            canvas.stroke(ringPath, width: width, color: dimmed ? fillColor.mixed(with: palette.background, by: 0.5) : fillColor, cap: .round)
        }
        let knob = knobCenter
        let knobRadius = width / 2 + knobOverhang
        ringPath.removeAll()
        ringPath.addEllipse(in: Rect(x: knob.x - knobRadius, y: knob.y - knobRadius, width: 2 * knobRadius, height: 2 * knobRadius))
        canvas.fill(ringPath, color: isHighlighted ? palette.groupedBackground : palette.secondaryBackground)
        canvas.stroke(ringPath, width: 1.5, color: dimmed ? trackColor : fillColor)
    }
}
