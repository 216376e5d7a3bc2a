import PanelBench
import PanelCore
import PanelUI
import Testing

/// Each stock control as an app makes it with the least work: its default size, and only the
/// content it cannot do without (a button's title, a dropdown's items).
@MainActor
enum StockControl: String, CaseIterable, Sendable {
    case button, switchControl, slider, stepper, segmentedControl, pageControl, checkbox, dropdown, radioGroup, textField, arcControl, pickerView, calendarView,
        datePicker

    func make() -> Control {
        switch self {
        case .button:
            let button = Button(frame: Rect(x: 0, y: 0, width: 120, height: 44))
            button.setTitle("Save", for: .normal)
            return button
        case .switchControl: return Switch()
        case .slider: return Slider(frame: Rect(x: 0, y: 0, width: 200, height: 32))
        case .stepper: return Stepper()
        case .segmentedControl: return SegmentedControl(items: ["Day", "Week", "Month"], frame: Rect(x: 0, y: 0, width: 240, height: 32))
        case .pageControl:
            let pages = PageControl()
            pages.numberOfPages = 3
            return pages
        case .checkbox: return Checkbox(title: "Remember me", frame: Rect(x: 0, y: 0, width: 200, height: 44))
        case .dropdown: return Dropdown(items: ["Red", "Green"])
        case .radioGroup: return RadioGroup(titles: ["Small", "Large"], frame: Rect(x: 0, y: 0, width: 200, height: 100))
        case .textField:
            let field = TextField()
            field.placeholder = "Name"
            return field
        case .arcControl: return ArcControl()
        case .pickerView: return PickerView()
        case .calendarView: return CalendarView(frame: Rect(x: 0, y: 0, width: 320, height: 300))
        case .datePicker: return DatePicker()
        }
    }
}

@Suite("Stock controls pass the accessibility audit at their defaults")
@MainActor
struct StockControlAuditTests {
    @Test(
        "a stock control at its default size, with only its content, has no audit finding in light or dark",
        arguments: StockControl.allCases, UserInterfaceStyle.allCases)
    func passesAtDefaults(_ kind: StockControl, _ style: UserInterfaceStyle) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        window.paletteBackground = \.systemBackground
        window.overrideUserInterfaceStyle = style
        window.isHidden = false
        let control = kind.make()
        control.frame.origin = Point(x: 100, y: 100)
        window.addSubview(control)
        window.layoutIfNeeded()
        #expect(window.accessibilityAudit().map(\.description) == [])
    }
}
