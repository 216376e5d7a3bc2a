/// An on/off switch: UIKit's `UISwitch`.
///
/// A tap (a touch that lifts inside the expanded region) toggles ``isOn``; a drag along the
/// switch that ends inside sets it by direction (right is on) once the finger has moved at
/// least ``dragThreshold``. A change sends `valueChanged` and then `primaryActionTriggered`,
/// before `touchUpInside`. ``setOn(_:animated:)`` sends nothing.
@MainActor
open class Switch: Control {
    /// Whether the switch is on. Setting it sends no action.
    open var isOn: Bool {
        get { _isOn }
        set { setOn(newValue, animated: false) }
    }
    private var _isOn = false

    /// A horizontal movement of at least this many points makes the lift a drag. Default 10.
    public var dragThreshold = 10.0

    private var startX = 0.0

    /// Creates a switch (51×31 by default, as on iOS).
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 51, height: 31)) {
        super.init(frame: frame)
    }

    /// Sets the state; no action is sent.
    public func setOn(_ on: Bool, animated: Bool) {
        guard on != _isOn else { return }
        _isOn = on
        setNeedsDisplay()
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
        setOn(newValue, animated: false)
        sendActions(for: .valueChanged, with: event)
        sendActions(for: .primaryActionTriggered, with: event)
    }
}
