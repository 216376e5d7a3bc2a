/// A time of day on the local clock, to the second: 00:00:00 … 23:59:59.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since midnight, 0 ..< 86 400.
    public let secondsSinceMidnight: Int

    /// Seconds in a day.
    public static let secondsPerDay = 86_400

    /// nil unless 0 ≤ `secondsSinceMidnight` < 86 400.
    public init?(secondsSinceMidnight: Int) {
        guard secondsSinceMidnight >= 0, secondsSinceMidnight < Self.secondsPerDay else { return nil }
        self.secondsSinceMidnight = secondsSinceMidnight
    }

    /// nil unless hour 0…23, minute 0…59, second 0…59.
    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0 ... 23).contains(hour), (0 ... 59).contains(minute), (0 ... 59).contains(second) else { return nil }
        secondsSinceMidnight = hour * 3600 + minute * 60 + second
    }

    /// Parses "HH:MM" or "HH:MM:SS" (24-hour, one or two digits each); nil for anything else.
    public init?(parsing text: Substring) {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3 else { return nil }
        var numbers: [Int] = []
        for field in fields {
            guard (1 ... 2).contains(field.utf8.count), field.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(field) else { return nil }
            numbers.append(n)
        }
        self.init(hour: numbers[0], minute: numbers[1], second: fields.count == 3 ? numbers[2] : 0)
    }

    public var hour: Int { secondsSinceMidnight / 3600 }
    public var minute: Int { secondsSinceMidnight / 60 % 60 }
    public var second: Int { secondsSinceMidnight % 60 }

    /// Seconds from this time of day until the clock next reads `later` (1 … 86 400: the same
    /// time is a day away).
    public func seconds(until later: TimeOfDay) -> Int {
        let difference = later.secondsSinceMidnight - secondsSinceMidnight
        return difference > 0 ? difference : difference + Self.secondsPerDay
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.secondsSinceMidnight < rhs.secondsSinceMidnight }

    /// "HH:MM", or "HH:MM:SS" when the seconds are not zero.
    public var description: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return second == 0 ? "\(two(hour)):\(two(minute))" : "\(two(hour)):\(two(minute)):\(two(second))"
    }
}
