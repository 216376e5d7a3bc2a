import PanelKit
import ShowcaseScreens

let showcase = WidgetShowcase()

/// What `swift run WidgetShowcase` does on the mock board: each tab as it first shows, then the
/// forms at work (a name typed on the on-screen keyboard, the gender dropdown, a birthday from
/// the calendar sheet), the Analytics tab scrolled to its dials, and a notification ticked.
let session = ScriptedSession(firstScreenshot: nil) { script in
    script.screenshot("profile", at: 600)
    script.tap(showcase.profile.userName, at: 800)
    for (k, key) in ["a", "d", "a"].enumerated() { script.tap(at: keyCentre(key), at: 1400 + Int64(k) * 200) }
    script.screenshot("profile-keyboard", at: 2200)
    script.tap(at: keyCentre("return"), at: 2400)  // on to the password
    script.tap(at: keyCentre("return"), at: 2700)  // and done: the keyboard goes
    // The page scrolled to its end (88 points down), for the dropdown and the birthday.
    script.drag(from: Point(x: 400, y: 400), to: Point(x: 400, y: 150), at: 3300, over: 250)
    script.tap(at: Point(x: 117, y: 367), at: 4600)  // the gender dropdown
    script.screenshot("profile-dropdown", at: 5100)
    script.tap(at: Point(x: 400, y: 20), at: 5300)  // outside the list: it closes
    script.tap(at: Point(x: 293, y: 367), at: 5900)  // the birthday field: the calendar sheet
    script.screenshot("profile-birthday", at: 6600)
    script.tap(at: Point(x: 400, y: 20), at: 6800)  // on the dimmed screen: the sheet goes
    script.tap(at: Point(x: 400, y: 455), at: 7600)
    script.screenshot("analytics", at: 8200)
    script.drag(from: Point(x: 400, y: 400), to: Point(x: 400, y: 100), at: 8400, over: 250)
    script.drag(from: Point(x: 400, y: 400), to: Point(x: 400, y: 100), at: 9000, over: 250)
    script.screenshot("analytics-dials", at: 11_000)
    script.tap(at: Point(x: 667, y: 455), at: 11_200)
    script.screenshot("shop", at: 11_800)
    script.expect("the name field took the typed letters") { showcase.profile.userName.text == "ada" }
    script.expect("the Shop tab is shown") { showcase.tabs.selectedIndex == 2 }
}

/// The centre of a key of the on-screen keyboard, once it is up on the 800×480 mock screen.
@MainActor func keyCentre(_ title: String) -> Point {
    let key = Keyboard.frame(ofKey: title, keyboardType: .default, inWindowOfSize: Size(width: 800, height: 480)) ?? .zero
    return Point(x: key.midX, y: key.midY)
}

PanelApp.main(board: "mock", session: session) { showcase }
