import RealModule

/// Recognizes two fingers moving apart or together: UIKit's `UIPinchGestureRecognizer` (A35,
/// E16). Continuous.
///
/// Began once the distance between the two fingers has changed by ``minimumScaleChange`` (5 %);
/// changed while both stay down; when one lifts it stops sending changed but stays active until
/// both are up, then ends. A third finger is ignored. ``scale`` is absolute: the current
/// distance over the distance at touch-down; ``velocity`` is in scale per second.
@MainActor
open class PinchGestureRecognizer: GestureRecognizer {
    /// Relative change of the finger distance needed to begin. Default 0.05 (E16).
    public var minimumScaleChange = 0.05

    private var initialDistance = 0.0
    private var scaleBase = 1.0
    private var lastScale = 1.0
    private var lastTime = MonotonicInstant.zero
    private var _velocity = 0.0
    private var _scale = 1.0

    /// The scale since the gesture's start (or since it was last set).
    public var scale: Double {
        get { _scale }
        set {
            // Rebase so that later changes multiply the new value.
            scaleBase = newValue / max(currentRatio, 1e-9)
            _scale = newValue
            _velocity = 0
        }
    }

    /// Scale per second.
    public var velocity: Double { _velocity }

    private var currentRatio: Double {
        guard trackedTouches.count >= 2, initialDistance > 0 else { return _scale / scaleBase }
        return trackedTouches[0].screenLocation.distance(to: trackedTouches[1].screenLocation) / initialDistance
    }

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        super.touchesBegan(touches, with: event)
        ignoreTouches(beyond: 2, for: event)
        if trackedTouches.count == 2 && initialDistance == 0 {
            initialDistance = trackedTouches[0].screenLocation.distance(to: trackedTouches[1].screenLocation)
            lastTime = event.timestamp
        }
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        super.touchesMoved(touches, with: event)
        guard trackedTouches.count == 2, initialDistance > 0 else { return }
        let ratio = currentRatio
        let newScale = ratio * scaleBase
        let dt = (event.timestamp - lastTime).seconds
        if dt > 0 { _velocity = (newScale - lastScale) / dt }
        lastScale = newScale
        lastTime = event.timestamp
        _scale = newScale
        advanceContinuous(beginsNow: abs(ratio - 1) >= minimumScaleChange)
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        super.touchesEnded(touches, with: event)
        liftTwoFingerGesture(touches)
    }

    open override func reset() {
        super.reset()
        initialDistance = 0
        scaleBase = 1
        lastScale = 1
        _scale = 1
        _velocity = 0
    }
}

/// Recognizes two fingers turning: UIKit's `UIRotationGestureRecognizer` (A36, E16). Continuous.
///
/// Began once the line between the fingers has turned by ``minimumRotation`` (5°); then as
/// pinch. ``rotation`` is in radians, absolute since the start, positive clockwise on screen
/// (y grows downwards, as in UIKit); ``velocity`` is in radians per second.
@MainActor
open class RotationGestureRecognizer: GestureRecognizer {
    /// Turn needed to begin, in radians. Default 5° (E16).
    public var minimumRotation = 5.0 * Double.pi / 180

    private var previousAngle: Double?
    private var accumulated = 0.0
    private var base = 0.0
    private var lastTime = MonotonicInstant.zero
    private var _velocity = 0.0

    /// The rotation since the start (or since it was last set), in radians.
    public var rotation: Double {
        get { accumulated + base }
        set {
            base = newValue - accumulated
            _velocity = 0
        }
    }

    /// Radians per second.
    public var velocity: Double { _velocity }

    private var angle: Double {
        let a = trackedTouches[0].screenLocation, b = trackedTouches[1].screenLocation
        return Double.atan2(y: b.y - a.y, x: b.x - a.x)
    }

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        super.touchesBegan(touches, with: event)
        ignoreTouches(beyond: 2, for: event)
        if trackedTouches.count == 2 && previousAngle == nil {
            previousAngle = angle
            lastTime = event.timestamp
        }
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        super.touchesMoved(touches, with: event)
        guard trackedTouches.count == 2, let previous = previousAngle else { return }
        let now = angle
        var delta = now - previous
        if delta > Double.pi { delta -= 2 * Double.pi }
        if delta < -Double.pi { delta += 2 * Double.pi }
        accumulated += delta
        previousAngle = now
        let dt = (event.timestamp - lastTime).seconds
        if dt > 0 { _velocity = delta / dt }
        lastTime = event.timestamp
        advanceContinuous(beginsNow: abs(accumulated) >= minimumRotation)
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        super.touchesEnded(touches, with: event)
        liftTwoFingerGesture(touches)
    }

    open override func reset() {
        super.reset()
        previousAngle = nil
        accumulated = 0
        base = 0
        _velocity = 0
    }
}
