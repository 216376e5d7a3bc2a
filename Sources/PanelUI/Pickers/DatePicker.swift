/// Wheels for a date, a time of day, or both: UIKit's `UIDatePicker` in its wheels style, built
/// on ``PickerView``.
///
/// The fields follow the ``locale`` (glibc's data, see `LocaleInfo`): the date's day, month and
/// year in the locale's order ("26 | November | 2026" in Germany, "November | 26 | 2026" in the
/// US), month names in its language, and a 12-hour clock with its AM/PM wheel (before the hour
/// where the locale writes it so) or a 24-hour clock. ``uses24HourClock`` overrides the locale.
///
/// A date outside ``minimumDate``…``maximumDate`` is clamped, whether set by the app or reached
/// on the wheels (the wheels turn back to it, as UIKit's do); a day past the end of a shorter
/// month becomes its last day. Each change the user makes sends `valueChanged`.
@MainActor
open class DatePicker: Control {
    /// A date picker: named "Date", "Time" or "Date and time" (by its mode) until the app names
    /// it; its value the date or time its wheels show, in the locale's order and words ("26,
    /// November, 2026").
    open override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = description.label ?? ["Date", "Time", "Date and time"][mode == .date ? 0 : mode == .time ? 1 : 2]
        description.value = pickerView.accessibilityValue
        return description
    }

    /// What the wheels choose.
    public enum Mode: Hashable, Sendable {
        /// Day, month and year.
        case date
        /// Hour and minute (and AM/PM on a 12-hour clock).
        case time
        /// The date's fields, then the time's.
        case dateAndTime
    }

    /// A wheel's field.
    enum Field: Hashable {
        case day, month, year, hour, minute, meridiem
    }

    /// What the wheels choose. Default ``Mode/date``.
    public var mode = Mode.date {
        didSet { if mode != oldValue { rebuild() } }
    }
    /// The locale whose field order, names and clock the wheels use. Default: the app's
    /// (``Application/locale``, which follows its language), or the environment's outside an
    /// app; once set, the picker keeps it.
    public var locale: LocaleInfo {
        get { localeChoice.shown }
        set { if localeChoice.choose(newValue) { rebuild() } }
    }
    private var localeChoice = AppLocaleChoice()
    /// A 24-hour (true) or 12-hour (false) clock; nil (the default): the locale's.
    public var uses24HourClock: Bool? {
        didSet { if uses24HourClock != oldValue { rebuild() } }
    }
    /// The chosen date, clamped to ``minimumDate``…``maximumDate``. Setting it sends no action.
    public var date: CalendarDate {
        get { chosenDate }
        set { setDate(newValue, animated: false) }
    }
    /// The chosen time of day (minutes; seconds are zero). Setting it sends no action.
    public var time: TimeOfDay {
        get { chosenTime }
        set { setTime(newValue, animated: false) }
    }
    /// The earliest date the wheels reach, if any (its year is the year wheel's first).
    public var minimumDate: CalendarDate? {
        didSet { rangeChanged() }
    }
    /// The latest date the wheels reach, if any (its year is the year wheel's last).
    public var maximumDate: CalendarDate? {
        didSet { rangeChanged() }
    }
    /// The minute wheel's step, a divisor of 60 from 1 to 30. Default 1.
    public var minuteInterval = 1 {
        didSet {
            if !(1 ... 30).contains(minuteInterval) || 60 % minuteInterval != 0 { minuteInterval = 1 }
            if minuteInterval != oldValue { rebuild() }
        }
    }

    /// The wheels.
    public let pickerView: PickerView
    private(set) var fields: [Field] = []
    private var chosenDate: CalendarDate
    private var chosenTime: TimeOfDay
    /// "0" … "59" and "00" … "59", made once.
    private static let numbers = (0 ..< 60).map { String($0) }
    private static let paddedNumbers = (0 ..< 60).map { $0 < 10 ? "0\($0)" : String($0) }

    /// A picker of `mode`, showing `date` and `time`.
    public init(
        mode: Mode = .date, date: CalendarDate = CalendarDate(year: 2026, month: 1, day: 1)!, time: TimeOfDay = TimeOfDay(secondsSinceMidnight: 0)!,
        frame: Rect = Rect(x: 0, y: 0, width: 320, height: 216)
    ) {
        pickerView = PickerView(frame: Rect(origin: .zero, size: frame.size))
        chosenDate = date
        chosenTime = TimeOfDay(hour: time.hour, minute: time.minute)!
        self.mode = mode
        super.init(frame: frame)
        addSubview(pickerView)
        pickerView.dataSource = self
        pickerView.delegate = self
        rebuild()
        // The app's locale, now and after each change of language.
        applyLanguage { picker, _ in
            if picker.localeChoice.follow(picker.window?.application?.locale) { picker.rebuild() }
        }
    }

    /// A date picker.
    public convenience override init(frame: Rect) {
        self.init(mode: .date, frame: frame)
    }

    /// The wheels are the focus stop, not the date picker around them.
    open override var canBecomeFocused: Bool { false }

    /// No preferred width; 216 points tall.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 216) }

    /// The clock the hour wheel shows.
    public var is24Hour: Bool { uses24HourClock ?? locale.uses24HourClock }

    /// The year wheel's range.
    var years: ClosedRange<Int> {
        let low = minimumDate?.year ?? min(1900, chosenDate.year)
        let high = maximumDate?.year ?? max(2100, chosenDate.year)
        return low ... max(high, low)
    }

    /// Shows `date` (clamped to the range), at once or turning the wheels. No action is sent.
    public func setDate(_ date: CalendarDate, animated: Bool) {
        chosenDate = clamped(date)
        showValue(animated: animated)
    }

    /// Shows `time` (its hour and minute, the minute rounded down to the interval). No action.
    public func setTime(_ time: TimeOfDay, animated: Bool) {
        chosenTime = TimeOfDay(hour: time.hour, minute: time.minute - time.minute % minuteInterval)!
        showValue(animated: animated)
    }

    private func clamped(_ date: CalendarDate) -> CalendarDate {
        var date = date
        if let minimumDate, date < minimumDate { date = minimumDate }
        if let maximumDate, date > maximumDate { date = maximumDate }
        return date
    }

    private func rangeChanged() {
        if let low = minimumDate, let high = maximumDate, high < low { maximumDate = low }
        chosenDate = clamped(chosenDate)
        rebuild()
    }

    /// The wheels for the mode in the locale's order.
    private func rebuild() {
        var fields: [Field] = []
        if mode != .time {
            for field in locale.dateOrder {
                switch field {
                case .day: fields.append(.day)
                case .month: fields.append(.month)
                case .year: fields.append(.year)
                }
            }
        }
        if mode != .date {
            if !is24Hour && locale.amPMFirst { fields.append(.meridiem) }
            fields += [.hour, .minute]
            if !is24Hour && !locale.amPMFirst { fields.append(.meridiem) }
        }
        self.fields = fields
        chosenTime = TimeOfDay(hour: chosenTime.hour, minute: chosenTime.minute - chosenTime.minute % minuteInterval)!
        pickerView.reloadAllComponents()
        showValue(animated: false)
    }

    /// The row each wheel should rest on for the chosen value.
    private func row(for field: Field) -> Int {
        switch field {
        case .day: return chosenDate.day - 1
        case .month: return chosenDate.month - 1
        case .year: return chosenDate.year - years.lowerBound
        case .hour: return is24Hour ? chosenTime.hour : (chosenTime.hour + 11) % 12
        case .minute: return chosenTime.minute / minuteInterval
        case .meridiem: return chosenTime.hour < 12 ? 0 : 1
        }
    }

    private func showValue(animated: Bool) {
        for (component, field) in fields.enumerated() {
            if field == .day && pickerView.numberOfRows(inComponent: component) != chosenDate.daysInMonth {
                pickerView.reloadComponent(component)
            }
            let row = row(for: field)
            if pickerView.selectedRow(inComponent: component) != row {
                pickerView.selectRow(row, inComponent: component, animated: animated)
            }
        }
    }

    open override func layoutSubviews() {
        pickerView.frame = bounds
    }
}

