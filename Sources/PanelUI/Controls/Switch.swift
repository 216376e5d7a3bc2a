/// An on/off switch: UIKit's `UISwitch`.
///
/// A tap (a touch that lifts inside the expanded region) toggles ``isOn``; a drag along the
/// switch that ends inside sets it by direction (right is on) once the finger has moved at
/// least ``dragThreshold``. A change sends `valueChanged` and then `primaryActionTriggered`,
/// before `touchUpInside`. ``setOn(_:animated:)`` sends nothing. A toggle by touch, or
/// `setOn(_:animated: true)`, slides the knob and blends the track colour over 0.25 s (ease in
/// and out) on the application's frame clock.
@MainActor
open class Switch: Control {
    /// A switch: named "Switch" until the app names what it switches, on or off, as a button.
    open override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = "Switch"  // its role: an app names what it switches
        description.value = isOn ? "on" : "off"
        description.traits.insert(.button)
        return description
    }

    /// UIKit's switch: 51 × 31 points.
    open override var intrinsicContentSize: Size { Size(width: 51, height: 31) }

    /// Whether the switch is on. Setting it sends no action.
    open var isOn: Bool {
        get { _isOn }
        set { setOn(newValue, animated: false) }
    }
    private var _isOn = false

    /// A horizontal movement of at least this many points makes the lift a drag. Default 10.
    public var dragThreshold = 10.0

    private var startX = 0.0
    /// Where the knob is drawn, 0 (off) … 1 (on): ``isOn`` at rest, part way while it slides.
    private var knobPosition = 0.0
    private var slide: FrameClock.Handle?
    private var slideFrom = 0.0
    private var slideStart = MonotonicInstant.zero

    /// How long the knob takes to slide.
    static let slideDuration = 0.25

    /// Creates a switch (51×31 by default, as on iOS).
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 51, height: 31)) {
        super.init(frame: frame)
        minimumTouchTarget = Size(width: 44, height: 44)
        // A switch keeps its size, as UIKit's does.
        setContentHuggingPriority(.defaultHigh, for: .horizontal)
        setContentHuggingPriority(.defaultHigh, for: .vertical)
    }

    /// Sets the state; no action is sent.
    public func setOn(_ on: Bool, animated: Bool) {
        guard on != _isOn else { return }
        _isOn = on
        if let slide { window?.application?.frameClock.remove(slide) }
        slide = nil
        let target = on ? 1.0 : 0.0
        guard animated, let application = window?.application else {
            knobPosition = target
            setNeedsDisplay()
            return
        }
        slideFrom = knobPosition
        slideStart = application.clock.now
        slide = application.frameClock.add(self)
    }

    /// A30: a switch refuses an ancestor's single-finger single tap and a single-finger pan
    /// along it.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if recognizer.refusedByStandardControl(self) { return false }
        if let pan = recognizer as? PanGestureRecognizer, pan.view !== self, pan.numberOfTouches <= 1 {
            let translation = pan.translation(in: self)
            if abs(translation.x) >= abs(translation.y) { return false }
        }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        startX = touch.location(in: self).x
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        guard let touch, isInsideExpandedRegion(touch) else { return }
        let dx = touch.location(in: self).x - startX
        let newValue = abs(dx) >= dragThreshold ? dx > 0 : !_isOn
        guard newValue != _isOn else { return }
        setOn(newValue, animated: true)
        sendActions(for: .valueChanged, with: event)
        sendActions(for: .primaryActionTriggered, with: event)
    }

    /// The select press on a focused switch toggles it, as a tap does.
    open override func performPrimaryAction() {
        setOn(!_isOn, animated: true)
        sendActions(for: .valueChanged)
        sendActions(for: .primaryActionTriggered)
    }

    // MARK: - Appearance

    /// The track when on. Default the palette's ``Palette/success`` (green).
    public final var onTintColor: Color {
        get { _onTintColor.resolved(in: self) }
        set { setThemed(&_onTintColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _onTintColor = Themed<Switch, Color>(fallback: { $0.palette.success })
    /// The track when off. Default the palette's ``Palette/secondaryFill`` (light grey).
    public final var offTintColor: Color {
        get { _offTintColor.resolved(in: self) }
        set { setThemed(&_offTintColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _offTintColor = Themed<Switch, Color>(fallback: { $0.palette.secondaryFill })
    /// The knob. Default white.
    public final var thumbTintColor = Color.white {
        didSet { if thumbTintColor != oldValue { setNeedsDisplay() } }
    }

    /// Draws the pill-shaped track and the round knob, at the right when on; a pressed knob
    /// is tinted grey, and a disabled switch is washed out towards white.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let track = PixelRect(snapping: bounds)
        let height = track.height
        var trackColor = offTintColor.mixed(with: onTintColor, by: knobPosition)
        var knobColor = isHighlighted ? thumbTintColor.mixed(with: .gray, by: 0.2) : thumbTintColor
        if !isEnabled {
            let background = palette.background
            trackColor = trackColor.mixed(with: background, by: 0.5)
            knobColor = knobColor.mixed(with: background, by: 0.5)
        }
        canvas.fillRoundedRect(track, radius: Double(height) / 2, color: trackColor)
        let inset = max(height / 15, 2)
        let diameter = height - 2 * inset
        let travel = Double(track.width - 2 * inset - diameter)
        // On is at the trailing end: the left under a right-to-left language.
        let along = Int((travel * knobPosition).rounded())
        let knobX = isRightToLeft ? track.x + inset + Int(travel.rounded()) - along : track.x + inset + along
        let knob = PixelRect(x: knobX, y: track.y + inset, width: diameter, height: diameter)
        canvas.fillEllipse(in: knob, color: knobColor)
        canvas.strokeRoundedRect(knob, radius: Double(diameter) / 2, width: 1, color: Color(rgb: 0xB0B0B8))
    }
}

extension Switch: FrameClockClient {
    /// One frame of the knob's slide (no closure: a toggle allocates nothing).
    public func frameClockTick(_ now: MonotonicInstant) -> Bool {
        let target = isOn ? 1.0 : 0.0
        let fraction = Double((now - slideStart).nanoseconds) / 1_000_000_000 / Self.slideDuration
        knobPosition = slideFrom + (target - slideFrom) * AnimationCurve.easeInOut.progress(at: fraction)
        setNeedsDisplay()
        guard fraction >= 1 else { return true }
        knobPosition = target
        slide = nil
        return false
    }
}
