import PanelKit
import PanelTestKit
import Testing
import ThermostatScreen

@MainActor
@Suite("Thermostat screen, touched through an emulated GT911")
struct ThermostatTests {
    func screen() throws -> (ThermostatController, ScreenTester) {
        let thermostat = ThermostatController()
        let tester = try ScreenTester(size: Size(width: 800, height: 480), controller: .gt911)
        tester.window.rootViewController = thermostat
        tester.advance(by: .milliseconds(10))
        return (thermostat, tester)
    }

    @Test("dragging the slider's thumb to the right end sets 28 °C and says the heating runs")
    func dragToMaximum() throws {
        let (thermostat, tester) = try screen()
        let slider = thermostat.slider
        let thumb = slider.convert(slider.thumbRect.center, to: nil)
        let end = slider.convert(Point(x: slider.bounds.size.width + 20, y: slider.thumbRect.center.y), to: nil)
        tester.drag(from: thumb, to: end)
        #expect(thermostat.setpoint == 28)
        #expect(thermostat.status.text == "Heating to 28.0 °C (room 19.5 °C)")
    }

    @Test("tapping the switch turns the heating off, and the status says so")
    func heatingOff() throws {
        let (thermostat, tester) = try screen()
        tester.tap(thermostat.heating)
        #expect(!thermostat.heating.isOn)
        #expect(!thermostat.isHeating)
        #expect(thermostat.status.text == "Heating off")
    }

    @Test("a room warmer than the setpoint leaves the heating idle")
    func warmRoomIdles() throws {
        let (thermostat, _) = try screen()
        thermostat.roomTemperature = 22.5
        #expect(!thermostat.isHeating)
        #expect(thermostat.status.text == "Idle: the room is at 22.5 °C")
    }
}

/// A mistake's warning, collected the documented way: a handler bound to this task.
@MainActor
@Suite("Warnings collected by a test of an app's own package")
struct ThermostatWarningTests {
    @Test("popping a navigation stack's root is a warning that UsageWarning.collecting returns")
    func warningIsCollected() {
        let navigation = NavigationController(rootViewController: ThermostatController())
        let (_, warnings) = UsageWarning.collecting { navigation.popViewController(animated: false) }
        #expect(warnings.map(\.call) == ["popViewController(animated:)"])
    }
}

/// PanelKit's newer API, called as an app's package calls it (CI runs these in a release build).
@MainActor
@Suite("PanelKit's newer API from an app's own package")
struct NewerAPITests {
    @Test("a session taps a button by its label, typed text goes through the keyboard, and both land")
    func sessionLookups() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 44))
        field.placeholder = "Name"
        var saved = 0
        let save = Button(frame: Rect(x: 400, y: 20, width: 120, height: 44))
        save.setTitle("Save", for: .normal)
        save.addAction(.closure("save") { _, _ in saved += 1 }, for: .touchUpInside)
        runtime.window.addSubview(field)
        runtime.window.addSubview(save)
        _ = try runtime.run(
            session: ScriptedSession { script in
                script.tap(label: "Name", at: 200)
                script.typeText("Ann", at: 800)
                script.tap(label: "Save", at: 2000)
            })
        #expect(field.text == "Ann")
        #expect(saved == 1)
    }

    @Test("a text field answers caret rectangles for positions it makes, and nil past its end")
    func textInput() throws {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 240, height: 44))
        field.text = "Hello"
        let third = try #require(field.position(from: field.beginningOfDocument, offset: 3))
        #expect(field.caretRect(for: third).minX > field.caretRect(for: field.beginningOfDocument).minX)
        #expect(field.position(from: field.endOfDocument, offset: 1) == nil)
    }
}

/// The screen on every panel size PanelKit has a mock board for.
@MainActor
@Suite("Thermostat on every panel")
struct ThermostatPanelTests {
    @Test(
        "on each panel size every control is inside the screen, nothing overlaps, no text is cut off and every target is large enough",
        arguments: [
            Size(width: 480, height: 272), Size(width: 800, height: 480), Size(width: 1024, height: 600), Size(width: 1280, height: 800),
            Size(width: 720, height: 1280),
        ])
    func fitsEveryPanel(_ size: Size) throws {
        let thermostat = ThermostatController()
        let tester = try ScreenTester(size: size, controller: .ft6x06)
        tester.window.rootViewController = thermostat
        tester.advance(by: .milliseconds(10))
        #expect(tester.window.accessibilityAudit().map(\.description) == [])
        #expect(thermostat.slider.frame.width > size.width / 2)
    }
}
