/// A daily period on the local clock, from ``start`` up to (not including) ``end``; it spans
/// midnight when ``end`` comes before ``start`` ("22:00-07:00"). A kiosk's off hours.
public struct DailySchedule: Hashable, Sendable, CustomStringConvertible {
    public let start: TimeOfDay
    public let end: TimeOfDay

    /// nil when `start` and `end` are the same (a period of nothing, or of the whole day:
    /// neither is a schedule).
    public init?(from start: TimeOfDay, to end: TimeOfDay) {
        guard start != end else { return nil }
        self.start = start
        self.end = end
    }

    /// Parses "HH:MM-HH:MM" (seconds allowed: "22:00:30-07:00"); nil for anything else.
    public init?(parsing text: String) {
        let halves = text.split(separator: "-", omittingEmptySubsequences: false)
        guard halves.count == 2, let start = TimeOfDay(parsing: halves[0]), let end = TimeOfDay(parsing: halves[1]) else { return nil }
        self.init(from: start, to: end)
    }

    /// Whether `time` falls inside the period (its start included, its end not).
    public func contains(_ time: TimeOfDay) -> Bool {
        start < end ? (time >= start && time < end) : (time >= start || time < end)
    }

    /// The next edge after `time`: the end when inside the period, else the start.
    public func nextEdge(after time: TimeOfDay) -> TimeOfDay { contains(time) ? end : start }

    /// "22:00-07:00".
    public var description: String { "\(start)-\(end)" }
}
