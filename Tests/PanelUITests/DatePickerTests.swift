import Glibc
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

@Suite("Locales from glibc's data: names, date order, clock, first weekday")
struct LocaleInfoTests {
    @Test("German: day, month, year; a 24-hour clock; Monday first; a decimal comma; German month names")
    func german() throws {
        let de = try LocaleInfo(identifier: "de_DE.UTF-8")
        #expect(de.dateOrder == [.day, .month, .year])
        #expect(de.uses24HourClock)
        #expect(de.firstWeekday == 2)
        #expect(de.decimalSeparator == ",")
        #expect(de.monthNames[2] == "März")
        #expect(de.weekdayNames[0] == "Sonntag")
    }

    @Test("US English: month, day, year; a 12-hour clock with AM and PM after the hour; Sunday first")
    func american() throws {
        let us = try LocaleInfo(identifier: "en_US.UTF-8")
        #expect(us.dateOrder == [.month, .day, .year])
        #expect(!us.uses24HourClock)
        #expect(!us.amPMFirst)
        #expect(us.amSymbol == "AM")
        #expect(us.firstWeekday == 1)
        #expect(us.decimalSeparator == ".")
        #expect(us.groupingSeparator == ",")
    }

    @Test("a locale that is not installed is a typed error that says how to generate it")
    func missing() {
        #expect(throws: LocaleError.notInstalled("xx_YY.UTF-8")) { try LocaleInfo(identifier: "xx_YY.UTF-8") }
        #expect(LocaleError.notInstalled("xx_YY.UTF-8").description.contains("localedef -i xx_YY"))
        #expect(throws: LocaleError.notInstalled("")) { try LocaleInfo(identifier: "") }
    }

    @Test("the C locale reads as POSIX's conventions")
    func posix() throws {
        let c = try LocaleInfo(identifier: "C")
        #expect(c.monthNames == LocaleInfo.posix.monthNames)
        #expect(c.dateOrder == [.month, .day, .year])
        #expect(c.uses24HourClock)
    }

    @Test("C.UTF-8 keeps its name and has the same conventions as glibc's own C.UTF-8")
    func posixWithCharacterSet() throws {
        let c = try LocaleInfo(identifier: "C.UTF-8")
        #expect(c.identifier == "C.UTF-8")
        let glibc = try #require(newlocale(Int32((1 << LC_TIME) | (1 << LC_NUMERIC)), "C.UTF-8", nil))
        defer { freelocale(glibc) }
        func text(_ item: Int32) -> String { String(cString: nl_langinfo_l(nl_item(item), glibc)) }
        #expect(c.monthNames == (0 ..< 12).map { text(Int32(MON_1) + Int32($0)) })
        #expect(c.shortWeekdayNames == (0 ..< 7).map { text(Int32(ABDAY_1) + Int32($0)) })
        #expect(c.amSymbol == text(Int32(AM_STR)) && c.pmSymbol == text(Int32(PM_STR)))
        #expect(text(Int32(D_FMT)) == "%m/%d/%y" && c.dateOrder == [.month, .day, .year])
        #expect(c.decimalSeparator == text(Int32(RADIXCHAR)) && c.groupingSeparator == text(Int32(THOUSEP)))
    }
}

@Suite("DatePicker: locale-ordered wheels, a range that clamps, 12- and 24-hour clocks")
@MainActor
struct DatePickerTests {
    func titles(_ picker: DatePicker) -> [String] {
        (0 ..< picker.pickerView.numberOfComponents).map { c in
            let row = picker.pickerView.selectedRow(inComponent: c)
            return picker.pickerView(picker.pickerView, titleForRow: row, forComponent: c) ?? "?"
        }
    }

    func date(_ y: Int, _ m: Int, _ d: Int) -> CalendarDate { CalendarDate(year: y, month: m, day: d)! }

    @Test("in German the wheels are day, month, year, with the month's German name")
    func germanOrder() throws {
        let picker = DatePicker(mode: .date, date: date(2026, 3, 9))
        picker.locale = try LocaleInfo(identifier: "de_DE.UTF-8")
        #expect(titles(picker) == ["9", "März", "2026"])
    }

