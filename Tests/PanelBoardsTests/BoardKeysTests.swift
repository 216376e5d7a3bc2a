import PanelBoards
import PanelControllers
import PanelCore
import Testing

@Suite("Board keys: keyboards, keypads, buttons and remotes named in a board file")
struct BoardKeysTests {
    private func withKeys(_ keys: String) -> String {
        minimal.replacing("{\"model\"", with: "{\"keys\": \(keys), \"model\"")
    }

    @Test("key devices are read by name or path, with the layout, grab on unless turned off")
    func devicesAndLayout() throws {
        let json = withKeys(
            "{\"layout\": \"de\", \"variant\": \"nodeadkeys\", \"devices\": [{\"device-name\": \"gpio-keys\"}, {\"device\": \"/dev/input/event4\", \"grab\": false, \"optional\": true}]}"
        )
        let keys = try Board(json: json, path: "boards/x.json", name: "x", controllers: .standard).keys
        #expect(keys.layout == "de" && keys.variant == "nodeadkeys")
        #expect(keys.devices == [.init(names: ["gpio-keys"]), .init(device: "/dev/input/event4", grab: false, optional: true)])
    }

    @Test("a board without keys has no key devices")
    func noKeys() throws {
        #expect(try Board(json: minimal, path: "boards/x.json", name: "x", controllers: .standard).keys.devices.isEmpty)
    }

    @Test("a key device naming neither a path nor a name is an issue with the fix")
    func deviceWithoutName() {
        let found = issues(withKeys("{\"devices\": [{\"grab\": true}]}"))
        #expect(found.map(\.keyPath) == ["keys.devices[0]"])
        #expect(found.first?.fix.contains("device-name") == true)
    }

    @Test("a device path outside /dev/input and a misspelt key are issues")
    func badPathAndTypo() {
        let found = issues(withKeys("{\"devices\": [{\"device\": \"/dev/ttyS0\", \"optinal\": true}]}"))
        #expect(Set(found.map(\.keyPath)) == ["keys.devices[0].device", "keys.devices[0].optinal"])
    }
}
