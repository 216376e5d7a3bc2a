import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

@MainActor
final class CalendarLog: CalendarViewDelegate {
    var selected: [CalendarDate] = []
    var months: [CalendarDate] = []
    var refused: Set<CalendarDate> = []
    func calendarView(_ calendarView: CalendarView, canSelect date: CalendarDate) -> Bool { !refused.contains(date) }
    func calendarView(_ calendarView: CalendarView, didSelect date: CalendarDate) { selected.append(date) }
    func calendarView(_ calendarView: CalendarView, didShowMonth month: CalendarDate) { months.append(month) }
}

@Suite("CalendarView: a month of days to choose from, paged by swipes and arrows")
@MainActor
struct CalendarViewTests {
    func date(_ y: Int, _ m: Int, _ d: Int) -> CalendarDate { CalendarDate(year: y, month: m, day: d)! }

    /// A 350 × 312 calendar of November 2026 at the origin: cells 50 × 40 from y 72.
    func calendar(_ bench: Bench, locale: String = "de_DE.UTF-8") throws -> (CalendarView, CalendarLog) {
        let calendar = bench.add(CalendarView(month: date(2026, 11, 26), frame: Rect(x: 0, y: 0, width: 350, height: 312)))
        calendar.locale = try LocaleInfo(identifier: locale)
        let log = CalendarLog()
        calendar.delegate = log
        return (calendar, log)
    }

    @Test("the grid starts on the locale's first weekday: Monday 26 October in Germany, Sunday 1 November in the US")
    func firstWeekday() throws {
        let bench = Bench(width: 350, height: 312)
        let (german, _) = try calendar(bench)
        #expect(german.firstVisibleDate == date(2026, 10, 26))
        let (american, _) = try calendar(bench, locale: "en_US.UTF-8")
        #expect(american.firstVisibleDate == date(2026, 11, 1))
    }

    @Test("a tap on a day selects it, tells the delegate and sends valueChanged once")
    func tapSelects() throws {
        let bench = Bench(width: 350, height: 312)
        let (calendar, log) = try calendar(bench)
        let changes = ChangeLog()
        calendar.addAction(.closure("changed") { _, _ in changes.count += 1 }, for: .valueChanged)
        let cell = try #require(calendar.frame(for: date(2026, 11, 26)))
        bench.tap(cell.midX, cell.midY)
        #expect(calendar.selectedDate == date(2026, 11, 26))
        #expect(log.selected == [date(2026, 11, 26)])
        #expect(changes.count == 1)
        bench.tap(cell.midX, cell.midY)
        #expect(changes.count == 1)
    }

    @Test("a day the delegate refuses cannot be selected")
    func refusedDay() throws {
        let bench = Bench(width: 350, height: 312)
        let (calendar, log) = try calendar(bench)
        log.refused = [date(2026, 11, 29)]
        let cell = try #require(calendar.frame(for: date(2026, 11, 29)))
        bench.tap(cell.midX, cell.midY)
        #expect(calendar.selectedDate == nil)
        #expect(log.selected.isEmpty)
    }

    @Test("a swipe left pages to the next month, a swipe right back, and the delegate hears each")
    func swipePages() throws {
        let bench = Bench(width: 350, height: 312)
        let (calendar, log) = try calendar(bench)
        bench.down(300, 200)
        for x in stride(from: 280.0, through: 120, by: -20) { bench.move(x, 200) }
        bench.up()
        #expect(calendar.displayedMonth == date(2026, 12, 1))
        bench.down(60, 200)
        for x in stride(from: 80.0, through: 240, by: 20) { bench.move(x, 200) }
        bench.up()
        #expect(calendar.displayedMonth == date(2026, 11, 1))
        #expect(log.months == [date(2026, 12, 1), date(2026, 11, 1)])
        #expect(calendar.selectedDate == nil)
    }

    @Test("the header's arrows page a month back and on")
    func arrowsPage() throws {
        let bench = Bench(width: 350, height: 312)
        let (calendar, _) = try calendar(bench)
        bench.tap(20, 22)
        #expect(calendar.displayedMonth == date(2026, 10, 1))
        bench.tap(330, 22)
        bench.tap(330, 22)
        #expect(calendar.displayedMonth == date(2026, 12, 1))
    }

    @Test("a tap on a faded day of the next month selects it and pages there")
    func neighbourDay() throws {
        let bench = Bench(width: 350, height: 312)
        let (calendar, _) = try calendar(bench)
        let cell = try #require(calendar.frame(for: date(2026, 12, 3)))
        bench.tap(cell.midX, cell.midY)
        #expect(calendar.selectedDate == date(2026, 12, 3))
        #expect(calendar.displayedMonth == date(2026, 12, 1))
    }

    @Test("the arrow keys move the selection a day or a week and page across the month's edge")
    func keys() throws {
        let bench = Bench(width: 350, height: 312)
        let (calendar, _) = try calendar(bench)
        calendar.selectedDate = date(2026, 11, 26)
        #expect(calendar.focusedArrow(.down))
        #expect(calendar.selectedDate == date(2026, 12, 3))
        #expect(calendar.displayedMonth == date(2026, 12, 1))
        #expect(calendar.focusedArrow(.left))
        #expect(calendar.selectedDate == date(2026, 12, 2))
        #expect(!calendar.focusedArrow(.next))
    }

    @Test("November 2026 in German with today ringed, a day selected and two highlighted", arguments: goldenFormats.map(\.name))
    func golden(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let bench = Bench(width: 350, height: 312)
        let framebuffer = MemoryFramebuffer(width: 350, height: 312, format: format)
        bench.app.display = Display(framebuffer: framebuffer)
        bench.window.backgroundColor = .white
        let (calendar, log) = try calendar(bench)
        calendar.today = date(2026, 11, 26)
        calendar.selectedDate = date(2026, 11, 12)
        calendar.highlightedDates = [date(2026, 11, 12), date(2026, 11, 20)]
        log.refused = [date(2026, 11, 1)]
        bench.app.runOnce()
        try GoldenImage.check("calendar-\(formatName)", framebuffer)
    }
}
