public import PanelCore

/// A clock that only moves when told to: by ``advance(by:)``/``advance(to:)``, or by code under
/// test calling ``sleep(for:)``, which advances it instantly. Timers scheduled on it fire, in
/// deadline order, as time passes them — this is how emulated chips report at their refresh
/// rate and how scripted fingers move (NIO's `EmbeddedEventLoop`, swift-clocks' `TestClock`).
///
/// Not thread-safe: use it from one thread. Time starts at ``MonotonicInstant/zero`` unless
/// given. Scheduling allocates only when the timer list outgrows its reserved capacity.
public final class ManualClock: MonotonicClock {
    /// A scheduled timer's handle.
    public struct TimerID: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private struct Timer {
        var id: UInt64
        var deadline: MonotonicInstant
        var period: MonotonicDuration?
        var action: (MonotonicInstant) -> Void
    }

    /// The current instant.
    @exclusivity(unchecked) public private(set) var now: MonotonicInstant
    private var timers: [Timer] = []
    private var nextID: UInt64 = 1
    /// Every sleep requested through ``sleep(for:)``, in order (for checking datasheet timings).
    public private(set) var sleeps: [MonotonicDuration] = []
    /// Whether ``sleeps`` is recorded (turn off for allocation-counting tests).
    public var recordsSleeps = true

    /// Creates a clock at `start`.
    public init(start: MonotonicInstant = .zero) {
        self.now = start
        timers.reserveCapacity(32)
    }

    /// Advances the clock by `duration` (recorded in ``sleeps``), firing due timers.
    public func sleep(for duration: MonotonicDuration) {
        if recordsSleeps { sleeps.append(duration) }
        guard duration > .zero else { return }
        advance(to: now + duration)
    }

    /// Advances by `duration`, firing due timers.
    public func advance(by duration: MonotonicDuration) {
        advance(to: now + duration)
    }

    /// Advances to `instant` (no-op if in the past), firing every timer due on the way, each at
    /// its own deadline.
    public func advance(to instant: MonotonicInstant) {
        while let first = timers.first, first.deadline <= instant {
            var timer = timers.removeFirst()
            if timer.deadline > now { now = timer.deadline }
            if let period = timer.period {
                timer.deadline = timer.deadline + period
                insert(timer)
            }
            first.action(now)
        }
        if instant > now { now = instant }
    }

    /// The deadline of the next timer, if any.
    public var nextDeadline: MonotonicInstant? { timers.first?.deadline }

    /// Schedules `action` at `deadline`, and every `period` after it if given.
    @discardableResult
    public func schedule(
        at deadline: MonotonicInstant, repeating period: MonotonicDuration? = nil,
        _ action: @escaping (MonotonicInstant) -> Void
    ) -> TimerID {
        precondition(period == nil || period! > .zero, "a repeating timer needs a positive period")
        let id = nextID
        nextID += 1
        insert(Timer(id: id, deadline: max(deadline, now), period: period, action: action))
        return TimerID(value: id)
    }

    /// Schedules `action` after `delay`.
    @discardableResult
    public func schedule(after delay: MonotonicDuration, _ action: @escaping (MonotonicInstant) -> Void) -> TimerID {
        schedule(at: now + delay, action)
    }

    /// Cancels a timer; returns whether it was pending.
    @discardableResult
    public func cancel(_ timer: TimerID) -> Bool {
        guard let index = timers.firstIndex(where: { $0.id == timer.value }) else { return false }
        timers.remove(at: index)
        return true
    }

    /// Clears the recorded sleeps.
    public func clearSleeps() { sleeps.removeAll(keepingCapacity: true) }

    private func insert(_ timer: Timer) {
        var index = timers.count
        while index > 0 && timers[index - 1].deadline > timer.deadline { index -= 1 }
        timers.insert(timer, at: index)
    }
}
