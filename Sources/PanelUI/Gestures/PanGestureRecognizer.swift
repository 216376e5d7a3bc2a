/// Recognizes a drag: UIKit's `UIPanGestureRecognizer` (A34, E14). Continuous.
///
/// Began once at least ``minimumNumberOfTouches`` fingers are down and the centroid has moved
/// ``minimumTranslation`` (10 pt) from where it started; changed on every move after that while
/// enough fingers stay down; ended when they lift (failed if they lift before it began).
/// ``translation(in:)`` is measured from the touch-down point, so began already reports the
/// distance travelled (E14); ``velocity(in:)`` is in points per second.
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
    /// Fingers needed. Default 1.
    open var minimumNumberOfTouches = 1
    /// Most fingers allowed. Default `Int.max`.
    open var maximumNumberOfTouches = Int.max
    /// Movement needed to begin, in points. Default 10 (E14).
    public var minimumTranslation = 10.0

    /// A finger still for longer than this (seconds) before it lifts ends with no velocity.
    static let restingInterval = 0.1

    private var startCentroid = Point.zero
    private var translationBase = Point.zero
    private var lastCentroid = Point.zero
    private var lastTimestamp = MonotonicInstant.zero
    private var currentVelocity = Point.zero

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        super.touchesBegan(touches, with: event)
        if trackedTouches.count > maximumNumberOfTouches {
            if state == .possible { state = .failed }
            return
        }
        // A new finger moves the centroid: rebase so the translation does not jump.
        let now = screenCentroid
        if state == .possible && trackedTouches.count == touches.count {
            startCentroid = now
            translationBase = Point.zero
        } else {
            let shift = Point(x: now.x - lastCentroid.x, y: now.y - lastCentroid.y)
            startCentroid = Point(x: startCentroid.x + shift.x, y: startCentroid.y + shift.y)
        }
        lastCentroid = now
        lastTimestamp = event.timestamp
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        super.touchesMoved(touches, with: event)
        let now = screenCentroid
        let dt = (event.timestamp - lastTimestamp).seconds
        if dt > 0 {
            currentVelocity = Point(x: (now.x - lastCentroid.x) / dt, y: (now.y - lastCentroid.y) / dt)
        }
        lastCentroid = now
        lastTimestamp = event.timestamp
        let enough = trackedTouches.count >= minimumNumberOfTouches
        advanceContinuous(beginsNow: enough && now.distance(to: startCentroid) >= minimumTranslation, continues: enough)
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        super.touchesEnded(touches, with: event)
        // A finger that rested before lifting has no speed left (a drag, stopped, is no flick).
        if (event.timestamp - lastTimestamp).seconds > Self.restingInterval { currentVelocity = .zero }
        let remaining = trackedTouches.count - touches.count
        if state == .possible {
            if remaining == 0 { state = .failed }
        } else if state.isActive && remaining < minimumNumberOfTouches {
            state = .ended
        }
    }

    /// The translation since the touch-down (plus any base set by ``setTranslation(_:in:)``),
    /// in `view`'s coordinates.
    public func translation(in view: View?) -> Point {
        Point(x: lastCentroid.x - startCentroid.x + translationBase.x, y: lastCentroid.y - startCentroid.y + translationBase.y)
    }

    /// Makes ``translation(in:)`` read `translation` now (for example zero, to get per-event
    /// deltas) and resets the velocity.
    public func setTranslation(_ translation: Point, in view: View?) {
        startCentroid = lastCentroid
        translationBase = translation
        currentVelocity = .zero
    }

    /// The velocity of the centroid in points per second.
    public func velocity(in view: View?) -> Point { currentVelocity }

    open override func reset() {
        super.reset()
        translationBase = .zero
        currentVelocity = .zero
    }
}
