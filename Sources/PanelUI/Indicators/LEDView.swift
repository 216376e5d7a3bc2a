import RealModule

/// A status light: a round lamp in a colour, on or off, at a brightness, optionally blinking
/// (LVGL's `lv_led`). Blinking runs on the frame clock and stops costing anything when it stops;
/// a light that does not blink wakes nothing.
@MainActor
open class LEDView: View {
    /// An indicator light: on or off.
    open override var accessibilityDefaults: AccessibilityDescription {
        AccessibilityDescription(isElement: true, value: isOn ? "on" : "off")
    }

    /// The lamp's colour when lit. Default the palette's ``Palette/success`` (green).
    public var color: Color {
        get { _color.resolved(in: self) }
        set { setThemed(&_color, to: newValue) }
    }
    @exclusivity(unchecked) private var _color = Themed<LEDView, Color>(fallback: { $0.palette.success })
    /// Whether the lamp is lit.
    public var isOn = true {
        didSet { if isOn != oldValue { setNeedsDisplay() } }
    }
    /// How bright the lit lamp is, 0…1 (NaN counts as 0, values outside are clamped). Default 1.
    public var brightness = 1.0 {
        didSet {
            let clamped = brightness.isFinite ? min(max(brightness, 0), 1) : 0
            if clamped != brightness { brightness = clamped }
            setNeedsDisplay()
        }
    }
    /// How long each half of a blink lasts, in seconds (clamped to 0.05…60); the lamp is lit
    /// for one, dark for the other. Default 0.5.
    public var blinkInterval = 0.5 {
        didSet { blinkInterval = blinkInterval.isFinite ? min(max(blinkInterval, 0.05), 60) : 0.5 }
    }
    /// Whether the lamp blinks (while ``isOn``).
    public var isBlinking = false {
        didSet {
            guard isBlinking != oldValue else { return }
            blinkChanged()
        }
    }
    /// Whether the lamp shows lit now (on, and in the lit half of a blink).
    public private(set) var isLit = true

    private var blinkStart = MonotonicInstant.zero
    private var blinkHandle: FrameClock.Handle?

    /// A lamp 20 points across by default.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 20, height: 20)) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// 20 × 20 points.
    open override var intrinsicContentSize: Size { Size(width: 20, height: 20) }

    /// Starts blinking when the lamp reaches a window.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        blinkChanged()
    }

    private func blinkChanged() {
        if let blinkHandle { window?.application?.frameClock.remove(blinkHandle) }
        blinkHandle = nil
        isLit = true
        setNeedsDisplay()
        guard isBlinking, let application = window?.application else { return }
        blinkStart = application.clock.now
        blinkHandle = application.frameClock.add(self)
    }

    /// Draws the lamp: a dark rim, the body in the colour (dimmed when off or at a lower
    /// brightness), a highlight when lit.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let side = min(bounds.width, bounds.height)
        let centre = Point(x: bounds.width / 2, y: bounds.height / 2)
        let lit = isOn && isLit
        let level = lit ? 0.35 + 0.65 * brightness : 0.25
        let body = color.mixed(with: .black, by: 1 - level)
        var lamp = Path()
        lamp.addEllipse(in: Rect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side))
        canvas.fill(lamp, color: body)
        canvas.stroke(lamp, width: max(side / 14, 1), color: color.mixed(with: .black, by: 0.6))
        guard lit, brightness > 0 else { return }
        var shine = Path()
        let r = side * 0.18
        shine.addEllipse(in: Rect(x: centre.x - side * 0.22 - r, y: centre.y - side * 0.22 - r, width: 2 * r, height: 2 * r))
        canvas.fill(shine, color: Color(red: 255, green: 255, blue: 255, alpha: UInt8((140 * brightness).rounded())))
    }
}

extension LEDView: FrameClockClient {
    /// One frame of a blink: lit in the first half of each period, dark in the second.
    public func frameClockTick(_ now: MonotonicInstant) -> Bool {
        guard isBlinking else {
            blinkHandle = nil
            return false
        }
        let elapsed = Double((now - blinkStart).nanoseconds) / 1_000_000_000
        let lit = Int((elapsed / blinkInterval).rounded(.down)) % 2 == 0
        if lit != isLit {
            isLit = lit
            setNeedsDisplay()
        }
        return true
    }
}
