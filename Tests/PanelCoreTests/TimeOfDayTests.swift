import PanelCore
import Testing

@Suite("Time of day: parsing and the wait until a later time")
struct TimeOfDayTests {
    @Test("HH:MM and HH:MM:SS parse to seconds since midnight")
    func parses() {
        #expect(TimeOfDay(parsing: "07:30")?.secondsSinceMidnight == 27_000)
        #expect(TimeOfDay(parsing: "7:05:09")?.secondsSinceMidnight == 25_509)
        #expect(TimeOfDay(parsing: "23:59:59")?.secondsSinceMidnight == 86_399)
    }

    @Test("times out of range, signs, spaces and missing fields do not parse")
    func rejectsMalformed() {
        for text in ["24:00", "12:60", "12:00:60", "-1:00", "+1:00", " 1:00", "1:000", "12", "12:", ":30", "1:2:3:4", "", "٣:٠٠"] {
            #expect(TimeOfDay(parsing: text[...]) == nil, "\(text)")
        }
    }

    @Test("the wait until a later time wraps past midnight, and the same time is a day away")
    func secondsUntil() {
        let ten = TimeOfDay(hour: 22, minute: 0)!
        let seven = TimeOfDay(hour: 7, minute: 0)!
        #expect(ten.seconds(until: seven) == 9 * 3600)
        #expect(seven.seconds(until: ten) == 15 * 3600)
        #expect(ten.seconds(until: ten) == 86_400)
    }

    @Test("a time of day prints as HH:MM, with seconds only when they are not zero")
    func describes() {
        #expect(TimeOfDay(hour: 7, minute: 5)!.description == "07:05")
        #expect(TimeOfDay(hour: 22, minute: 0, second: 30)!.description == "22:00:30")
    }
}
