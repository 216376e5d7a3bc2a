/// A day in the proleptic Gregorian calendar: year, month (1…12) and day (1…31), with the
/// arithmetic a date picker and a calendar need (days in a month, weekday, adding days and
/// months). Years run from 1 to 9999, so no arithmetic on a date can overflow.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1…9999.
    public let year: Int
    /// The month, 1…12.
    public let month: Int
    /// The day of the month, 1…(days in that month).
    public let day: Int

    /// The earliest date: 1 January 0001.
    public static let earliest = CalendarDate(uncheckedYear: 1, month: 1, day: 1)
    /// The latest date: 31 December 9999.
    public static let latest = CalendarDate(uncheckedYear: 9999, month: 12, day: 31)

    /// nil unless the date exists (29 February only in leap years) and the year is 1…9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1 ... 9999).contains(year), (1 ... 12).contains(month), day >= 1,
            day <= CalendarDate.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The nearest date that exists: the year clamped to 1…9999, the month to 1…12 and the day
    /// to that month's days.
    public init(clampingYear year: Int, month: Int, day: Int) {
        let y = min(max(year, 1), 9999), m = min(max(month, 1), 12)
        self.init(uncheckedYear: y, month: m, day: min(max(day, 1), CalendarDate.daysIn(month: m, year: y)))
    }

    private init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Whether `year` has a 29 February.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The days in `month` (1…12) of `year`; 0 for a month that does not exist.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }

    /// Days since 1 January 1970 (negative before it): Howard Hinnant's `days_from_civil`.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1 January 1970, clamped to ``earliest``…``latest``.
    public init(daysSinceEpoch days: Int) {
        let low = CalendarDate.earliest.daysSinceEpoch, high = CalendarDate.latest.daysSinceEpoch
        let z = min(max(days, low), high) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(uncheckedYear: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// The day of the week: 1 Sunday, 2 Monday … 7 Saturday.
    public var weekday: Int {
        // 1 January 1970 was a Thursday (5).
        ((daysSinceEpoch % 7 + 7) % 7 + 4) % 7 + 1
    }

    /// The date `days` later (earlier when negative), clamped to ``earliest``…``latest``.
    public func adding(days: Int) -> CalendarDate {
        let limit = 4_000_000  // more than the span of the calendar: no overflow below
        return CalendarDate(daysSinceEpoch: daysSinceEpoch + min(max(days, -limit), limit))
    }

    /// The same day `months` later (earlier when negative), or that month's last day when it is
    /// shorter (31 January + 1 month is 28 or 29 February); clamped to the calendar's span.
    public func adding(months: Int) -> CalendarDate {
        let limit = 120_000
        let index = min(max((year * 12 + month - 1) + min(max(months, -limit), limit), 12), 9999 * 12 + 11)
        return CalendarDate(clampingYear: index / 12, month: index % 12 + 1, day: day)
    }

    /// The first day of this date's month.
    public var firstOfMonth: CalendarDate { CalendarDate(uncheckedYear: year, month: month, day: 1) }

    /// The days in this date's month.
    public var daysInMonth: Int { CalendarDate.daysIn(month: month, year: year) }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// ISO 8601: "2026-11-26".
    public var description: String {
        func pad(_ n: Int, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(width - digits.count, 0)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
