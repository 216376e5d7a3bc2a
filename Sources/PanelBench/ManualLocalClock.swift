public import PanelCore

/// A local wall clock that follows a ``ManualClock``: the time of day is `start` plus the time
/// the manual clock has advanced, so off hours come as the test moves time. ``set(_:)`` jumps
/// it (a wall clock set by NTP or by hand) without moving the monotonic clock. No daylight
/// saving: every day has 86 400 seconds.
public final class ManualLocalClock: LocalClock {
    private let clock: ManualClock
    /// The time of day minus the manual clock's seconds, in seconds.
    private var offset: Int64

    /// A local clock reading `start` now.
    public init(following clock: ManualClock, start: TimeOfDay) {
        self.clock = clock
        offset = 0
        set(start)
    }

    /// Sets the wall clock to read `time` now.
    public func set(_ time: TimeOfDay) {
        offset = Int64(time.secondsSinceMidnight) - elapsedSeconds
    }

    private var elapsedSeconds: Int64 { Int64(clock.now.nanoseconds / 1_000_000_000) }

    public func timeOfDay() -> TimeOfDay {
        let day = Int64(TimeOfDay.secondsPerDay)
        let seconds = ((offset + elapsedSeconds) % day + day) % day
        return TimeOfDay(secondsSinceMidnight: Int(seconds))!
    }

    public func duration(until time: TimeOfDay) -> MonotonicDuration {
        let intoSecond = Int64(clock.now.nanoseconds % 1_000_000_000)
        return .nanoseconds(Int64(timeOfDay().seconds(until: time)) * 1_000_000_000 - intoSecond)
    }
}
