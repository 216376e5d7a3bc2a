import Glibc
import PanelKit
import TicketScreens

// The ticket server: TICKET_SERVER (http://host:port), by default one on this machine.
let server = getenv("TICKET_SERVER").map { String(cString: $0) } ?? "http://127.0.0.1:8080"
let controller = TicketController(service: TicketService(baseURL: server))

/// What `swift run TicketCheck` does on the mock board: the demo ticket is checked, and the
/// session waits for the server's answer (or the alert naming why there is none).
let session = ScriptedSession { script in
    script.tap(controller.demoButton, at: 300)
    script.screenshot("answer", at: 1500)
    script.expect("the check ended with a verdict or an alert") {
        controller.checksFinished == 1 && (!(controller.verdict.text ?? "").isEmpty || controller.failureAlert != nil)
    }
}

PanelApp.main(board: "mock", session: session) { controller }
