import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelKit
import PanelLocale
import PanelUI
import Testing

@testable import PanelCommands

/// The demo on an 800×480 window, drawn into memory in `style` and `contrast`, showing tab
/// `tab` (0 the kiosk, 1 sign-in, 2 the dashboard).
@MainActor
private final class DemoScreen {
    let app = Application(clock: ManualClock())
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
    let framebuffer = MemoryFramebuffer(width: 800, height: 480)
    let demo: DemoApp
    var languageIssue: TranslationIssue?

    init(
        _ style: UserInterfaceStyle, _ contrast: AccessibilityContrast = .normal, tab: Int = 0, language: String? = nil, fonts: FontFamily? = nil
    ) {
        app.addWindow(window)
        app.display = Display(framebuffer: framebuffer)
        app.userInterfaceStyle = style
        app.accessibilityContrast = contrast
        let catalogs = demoTranslations()
        app.translator = Translator(domain: catalogs.domain, directory: catalogs.directory)
        if let language { languageIssue = app.setLanguage(Language(parsing: language)!) }
        // As the runtime does with a board's fonts: the bars and labels draw in them too.
        if let fonts {
            app.fontFamily = fonts
            app.theme.textStyles = TextStyles(family: fonts)
        }
        demo = DemoApp(window: window, boardName: "mock", boardModel: "PanelKit mock board", fonts: fonts)
        window.makeKeyAndVisible()
        demo.tabs.selectedIndex = tab
        app.runOnce()
    }
}

@Suite("The demo in light and dark, and in high contrast: golden images")
@MainActor
struct DemoGoldenTests {
    @Test(
        "the kiosk screen in each appearance",
        arguments: [
            ("light", UserInterfaceStyle.light, AccessibilityContrast.normal), ("dark", .dark, .normal),
            ("light-high-contrast", .light, .high), ("dark-high-contrast", .dark, .high),
        ])
    func kiosk(name: String, style: UserInterfaceStyle, contrast: AccessibilityContrast) throws {
        let screen = DemoScreen(style, contrast)
        #expect(screen.demo.screen.darkSwitch.isOn == (style == .dark))
        try GoldenImage.check("demo-kiosk-\(name)", screen.framebuffer)
    }

    @Test("the sign-in page and the dashboard in dark")
    func otherTabsDark() throws {
        try GoldenImage.check("demo-sign-in-dark", DemoScreen(.dark, tab: 1).framebuffer)
        try GoldenImage.check("demo-dashboard-dark", DemoScreen(.dark, tab: 2).framebuffer)
    }

    @Test("the kiosk and its sign-in page in German, from the demo's compiled catalog")
    func german() throws {
        let kiosk = DemoScreen(.light, language: "de")
        #expect(kiosk.languageIssue == nil)
        #expect(kiosk.demo.screen.signIn.language.selectedSegmentIndex == 1)
        try GoldenImage.check("demo-kiosk-german", kiosk.framebuffer)
        try GoldenImage.check("demo-sign-in-german", DemoScreen(.light, tab: 1, language: "de").framebuffer)
    }

    @Test("the kiosk, its settings page and its sign-in page in Arabic: translated, mirrored, in the demo's fonts")
    func arabic() throws {
        let fonts = try FontFamily(contentsOfFiles: demoFonts() ?? [])
        let kiosk = DemoScreen(.light, language: "ar", fonts: fonts)
        #expect(kiosk.languageIssue == nil)
        #expect(kiosk.window.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(kiosk.demo.screen.signIn.language.selectedSegmentIndex == 3)
        try GoldenImage.check("demo-kiosk-arabic", kiosk.framebuffer)
        kiosk.demo.navigation.pushViewController(kiosk.demo.settings, animated: false)
        kiosk.app.runOnce()
        try GoldenImage.check("demo-settings-arabic", kiosk.framebuffer)
        try GoldenImage.check("demo-sign-in-arabic", DemoScreen(.light, tab: 1, language: "ar", fonts: fonts).framebuffer)
    }

    @Test("switching the demo from English to Arabic and back puts every view where starting in that language does")
    func switchToArabicAndBack() throws {
        let fonts = try FontFamily(contentsOfFiles: demoFonts() ?? [])
        let switched = DemoScreen(.light, fonts: fonts)
        switched.app.setLanguage(Language(parsing: "ar")!)
        switched.app.runOnce()
        let started = DemoScreen(.light, language: "ar", fonts: fonts)
        #expect(switched.demo.screen.plusOne.frame == started.demo.screen.plusOne.frame)
        #expect(differences(switched.framebuffer, started.framebuffer).isEmpty)
        switched.app.setLanguage(.english)
        switched.app.runOnce()
        #expect(differences(switched.framebuffer, DemoScreen(.light, fonts: fonts).framebuffer).isEmpty)
    }

    @Test("switching the demo to dark draws exactly what starting it dark draws")
    func switchMatchesStart() {
        let switched = DemoScreen(.light)
        switched.app.userInterfaceStyle = .dark
        switched.demo.screen.darkSwitch.isOn = true
        switched.app.runOnce()
        let started = DemoScreen(.dark)
        let found = differences(switched.framebuffer, started.framebuffer)
        #expect(found.isEmpty, "\(found)")
    }
}

/// The first few pixels where `switched` and `started` differ.
@MainActor
private func differences(_ switched: MemoryFramebuffer, _ started: MemoryFramebuffer) -> [String] {
    let (a, b) = (switched.screenshot(), started.screenshot())
    var found: [String] = []
    for y in stride(from: 0, to: a.height, by: 1) {
        for x in 0 ..< a.width where a.color(x: x, y: y) != b.color(x: x, y: y) && found.count < 5 {
            found.append("(\(x), \(y)): \(a.color(x: x, y: y)) switched, \(b.color(x: x, y: y)) started")
        }
    }
    return found
}
