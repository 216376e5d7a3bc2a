import BenchScreens
import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// The demo's settings page, 400 × 300, on a bench window drawing into `format`.
@MainActor
func settingsBench(format: PixelFormat) -> (Bench, SettingsList, MemoryFramebuffer) {
    let bench = Bench(width: 400, height: 300)
    let framebuffer = MemoryFramebuffer(width: 400, height: 300, format: format)
    bench.app.display = Display(framebuffer: framebuffer)
    let settings = SettingsList(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    bench.add(settings.scrollView)
    bench.app.runOnce()
    return (bench, settings, framebuffer)
}

@Suite("Settings list: golden images at rest and mid-bounce")
@MainActor
struct SettingsListGoldenTests {
    @Test("the settings list at rest", arguments: goldenFormats.map(\.name))
    func atRest(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let (_, _, framebuffer) = settingsBench(format: format)
        try GoldenImage.check("settings-at-rest-\(formatName)", framebuffer)
    }

    @Test("the settings list pulled 120 points past its top, rubber-banded", arguments: goldenFormats.map(\.name))
    func midBounce(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let (bench, _, framebuffer) = settingsBench(format: format)
        bench.down(200, 60)
        for y in stride(from: 80.0, through: 180, by: 20) { bench.move(200, y) }
        bench.app.runOnce()
        try GoldenImage.check("settings-mid-bounce-\(formatName)", framebuffer)
    }

    @Test("the settings content is taller than the page, so it scrolls")
    func contentIsTallerThanThePage() {
        let (_, settings, _) = settingsBench(format: .xrgb8888)
        #expect(settings.scrollView.contentSize.height > 300)
    }

    @Test("a tap on a row's switch toggles it inside the scroll view")
    func switchInTheListToggles() {
        let (bench, settings, _) = settingsBench(format: .xrgb8888)
        let toggle = settings.switches[0]
        let centre = toggle.convert(Point(x: toggle.bounds.width / 2, y: toggle.bounds.height / 2), to: nil)
        let before = toggle.isOn
        bench.tap(centre.x, centre.y)
        #expect(toggle.isOn != before)
    }
}
