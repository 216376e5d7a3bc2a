/// One scripted finger: when it goes down, where it moves, when it lifts. Coordinates are the
/// controller's raw units; times are offsets from the script's start.
///
/// ```swift
/// let swipe = ScriptedFinger(1)
///     .down(at: Point(x: 20, y: 200), after: .milliseconds(10))
///     .move(to: Point(x: 300, y: 200), over: .milliseconds(150))
///     .hold(for: .milliseconds(30))
///     .lift()
/// ```
public struct ScriptedFinger: Sendable {
    fileprivate struct Waypoint: Sendable {
        var time: MonotonicDuration
        var point: Point
    }

    /// The test's number for this finger.
    public let finger: Int
    fileprivate var waypoints: [Waypoint] = []
    fileprivate var liftTime: MonotonicDuration?
    private var cursor: MonotonicDuration = .zero

    /// Creates a finger that has not touched yet.
    public init(_ finger: Int) {
        self.finger = finger
    }

    /// Puts the finger down at `point`, `delay` after the previous step (or the script start).
    public func down(at point: Point, after delay: MonotonicDuration = .zero) -> ScriptedFinger {
        precondition(waypoints.isEmpty, "a scripted finger goes down once")
        var copy = self
        copy.cursor = cursor + delay
        copy.waypoints.append(Waypoint(time: copy.cursor, point: point))
        return copy
    }

    /// Moves in a straight line to `point` over `duration`.
    public func move(to point: Point, over duration: MonotonicDuration) -> ScriptedFinger {
        precondition(!waypoints.isEmpty && liftTime == nil, "move a finger between down and lift")
        var copy = self
        copy.cursor = cursor + duration
        copy.waypoints.append(Waypoint(time: copy.cursor, point: point))
        return copy
    }

    /// Stays where it is for `duration`.
    public func hold(for duration: MonotonicDuration) -> ScriptedFinger {
        precondition(!waypoints.isEmpty && liftTime == nil, "hold a finger between down and lift")
        var copy = self
        copy.cursor = cursor + duration
        copy.waypoints.append(Waypoint(time: copy.cursor, point: waypoints[waypoints.count - 1].point))
        return copy
    }

    /// Lifts the finger, `delay` after the previous step.
    public func lift(after delay: MonotonicDuration = .zero) -> ScriptedFinger {
        precondition(!waypoints.isEmpty && liftTime == nil, "lift a finger that is down, once")
        var copy = self
        copy.cursor = cursor + delay
        copy.liftTime = copy.cursor
        return copy
    }

    /// Where the finger is at `time`, or nil when it is not touching.
    public func position(at time: MonotonicDuration) -> Point? {
        guard let first = waypoints.first, time >= first.time else { return nil }
        if let liftTime, time >= liftTime { return nil }
        var previous = first
        for w in waypoints.dropFirst() {
            if time < w.time {
                let span = (w.time - previous.time).seconds
                let f = span > 0 ? (time - previous.time).seconds / span : 1
                return Point(
                    x: previous.point.x + (w.point.x - previous.point.x) * f,
                    y: previous.point.y + (w.point.y - previous.point.y) * f)
            }
            previous = w
        }
        return previous.point
    }

    /// When the finger lifts, if it does.
    public var endTime: MonotonicDuration { liftTime ?? cursor }

    /// The same finger with every waypoint passed through `transform` (for example from UI
    /// points to a controller's raw coordinates with `TouchscreenTransform.controllerPoint`).
    public func mapped(_ transform: (Point) -> Point) -> ScriptedFinger {
        var copy = self
        for i in copy.waypoints.indices { copy.waypoints[i].point = transform(copy.waypoints[i].point) }
        return copy
    }
}
