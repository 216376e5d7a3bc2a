public import PanelCore

/// Several scripted fingers played against an emulated controller over a ``ManualClock``: at
/// every report tick of the emulator each finger's position is sampled and the chip is told.
/// So a test reads like the gesture it performs. The chip refers to the script while it plays:
/// keep the script alive until it is over.
public final class TouchScript {
    /// The fingers.
    public private(set) var fingers: [ScriptedFinger]
    private var start: MonotonicInstant = .zero
    private var down: Set<Int> = []

    /// Creates a script.
    public init(_ fingers: ScriptedFinger...) {
        self.fingers = fingers
    }

    /// Creates a script from an array of fingers.
    public init(fingers: [ScriptedFinger]) {
        self.fingers = fingers
    }

    /// Adds a finger while the script plays (one whose place was found when its time came);
    /// its times count from the script's start, like the others'.
    public func add(_ finger: ScriptedFinger) {
        fingers.append(finger)
    }

    /// The same script with every position passed through `transform`.
    public func mapped(_ transform: (Point) -> Point) -> TouchScript {
        TouchScript(fingers: fingers.map { $0.mapped(transform) })
    }

    /// When the last finger lifts, relative to the start.
    public var duration: MonotonicDuration { fingers.map(\.endTime).max() ?? .zero }

    /// Plays the script on an emulated controller from now on (starts its periodic reports).
    public func play(on chip: some TouchControllerEmulator, clock: ManualClock) {
        start = clock.now
        chip.onTick = { [unowned self, unowned chip] now in self.apply(at: now, to: chip) }
        chip.startReporting()
    }

    /// The time at which the script is over, plus `margin`.
    public func end(plus margin: MonotonicDuration = .zero) -> MonotonicInstant { start + duration + margin }

    private func apply(at now: MonotonicInstant, to chip: some TouchControllerEmulator) {
        let t = now - start
        for f in fingers {
            if let p = f.position(at: t) {
                chip.touch(finger: f.finger, x: Int(p.x.rounded()), y: Int(p.y.rounded()))
                down.insert(f.finger)
            } else if down.contains(f.finger) {
                chip.lift(finger: f.finger)
                down.remove(f.finger)
            }
        }
    }
}

/// A consumer-side checker for a stream of queue items: it applies the overflow rule (cancel
/// every active touch), ignores updates for touches it already cancelled, and checks the
/// invariant that every touch that began ends or is cancelled exactly once.
public struct TouchLedger: Sendable {
    /// One delivered phase, in order.
    public struct Event: Sendable, Hashable, CustomStringConvertible {
        /// The tracker's identity.
        public var identity: UInt32
        /// The phase.
        public var phase: TouchPhase
        /// Where.
        public var position: Point
        public var description: String { "#\(identity) \(phase) \(position)" }
    }

    /// Touches currently active.
    public private(set) var active: Set<UInt32> = []
    /// Touches cancelled by an overflow, whose further updates are ignored.
    public private(set) var cancelledByOverflow: Set<UInt32> = []
    /// Touches that ended or were cancelled.
    public private(set) var finished: Set<UInt32> = []
    /// Every delivered phase, in order (stationary contacts are not listed).
    public private(set) var events: [Event] = []
    /// Broken invariants, in words.
    public private(set) var violations: [String] = []
    /// Overflows seen.
    public private(set) var overflows = 0

    /// Creates an empty ledger.
    public init() {}

    /// Takes one queue item.
    public mutating func take(_ item: EventQueue.Item) {
        switch item {
        case .overflow:
            overflows += 1
            for identity in active.sorted() {
                events.append(Event(identity: identity, phase: .cancelled, position: .zero))
                finished.insert(identity)
                cancelledByOverflow.insert(identity)
            }
            active.removeAll()
        case .frame(let frame):
            for c in frame {
                if cancelledByOverflow.contains(c.identity) { continue }
                switch c.phase {
                case .began:
                    if active.contains(c.identity) || finished.contains(c.identity) {
                        violations.append("#\(c.identity) began twice")
                    }
                    active.insert(c.identity)
                case .moved, .stationary:
                    if !active.contains(c.identity) {
                        // A touch whose `began` was lost in an overflow: the consumer ignores it.
                        continue
                    }
                case .ended, .cancelled:
                    if finished.contains(c.identity) {
                        violations.append("#\(c.identity) \(c.phase) after it had finished")
                    }
                    if !active.contains(c.identity) { continue }
                    active.remove(c.identity)
                    finished.insert(c.identity)
                }
                if c.phase != .stationary { events.append(Event(identity: c.identity, phase: c.phase, position: c.position)) }
            }
        }
    }

    /// Drains `queue` into the ledger.
    public mutating func drain(_ queue: EventQueue) {
        while let item = queue.pop() { take(item) }
    }

    /// The phases delivered for one identity, in order.
    public func phases(of identity: UInt32) -> [TouchPhase] {
        events.filter { $0.identity == identity }.map(\.phase)
    }

    /// The identities in the order they began.
    public var identities: [UInt32] {
        var seen: [UInt32] = []
        for e in events where !seen.contains(e.identity) { seen.append(e.identity) }
        return seen
    }
}
