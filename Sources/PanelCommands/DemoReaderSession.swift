import PanelKit
import PanelUI

/// The demo played by keys alone, with the screen reader on (`panelctl demo --screen-reader`),
/// as someone who cannot see the screen plays it: from the kiosk screen to the sign-in page,
/// the name typed on the on-screen keyboard, the PIN on its pad, and the alert that says it
/// worked, all reached with the arrows and select, and heard.
@MainActor
extension DemoSession {
    /// The name the session types.
    static let readerName = "Ann"

    func readerSession() -> ScriptedSession {
        let screen = self.screen
        return ScriptedSession(firstScreenshot: "reader-01-home", lastScreenshot: "reader-02-signed-in") { s in
            s.activateByKeys("the Sign in button", pause: 900) { screen.signInButton }
            s.activateByKeys("the name field") { screen.signIn.name }
            s.typeByKeys(Self.readerName)
            s.activateByKeys("the keyboard's Next key") { s.keyboardKey("Next") }
            s.typeByKeys("1234")
            s.activateByKeys("the PIN pad's Done key", pause: 1_800) { s.keyboardKey("Done") }
            s.activateByKeys("the alert's OK button") { s.element(labelled: "OK") }
            s.expect("the name field holds \"\(Self.readerName)\" (it holds \"\(screen.signIn.name.text)\")") { screen.signIn.name.text == Self.readerName }
            s.expect("the PIN has 4 digits") { screen.signIn.pin.text.count == 4 }
            s.expect("the screen reader said \"Signed in\"") { s.spoken.contains { $0.hasPrefix("Signed in") } }
            s.expect("the sign-in alert was dismissed") { screen.signIn.signedIn.presentingViewController == nil }
        }
    }
}
