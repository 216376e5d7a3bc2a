/// Recognizes taps: UIKit's `UITapGestureRecognizer` (A31, E13). Discrete.
///
/// Recognized when ``numberOfTouchesRequired`` fingers have tapped ``numberOfTapsRequired``
/// times. A tap fails when a finger moves more than ``allowableMovement`` while down, when a
/// press lasts longer than ``maximumPressDuration``, when more fingers than required touch, or
/// when the next tap does not start within ``maximumTapInterval`` of the last lift (the timer
/// runs on the application's run loop, so a double-tap recognizer fails on its own after a
/// single tap). Its location is the centroid of the first tap's fingers. It never prevents a
/// tap recognizer that needs more taps.
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
    /// Taps needed. Default 1.
    open var numberOfTapsRequired = 1
    /// Fingers needed in each tap. Default 1.
    open var numberOfTouchesRequired = 1
    /// How far a finger may move while down, in points. Default 10 (E13).
    public var allowableMovement = 10.0
    /// The longest press that still counts as a tap. Default 0.75 s (E13).
    public var maximumPressDuration = MonotonicDuration.milliseconds(750)
    /// The longest wait from a lift to the next tap's touch-down. Default 0.35 s (E13).
    public var maximumTapInterval = MonotonicDuration.milliseconds(350)
    /// How far a later tap may land from the first, in points. Default 45 (E13).
    public var allowableTapDistance = 45.0

    private var tapsCompleted = 0
    private var fingersInTap = 0
    private var fingersDown = 0
    private var firstLocation = Point.zero
    private var firstTapCentroid: Point?

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        super.touchesBegan(touches, with: event)
        cancelTimer()
        if fingersDown == 0 { fingersInTap = 0 }
        fingersDown += touches.count
        fingersInTap += touches.count
        if fingersInTap > numberOfTouchesRequired {
            state = .failed
            return
        }
        if let touch = touches.first, tapsCompleted == 0, fingersInTap == touches.count {
            firstLocation = touch.location(in: nil)
        } else if let touch = touches.first, tapsCompleted > 0, touch.location(in: nil).distance(to: firstLocation) > allowableTapDistance {
            state = .failed
            return
        }
        startTimer(maximumPressDuration)
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        super.touchesMoved(touches, with: event)
        for touch in touches {
            let start = Point(x: touch.initialScreenLocation.x, y: touch.initialScreenLocation.y)
            if touch.screenLocation.distance(to: start) > allowableMovement {
                state = .failed
                return
            }
        }
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        super.touchesEnded(touches, with: event)
        if tapsCompleted == 0 && firstTapCentroid == nil && fingersDown == fingersInTap {
            // Fix the location of the first tap while its fingers are all known.
            firstTapCentroid = location(in: nil)
        }
        fingersDown -= touches.count
        guard fingersDown == 0 else { return }
        cancelTimer()
        guard fingersInTap == numberOfTouchesRequired else {
            state = .failed
            return
        }
        tapsCompleted += 1
        if tapsCompleted >= numberOfTapsRequired {
            state = .recognized
        } else {
            startTimer(maximumTapInterval)
        }
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        cancelTimer()
        super.touchesCancelled(touches, with: event)
    }

    /// The centroid of the first tap, in `view`'s coordinates.
    open override func location(in view: View?) -> Point {
        if let centroid = firstTapCentroid, let window = self.view?.window {
            return (view ?? window).convert(centroid, from: window)
        }
        return super.location(in: view)
    }

    /// A tap recognizer never prevents one that needs more taps (A31).
    open override func canPrevent(_ other: GestureRecognizer) -> Bool {
        if let tap = other as? TapGestureRecognizer, tap.numberOfTapsRequired > numberOfTapsRequired { return false }
        return super.canPrevent(other)
    }

    open override func reset() {
        super.reset()
        cancelTimer()
        tapsCompleted = 0
        fingersInTap = 0
        fingersDown = 0
        firstTapCentroid = nil
    }

    open override func timerFired() {
        if state == .possible { state = .failed }
    }
}
