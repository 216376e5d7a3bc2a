/// A minus and a plus button that step a value: UIKit's `UIStepper`.
///
/// A tap on "−" or "+" changes ``value`` by ``stepValue`` within ``minimumValue`` …
/// ``maximumValue`` and sends `valueChanged`; holding repeats (``autorepeat``: after 0.5 s,
/// every 0.1 s). At a limit the button that would pass it is disabled, unless ``wraps``, which
/// goes round to the other limit. Values that are not numbers, and limits the wrong way round,
/// are put right as UIKit does (the maximum never below the minimum; a step of at least a
/// millionth).
@MainActor
open class Stepper: Control {
    /// A stepper: named "Stepper" until the app names it, its value the number, adjustable.
    open override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = "Stepper"
        description.value = AccessibilityDescription.number(value)
        return description
    }

    /// The value, kept within the limits. Setting it in code sends no action.
    public final var value = 0.0 {
        didSet {
            let clamped = Self.clamp(value, minimumValue, maximumValue)
            if clamped != value { value = clamped }
            if value != oldValue { setNeedsDisplay() }
        }
    }
    /// The lowest value. Default 0. Raising it above the maximum raises the maximum.
    open var minimumValue = 0.0 {
        didSet {
            if !minimumValue.isFinite { minimumValue = 0 }
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = Self.clamp(value, minimumValue, maximumValue)
        }
    }
    /// The highest value. Default 100. Lowering it below the minimum lowers the minimum.
    open var maximumValue = 100.0 {
        didSet {
            if !maximumValue.isFinite { maximumValue = 100 }
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = Self.clamp(value, minimumValue, maximumValue)
        }
    }
    /// How much a tap changes the value. Default 1; at least 0.000001.
    /// A knob moves a stepper by its step per detent.
    open override var isAdjustable: Bool { true }

    open override func adjust(byDetents detents: Int) {
        let old = value
        value = min(max(value + Double(max(min(detents, 1000), -1000)) * stepValue, minimumValue), maximumValue)
        if value != old { sendActions(for: .valueChanged) }
    }

    open var stepValue = 1.0 {
        didSet { if !(stepValue >= 1e-6) || !stepValue.isFinite { stepValue = max(oldValue, 1e-6) } }
    }
    /// Whether stepping past a limit goes round to the other. Default false.
    open var wraps = false
    /// Whether holding a button repeats. Default true.
    open var autorepeat = true

    /// Which half is pressed: -1 minus, +1 plus, 0 none.
    private var pressedSide = 0
    private var repeatTimer: TimerHandle?
    private lazy var repeatHandler: @MainActor (TimerHandle) -> Void = { [weak self] _ in
        guard let self, self.pressedSide != 0 else { return }
        self.step(self.pressedSide, event: nil)
    }

    /// A stepper (94×32, UIKit's size, by default).
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 94, height: 32)) {
        super.init(frame: frame)
        cornerRadius = 8
        // Drawn 32 points tall, as UIKit's; touched in 44 (the accessibility minimum).
        minimumTouchTarget = Size(width: 44, height: 44)
    }

    open override var intrinsicContentSize: Size { Size(width: 94, height: 32) }

    static func clamp(_ v: Double, _ low: Double, _ high: Double) -> Double {
        guard !v.isNaN else { return low }
        return min(max(v, low), high)
    }

    /// Whether the minus side can step (not at the minimum, or wrapping).
    public var canDecrement: Bool { isEnabled && (wraps || value > minimumValue) }
    /// Whether the plus side can step.
    public var canIncrement: Bool { isEnabled && (wraps || value < maximumValue) }

    // MARK: - Tracking

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        let side = touch.location(in: self).x < bounds.midX ? -1 : 1
        guard side < 0 ? canDecrement : canIncrement else { return false }
        pressedSide = side
        step(side, event: event)
        if autorepeat, let application = window?.application {
            repeatTimer = try? application.scheduleTimer(after: .milliseconds(500), repeating: .milliseconds(100), repeatHandler)
        }
        setNeedsDisplay()
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        stopRepeating()
    }

    open override func cancelTracking(with event: Event?) {
        stopRepeating()
        super.cancelTracking(with: event)
    }

    private func stopRepeating() {
        if let repeatTimer { window?.application?.cancelTimer(repeatTimer) }
        repeatTimer = nil
        pressedSide = 0
        setNeedsDisplay()
    }

    private func step(_ side: Int, event: Event?) {
        var next = value + Double(side) * stepValue
        if next > maximumValue + 1e-9 {
            guard wraps else { return stopAtLimit() }
            next = minimumValue
        } else if next < minimumValue - 1e-9 {
            guard wraps else { return stopAtLimit() }
            next = maximumValue
        }
        let old = value
        value = next
        if value != old { sendActions(for: .valueChanged, with: event) }
    }

    private func stopAtLimit() {
        if repeatTimer != nil { stopRepeating() }
    }

    // MARK: - Drawing

    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let box = PixelRect(snapping: bounds)
        let half = box.width / 2
        let left = PixelRect(x: box.x, y: box.y, width: half, height: box.height)
        let right = PixelRect(x: box.x + half, y: box.y, width: box.width - half, height: box.height)
        let palette = self.palette
        canvas.fillRoundedRect(box, radius: cornerRadius, color: palette.fill)
        for (side, area, enabled) in [(-1, left, canDecrement), (1, right, canIncrement)] {
            if pressedSide == side {
                canvas.pushClip(area)
                canvas.fillRoundedRect(box, radius: cornerRadius, color: palette.border)
                canvas.popClip()
            }
            let ink = enabled ? palette.label : palette.disabledLabel
            let cx = Double(area.x) + Double(area.width) / 2
            let cy = Double(area.y) + Double(area.height) / 2
            let arm = Double(min(area.width, area.height)) * 0.22
            canvas.drawLine(from: (cx - arm, cy), to: (cx + arm, cy), width: 2, color: ink)
            if side > 0 { canvas.drawLine(from: (cx, cy - arm), to: (cx, cy + arm), width: 2, color: ink) }
        }
        canvas.fill(PixelRect(x: box.x + half, y: box.y + box.height / 4, width: 1, height: box.height / 2), color: palette.border)
    }
}
