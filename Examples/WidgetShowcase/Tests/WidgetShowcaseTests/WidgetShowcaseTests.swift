import Glibc
import PanelKit
import PanelTestKit
import ShowcaseScreens
import Testing

/// Compares a screenshot with `Goldens/<name>.png` beside this file, pixel for pixel;
/// PANELKIT_REGENERATE_GOLDENS=1 writes it instead (review it before committing).
func checkGolden(_ name: String, _ image: Image?, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let image = try #require(image, sourceLocation: sourceLocation)
    let file = #filePath
    let directory = String(file[..<file.lastIndex(of: "/")!]) + "/Goldens"
    let path = "\(directory)/\(name).png"
    if let flag = getenv("PANELKIT_REGENERATE_GOLDENS"), String(cString: flag) == "1" {
        try image.writePNG(to: path)
        return
    }
    let golden = try Image(contentsOfFile: path)
    if golden != image {
        try image.writePNG(to: "\(directory)/\(name).actual.png")
        Issue.record("\(name) differs from its golden; see \(name).actual.png", sourceLocation: sourceLocation)
    }
}

@MainActor
@Suite("Widget showcase, LVGL's widgets demo on PanelKit, touched through an emulated FT6x06")
struct WidgetShowcaseTests {
    func screen() throws -> (WidgetShowcase, ScreenTester) {
        let showcase = WidgetShowcase()
        let tester = try ScreenTester(size: Size(width: 800, height: 480))
        tester.window.rootViewController = showcase
        tester.advance(by: .milliseconds(20))
        return (showcase, tester)
    }

    /// The centre of a key of the on-screen keyboard, in the window.
    func key(_ title: String, _ tester: ScreenTester) throws -> Point {
        let board = try #require(tester.window.keyboard)
        let frame = try #require(board.frame(ofKey: title))
        return board.convert(Point(x: frame.midX, y: frame.midY), to: nil)
    }

    @Test("each tab first shows as its golden", arguments: [0, 1, 2])
    func tabGolden(tab: Int) throws {
        let (showcase, tester) = try screen()
        showcase.tabs.selectedIndex = tab
        tester.advance(by: .milliseconds(20))
        try checkGolden(["profile", "analytics", "shop"][tab], tester.screenshot())
    }

    @Test("the pictures are the compiled-in JPEGs, decoded")
    func pictures() throws {
        let (showcase, _) = try screen()
        let avatar = try #require(showcase.profile.avatar.image)
        #expect(avatar.width == 136 && avatar.height == 136)
    }

    @Test("typing on the on-screen keyboard fills the user name, and its return key moves on to the password")
    func typing() throws {
        let (showcase, tester) = try screen()
        tester.tap(showcase.profile.userName)
        tester.advance(by: .milliseconds(400))
        for letter in ["a", "d", "a"] { tester.tap(at: try key(letter, tester)) }
        tester.tap(at: try key("return", tester))
        #expect(showcase.profile.userName.text == "ada")
        #expect(showcase.profile.password.isFirstResponder)
    }

    @Test("when the keyboard comes up, the page scrolls the field being edited above it")
    func keyboardAvoidance() throws {
        let (showcase, tester) = try screen()
        let field = showcase.profile.userName
        tester.tap(field)
        tester.advance(by: .milliseconds(500))
        let keyboardTop = try #require(tester.window.keyboardFrame).minY
        let fieldFrame = field.convert(field.bounds, to: nil)
        #expect(showcase.profile.page.contentOffset.y > 0)
        #expect(fieldFrame.maxY <= keyboardTop)
        #expect(fieldFrame.minY >= ShowcaseHeader.height)
    }

    @Test("the birthday field opens a calendar sheet instead of the keyboard, and a tapped day fills it")
    func birthday() throws {
        let (showcase, tester) = try screen()
        let profile = showcase.profile
        profile.page.setContentOffset(profile.page.maximumContentOffset, animated: false)
        tester.advance(by: .milliseconds(20))
        tester.tap(profile.birthday)
        tester.advance(by: .milliseconds(600))
        #expect(tester.window.keyboardFrame == nil)
        let sheet = try #require(showcase.presentedViewController as? BirthdaySheet)
        let day = CalendarDate(clampingYear: 1990, month: 5, day: 17)
        let cell = try #require(sheet.calendar.frame(for: day))
        tester.tap(at: sheet.calendar.convert(Point(x: cell.midX, y: cell.midY), to: nil))
        tester.advance(by: .milliseconds(600))
        #expect(profile.birthday.text == "17.5.1990")
        #expect(profile.birthDate == day)
        #expect(showcase.presentedViewController == nil)
    }

    @Test("a tap on a notification's checkbox ticks it")
    func notification() throws {
        let (showcase, tester) = try screen()
        showcase.tabs.selectedIndex = 2
        tester.advance(by: .milliseconds(20))
        let box = showcase.shop.notifications[0]
        tester.tap(box)
        #expect(box.isOn)
    }

    @Test("the dials move once a second while Analytics shows, and nothing wakes the app once it is gone")
    func dialsTimer() throws {
        let (showcase, tester) = try screen()
        tester.tap(at: Point(x: 400, y: 455))
        tester.advance(by: .milliseconds(400))
        let before = showcase.analytics.speed.value
        tester.advance(by: .milliseconds(1600))
        #expect(showcase.analytics.speed.value != before)
        tester.tap(at: Point(x: 667, y: 455))
        tester.advance(by: .milliseconds(1000))
        #expect(tester.application.nextTimerDeadline == nil)
    }
}
