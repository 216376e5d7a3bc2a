#if os(Linux)
import CPanelLinux
public import PanelCore

/// The system's local wall clock: `CLOCK_REALTIME` in the time zone of `TZ` or
/// `/etc/localtime` (`timedatectl set-timezone`), daylight saving included.
public struct SystemLocalClock: LocalClock, Sendable {
    public init() {}

    public func timeOfDay() -> TimeOfDay {
        TimeOfDay(secondsSinceMidnight: Int(panel_local_seconds_since_midnight())) ?? TimeOfDay(hour: 0, minute: 0)!
    }

    public func duration(until time: TimeOfDay) -> MonotonicDuration {
        let nanoseconds = panel_nanoseconds_until_local(Int32(time.hour), Int32(time.minute), Int32(time.second))
        // mktime failing (a broken zone file) leaves the plain difference, off by at most an hour.
        guard nanoseconds > 0 else { return .seconds(Int64(timeOfDay().seconds(until: time))) }
        return .nanoseconds(nanoseconds)
    }
}
#endif
