import PanelCore
import PanelKit
import PanelUI
import Testing

@MainActor
@Suite("A session reaches an alert controller's buttons and fields by their names")
struct SessionAlertTests {
    @Test("a tap by label presses the button of an alert the app presented during the run")
    func tapAlertButton() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        let home = ViewController()
        runtime.window.rootViewController = home
        var chosen: [String] = []
        _ = try runtime.application.scheduleTimer(after: .milliseconds(100)) { _ in
            let alert = AlertController(title: "Delete the log?", message: "The entries will be gone.")
            alert.addAction(AlertAction(title: "Cancel", style: .cancel) { chosen.append($0.title) })
            alert.addAction(AlertAction(title: "Delete", style: .destructive) { chosen.append($0.title) })
            home.present(alert, animated: true)
        }
        _ = try runtime.run(session: ScriptedSession { script in script.tap(label: "Delete", at: 600) })
        #expect(chosen == ["Delete"])
        #expect(home.presentedViewController == nil)
    }

    @Test("text typed into an alert's field after a tap on it reaches the field")
    func typeIntoAlertField() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        let home = ViewController()
        runtime.window.rootViewController = home
        let alert = AlertController(title: "Staff code", message: nil)
        alert.addTextField { $0.placeholder = "Code" }
        alert.addAction(AlertAction(title: "Check"))
        _ = try runtime.application.scheduleTimer(after: .milliseconds(100)) { _ in home.present(alert, animated: true) }
        _ = try runtime.run(
            session: ScriptedSession { script in
                script.tap(label: "Code", at: 600)
                script.typeText("4711", at: 1_200)
            })
        #expect(alert.textFields.first?.text == "4711")
    }

    @Test("while an alert is up, a label the screen behind it also has finds the alert's view only")
    func lookupStaysInsideAlert() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        let home = ViewController()
        runtime.window.rootViewController = home
        let behind = Button(frame: Rect(x: 20, y: 20, width: 200, height: 44))
        behind.setTitle("Staff check", for: .normal)
        home.view.addSubview(behind)
        var chosen: [String] = []
        let alert = AlertController(title: "Staff check", message: nil)
        alert.addAction(AlertAction(title: "OK") { chosen.append($0.title) })
        _ = try runtime.application.scheduleTimer(after: .milliseconds(100)) { _ in home.present(alert, animated: true) }
        _ = try runtime.run(
            session: ScriptedSession { script in
                script.tap(label: "Staff check", at: 600)  // the alert's title: on the alert, not the button behind
                script.tap(label: "OK", at: 900)
            })
        #expect(chosen == ["OK"])
    }
}
