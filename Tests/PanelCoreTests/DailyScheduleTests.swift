import PanelCore
import Testing

@Suite("Daily schedule: a period of the day, across midnight or not")
struct DailyScheduleTests {
    private func time(_ text: String) -> TimeOfDay { TimeOfDay(parsing: text[...])! }

    @Test("a period across midnight holds its start, the night and the morning, not its end")
    func acrossMidnight() {
        let night = DailySchedule(parsing: "22:00-07:00")!
        #expect(night.contains(time("22:00")))
        #expect(night.contains(time("03:00")))
        #expect(night.contains(time("06:59:59")))
        #expect(!night.contains(time("07:00")))
        #expect(!night.contains(time("12:00")))
        #expect(!night.contains(time("21:59:59")))
    }

    @Test("a period within a day holds only the times between its start and end")
    func withinADay() {
        let lunch = DailySchedule(parsing: "12:00-13:30")!
        #expect(lunch.contains(time("12:45")))
        #expect(!lunch.contains(time("13:30")))
        #expect(!lunch.contains(time("11:59")))
    }

    @Test("the next edge is the end inside the period and the start outside it")
    func nextEdge() {
        let night = DailySchedule(parsing: "22:00-07:00")!
        #expect(night.nextEdge(after: time("23:00")) == time("07:00"))
        #expect(night.nextEdge(after: time("08:00")) == time("22:00"))
    }

    @Test("a period that starts where it ends is not a schedule")
    func emptyPeriod() {
        #expect(DailySchedule(parsing: "07:00-07:00") == nil)
        #expect(DailySchedule(parsing: "07:00") == nil)
    }
}
