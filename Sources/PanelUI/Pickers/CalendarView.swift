/// A month as a grid of days: LVGL's `lv_calendar` (with its header arrows), the month view of
/// a booking kiosk.
///
/// A header names the month and year with arrows to page back and forth; a row of weekday
/// initials starts on the ``locale``'s first day of the week (Monday in Germany, Sunday in the
/// US); six rows of seven days follow, with the days of the neighbouring months faded. A tap on
/// a day selects it (``selectedDate``, `valueChanged`, the delegate); a day of the month before
/// or after also pages there. A horizontal swipe pages a month. ``today`` is ringed and
/// ``highlightedDates`` are marked (LVGL's highlighted dates: bookings, holidays).
///
/// Focus and keys: the calendar is one stop; the arrows move the selection by a day or a week,
/// paging when they cross the month's edge, and select confirms it.
@MainActor
open class CalendarView: Control {
    /// The first day of the month shown.
    public private(set) var displayedMonth: CalendarDate
    /// The chosen day, if any. Setting it sends no action and does not page.
    public var selectedDate: CalendarDate? {
        didSet { if selectedDate != oldValue { setNeedsDisplay() } }
    }
    /// The day ringed as today, if any.
    public var today: CalendarDate? {
        didSet { if today != oldValue { setNeedsDisplay() } }
    }
    /// Days marked with the tint's dot (bookings, holidays).
    public var highlightedDates: Set<CalendarDate> = [] {
        didSet { setNeedsDisplay() }
    }
    /// The locale: weekday initials, the first weekday and the month's name. Default: the
    /// app's (``Application/locale``, which follows its language), or the environment's outside
    /// an app; once set, the calendar keeps it.
    public var locale: LocaleInfo {
        get { localeChoice.shown }
        set { if localeChoice.choose(newValue) { localeChanged() } }
    }
    private var localeChoice = AppLocaleChoice()

    private func localeChanged() {
        makeTitles()
        setNeedsDisplay()
    }
    /// The delegate (held weakly).
    public weak var delegate: (any CalendarViewDelegate)? {
        didSet { setNeedsDisplay() }
    }
    // The selection and the arrows are drawn in the ``View/tintColor``.
    /// The header's height. Default 44.
    public static let headerHeight = 44.0
    /// The weekday row's height. Default 28.
    public static let weekdayRowHeight = 28.0

    private var title = ""
    private var weekdayTitles: [String] = []
    /// "1" … "31", made once: drawing a month allocates nothing.
    private static let dayTitles = (0 ... 31).map { String($0) }
    private var arrow = Path()

    /// A calendar showing the month of `month`.
    public init(month: CalendarDate, frame: Rect = Rect(x: 0, y: 0, width: 320, height: 300)) {
        displayedMonth = month.firstOfMonth
        super.init(frame: frame)
        makeTitles()
        let left = SwipeGestureRecognizer()
        left.direction = .left
        left.addTarget(self, action: .method("swipedLeft", CalendarView.showNextMonth))
        addGestureRecognizer(left)
        let right = SwipeGestureRecognizer()
        right.direction = .right
        right.addTarget(self, action: .method("swipedRight", CalendarView.showPreviousMonth))
        addGestureRecognizer(right)
        // The app's locale, now and after each change of language.
        applyLanguage { calendar, _ in
            if calendar.localeChoice.follow(calendar.window?.application?.locale) { calendar.localeChanged() }
        }
    }

    /// A calendar of January 2026.
    public convenience override init(frame: Rect) {
        self.init(month: CalendarDate(year: 2026, month: 1, day: 1)!, frame: frame)
    }

    /// No preferred width; the header, the weekdays and six rows of 40 points.
    open override var intrinsicContentSize: Size {
        Size(width: View.noIntrinsicMetric, height: CalendarView.headerHeight + CalendarView.weekdayRowHeight + 6 * 40)
    }

    /// Shows the month of `month` and tells the delegate.
    public func showMonth(_ month: CalendarDate) {
        let first = month.firstOfMonth
        guard first != displayedMonth else { return }
        displayedMonth = first
        makeTitles()
        setNeedsDisplay()
        delegate?.calendarView(self, didShowMonth: first)
    }

    /// Pages a month on.
    public func showNextMonth() { showMonth(displayedMonth.adding(months: 1)) }

    /// Pages a month back.
    public func showPreviousMonth() { showMonth(displayedMonth.adding(months: -1)) }

    private func makeTitles() {
        title = "\(locale.monthNames[displayedMonth.month - 1]) \(displayedMonth.year)"
        weekdayTitles = (0 ..< 7).map { locale.shortWeekdayNames[(locale.firstWeekday - 1 + $0) % 7] }
    }

    // MARK: - Geometry

    /// The date in the grid's first cell: the first weekday on or before the 1st.
    public var firstVisibleDate: CalendarDate {
        let lead = (displayedMonth.weekday - locale.firstWeekday + 7) % 7
        return displayedMonth.adding(days: -lead)
    }

    private var gridTop: Double { CalendarView.headerHeight + CalendarView.weekdayRowHeight }
    private var cellSize: Size { Size(width: bounds.width / 7, height: max(bounds.height - gridTop, 0) / 6) }

    /// The frame of `date`'s cell, if the grid shows it.
    public func frame(for date: CalendarDate) -> Rect? {
        let index = date.daysSinceEpoch - firstVisibleDate.daysSinceEpoch
        guard (0 ..< 42).contains(index) else { return nil }
        let cell = cellSize
        return Rect(x: Double(index % 7) * cell.width, y: gridTop + Double(index / 7) * cell.height, width: cell.width, height: cell.height)
    }

