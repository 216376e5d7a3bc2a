import PanelCore
import PanelGraphics
import PanelUI
import Testing

@Suite("AlertController, presented as UIKit presents UIAlertController")
@MainActor
struct AlertControllerTests {
    private func alert(_ title: String = "Delete the log?") -> AlertController {
        let alert = AlertController(title: title, message: "The entries will be gone.")
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Delete", style: .destructive))
        return alert
    }

    @Test("a presented alert covers the window while the screen behind it hears no appearance callbacks")
    func presenterStays() {
        let bench = Bench(width: 400, height: 300)
        let log = Log()
        let screen = ScreenController("Home", log)
        bench.window.rootViewController = screen
        log.clear()
        let alert = alert()
        screen.present(alert, animated: true)
        bench.animate(milliseconds: 300)
        #expect(alert.view.frame == bench.window.bounds)
        #expect(screen.view.window === bench.window)
        #expect(screen.presentedViewController === alert)
        #expect(log.entries.isEmpty)
    }

    @Test("the cancel button, pressed by a reader's back key, dismisses the alert and runs its handler")
    func escapePressesCancel() {
        let bench = Bench(width: 400, height: 300)
        var chosen: [String] = []
        let alert = AlertController(title: "Leave?", message: nil)
        alert.addAction(AlertAction(title: "Stay", style: .cancel) { chosen.append($0.title) })
        alert.addAction(AlertAction(title: "Leave") { chosen.append($0.title) })
        bench.present(alert)
        bench.animate(milliseconds: 300)
        #expect(alert.view.accessibilityPerformEscape())
        bench.animate(milliseconds: 300)
        #expect(chosen == ["Stay"])
    }

    @Test("the first text field takes the keyboard once the alert is up, and the box sits above the keyboard")
    func textFieldTakesKeyboard() throws {
        let bench = Bench(width: 800, height: 480)
        let alert = AlertController(title: "Staff code", message: nil)
        alert.addTextField { $0.placeholder = "Code" }
        alert.addAction(AlertAction(title: "Check"))
        bench.present(alert)
        bench.animate(milliseconds: 700)
        let field = try #require(alert.textFields.first)
        #expect(field.isFirstResponder)
        let keyboard = try #require(bench.window.keyboardFrame)
        #expect(alert.alertView.box.frame.maxY <= keyboard.minY)
    }

    @Test("a text field's configuration runs when it is added, and the fields keep their order")
    func textFieldsConfigured() {
        let alert = AlertController(title: "Sign in", message: nil)
        alert.addTextField { $0.placeholder = "Name" }
        alert.addTextField {
            $0.placeholder = "PIN"
            $0.isSecureTextEntry = true
        }
        #expect(alert.textFields.map(\.placeholder) == ["Name", "PIN"])
        #expect(alert.textFields[1].isSecureTextEntry)
    }

    @Test("the alert's title and message can change after it was made, as a controller's title can")
    func titleChanges() {
        let alert = alert()
        alert.title = "Clear the log?"
        alert.message = "42 entries."
        #expect(alert.alertView.title == "Clear the log?")
        #expect(alert.alertView.message == "42 entries.")
    }

    @Test("return in the first field moves to the second; in the last it presses the preferred action")
    func returnPressesPreferred() throws {
        let bench = Bench(width: 800, height: 480)
        var chosen: [String] = []
        let alert = AlertController(title: "Sign in", message: nil)
        alert.addTextField { $0.placeholder = "Name" }
        alert.addTextField { $0.placeholder = "PIN" }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { chosen.append($0.title) })
        let signIn = AlertAction(title: "Sign in") { chosen.append($0.title) }
        alert.addAction(signIn)
        alert.preferredAction = signIn
        bench.present(alert)
        bench.animate(milliseconds: 400)
        let name = try #require(alert.textFields.first)
        let pin = try #require(alert.textFields.last)
        name.sendActions(for: .editingDidEndOnExit)
        #expect(pin.isFirstResponder)
        pin.sendActions(for: .editingDidEndOnExit)
        bench.animate(milliseconds: 400)
        #expect(chosen == ["Sign in"])
    }

    @Test("a preferred action that is not one of the alert's is reported and ignored")
    func foreignPreferredAction() {
        let alert = alert()
        let ((), warnings) = UsageWarning.collecting { alert.preferredAction = AlertAction(title: "Elsewhere") }
        #expect(alert.preferredAction == nil)
        #expect(warnings.first?.message.contains("\"Elsewhere\" is not one of the alert's actions") == true)
    }
}
