import PanelKit
import ShowcaseScreens

let showcase = WidgetShowcase()

/// What `swift run WidgetShowcase` does on the mock board: each tab as it first shows, then the
/// forms at work (a name typed on the on-screen keyboard, the gender dropdown, a birthday from
/// the calendar sheet), the Analytics tab scrolled to its dials, and a notification ticked.
let session = ScriptedSession(firstScreenshot: nil) { script in
    script.screenshot("profile", at: 600)
    script.tap(showcase.profile.userName, at: 800)
    script.typeText("ada", at: 1400)  // on the on-screen keyboard, key by key
    script.screenshot("profile-keyboard", at: 2200)
    script.keyTap("return", at: 2400)  // on to the password
    script.keyTap("return", at: 2700)  // and done: the keyboard goes
    // The page scrolled to its end, for the dropdown and the birthday. Each view is found where
    // it is when its tap comes.
    script.drag(at: 3300, on: "the profile page", from: Point(x: 0.5, y: 0.9), by: Point(x: 0, y: -250), over: 250) { showcase.selectedPage }
    script.tap(showcase.profile.gender, at: 4600)
    script.screenshot("profile-dropdown", at: 5100)
    script.tapOutside(at: Point(x: 400, y: 10), at: 5300)  // outside the list: it closes
    script.tap(showcase.profile.birthday, at: 5900)  // the calendar sheet
    script.screenshot("profile-birthday", at: 6600)
    script.tapOutside(at: Point(x: 400, y: 10), at: 6800)  // on the dimmed screen: the sheet goes
    script.tap(label: "Analytics", at: 7600)
    script.screenshot("analytics", at: 8200)
    for ms: Int64 in [8400, 9000] {
        // From the page's edge, beside the charts (a chart keeps a finger for its tooltip).
        script.drag(at: ms, on: "the analytics page", from: Point(x: 0.02, y: 0.9), by: Point(x: 0, y: -300), over: 250) { showcase.selectedPage }
    }
    script.screenshot("analytics-dials", at: 11_000)
    script.tap(label: "Shop", at: 11_200)
    script.screenshot("shop", at: 11_800)
    script.expect("the name field took the typed letters") { showcase.profile.userName.text == "ada" }
    script.expect("the Shop tab is shown") { showcase.tabs.selectedIndex == 2 }
}

PanelApp.main(board: "mock", session: session) { showcase }
