import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// The accessibility audit: what it flags, and what it leaves alone.
@MainActor
@Suite("Accessibility audit: unlabelled controls, small targets, faint text and unreachable controls")
struct AccessibilityAuditTests {
    private func window(_ views: View...) -> Window {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        window.backgroundColor = .white
        window.isHidden = false
        for view in views { window.addSubview(view) }
        return window
    }

    private func button(_ title: String?, _ frame: Rect = Rect(x: 20, y: 20, width: 120, height: 44)) -> Button {
        let button = Button(frame: frame)
        button.setTitle(title, for: .normal)
        return button
    }

    private func label(_ text: String, _ color: Color, at y: Double, font: Font = .body) -> Label {
        let label = Label(frame: Rect(x: 20, y: y, width: 200, height: 40))
        label.text = text
        label.textColor = color
        label.font = font
        return label
    }

    @Test("a screen of labelled, large, legible, reachable controls has no findings")
    func cleanScreen() {
        let label = Label(frame: Rect(x: 20, y: 80, width: 200, height: 24))
        label.text = "Door code"
        let field = TextField(frame: Rect(x: 20, y: 110, width: 200, height: 44))
        field.placeholder = "Code"
        #expect(window(button("Open"), label, field).accessibilityAudit() == [])
    }

    @Test("an image-only button with no label is an unlabelled control")
    func unlabelled() {
        let findings = window(button(nil)).accessibilityAudit()
        #expect(findings.map(\.kind) == [.unlabelled])
        #expect(findings[0].element == "Button")
    }

    @Test("a 30-point button is a small target; one touched in 44×44 (minimumTouchTarget) passes, and a disabled one is exempt")
    func smallTarget() {
        let grown = button("g", Rect(x: 200, y: 20, width: 30, height: 30))
        grown.minimumTouchTarget = Size(width: 44, height: 44)
        let small = button("x", Rect(x: 20, y: 20, width: 30, height: 30))
        let disabled = button("y", Rect(x: 80, y: 20, width: 30, height: 30))
        disabled.isEnabled = false
        let findings = window(grown, small, disabled).accessibilityAudit()
        #expect(findings.map(\.kind) == [.smallTarget])
        #expect(findings[0].element == "Button \"x\"")
        #expect(findings[0].description.hasPrefix("small touch target: Button \"x\" at (20, 20) 30×30"))
    }

    @Test("light grey body text on white is low contrast, with its ratio and colours in the finding")
    func lowContrast() {
        let findings = window(label("Faint", Color(rgb: 0xAAAAAA), at: 80)).accessibilityAudit()
        #expect(findings.map(\.kind) == [.lowContrast])
        #expect(findings[0].detail.hasPrefix("2.3:1 (#aaaaaaff on #ffffffff), under 4.5:1 for 16 px text"))
    }

    @Test("large text needs only 3:1: #949494 fails at 16 px and passes at 24 px")
    func largeText() {
        let findings = window(label("Small", Color(rgb: 0x949494), at: 20), label("Large", Color(rgb: 0x949494), at: 80, font: .title)).accessibilityAudit()
        #expect(findings.map(\.element) == ["Label \"Small\""])
    }

