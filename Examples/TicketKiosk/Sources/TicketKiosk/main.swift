import PanelKit

let zones = ZonesController()
let navigation = NavigationController(rootViewController: zones)

/// What `swift run TicketKiosk` does on the mock board, by the names on the screen only: each
/// view is found when its step comes, on whichever screen shows it then.
let session = ScriptedSession { script in
    script.tap(label: "Zone B", at: 300)
    script.tap(label: "Buy ticket", at: 800)
    script.tap(label: "Show QR code", at: 1_600)
    script.screenshot("code", at: 2_300)
    script.tapOutside(at: Point(x: 400, y: 100), at: 2_500)  // on the dimmed screen: the sheet goes
    script.tap(label: "Staff check", at: 3_300)
    script.tap(label: "Staff code", at: 3_900)
    script.typeText("A42", at: 4_400)
    script.screenshot("staff-code", at: 5_300)
    script.tap(label: "Check", at: 5_600)
    script.expect("the total is zone B's fare (it says \(zones.total.text ?? "nothing"))") { zones.total.text == "Total: 3.20 €" }
    script.expect("the staff code A42 was entered") { (navigation.topViewController as? TicketController)?.enteredCode == "A42" }
}

PanelApp.main(board: "mock", session: session) { navigation }
