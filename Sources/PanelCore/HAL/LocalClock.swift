/// The wall clock in local time (the time zone, daylight saving), for what happens at a time of
/// day: a kiosk's off hours. Timers still run on the ``MonotonicClock``: this only says what
/// time it is and how long until a time of day comes, and a platform that sees the wall clock
/// set (NTP's first sync on a board without a real-time clock) says so, so the waits are
/// measured again.
public protocol LocalClock {
    /// The local time of day now.
    func timeOfDay() -> TimeOfDay
    /// How long until the local clock next reads `time` (more than zero, at most a day and an
    /// hour across a daylight-saving change).
    func duration(until time: TimeOfDay) -> MonotonicDuration
}
