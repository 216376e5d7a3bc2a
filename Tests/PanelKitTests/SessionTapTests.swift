import PanelCore
import PanelKit
import PanelUI
import Testing

/// A button that counts its taps, not yet in any window.
@MainActor
func countingButton(_ title: String, frame: Rect, taps: @escaping @MainActor () -> Void) -> Button {
    let button = Button(frame: frame)
    button.setTitle(title, for: .normal)
    button.addAction(.closure("tap") { _, _ in taps() }, for: .touchUpInside)
    return button
}

@MainActor
@Suite("A session's taps find their views when they come, and a tap that cannot land fails the run")
struct SessionTapTests {
    @Test("a tap on a view added to the screen after the script was built lands on it")
    func viewAddedLater() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        var taps = 0
        let later = countingButton("Later", frame: Rect(x: 100, y: 100, width: 160, height: 60)) { taps += 1 }
        _ = try runtime.application.scheduleTimer(after: .milliseconds(200)) { _ in runtime.window.addSubview(later) }
        let report = try runtime.run(session: ScriptedSession { script in script.tap(later, at: 500) })
        #expect(taps == 1)
        #expect(report.problems.isEmpty)
    }

    @Test("a tap on a view that moved after the script was built lands where it is then")
    func viewMovedLater() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        var taps = 0
        let moving = countingButton("Moving", frame: Rect(x: 20, y: 20, width: 100, height: 50)) { taps += 1 }
        runtime.window.addSubview(moving)
        _ = try runtime.application.scheduleTimer(after: .milliseconds(200)) { _ in moving.frame.origin = Point(x: 500, y: 300) }
        _ = try runtime.run(session: ScriptedSession { script in script.tap(moving, at: 500) })
        #expect(taps == 1)
    }

    @Test("a tap on a view found by a closure when the tap comes lands on it")
    func viewFoundLater() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        var taps = 0
        var made: Button?
        _ = try runtime.application.scheduleTimer(after: .milliseconds(200)) { _ in
            let button = countingButton("Made", frame: Rect(x: 300, y: 200, width: 120, height: 60)) { taps += 1 }
            runtime.window.addSubview(button)
            made = button
        }
        _ = try runtime.run(session: ScriptedSession { script in script.tap(at: 500, on: "the made button") { made } })
        #expect(taps == 1)
    }

    @Test("a tap on a view that is not on the screen when the tap comes fails the run, naming the view")
    func viewNotOnScreen() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        let nowhere = countingButton("Nowhere", frame: Rect(x: 10, y: 10, width: 100, height: 50)) {}
        #expect {
            try runtime.run(session: ScriptedSession { script in script.tap(nowhere, at: 300) })
        } throws: { error in
            let words = (error as? PanelKitError)?.description ?? ""
            return words.contains("Button \"Nowhere\"") && words.contains("not on the screen")
        }
    }

    @Test(
        "a tap at a point where it cannot land (off the screen, where no view takes touches) fails the run, naming the point and why",
        arguments: [
            (Point(x: 900, y: 100), "(900, 100) is off this 800×480 screen"),
            (Point(x: 400, y: 240), "(400, 240) touches nothing there"),
        ])
    func pointThatCannotLand(point: Point, words: String) throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        #expect {
            try runtime.run(session: ScriptedSession { script in script.tap(at: point, at: 300) })
        } throws: { error in
            (error as? PanelKitError)?.description.contains(words) == true
        }
    }

    @Test("a tap at a place a closure gives when the tap comes lands there")
    func placeFoundLater() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        var taps = 0
        let button = countingButton("Place", frame: Rect(x: 40, y: 40, width: 100, height: 50)) { taps += 1 }
        runtime.window.addSubview(button)
        _ = try runtime.application.scheduleTimer(after: .milliseconds(200)) { _ in button.frame.origin = Point(x: 600, y: 100) }
        _ = try runtime.run(
            session: ScriptedSession { script in
                script.tap(at: 500, on: "the place's middle") { button.convert(Point(x: 50, y: 25), to: nil) }
            })
        #expect(taps == 1)
    }
}
