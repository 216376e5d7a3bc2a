import PanelCore
import Testing

@Suite("CalendarDate: the Gregorian calendar's arithmetic")
struct CalendarDateTests {
    @Test("days since 1970 and back give the same date for every day from 1600 to 2400")
    func roundTrip() throws {
        var date = try #require(CalendarDate(year: 1600, month: 1, day: 1))
        let end = try #require(CalendarDate(year: 2400, month: 12, day: 31))
        var expected = date.daysSinceEpoch
        while date <= end {
            #expect(date.daysSinceEpoch == expected)
            #expect(CalendarDate(daysSinceEpoch: expected) == date)
            expected += 1
            let next =
                date.day < date.daysInMonth
                ? CalendarDate(year: date.year, month: date.month, day: date.day + 1)
                : date.month < 12 ? CalendarDate(year: date.year, month: date.month + 1, day: 1) : CalendarDate(year: date.year + 1, month: 1, day: 1)
            date = try #require(next)
        }
    }

    @Test("1 January 1970 is day 0 and a Thursday; 26 November 2026 is a Thursday")
    func weekdays() throws {
        #expect(try #require(CalendarDate(year: 1970, month: 1, day: 1)).daysSinceEpoch == 0)
        #expect(try #require(CalendarDate(year: 1970, month: 1, day: 1)).weekday == 5)
        #expect(try #require(CalendarDate(year: 2026, month: 11, day: 26)).weekday == 5)
        #expect(try #require(CalendarDate(year: 2026, month: 11, day: 29)).weekday == 1)
    }

    @Test("29 February exists only in leap years (every 4th, not every 100th, every 400th)")
    func leapYears() {
        #expect(CalendarDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CalendarDate(year: 2026, month: 2, day: 29) == nil)
        #expect(CalendarDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDate(year: 2000, month: 2, day: 29) != nil)
    }

    @Test("a month after 31 January is the last day of February")
    func addingMonths() throws {
        let date = try #require(CalendarDate(year: 2028, month: 1, day: 31))
        #expect(date.adding(months: 1) == CalendarDate(year: 2028, month: 2, day: 29))
        #expect(date.adding(months: -1) == CalendarDate(year: 2027, month: 12, day: 31))
        #expect(date.adding(months: 13) == CalendarDate(year: 2029, month: 2, day: 28))
    }

    @Test("absurd numbers clamp to the calendar's span instead of trapping")
    func absurdNumbers() throws {
        let date = try #require(CalendarDate(year: 2026, month: 11, day: 26))
        #expect(date.adding(days: .max) == .latest)
        #expect(date.adding(days: .min) == .earliest)
        #expect(date.adding(months: .max) == CalendarDate(year: 9999, month: 12, day: 26))
        #expect(date.adding(months: .min) == CalendarDate(year: 1, month: 1, day: 26))
        #expect(CalendarDate(daysSinceEpoch: .max) == .latest)
        #expect(CalendarDate(clampingYear: .min, month: 99, day: -5) == CalendarDate(year: 1, month: 12, day: 1))
        #expect(CalendarDate(year: 10_000, month: 1, day: 1) == nil)
    }

    @Test("a date prints as ISO 8601")
    func description() throws {
        #expect(try #require(CalendarDate(year: 987, month: 3, day: 4)).description == "0987-03-04")
    }
}
