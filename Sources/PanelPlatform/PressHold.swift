public import PanelCore

/// What holding a hardware button down does, after its debouncing: nothing more (a press that
/// begins and ends), auto-repeat (an arrow held moves the focus again and again, like a
/// keyboard's typematic repeat) or a long press that becomes another press (hold select for
/// menu, on a panel with few buttons).
///
/// A value type fed the button's debounced changes and its deadline, in the time of the
/// button's edges; it delivers ``DeviceInput`` presses in which every press that begins ends or
/// is cancelled exactly once:
/// - repeating: down begins the press; after `delay`, and every `interval` after, the press
///   ends and begins again (at the deadline's time, so repeats are regular); up ends it;
/// - long press: down begins the press; held for `after`, the press is cancelled (so a
///   control does not act on it) and the long type begins; up ends whichever is down.
public struct PressHold: Hashable, Sendable {
    /// What holding does.
    public enum Behavior: Hashable, Sendable {
        /// Nothing: one press per push.
        case single
        /// Auto-repeat after `delay`, every `interval`.
        case repeating(delay: MonotonicDuration, interval: MonotonicDuration)
        /// Held for `after`, the press becomes a press of `type`.
        case longPress(after: MonotonicDuration, type: PressType)
    }

    /// The press a push makes.
    public let type: PressType
    public let behavior: Behavior
    /// When the next repeat or the long press is due; nil while up (or for ``Behavior/single``).
    public private(set) var deadline: MonotonicInstant?
    /// The press that is down now, if any.
    public private(set) var down: PressType?

    public init(type: PressType, behavior: Behavior = .single) {
        self.type = type
        // A zero interval would repeat without end in one deadline.
        if case .repeating(let delay, let interval) = behavior {
            self.behavior = .repeating(delay: max(delay, .milliseconds(1)), interval: max(interval, .milliseconds(1)))
        } else if case .longPress(let after, let longType) = behavior {
            self.behavior = .longPress(after: max(after, .milliseconds(1)), type: longType)
        } else {
            self.behavior = behavior
        }
    }

    /// The button went down (`pressed`) or up at `time`.
    public mutating func changed(pressed: Bool, at time: MonotonicInstant, _ deliver: (DeviceInput) -> Void) {
        if pressed {
            guard down == nil else { return }
            down = type
            deliver(.press(type, .began, timestamp: time))
            switch behavior {
            case .single: deadline = nil
            case .repeating(let delay, _): deadline = time + delay
            case .longPress(let after, _): deadline = time + after
            }
        } else {
            guard let current = down else { return }
            down = nil
            deadline = nil
            deliver(.press(current, .ended, timestamp: time))
        }
    }

    /// Time has reached `now`: delivers the repeats or the long press that are due.
    public mutating func advance(to now: MonotonicInstant, _ deliver: (DeviceInput) -> Void) {
        while let due = deadline, due <= now, let current = down {
            switch behavior {
            case .single:
                deadline = nil
            case .repeating(_, let interval):
                deliver(.press(current, .ended, timestamp: due))
                deliver(.press(current, .began, timestamp: due))
                // A late wake-up (a stalled loop) repeats once, not a burst of the missed ones.
                var next = due + interval
                if next <= now { next = now + interval }
                deadline = next
            case .longPress(_, let longType):
                deliver(.press(current, .cancelled, timestamp: due))
                down = longType
                deadline = nil
                deliver(.press(longType, .began, timestamp: due))
            }
        }
    }

    /// Cancels the press that is down (the app is stopping, the line failed).
    public mutating func cancel(at time: MonotonicInstant, _ deliver: (DeviceInput) -> Void) {
        if let current = down { deliver(.press(current, .cancelled, timestamp: time)) }
        down = nil
        deadline = nil
    }
}
