import PanelCore
import PanelKit
import PanelUI
import Testing

@MainActor
@Suite("A session finds views by label, identifier and keyboard key when it acts, and names what it cannot find")
struct SessionLookupTests {
    @Test("a tap by label lands on the button titled so when the tap comes, though it was added later")
    func tapByLabel() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        var taps = 0
        _ = try runtime.application.scheduleTimer(after: .milliseconds(200)) { _ in
            runtime.window.addSubview(countingButton("Pay", frame: Rect(x: 300, y: 200, width: 120, height: 60)) { taps += 1 })
        }
        _ = try runtime.run(session: ScriptedSession { script in script.tap(label: "Pay", at: 500) })
        #expect(taps == 1)
    }

    @Test("a tap by accessibility identifier lands on that view")
    func tapByIdentifier() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        var taps = 0
        let button = countingButton("Go", frame: Rect(x: 500, y: 300, width: 120, height: 60)) { taps += 1 }
        button.accessibilityIdentifier = "go-button"
        runtime.window.addSubview(button)
        _ = try runtime.run(session: ScriptedSession { script in script.tap(identifier: "go-button", at: 300) })
        #expect(taps == 1)
    }

    @Test("a tap by identifier finds a bar button item's button in the navigation bar")
    func tapBarButtonByIdentifier() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        var taps = 0
        let home = ViewController()
        home.title = "Home"
        let item = BarButtonItem(title: "About", action: .closure("about") { _, _ in taps += 1 })
        item.accessibilityIdentifier = "about"
        home.navigationItem.rightBarButtonItem = item
        runtime.window.rootViewController = NavigationController(rootViewController: home)
        _ = try runtime.run(session: ScriptedSession { script in script.tap(identifier: "about", at: 300) })
        #expect(taps == 1)
    }

    @Test("a tap by label selects the segment of a segmented control titled so")
    func tapSegmentByLabel() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        let zones = SegmentedControl(items: ["Zone A", "Zone B", "Zone C"], frame: Rect(x: 100, y: 100, width: 300, height: 32))
        runtime.window.addSubview(zones)
        _ = try runtime.run(session: ScriptedSession { script in script.tap(label: "Zone B", at: 300) })
        #expect(zones.selectedSegmentIndex == 1)
    }

    @Test("a tap by label chooses a radio group's option, whose label takes no touches of its own")
    func tapRadioOptionByLabel() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        let sizes = RadioGroup(titles: ["Small", "Large"], frame: Rect(x: 100, y: 100, width: 200, height: 100))
        runtime.window.addSubview(sizes)
        _ = try runtime.run(session: ScriptedSession { script in script.tap(label: "Large", at: 300) })
        #expect(sizes.selectedIndex == 1)
    }

    @Test("a label a segment and a button both have fails the run, naming both")
    func segmentAndButtonAmbiguous() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        runtime.window.addSubview(SegmentedControl(items: ["Day", "Week"], frame: Rect(x: 20, y: 20, width: 200, height: 32)))
        runtime.window.addSubview(countingButton("Week", frame: Rect(x: 300, y: 20, width: 100, height: 50)) {})
        #expect {
            try runtime.run(session: ScriptedSession { script in script.tap(label: "Week", at: 300) })
        } throws: { error in
            let words = (error as? PanelKitError)?.description ?? ""
            return words.contains("finds 2 of view or part labelled \"Week\"") && words.contains("SegmentedControl") && words.contains("Button \"Week\"")
        }
    }

    @Test("a label two views on the screen have fails the run, naming both")
    func ambiguousLabel() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        runtime.window.addSubview(countingButton("OK", frame: Rect(x: 20, y: 20, width: 100, height: 50)) {})
        runtime.window.addSubview(countingButton("OK", frame: Rect(x: 300, y: 20, width: 100, height: 50)) {})
        #expect {
            try runtime.run(session: ScriptedSession { script in script.tap(label: "OK", at: 300) })
        } throws: { error in
            let words = (error as? PanelKitError)?.description ?? ""
            return words.contains("finds 2 of view or part labelled \"OK\"") && words.contains("Button \"OK\" at (20, 20)")
                && words.contains("Button \"OK\" at (300, 20)")
        }
    }

    @Test("an identifier no view on the screen has fails the run, naming the screen it searched")
    func missingIdentifier() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        let home = ViewController()
        home.title = "Home"
        runtime.window.rootViewController = home
        #expect {
            try runtime.run(session: ScriptedSession { script in script.tap(identifier: "pay", at: 300) })
        } throws: { error in
            (error as? PanelKitError)?.description.contains("finds no view with identifier \"pay\" on the screen then (showing ViewController \"Home\")")
                == true
        }
    }

    @Test("a tap the script says lands outside every view does not fail the run")
    func tapOutsideOnPurpose() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        let report = try runtime.run(session: ScriptedSession { script in script.tapOutside(at: Point(x: 400, y: 240), at: 300) })
        #expect(report.problems.isEmpty)
    }

    @Test("typed text goes through the on-screen keyboard shown then, shift for the capital")
    func typeText() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 44))
        field.placeholder = "Name"
        runtime.window.addSubview(field)
        _ = try runtime.run(
            session: ScriptedSession { script in
                script.tap(label: "Name", at: 200)
                script.typeText("Ann", at: 800)
            })
        #expect(field.text == "Ann")
    }

    @Test("a key the keyboard shown then does not have fails the run, naming the key")
    func missingKey() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        #expect {
            try runtime.run(session: ScriptedSession { script in script.keyTap("return", at: 300) })
        } throws: { error in
            (error as? PanelKitError)?.description.contains("the key \"return\" at 300 ms has no on-screen keyboard") == true
        }
    }

    @Test("a drag by label moves the slider labelled so, found when the drag comes")
    func dragByLabel() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        let slider = Slider(frame: Rect(x: 100, y: 200, width: 400, height: 40))
        slider.accessibilityLabel = "Volume"
        slider.value = 0.5
        runtime.window.addSubview(slider)
        _ = try runtime.run(session: ScriptedSession { script in script.drag(label: "Volume", by: Point(x: 150, y: 0), at: 300) })
        #expect(slider.value > 0.8)
    }
}