extension DatePicker: PickerViewDataSource, PickerViewDelegate {
    /// A wheel per field of the mode, in the locale's order.
    public func numberOfComponents(in pickerView: PickerView) -> Int { fields.count }

    /// The field's values: the month's days, 12 months, the years of the range, 24 or 12 hours,
    /// the minutes by the interval, AM and PM.
    public func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        switch fields[component] {
        case .day: return chosenDate.daysInMonth
        case .month: return 12
        case .year: return years.count
        case .hour: return is24Hour ? 24 : 12
        case .minute: return 60 / minuteInterval
        case .meridiem: return 2
        }
    }

    /// Numbers (minutes with two digits), the locale's month names and its AM/PM symbols.
    public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        switch fields[component] {
        case .day: return DatePicker.numbers[row + 1]
        case .month: return locale.monthNames[row]
        case .year: return String(years.lowerBound + row)
        case .hour: return is24Hour ? DatePicker.paddedNumbers[row] : DatePicker.numbers[row + 1]
        case .minute: return DatePicker.paddedNumbers[row * minuteInterval]
        case .meridiem: return row == 0 ? locale.amSymbol : locale.pmSymbol
        }
    }

    /// The month's wheel is the widest; numbers share what is left.
    public func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double? {
        let total = max(bounds.width - PickerView.spacing * Double(fields.count + 1), 0)
        func weight(_ field: Field) -> Double { field == .month ? 2.4 : field == .year ? 1.3 : 1.0 }
        var sum = 0.0
        for field in fields { sum += weight(field) }
        return total * weight(fields[component]) / sum
    }

    /// A wheel came to rest: the value takes it, a day past the month's end or a date outside
    /// the range is corrected (the wheels turn to it), and `valueChanged` is sent.
    public func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        var year = chosenDate.year, month = chosenDate.month, day = chosenDate.day
        var hour = chosenTime.hour, minute = chosenTime.minute
        switch fields[component] {
        case .day: day = row + 1
        case .month: month = row + 1
        case .year: year = years.lowerBound + row
        case .hour: hour = is24Hour ? row : (row + 1) % 12 + (hour >= 12 ? 12 : 0)
        case .minute: minute = row * minuteInterval
        case .meridiem: hour = hour % 12 + (row == 1 ? 12 : 0)
        }
        let date = clamped(CalendarDate(clampingYear: year, month: month, day: day))
        let time = TimeOfDay(hour: hour, minute: minute) ?? chosenTime
        guard date != chosenDate || time != chosenTime else { return }
        chosenDate = date
        chosenTime = time
        showValue(animated: true)
        sendActions(for: .valueChanged)
    }
}