    @Test("white text on a sibling view's colour drawn behind it is measured against that colour, not the window")
    func siblingBackground() {
        let card = View(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        card.backgroundColor = Color(rgb: 0x1C1C1E)
        let label = Label(frame: Rect(x: 20, y: 20, width: 200, height: 24))
        label.text = "On dark"
        label.textColor = .white
        #expect(window(card, label).accessibilityAudit() == [])
        label.textColor = Color(rgb: 0x3A3A3C)
        #expect(window(card, label).accessibilityAudit().map(\.kind) == [.lowContrast])
    }

    @Test("the default filled button and an empty field's placeholder pass 4.5:1")
    func defaultsPass() {
        let field = TextField(frame: Rect(x: 20, y: 110, width: 200, height: 44))
        field.placeholder = "Name"
        let button = button("Go")
        #expect(Button.init().currentTitleColor.contrastRatio(with: button.currentBackgroundColor) >= 4.5)
        #expect(window(button, field).accessibilityAudit() == [])
    }

    @Test("a control hidden from the reader but still tappable is unreachable")
    func unreachable() {
        let hiddenFromReader = button("Secret")
        hiddenFromReader.isAccessibilityElement = false
        let findings = window(hiddenFromReader).accessibilityAudit()
        #expect(findings.map(\.kind) == [.unreachable])
    }

    @Test("a control inside an element is spoken for by the element, and one under a view that takes no touches is not operable")
    func coveredControls() {
        let row = View(frame: Rect(x: 0, y: 0, width: 400, height: 60))
        row.isAccessibilityElement = true
        row.accessibilityLabel = "Wi-Fi"
        row.addSubview(button("On", Rect(x: 300, y: 8, width: 80, height: 44)))
        let inert = View(frame: Rect(x: 0, y: 100, width: 400, height: 60))
        inert.isUserInteractionEnabled = false
        let decoration = button("Deco", Rect(x: 10, y: 8, width: 80, height: 44))
        decoration.isAccessibilityElement = false
        inert.addSubview(decoration)
        #expect(window(row, inert).accessibilityAudit() == [])
    }

    @Test("an alert with a cancel and a destructive button passes: its red is dark enough for text")
    func alertPasses() {
        let window = window()
        let alert = AlertController(title: "Delete the log?", message: "The entries will be gone.")
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Delete", style: .destructive))
        present(alert, in: window)
        #expect(window.accessibilityAudit() == [])
    }

    @Test("a tab bar's titles are measured, and the default unselected grey passes on the bar")
    func tabBarTitles() throws {
        let app = Application(clock: ManualClock())
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        app.addWindow(window)
        window.makeKeyAndVisible()
        let first = ViewController()
        first.title = "Home"
        let second = ViewController()
        second.title = "Settings"
        let tabs = TabBarController(viewControllers: [first, second])
        window.rootViewController = tabs
        app.runOnce()
        let titles = tabs.tabBar.subviews.compactMap { ($0 as? DrawsText)?.drawnText.first?.text }
        #expect(titles == ["Home", "Settings"])
        #expect(window.accessibilityAudit() == [])
        tabs.tabBar.unselectedItemTintColor = Color(rgb: 0xAEAEB2)
        #expect(window.accessibilityAudit().map(\.element) == ["TabBarButton \"Settings\""])
    }

    @Test("a chart's axis labels and a gauge's numbers are measured: pale ones are found, the defaults pass")
    func chartsAndGauges() throws {
        let chart = ChartView(frame: Rect(x: 0, y: 0, width: 300, height: 150))
        try chart.setValueRange(lower: 0, upper: 100)
        _ = chart.addSeries(name: "Temp")
        let gauge = GaugeView(frame: Rect(x: 0, y: 150, width: 150, height: 150))
        #expect(window(chart, gauge).accessibilityAudit() == [])
        chart.labelColor = Color(rgb: 0xC7C7CC)
        gauge.scaleColor = Color(rgb: 0xC7C7CC)
        #expect(Set(window(chart, gauge).accessibilityAudit().map(\.element).map { $0.prefix { $0 != " " } }) == ["ChartView", "GaugeView"])
    }

    @Test("a badge's text is measured on its capsule, and the default red passes")
    func badges() {
        let badge = BadgeView(text: "12")
        badge.frame.origin = Point(x: 20, y: 20)
        #expect(window(badge).accessibilityAudit() == [])
        badge.color = Color(rgb: 0xFF9500)
        #expect(window(badge).accessibilityAudit().map(\.element) == ["BadgeView \"12\""])
    }

    @Test("behind a modal view only the modal view is audited")
    func modal() {
        let behind = button(nil)
        let sheet = View(frame: Rect(x: 0, y: 100, width: 400, height: 200))
        sheet.accessibilityViewIsModal = true
        sheet.addSubview(button("Done", Rect(x: 20, y: 20, width: 100, height: 44)))
        #expect(window(behind, sheet).accessibilityAudit() == [])
    }
}
