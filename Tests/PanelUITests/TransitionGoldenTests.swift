import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A settings-like screen: a title, rows of labelled buttons and a switch, on a light background.
@MainActor
final class GoldenScreen: ViewController {
    let rows: [String]
    let tint: Color

    init(title: String, rows: [String], tint: Color) {
        self.rows = rows
        self.tint = tint
        super.init()
        self.title = title
    }

    override func viewDidLoad() {
        view.backgroundColor = Color(rgb: 0xF2F2F7)
        for (index, row) in rows.enumerated() {
            let button = Button(frame: Rect(x: 16, y: 12 + Double(index) * 52, width: 200, height: 44))
            button.setTitle(row, for: .normal)
            button.setBackgroundColor(tint, for: .normal)
            view.addSubview(button)
        }
        let toggle = Switch(frame: Rect(x: 240, y: 18, width: 51, height: 31))
        toggle.isOn = true
        view.addSubview(toggle)
    }
}

@MainActor
private func goldenNavigation(format: PixelFormat) -> (Bench, NavigationController, MemoryFramebuffer) {
    let home = GoldenScreen(title: "Home", rows: ["Settings", "Sign in", "About"], tint: .blue)
    return navigationBench(home, format: format)
}

@MainActor
private func settings() -> GoldenScreen {
    GoldenScreen(title: "Settings", rows: ["Display", "Network"], tint: Color(rgb: 0x34C759))
}

/// Mid-transition frames: what the screen shows half way through a push, with an edge drag
/// held at 30 %, and with a sheet half up.
@Suite("Transitions: golden images of their frames")
@MainActor
struct TransitionGoldenTests {
    @Test("a push half way: the new screen from the right over the old one, dimmed and moved left", arguments: goldenFormats.map(\.name))
    func pushHalfWay(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let (bench, navigation, framebuffer) = goldenNavigation(format: format)
        navigation.pushViewController(settings(), animated: true)
        bench.frames(milliseconds: 175)
        try GoldenImage.check("transition-push-50-\(formatName)", framebuffer)
    }

    @Test("an edge drag held at 30 %: the top screen follows the finger, the one below peeks in dimmed")
    func interactivePopHeld() throws {
        let (bench, navigation, framebuffer) = goldenNavigation(format: .xrgb8888)
        navigation.pushViewController(settings(), animated: false)
        bench.app.runOnce()
        bench.down(4, 150)
        bench.move(30, 150)
        bench.move(100, 150)
        bench.app.runOnce()
        // The recognizer starts after 10 points, so the screen sits at the translation since the start.
        #expect(navigation.isTransitioning)
        try GoldenImage.check("transition-pop-held-30", framebuffer)
        bench.move(101, 150)
        bench.up()
        bench.frames(milliseconds: 400)
        #expect(navigation.viewControllers.count == 2)
    }

    @Test("a sheet half up: the card rising over the screen as it darkens")
    func sheetHalfUp() throws {
        let (bench, navigation, framebuffer) = goldenNavigation(format: .xrgb8888)
        let sheet = GoldenScreen(title: "Confirm", rows: ["Confirm", "Cancel"], tint: Color(rgb: 0xFF9500))
        sheet.modalPresentationStyle = .pageSheet
        sheet.view.backgroundColor = .white
        navigation.present(sheet, animated: true)
        bench.frames(milliseconds: 200)
        try GoldenImage.check("transition-sheet-half", framebuffer)
    }
}
