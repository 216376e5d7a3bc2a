#if Simulator
// Compiled only with the Simulator trait: a plain `swift build` of the package (a board
// without SDL) builds this module empty.
public import PanelCore

/// The simulated fingers a mouse stands for, as the iOS Simulator does it:
///
/// - a plain drag is one finger;
/// - an Option/Alt-drag is two fingers mirrored about the pinch centre (pinch and rotate); the
///   centre starts at the window's centre;
/// - moving the mouse with Shift+Option/Alt held and no button down moves the pinch centre
///   (to pinch a view that is not in the middle of the screen);
/// - a Shift+Option/Alt-drag is two fingers moving together (a two-finger pan).
///
/// Each call returns the controller-style report of the fingers that are down (track IDs 0
/// and 1, positions in UI points, clamped to the screen), which a ``TouchTracker`` turns into
/// began, moved and ended phases. The number of fingers is fixed when the button goes down;
/// pressing or releasing Shift during a two-finger drag switches between pinching and moving.
public struct MouseFingers: Sendable {
    /// How the fingers follow the mouse.
    public enum Mode: Sendable, Hashable {
        /// One finger under the pointer.
        case one
        /// A second finger at the pointer's mirror image about the screen's centre.
        case mirrored
        /// A second finger at a fixed offset from the pointer.
        case together(dx: Double, dy: Double)
    }

    /// The screen, in UI points.
    public let size: Size
    /// How the fingers follow the mouse; nil while no button is down.
    public private(set) var mode: Mode?
    /// The point two mirrored fingers are symmetric about.
    public private(set) var centre: Point
    private var lastPointer: Point?

    /// Fingers on a screen of `size` UI points.
    public init(size: Size) {
        self.size = size
        centre = Point(x: size.width / 2, y: size.height / 2)
    }

    /// The pointer moved with no button down: with Shift+Alt held, the pinch centre moves with it.
    public mutating func hover(to point: Point, alt: Bool, shift: Bool) {
        defer { lastPointer = point }
        guard mode == nil, alt, shift, let last = lastPointer else { return }
        centre = clamped(Point(x: centre.x + point.x - last.x, y: centre.y + point.y - last.y))
    }

    /// The button went down at `point` with these modifiers: the report with the new fingers.
    public mutating func press(at point: Point, alt: Bool, shift: Bool, timestamp: MonotonicInstant) -> TouchFrame {
        lastPointer = point
        let p = clamped(point)
        if !alt {
            mode = .one
        } else if shift {
            // Shift+Alt from the start: the pair begins mirrored and then moves together.
            let m = mirror(p)
            mode = .together(dx: m.x - p.x, dy: m.y - p.y)
        } else {
            mode = .mirrored
        }
        return report(pointer: p, timestamp: timestamp)
    }

    /// The pointer moved to `point`: the report, or nil when no button is down.
    public mutating func drag(to point: Point, alt: Bool, shift: Bool, timestamp: MonotonicInstant) -> TouchFrame? {
        guard let current = mode else { return nil }
        lastPointer = point
        let p = clamped(point)
        switch current {
        case .one: break
        case .mirrored where shift:
            let m = mirror(p)
            mode = .together(dx: m.x - p.x, dy: m.y - p.y)
        case .together where !shift && alt:
            mode = .mirrored
        case .mirrored, .together: break
        }
        return report(pointer: p, timestamp: timestamp)
    }

    /// The button came up: an empty report (every finger lifts), or nil when none was down.
    public mutating func release(timestamp: MonotonicInstant) -> TouchFrame? {
        guard mode != nil else { return nil }
        mode = nil
        return TouchFrame(timestamp: timestamp)
    }

    /// Whether fingers are down.
    public var isPressed: Bool { mode != nil }

    /// Forgets the fingers without a report (after the tracker cancelled them).
    public mutating func reset() { mode = nil }

    private func report(pointer p: Point, timestamp: MonotonicInstant) -> TouchFrame {
        var frame = TouchFrame(timestamp: timestamp)
        _ = frame.append(Contact(trackID: 0, position: p))
        switch mode {
        case .mirrored: _ = frame.append(Contact(trackID: 1, position: mirror(p)))
        case .together(let dx, let dy): _ = frame.append(Contact(trackID: 1, position: clamped(Point(x: p.x + dx, y: p.y + dy))))
        case .one, nil: break
        }
        return frame
    }

    /// The point's mirror image about the pinch centre.
    public func mirror(_ p: Point) -> Point {
        clamped(Point(x: 2 * centre.x - p.x, y: 2 * centre.y - p.y))
    }

    /// The point moved inside the screen: a finger cannot leave the glass.
    public func clamped(_ p: Point) -> Point {
        let x = p.x.isFinite ? p.x : 0
        let y = p.y.isFinite ? p.y : 0
        return Point(x: min(max(x, 0), max(size.width - 1, 0)), y: min(max(y, 0), max(size.height - 1, 0)))
    }
}
#endif
