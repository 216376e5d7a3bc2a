/// Recognizes a press held still: UIKit's `UILongPressGestureRecognizer` (A32). Continuous.
///
/// Began once ``numberOfTouchesRequired`` fingers (after ``numberOfTapsRequired`` full taps)
/// have been held for ``minimumPressDuration`` without moving more than ``allowableMovement``;
/// the run loop's timer drives it, with no touch event. Changed on every move afterwards (no
/// limit), ended when a finger lifts. Fails if the fingers move too far or lift too early.
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the fingers must be held. Default 0.5 s.
    public var minimumPressDuration = MonotonicDuration.milliseconds(500)
    /// How far the fingers may move before the press begins, in points. Default 10.
    public var allowableMovement = 10.0
    /// Full taps before the press. Default 0.
    open var numberOfTapsRequired = 0
    /// Fingers needed. Default 1.
    open var numberOfTouchesRequired = 1
    /// The longest wait between the taps before the press. Default 0.35 s.
    public var maximumTapInterval = MonotonicDuration.milliseconds(350)

    private var tapsCompleted = 0
    private var fingersDown = 0

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        super.touchesBegan(touches, with: event)
        fingersDown += touches.count
        guard state == .possible else {
            return
        }
        cancelTimer()
        if fingersDown > numberOfTouchesRequired {
            state = .failed
            return
        }
        if fingersDown == numberOfTouchesRequired {
            startTimer(tapsCompleted == numberOfTapsRequired ? minimumPressDuration : maximumTapInterval)
        }
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        super.touchesMoved(touches, with: event)
        if state == .possible {
            for touch in touches where touch.screenLocation.distance(to: touch.initialScreenLocation) > allowableMovement {
                cancelTimer()
                state = .failed
                return
            }
        } else if state.isActive {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        super.touchesEnded(touches, with: event)
        fingersDown -= touches.count
        if state.isActive {
            state = .ended
            return
        }
        guard state == .possible, fingersDown == 0 else { return }
        cancelTimer()
        if tapsCompleted < numberOfTapsRequired {
            tapsCompleted += 1
            startTimer(maximumTapInterval)
        } else {
            state = .failed
        }
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        cancelTimer()
        super.touchesCancelled(touches, with: event)
    }

    open override func reset() {
        super.reset()
        cancelTimer()
        tapsCompleted = 0
        fingersDown = 0
    }

    open override func timerFired() {
        guard state == .possible else { return }
        if tapsCompleted == numberOfTapsRequired && fingersDown == numberOfTouchesRequired {
            state = .began
        } else {
            state = .failed
        }
    }
}
