public import PanelKit

/// A sheet with a month calendar (LVGL's demo opens one for the birthday): a tap on a day
/// picks it and closes the sheet; a tap on the dimmed screen or a swipe down closes it without
/// a pick.
public final class BirthdaySheet: ViewController, CalendarViewDelegate {
    public let calendar: CalendarView
    /// Hears the picked day.
    public var onPick: (@MainActor (CalendarDate) -> Void)?

    /// A sheet showing `selected`'s month with it selected, or May 1990 with nothing selected.
    public init(selected: CalendarDate?) {
        let month = selected ?? CalendarDate(clampingYear: 1990, month: 5, day: 1)
        calendar = CalendarView(month: month, frame: Rect(x: 150, y: 40, width: 340, height: 296))
        super.init()
        calendar.selectedDate = selected
        calendar.tintColor = Style.blue
        modalPresentationStyle = .pageSheet
        preferredContentSize = Size(width: 640, height: 344)
    }

    public override func viewDidLoad() {
        view.backgroundColor = .white
        view.addSubview(Style.label("Birthday", frame: Rect(x: 150, y: 4, width: 340, height: 30), font: .title))
        calendar.delegate = self
        view.addSubview(calendar)
    }

    public func calendarView(_ calendarView: CalendarView, didSelect date: CalendarDate) {
        onPick?(date)
        dismiss(animated: true)
    }
}