    @Test("in US English the wheels are month, day, year, and the time has an AM/PM wheel after the minutes")
    func americanOrder() throws {
        let picker = DatePicker(mode: .dateAndTime, date: date(2026, 3, 9), time: TimeOfDay(hour: 15, minute: 7)!)
        picker.locale = try LocaleInfo(identifier: "en_US.UTF-8")
        #expect(titles(picker) == ["March", "9", "2026", "3", "07", "PM"])
        picker.uses24HourClock = true
        #expect(titles(picker) == ["March", "9", "2026", "15", "07"])
    }

    @Test("a date set outside the minimum and maximum is clamped to them")
    func clampsSetDates() {
        let picker = DatePicker(mode: .date, date: date(2026, 6, 1))
        picker.minimumDate = date(2026, 1, 1)
        picker.maximumDate = date(2026, 12, 31)
        picker.date = date(2030, 5, 5)
        #expect(picker.date == date(2026, 12, 31))
        picker.date = date(1999, 5, 5)
        #expect(picker.date == date(2026, 1, 1))
        #expect(picker.pickerView.numberOfRows(inComponent: 2) == 1)
    }

    @Test("turning the month from 31 January to February makes the day the month's last, and sends valueChanged")
    func shortMonth() throws {
        let bench = Bench(width: 320, height: 216)
        let picker = bench.add(DatePicker(mode: .date, date: date(2028, 1, 31)))
        picker.locale = try LocaleInfo(identifier: "de_DE.UTF-8")
        let changes = ChangeLog()
        picker.addAction(.closure("changed") { _, _ in changes.count += 1 }, for: .valueChanged)
        bench.app.layoutIfNeeded()
        #expect(picker.pickerView.focusedArrow(.right))
        #expect(picker.pickerView.focusedArrow(.down))
        bench.run(milliseconds: 1500)
        #expect(picker.date == date(2028, 2, 29))
        #expect(picker.pickerView.numberOfRows(inComponent: 0) == 29)
        #expect(picker.pickerView.selectedRow(inComponent: 0) == 28)
        #expect(changes.count == 1)
    }

    @Test("turning the wheels before the minimum date turns them back to it")
    func wheelsClamp() throws {
        let bench = Bench(width: 320, height: 216)
        let picker = bench.add(DatePicker(mode: .date, date: date(2026, 3, 10)))
        picker.locale = try LocaleInfo(identifier: "de_DE.UTF-8")
        picker.minimumDate = date(2026, 3, 5)
        bench.app.layoutIfNeeded()
        #expect(picker.pickerView.focusedArrow(.right))
        #expect(picker.pickerView.focusedArrow(.up))
        bench.run(milliseconds: 1500)
        #expect(picker.date == date(2026, 3, 5))
        bench.run(milliseconds: 1500)
        #expect(picker.pickerView.selectedRow(inComponent: 1) == 2)
        #expect(picker.pickerView.selectedRow(inComponent: 0) == 4)
    }

    @Test("the minute wheel steps by the interval and a set time rounds down to it")
    func minuteInterval() {
        let picker = DatePicker(mode: .time, time: TimeOfDay(hour: 9, minute: 44)!)
        picker.uses24HourClock = true
        picker.minuteInterval = 15
        #expect(picker.time == TimeOfDay(hour: 9, minute: 30))
        #expect(picker.pickerView.numberOfRows(inComponent: 1) == 4)
        picker.minuteInterval = 7
        #expect(picker.minuteInterval == 1)
    }

    @Test("choosing PM on a 12-hour clock moves the hour into the afternoon")
    func meridiem() throws {
        let bench = Bench(width: 320, height: 216)
        let picker = bench.add(DatePicker(mode: .time, time: TimeOfDay(hour: 9, minute: 5)!))
        picker.locale = try LocaleInfo(identifier: "en_US.UTF-8")
        bench.app.layoutIfNeeded()
        #expect(picker.pickerView.focusedArrow(.right))
        #expect(picker.pickerView.focusedArrow(.right))
        #expect(picker.pickerView.focusedArrow(.down))
        bench.run(milliseconds: 1500)
        #expect(picker.time == TimeOfDay(hour: 21, minute: 5))
    }
}