    /// The date under `point` (the view's coordinates), if any.
    public func date(at point: Point) -> CalendarDate? {
        let cell = cellSize
        guard point.y >= gridTop, point.x >= 0, point.x < bounds.width, cell.width > 0, cell.height > 0 else { return nil }
        let column = Int(point.x / cell.width), row = Int(min((point.y - gridTop) / cell.height, 6))
        guard row < 6 else { return nil }
        return firstVisibleDate.adding(days: row * 7 + column)
    }

    // MARK: - Touch

    private var pressed: CalendarDate?
    private var pressedArrow = 0

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        let p = touch.location(in: self)
        if p.y < CalendarView.headerHeight {
            pressedArrow = p.x < 56 ? -1 : p.x > bounds.width - 56 ? 1 : 0
            return pressedArrow != 0
        }
        pressed = date(at: p)
        return pressed != nil
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        defer {
            pressed = nil
            pressedArrow = 0
        }
        guard let touch, isInsideExpandedRegion(touch) else { return }
        let p = touch.location(in: self)
        if pressedArrow != 0 {
            if pressedArrow < 0 { showPreviousMonth() } else { showNextMonth() }
            return
        }
        guard let day = date(at: p), day == pressed else { return }
        choose(day, with: event)
    }

    open override func cancelTracking(with event: Event?) {
        pressed = nil
        pressedArrow = 0
    }

    private func choose(_ day: CalendarDate, with event: Event?) {
        guard delegate?.calendarView(self, canSelect: day) ?? true else { return }
        if day.firstOfMonth != displayedMonth { showMonth(day) }
        guard day != selectedDate else { return }
        selectedDate = day
        delegate?.calendarView(self, didSelect: day)
        sendActions(for: .valueChanged, with: event)
    }

    // MARK: - Focus and keys

    /// The arrows move the selection a day or a week (paging across the month's edge).
    open override func focusedArrow(_ heading: FocusHeading) -> Bool {
        let step: Int
        switch heading {
        case .left: step = -1
        case .right: step = 1
        case .up: step = -7
        case .down: step = 7
        case .next, .previous: return false
        }
        let from = selectedDate ?? displayedMonth.adding(days: -step)
        choose(from.adding(days: step), with: nil)
        return true
    }

    /// A knob moves the selection a day per detent.
    open override var isAdjustable: Bool { true }

    /// A calendar: the month shown ("July 2021") and the chosen day, adjustable a day at a time.
    open override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = title
        description.value = selectedDate.map { "\($0)" } ?? "no day chosen"
        return description
    }

    open override func adjust(byDetents detents: Int) {
        let from = selectedDate ?? displayedMonth
        choose(from.adding(days: max(min(detents, 366), -366)), with: nil)
    }

    // MARK: - Drawing

    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let width = bounds.width
        let palette = self.palette
        let tintColor = self.tintColor
        // The header: the month and year between two arrows.
        canvas.drawText(
            title, in: PixelRect(snapping: Rect(x: 56, y: 0, width: max(width - 112, 0), height: CalendarView.headerHeight)), font: .body,
            color: palette.label, alignment: .center)
        for k in 0 ..< 2 {
            let side = k == 0 ? -1.0 : 1.0, x = k == 0 ? 28.0 : width - 28, cy = CalendarView.headerHeight / 2
            arrow.removeAll()
            arrow.move(to: Point(x: x - 4 * side, y: cy - 7))
            arrow.addLine(to: Point(x: x + 4 * side, y: cy))
            arrow.addLine(to: Point(x: x - 4 * side, y: cy + 7))
            canvas.stroke(arrow, width: 2.5, color: isEnabled ? tintColor : palette.disabledLabel, cap: .round, join: .round)
        }
        let cell = cellSize
        for (i, name) in weekdayTitles.enumerated() {
            let box = PixelRect(
                snapping: Rect(x: Double(i) * cell.width, y: CalendarView.headerHeight, width: cell.width, height: CalendarView.weekdayRowHeight))
            canvas.drawText(name, in: box, font: .caption, color: palette.gray, alignment: .center)
        }
        // The days.
        var day = firstVisibleDate
        let side = min(cell.width, cell.height) - 4
        for index in 0 ..< 42 {
            defer { day = day.adding(days: 1) }
            let box = Rect(x: Double(index % 7) * cell.width, y: gridTop + Double(index / 7) * cell.height, width: cell.width, height: cell.height)
            let disc = PixelRect(snapping: Rect(x: box.midX - side / 2, y: box.midY - side / 2, width: side, height: side))
            let inMonth = day.month == displayedMonth.month && day.year == displayedMonth.year
            let selectable = delegate?.calendarView(self, canSelect: day) ?? true
            var color = inMonth ? palette.label : palette.disabledLabel
            if !selectable { color = palette.disabledLabel }
            if day == selectedDate {
                canvas.fillEllipse(in: disc, color: tintFillColor)
                color = palette.onTint
            } else if day == today {
                arrow.removeAll()
                arrow.addEllipse(in: Rect(x: Double(disc.x) + 1, y: Double(disc.y) + 1, width: Double(disc.width) - 2, height: Double(disc.height) - 2))
                canvas.stroke(arrow, width: 1.5, color: tintColor)
                color = inMonth ? tintColor : color
            }
            canvas.drawText(CalendarView.dayTitles[day.day], in: PixelRect(snapping: box), font: .body, color: color, alignment: .center)
            if highlightedDates.contains(day) {
                let dot = PixelRect(snapping: Rect(x: box.midX - 2.5, y: Double(disc.y + disc.height) - 8, width: 5, height: 5))
                canvas.fillEllipse(in: dot, color: day == selectedDate ? palette.onTint : palette.destructive)
            }
        }
    }
}
