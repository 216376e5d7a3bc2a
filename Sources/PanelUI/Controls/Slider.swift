/// A horizontal slider: UIKit's `UISlider`.
///
/// A touch that lands on the thumb (or within ``thumbTouchSlop`` of it) drags it; `valueChanged`
/// is sent on every change while dragging when ``isContinuous`` (the default), else once on
/// release if the value changed. A touch elsewhere on the track sends only `touchDown` (the
/// thumb does not jump), as on iOS.
@MainActor
open class Slider: Control {
    /// A slider: named "Slider" until the app names it, its value a percentage of its range,
    /// adjustable.
    open override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = "Slider"
        let span = Double(maximumValue) - Double(minimumValue)
        description.value = AccessibilityDescription.percent(span > 0 ? (Double(value) - Double(minimumValue)) / span : 0)
        return description
    }

    /// No preferred length; as tall as its thumb plus its touch slop above and below.
    open override var intrinsicContentSize: Size {
        Size(width: View.noIntrinsicMetric, height: thumbDiameter + 2 * 6)
    }

    /// The value, clamped to ``minimumValue``…``maximumValue``. Default 0.
    public final var value: Float {
        get { _value }
        set { setValue(newValue, animated: false) }
    }
    private var _value: Float = 0

    /// The lower bound. Default 0.
    open var minimumValue: Float = 0 {
        didSet { setValue(_value, animated: false) }
    }

    /// The upper bound. Default 1.
    open var maximumValue: Float = 1 {
        didSet { setValue(_value, animated: false) }
    }

    /// Whether `valueChanged` is sent while dragging (true) or only on release (false).
    open var isContinuous = true

    /// The thumb's diameter in points. Default 28.
    public var thumbDiameter = 28.0 {
        didSet { setNeedsDisplay() }
    }

    /// How far outside the thumb a touch still grabs it. Default 10 pt.
    public var thumbTouchSlop = 10.0

    private var grabOffset = 0.0
    private var valueAtTrackingStart: Float = 0
    /// Where the thumb is drawn, as a fraction of the range: the value's own at once, or on its
    /// way there after ``setValue(_:animated:)`` with `animated`.
    private var thumbMotion = ProgressAnimation()

    /// How long an animated change of the value moves the thumb.
    public static let animationDuration = 0.25

    /// Creates a slider.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        minimumTouchTarget = Size(width: 44, height: 44)
    }

    /// Sets the value, clamped; no action is sent.
    /// A knob moves a slider by a twentieth of its range per detent.
    open override var isAdjustable: Bool { true }

    open override func adjust(byDetents detents: Int) {
        let old = value
        setValue(value + Float(max(min(detents, 1000), -1000)) * (maximumValue - minimumValue) / 20, animated: false)
        if value != old { sendActions(for: .valueChanged) }
    }

    /// Sets the value, clamped to the range (NaN as the minimum), as UIKit's `UISlider` does:
    /// ``value`` is the new one at once; the thumb moves there at once, or, when `animated` and
    /// the slider is in an application's window, slides there over ``animationDuration``
    /// (ease in and out). A change that is not animated, a drag included, stops a slide.
    public func setValue(_ value: Float, animated: Bool) {
        let low = min(minimumValue, maximumValue), high = max(minimumValue, maximumValue)
        let clamped = value.isNaN ? low : min(max(value, low), high)
        let fraction = fraction(of: clamped)
        guard clamped != _value || fraction != thumbMotion.target || thumbMotion.isMoving else { return }
        // Only the span between the old and new thumb changes (thumb and track fill).
        let old = thumbRect
        _value = clamped
        thumbMotion.set(fraction, animated: animated, view: self, client: self, redrawing: false)
        setNeedsDisplay(old.union(thumbRect).insetBy(dx: -1, dy: -1))
    }

    /// The track the thumb's centre runs along, in bounds coordinates.
    public var trackRect: Rect {
        let radius = thumbDiameter / 2
        return Rect(x: bounds.minX + radius, y: bounds.midY, width: max(bounds.width - thumbDiameter, 0), height: 0)
    }

    /// The thumb's rectangle for the current value, in bounds coordinates. The minimum is at
    /// the leading end: the right under a right-to-left language.
    public var thumbRect: Rect {
        let track = trackRect
        let along = track.width * thumbMotion.shown
        let x = isRightToLeft ? track.maxX - along : track.minX + along
        return Rect(x: x - thumbDiameter / 2, y: bounds.midY - thumbDiameter / 2, width: thumbDiameter, height: thumbDiameter)
    }

    private func fraction(of value: Float) -> Double {
        let span = Double(maximumValue - minimumValue)
        return span == 0 ? 0 : Double(value - minimumValue) / span
    }

    private func value(atThumbCenterX x: Double) -> Float {
        let track = trackRect
        let along = isRightToLeft ? track.maxX - x : x - track.minX
        let fraction = track.width == 0 ? 0 : min(max(along / track.width, 0), 1)
        return minimumValue + Float(fraction) * (maximumValue - minimumValue)
    }

    /// A30: a slider refuses an ancestor's single-finger single tap, and a single-finger pan
    /// or swipe that starts on its thumb.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if recognizer.refusedByStandardControl(self) { return false }
        if recognizer.view !== self, recognizer.numberOfTouches <= 1, recognizer.isDragKind,
            let touch = recognizer.gestureTouches.first
        {
            let start = convertFromScreen(touch.initialScreenLocation)
            if thumbRect.insetBy(dx: -thumbTouchSlop, dy: -thumbTouchSlop).contains(start) { return false }
        }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        let location = touch.location(in: self)
        let thumb = thumbRect
        guard thumb.insetBy(dx: -thumbTouchSlop, dy: -thumbTouchSlop).contains(location) else { return false }
        grabOffset = location.x - thumb.midX
        valueAtTrackingStart = _value
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        let newValue = value(atThumbCenterX: touch.location(in: self).x - grabOffset)
        if newValue != _value {
            setValue(newValue, animated: false)
            if isContinuous { sendActions(for: .valueChanged, with: event) }
        }
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        if let touch {
            let newValue = value(atThumbCenterX: touch.location(in: self).x - grabOffset)
            if newValue != _value {
                setValue(newValue, animated: false)
                if isContinuous { sendActions(for: .valueChanged, with: event) }
            }
        }
        if !isContinuous && _value != valueAtTrackingStart {
            sendActions(for: .valueChanged, with: event)
        }
    }

    // MARK: - Appearance

    /// The track left of the thumb. Default the ``View/tintColor``.
    public final var minimumTrackTintColor: Color {
        get { _minimumTrackTintColor.resolved(in: self) }
        set { setThemed(&_minimumTrackTintColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _minimumTrackTintColor = Themed<Slider, Color>(fallback: { $0.tintColor })
    /// The track right of the thumb. Default the palette's ``Palette/secondaryFill`` (light grey).
    public final var maximumTrackTintColor: Color {
        get { _maximumTrackTintColor.resolved(in: self) }
        set { setThemed(&_maximumTrackTintColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _maximumTrackTintColor = Themed<Slider, Color>(fallback: { $0.palette.secondaryFill })
    /// The thumb. Default white (light grey while dragged).
    public final var thumbTintColor = Color.white {
        didSet { if thumbTintColor != oldValue { setNeedsDisplay() } }
    }
    /// The track's thickness in points. Default 4.
    public var trackHeight = 4.0 {
        didSet { if trackHeight != oldValue { setNeedsDisplay() } }
    }

    /// Draws the track (filled up to the thumb), then the thumb with a thin outline. Disabled
    /// sliders are drawn in grey.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let track = trackRect
        let thumb = PixelRect(snapping: thumbRect)
        let thickness = max(Int(trackHeight.rounded()), 1)
        let y = Int((bounds.midY - Double(thickness) / 2).rounded())
        let left = Int((track.minX - thumbDiameter / 4).rounded(.down))
        let right = Int((track.maxX + thumbDiameter / 4).rounded(.up))
        let split = thumb.x + thumb.width / 2
        let radius = Double(thickness) / 2
        let fill = isEnabled ? minimumTrackTintColor : palette.gray
        canvas.fillRoundedRect(PixelRect(minX: left, minY: y, maxX: right, maxY: y + thickness), radius: radius, color: maximumTrackTintColor)
        // The track is filled from the minimum's end to the thumb.
        let filled =
            isRightToLeft ? PixelRect(minX: split, minY: y, maxX: right, maxY: y + thickness) : PixelRect(minX: left, minY: y, maxX: split, maxY: y + thickness)
        canvas.pushClip(filled)
        canvas.fillRoundedRect(PixelRect(minX: left, minY: y, maxX: right, maxY: y + thickness), radius: radius, color: fill)
        canvas.popClip()
        let knob = isHighlighted ? thumbTintColor.mixed(with: .gray, by: 0.2) : thumbTintColor
        canvas.fillEllipse(in: thumb, color: knob)
        canvas.strokeRoundedRect(thumb, radius: Double(thumb.width) / 2, width: 1, color: Color(rgb: 0xA0A0A8))
    }
}

extension Slider: FrameClockClient {
    /// One frame of the thumb's slide to an animated value; true while it still moves.
    public func frameClockTick(_ now: MonotonicInstant) -> Bool {
        let old = thumbRect
        let moving = thumbMotion.tick(now, duration: Self.animationDuration)
        setNeedsDisplay(old.union(thumbRect).insetBy(dx: -1, dy: -1))
        return moving
    }
}
