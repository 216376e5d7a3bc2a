import PanelBoards
import PanelControllers
import PanelCore
import Testing

@Suite("Board displays through DRM/KMS")
struct BoardDisplayDRMTests {
    private func withDisplay(_ display: String) -> String {
        minimal.replacing(#/"display": \{[^}]*\}/#, with: "\"display\": \(display)")
    }

    @Test("\"drm\" picks the first connected card; a card path, a connector and a mode are kept")
    func drmDevices() throws {
        let auto = try Board(json: withDisplay("{\"device\": \"drm\", \"width\": 800, \"height\": 480}"), path: "x.json", name: "x", controllers: .standard)
        #expect(auto.display.device == .drm(nil))
        let named = try Board(
            json: withDisplay(
                "{\"device\": \"/dev/dri/card1\", \"connector\": \"DSI-1\", \"mode\": \"800x480@60\", \"format\": \"rgb565\", \"width\": 800, \"height\": 480}"),
            path: "x.json", name: "x", controllers: .standard)
        #expect(named.display.device == .drm("/dev/dri/card1"))
        #expect(named.display.connector == "DSI-1" && named.display.mode == "800x480@60" && named.display.format == .rgb565)
    }

    @Test("a connector or mode on an fbdev display is an issue: they apply to DRM only")
    func drmKeysOnFramebuffer() {
        let found = issues(withDisplay("{\"device\": \"/dev/fb0\", \"connector\": \"HDMI-A-1\", \"width\": 800, \"height\": 480}"))
        #expect(found.map(\.keyPath) == ["display.connector"])
    }

    @Test("a mode that is not WIDTHxHEIGHT[@HZ] is an issue with an example")
    func badMode() {
        let found = issues(withDisplay("{\"device\": \"drm\", \"mode\": \"800 by 480\", \"width\": 800, \"height\": 480}"))
        #expect(found.map(\.keyPath) == ["display.mode"])
        #expect(found.first?.fix.contains("1920x1080@60") == true)
    }

    @Test("a format DRM cannot scan out is an issue")
    func badDRMFormat() {
        let found = issues(withDisplay("{\"device\": \"drm\", \"format\": \"abgr8888\", \"width\": 800, \"height\": 480}"))
        #expect(found.map(\.keyPath) == ["display.format"])
    }
}
