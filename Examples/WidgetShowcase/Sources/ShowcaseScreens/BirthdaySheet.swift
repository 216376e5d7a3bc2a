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
        calendar = CalendarView(month: month, frame: .zero)
        super.init()
        calendar.selectedDate = selected
        calendar.tintColor = Style.blue
        modalPresentationStyle = .pageSheet
        preferredContentSize = Size(width: 640, height: 344)
    }

    public override func viewDidLoad() {
        view.backgroundColor = .white
        let heading = Style.label("Birthday", font: .title)
        calendar.delegate = self
        calendar.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(heading)
        view.addSubview(calendar)
        // The calendar centred under its heading: 340×296 where the sheet has the room, smaller
        // (in proportion) on a small panel.
        // (Weak, and the calendar's resistance to shrinking weaker still: on a small panel the
        // calendar gives way, not its heading.)
        let natural = calendar.widthAnchor.constraint(equalToConstant: 340)
        natural.priority = .defaultLow
        calendar.setContentCompressionResistancePriority(.defaultLow - 1, for: .vertical)
        LayoutConstraint.activate([
            heading.topAnchor.constraint(equalTo: view.topAnchor, constant: 4),
            heading.leadingAnchor.constraint(equalTo: calendar.leadingAnchor),
            calendar.topAnchor.constraint(equalTo: heading.bottomAnchor, constant: 6),
            calendar.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            calendar.heightAnchor.constraint(equalTo: calendar.widthAnchor, multiplier: 296.0 / 340), natural,
            calendar.bottomAnchor.constraint(lessThanOrEqualTo: view.bottomAnchor, constant: -8),
            calendar.widthAnchor.constraint(lessThanOrEqualTo: view.widthAnchor, constant: -16),
        ])
    }

    public func calendarView(_ calendarView: CalendarView, didSelect date: CalendarDate) {
        onPick?(date)
        dismiss(animated: true)
    }
}
