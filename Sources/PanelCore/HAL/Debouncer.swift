/// Turns a bouncing contact's edges into clean presses and releases.
///
/// A mechanical button's contacts bounce for a few milliseconds when they close and open:
/// dozens of edges for one press. Two ways to debounce, both giving exactly one change per
/// press and per release:
///
/// - ``Mode/eager`` (the default): the first edge is the change, at once (so a button costs
///   no more latency than a touch), and edges in the ``interval`` after it are ignored; at the
///   interval's end the level is read again, and if it went back, that is a change too.
///   A single spike of noise therefore shows as a press and a release.
/// - ``Mode/deferred``: a change is reported only once the level has held for ``interval``
///   after the last edge: immune to noise, at the cost of that interval's latency.
///
/// It is a value with no clock of its own: the caller feeds it edges and the current level at
/// the ``deadline`` it asks for. Nothing allocates.
public struct Debouncer: Sendable, Hashable {
    /// How edges are filtered.
    public enum Mode: Sendable, Hashable {
        case eager, deferred
    }

    /// A debounced change: the new level, and when the change began (its first edge).
    public struct Change: Sendable, Hashable {
        public var pressed: Bool
        public var timestamp: MonotonicInstant

        public init(pressed: Bool, timestamp: MonotonicInstant) {
            self.pressed = pressed
            self.timestamp = timestamp
        }
    }

    public let interval: MonotonicDuration
    public let mode: Mode
    /// The level last reported.
    public private(set) var pressed: Bool
    /// When ``settle(level:at:)`` must be called next (nil: nothing pending).
    public private(set) var deadline: MonotonicInstant?
    private var firstEdge: MonotonicInstant?

    /// A debouncer whose contact is `pressed` now.
    public init(interval: MonotonicDuration, mode: Mode = .eager, pressed: Bool = false) {
        self.interval = interval < .zero ? .zero : interval
        self.mode = mode
        self.pressed = pressed
    }

    /// An edge to `level` at `time`. Returns a change to report now (eager mode), else nil.
    public mutating func edge(to level: Bool, at time: MonotonicInstant) -> Change? {
        switch mode {
        case .eager:
            if let deadline, time < deadline { return nil }  // bouncing: wait for the deadline
            guard level != pressed else { return nil }
            pressed = level
            deadline = time + interval
            return Change(pressed: level, timestamp: time)
        case .deferred:
            if firstEdge == nil { firstEdge = time }
            deadline = time + interval
            return nil
        }
    }

    /// At the ``deadline``, with the contact's `level` read now: the change that is due, if
    /// any (eager: the level went back during the lockout; deferred: it held).
    public mutating func settle(level: Bool, at now: MonotonicInstant) -> Change? {
        guard let due = deadline, now >= due else { return nil }
        deadline = nil
        let began = firstEdge ?? now
        firstEdge = nil
        guard level != pressed else { return nil }
        pressed = level
        if mode == .eager { deadline = now + interval }
        return Change(pressed: level, timestamp: mode == .eager ? now : began)
    }
}
