import RealModule

/// Recognizes a swipe: UIKit's `UISwipeGestureRecognizer` (A33, E15). Discrete.
///
/// Recognized during the move, once the fingers' centroid has travelled ``minimumDistance``
/// (50 pt) along an allowed ``direction`` within ``maximumDuration`` (0.5 s), staying within
/// ``maximumAngle`` (±20°) of it. Fails as soon as a limit is exceeded, or at the lift. Its
/// location is where the swipe started.
@MainActor
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Swipe directions, UIKit's bit values; combine them to allow several.
    public struct Direction: OptionSet, Hashable, Sendable {
        /// The direction bits (UIKit's values).
        public let rawValue: UInt
        /// Directions from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Towards the right edge.
        public static let right = Direction(rawValue: 1 << 0)
        /// Towards the left edge.
        public static let left = Direction(rawValue: 1 << 1)
        /// Towards the top edge.
        public static let up = Direction(rawValue: 1 << 2)
        /// Towards the bottom edge.
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The allowed directions. Default right.
    open var direction = Direction.right
    /// Fingers needed. Default 1.
    open var numberOfTouchesRequired = 1
    /// Distance needed along the direction, in points. Default 50 (E15).
    public var minimumDistance = 50.0
    /// Time allowed to cover it. Default 0.5 s (E15).
    public var maximumDuration = MonotonicDuration.milliseconds(500)
    /// How far off the direction the motion may be, in degrees. Default 20 (E15).
    public var maximumAngle = 20.0
    /// Movement tolerated before the direction is judged, in points. Default 10.
    public var directionSlack = 10.0

    private var start = Point.zero
    private var startTime = MonotonicInstant.zero

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        super.touchesBegan(touches, with: event)
        if trackedTouches.count > numberOfTouchesRequired {
            state = .failed
            return
        }
        start = screenCentroid
        startTime = event.timestamp
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        super.touchesMoved(touches, with: event)
        guard state == .possible, trackedTouches.count == numberOfTouchesRequired else { return }
        if event.timestamp - startTime > maximumDuration {
            state = .failed
            return
        }
        let now = screenCentroid
        let dx = now.x - start.x, dy = now.y - start.y
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance >= directionSlack else { return }
        let cosLimit = Double.cos(maximumAngle * Double.pi / 180)
        var matched = false
        for (candidate, ux, uy) in [(Direction.right, 1.0, 0.0), (.left, -1.0, 0.0), (.up, 0.0, -1.0), (.down, 0.0, 1.0)] where direction.contains(candidate) {
            let along = dx * ux + dy * uy
            guard along / distance >= cosLimit else { continue }
            matched = true
            if along >= minimumDistance {
                state = .recognized
                return
            }
        }
        if !matched { state = .failed }
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        super.touchesEnded(touches, with: event)
        if state == .possible { state = .failed }
    }

    /// Where the swipe started.
    open override func location(in view: View?) -> Point {
        guard let window = self.view?.window else { return super.location(in: view) }
        return (view ?? window).convertFromScreen(start)
    }
}

extension GestureRecognizer {
    /// A continuous recognizer's step on a move: begins when `beginsNow`, else changes while
    /// `continues`.
    func advanceContinuous(beginsNow: Bool, continues: Bool = true) {
        switch state {
        case .possible:
            if beginsNow { state = .began }
        case .began, .changed:
            if continues { state = .changed }
        default:
            break
        }
    }

    /// A two-finger recognizer's lift: fails if it had not begun with two fingers down, ends
    /// when the last finger lifts (E16).
    func liftTwoFingerGesture(_ lifted: TouchSet) {
        let remaining = trackedTouches.count - lifted.count
        if state == .possible {
            if remaining < 2 { state = .failed }
        } else if state.isActive && remaining == 0 {
            state = .ended
        }
    }

    /// Ignores every tracked touch beyond the first `count` (E16: a third finger is ignored).
    func ignoreTouches(beyond count: Int, for event: Event) {
        while trackedTouches.count > count, let extra = trackedTouches.last { ignore(extra, for: event) }
    }

    /// The centroid of the tracked touches in screen coordinates.
    var screenCentroid: Point {
        var x = 0.0, y = 0.0
        for touch in trackedTouches {
            x += touch.screenLocation.x
            y += touch.screenLocation.y
        }
        let n = Double(max(trackedTouches.count, 1))
        return Point(x: x / n, y: y / n)
    }
}
