/// What a calendar asks of and tells its delegate. Every method has a default.
@MainActor
public protocol CalendarViewDelegate: AnyObject {
    /// Whether `date` may be chosen. Default: true. Days it refuses are drawn faded.
    func calendarView(_ calendarView: CalendarView, canSelect date: CalendarDate) -> Bool
    /// The user chose `date` (a tap or the keys). `valueChanged` is sent too.
    func calendarView(_ calendarView: CalendarView, didSelect date: CalendarDate)
    /// The calendar now shows the month of `month` (its first day): a swipe, a header arrow, a
    /// key that crossed the month's edge, or the app.
    func calendarView(_ calendarView: CalendarView, didShowMonth month: CalendarDate)
}

extension CalendarViewDelegate {
    /// Default: every day.
    public func calendarView(_ calendarView: CalendarView, canSelect date: CalendarDate) -> Bool { true }
    /// Default: nothing.
    public func calendarView(_ calendarView: CalendarView, didSelect date: CalendarDate) {}
    /// Default: nothing.
    public func calendarView(_ calendarView: CalendarView, didShowMonth month: CalendarDate) {}
}
