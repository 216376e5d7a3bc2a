import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// UIKit's accessibility model: what each view says about itself to a screen reader, what the
/// app can say instead, how it is operated, and the order it is read in.
@MainActor
@Suite("Accessibility: elements that describe themselves, and the order a reader visits them")
struct AccessibilityTests {
    @Test("a button is an element labelled by its title, with the button trait")
    func buttonDefaults() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 44))
        button.setTitle("Save", for: .normal)
        #expect(button.isAccessibilityElement)
        #expect(button.accessibilityLabel == "Save")
        #expect(button.accessibilityTraits == .button)
        #expect(button.accessibilitySpokenDescription == "Save, button")
    }

    @Test("a disabled control is not enabled, and a selected one is selected")
    func controlState() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 44))
        button.isEnabled = false
        button.isSelected = true
        #expect(button.accessibilityTraits == [.button, .notEnabled, .selected])
    }

    @Test("a slider's value is its position in its range as a whole percentage, and it is adjustable")
    func sliderValue() {
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 30))
        slider.minimumValue = 10
        slider.maximumValue = 30
        slider.setValue(15, animated: false)
        #expect(slider.accessibilityValue == "25 %")
        #expect(slider.accessibilityTraits.contains(.adjustable))
    }

    @Test("a switch says on or off, and a checkbox its title and checked or unchecked")
    func toggles() {
        let toggle = Switch()
        toggle.isOn = true
        #expect(toggle.accessibilityValue == "on")
        toggle.isOn = false
        #expect(toggle.accessibilityValue == "off")
        let box = Checkbox(title: "Remember me")
        #expect(box.accessibilitySpokenDescription == "Remember me, unchecked, button")
    }

    @Test("a text field is named by its placeholder, empty or not, and its value is its text; a secure field says only its length")
    func textField() {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 40))
        field.placeholder = "Name"
        #expect(field.accessibilityLabel == "Name")
        #expect(field.accessibilityValue == nil)
        field.text = "Ada"
        #expect(field.accessibilityLabel == "Name")
        #expect(field.accessibilityValue == "Ada")
        field.isSecureTextEntry = true
        #expect(field.accessibilityValue == "3 characters, hidden")
    }

    @Test("a text view is named by its placeholder, and its value is its text")
    func textView() {
        let view = TextView(frame: Rect(x: 0, y: 0, width: 200, height: 80))
        view.placeholder = "Notes"
        #expect(view.accessibilityLabel == "Notes")
        #expect(view.accessibilityValue == nil)
        view.text = "Door sticks"
        #expect(view.accessibilityValue == "Door sticks")
    }

    @Test("a calendar says the month it shows and the chosen day, or that none is chosen")
    func calendar() throws {
        let calendar = CalendarView(month: try #require(CalendarDate(year: 2026, month: 7, day: 1)))
        #expect(calendar.accessibilityLabel?.hasSuffix("2026") == true)
        #expect(calendar.accessibilityValue == "no day chosen")
        calendar.selectedDate = CalendarDate(year: 2026, month: 7, day: 14)
        #expect(calendar.accessibilityValue == "2026-07-14")
        #expect(calendar.accessibilityTraits.contains(.adjustable))
    }

    @Test("a tab is a button named by its title, and activating it shows its tab")
    func tabs() throws {
        let first = ViewController()
        first.title = "Home"
        let second = ViewController()
        second.title = "Settings"
        let tabs = TabBarController(viewControllers: [first, second])
        tabs.loadViewIfNeeded()
        let tab = try #require(tabs.tabBar.buttons.last)
        #expect(tab.accessibilityLabel == "Settings")
        #expect(tab.accessibilityTraits.contains(.button))
        #expect(tab.accessibilityActivate())
        #expect(tabs.selectedIndex == 1)
        #expect(tab.accessibilityTraits.contains(.selected))
    }

    @Test("a label is static text, and a label without text is not an element")
    func labels() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 20))
        #expect(!label.isAccessibilityElement)
        label.text = "Enter code"
        #expect(label.isAccessibilityElement)
        #expect(label.accessibilityTraits == .staticText)
        #expect(label.accessibilitySpokenDescription == "Enter code")
    }

    @Test("a picker's value is the title of each wheel's selected row")
    func pickerValue() {
        let bench = Bench()
        let source = WheelSource(rows: [5, 3])
        let picker = bench.add(PickerView(frame: Rect(x: 0, y: 0, width: 300, height: 216)))
        picker.dataSource = source
        picker.delegate = source
        picker.selectRow(2, inComponent: 0, animated: false)
        #expect(picker.accessibilityValue == "Row 2, Row 0")
    }

    @Test("a date picker reads the date its wheels show, in the locale's order and month names")
    func datePickerValue() {
        let bench = Bench()
        let picker = bench.add(DatePicker(frame: Rect(x: 0, y: 0, width: 320, height: 216)))
        picker.locale = .posix
        picker.date = CalendarDate(year: 2026, month: 11, day: 26)!
        #expect(picker.accessibilityValue == "November, 26, 2026")
    }

    @Test("a gauge reads its value as it shows it, and is marked as updating often")
    func gaugeValue() {
        let gauge = GaugeView()
        gauge.title = "Pressure"
        gauge.valueText = { "\(Int($0)) bar" }
        gauge.setValue(42, animated: false)
        #expect(gauge.accessibilityLabel == "Pressure")
        #expect(gauge.accessibilityValue == "42 bar")
        #expect(gauge.accessibilityTraits.contains(.updatesFrequently))
    }

    @Test("what the app sets takes precedence over the view's own description, and nil restores it")
    func overrides() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 44, height: 44))
        button.setTitle("×", for: .normal)
        button.accessibilityLabel = "Close"
        button.accessibilityHint = "Returns to the start"
        button.accessibilityTraits = [.button, .header]
        #expect(button.accessibilitySpokenDescription == "Close, button, heading, Returns to the start")
        button.accessibilityLabel = nil
        #expect(button.accessibilityLabel == "×")
    }

    @Test("a view's language is its own, else its nearest ancestor's")
    func language() {
        let outer = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let inner = Label(frame: Rect(x: 0, y: 0, width: 50, height: 20))
        outer.addSubview(inner)
        #expect(inner.accessibilityLanguage == nil)
        outer.accessibilityLanguage = "zh"
        #expect(inner.accessibilityLanguage == "zh")
        inner.accessibilityLanguage = "de"
        #expect(inner.accessibilityLanguage == "de")
    }

    /// A labelled view at (x, y).
    func element(_ name: String, _ x: Double, _ y: Double, in bench: Bench, parent: View? = nil) -> Label {
        let label = bench.add(Label(frame: Rect(x: x, y: y, width: 60, height: 20)), to: parent)
        label.text = name
        return label
    }

    @Test("reading order is the focus order: focusOrder first, then top to bottom and left to right")
    func readingOrder() {
        let bench = Bench()
        _ = element("C", 10, 100, in: bench)
        _ = element("B", 200, 10, in: bench)
        _ = element("A", 10, 10, in: bench)
        let first = element("Z", 300, 300, in: bench)
        first.focusOrder = 0
        #expect(bench.window.accessibilityReadingOrder().map(\.accessibilityLabel) == ["Z", "A", "B", "C"])
    }

    @Test("an element's subviews are not read: a button speaks for its title label")
    func elementHidesSubviews() {
        let bench = Bench()
        let button = bench.add(Button(frame: Rect(x: 10, y: 10, width: 100, height: 44)))
        button.setTitle("OK", for: .normal)
        bench.app.runOnce()
        #expect(bench.window.accessibilityReadingOrder().map { $0 === button } == [true])
    }

    @Test("a container's own list is read in its order, as one block where the container stands")
    func containerOrder() {
        let bench = Bench()
        _ = element("Top", 10, 10, in: bench)
        let container = bench.add(View(frame: Rect(x: 0, y: 100, width: 400, height: 100)))
        let left = element("Left", 10, 10, in: bench, parent: container)
        let right = element("Right", 200, 10, in: bench, parent: container)
        _ = element("Bottom", 10, 300, in: bench)
        container.accessibilityElements = [right, left]
        #expect(bench.window.accessibilityReadingOrder().map(\.accessibilityLabel) == ["Top", "Right", "Left", "Bottom"])
    }

    @Test("hidden views, transparent views and views marked hidden from readers are skipped with their contents")
    func skipped() {
        let bench = Bench()
        _ = element("Shown", 10, 10, in: bench)
        element("Hidden", 10, 40, in: bench).isHidden = true
        element("Clear", 10, 70, in: bench).alpha = 0
        let decoration = bench.add(View(frame: Rect(x: 0, y: 100, width: 200, height: 100)))
        _ = element("Inside", 10, 10, in: bench, parent: decoration)
        decoration.accessibilityElementsHidden = true
        #expect(bench.window.accessibilityReadingOrder().map(\.accessibilityLabel) == ["Shown"])
    }

    @Test("while an alert shows, reading stays inside it: title, message, then its buttons")
    func alertIsModal() {
        let bench = Bench()
        _ = element("Behind", 10, 10, in: bench)
        let alert = AlertController(title: "Wrong code", message: "Try again")
        alert.addAction(AlertAction(title: "OK"))
        bench.present(alert)
        bench.clock.advance(by: .milliseconds(500))
        bench.app.runOnce()
        #expect(bench.window.accessibilityModalView() === alert.view)
        #expect(bench.window.accessibilityReadingOrder().map(\.accessibilityLabel) == ["Wrong code", "Try again", "OK"])
    }

    @Test("activating a button sends its actions; a disabled control refuses")
    func activate() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 44))
        var taps = 0
        button.addAction(.closure("tap") { _, _ in taps += 1 }, for: .touchUpInside)
        #expect(button.accessibilityActivate())
        #expect(taps == 1)
        button.isEnabled = false
        #expect(!button.accessibilityActivate())
        #expect(taps == 1)
    }

    @Test("increment and decrement move a stepper one step and send valueChanged; a button ignores them")
    func adjust() {
        let stepper = Stepper()
        stepper.value = 5
        var changes = 0
        stepper.addAction(.closure("changed") { _, _ in changes += 1 }, for: .valueChanged)
        stepper.accessibilityIncrement()
        #expect(stepper.value == 6 && stepper.accessibilityValue == "6")
        stepper.accessibilityDecrement()
        stepper.accessibilityDecrement()
        #expect(stepper.value == 4)
        #expect(changes == 3)
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 44))
        button.accessibilityIncrement()
        #expect(!button.accessibilityTraits.contains(.adjustable))
    }

    @Test("numbers and percentages are spoken plainly, and absurd values never trap")
    func formatting() {
        #expect(AccessibilityDescription.number(6) == "6")
        #expect(AccessibilityDescription.number(-0.5) == "-0.5")
        #expect(AccessibilityDescription.number(21.25) == "21.25")
        #expect(AccessibilityDescription.number(3.04) == "3.04")
        #expect(AccessibilityDescription.number(.nan) == "not a number")
        #expect(AccessibilityDescription.number(-.infinity) == "minus infinity")
        #expect(!AccessibilityDescription.number(1e300).isEmpty)
        #expect(AccessibilityDescription.percent(.nan) == "0 %")
        #expect(AccessibilityDescription.percent(7) == "100 %")
    }

    @Test("two containers that list each other are read once each, not forever")
    func containersListingEachOther() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let a = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let b = View(frame: Rect(x: 0, y: 100, width: 300, height: 100))
        let first = Button(frame: Rect(x: 10, y: 10, width: 100, height: 44))
        first.setTitle("First", for: .normal)
        let second = Button(frame: Rect(x: 10, y: 10, width: 100, height: 44))
        second.setTitle("Second", for: .normal)
        a.addSubview(first)
        b.addSubview(second)
        window.addSubview(a)
        window.addSubview(b)
        a.accessibilityElements = [first, b]
        b.accessibilityElements = [second, a]
        #expect(window.accessibilityReadingOrder().map(\.accessibilityLabel) == ["First", "Second"])
    }
}
