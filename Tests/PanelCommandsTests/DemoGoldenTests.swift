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

    init(_ style: UserInterfaceStyle, _ contrast: AccessibilityContrast = .normal, tab: Int = 0, language: String? = nil) {
        app.addWindow(window)
        app.display = Display(framebuffer: framebuffer)
        app.userInterfaceStyle = style
        app.accessibilityContrast = contrast
        let catalogs = demoTranslations()
        app.translator = Translator(domain: catalogs.domain, directory: catalogs.directory)
        if let language { languageIssue = app.setLanguage(Language(parsing: language)!) }
        demo = DemoApp(window: window, boardName: "mock", boardModel: "PanelKit mock board", fonts: nil)
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

    @Test("switching the demo to dark draws exactly what starting it dark draws")
    func switchMatchesStart() {
        let switched = DemoScreen(.light)
        switched.app.userInterfaceStyle = .dark
        switched.demo.screen.darkSwitch.isOn = true
        switched.app.runOnce()
        let started = DemoScreen(.dark)
        let (a, b) = (switched.framebuffer.screenshot(), started.framebuffer.screenshot())
        var differences: [String] = []
        for y in stride(from: 0, to: a.height, by: 1) {
            for x in 0 ..< a.width where a.color(x: x, y: y) != b.color(x: x, y: y) && differences.count < 5 {
                differences.append("(\(x), \(y)): \(a.color(x: x, y: y)) switched, \(b.color(x: x, y: y)) started")
            }
        }
        #expect(differences.isEmpty, "\(differences)")
    }
}
