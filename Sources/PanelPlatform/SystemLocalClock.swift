#if os(Linux)
import Glibc
public import PanelCore

/// The system's local wall clock: `CLOCK_REALTIME` in the time zone of `TZ` or
/// `/etc/localtime` (`timedatectl set-timezone`), daylight saving included. Every backend on
/// real time (a board, the simulator, a third party's) gives it to the app's off hours.
public struct SystemLocalClock: LocalClock, Sendable {
    public init() {}

    public func timeOfDay() -> TimeOfDay {
        var now = time(nil)
        var local = tm()
        guard localtime_r(&now, &local) != nil else { return TimeOfDay(hour: 0, minute: 0)! }
        let seconds = Int(local.tm_hour) * 3600 + Int(local.tm_min) * 60 + Int(local.tm_sec)
        return TimeOfDay(secondsSinceMidnight: seconds) ?? TimeOfDay(hour: 0, minute: 0)!
    }

    public func duration(until time: TimeOfDay) -> MonotonicDuration {
        // mktime failing (a broken zone file) leaves the plain difference, off by at most an hour.
        guard let nanoseconds = Self.nanosecondsUntilLocal(time), nanoseconds > 0 else {
            return .seconds(Int64(timeOfDay().seconds(until: time)))
        }
        return .nanoseconds(nanoseconds)
    }

    /// Nanoseconds until the local clock next reads `time` (mktime: daylight saving counted; a
    /// time a spring-forward skips is taken as the time it becomes); nil on failure.
    static func nanosecondsUntilLocal(_ time: TimeOfDay) -> Int64? {
        var now = timespec()
        guard clock_gettime(CLOCK_REALTIME, &now) == 0 else { return nil }
        var seconds = now.tv_sec
        var target = tm()
        guard localtime_r(&seconds, &target) != nil else { return nil }
        for day in 0 ..< 3 {
            var candidate = target
            candidate.tm_mday += Int32(day)
            candidate.tm_hour = Int32(time.hour)
            candidate.tm_min = Int32(time.minute)
            candidate.tm_sec = Int32(time.second)
            candidate.tm_isdst = -1
            let when = mktime(&candidate)
            guard when != -1 else { return nil }
            if when > now.tv_sec { return Int64(when - now.tv_sec) * 1_000_000_000 - Int64(now.tv_nsec) }
        }
        return nil
    }
}
#endif
