import PanelBoards
import PanelCore
import Testing

@Suite("Board buttons: push buttons on GPIO lines")
struct BoardButtonsTests {
    private func withButtons(_ buttons: String) -> String {
        minimal.replacing("{\"model\"", with: "{\"buttons\": \(buttons), \"model\"")
    }

    @Test("a button's line, press, debounce interval and mode are read")
    func buttonRead() throws {
        let json = withButtons(
            "[{\"pin\": {\"chip\": \"gpiochip0\", \"line\": 5, \"active-low\": true, \"bias\": \"pull-up\"}, \"press\": \"menu\", \"debounce-ms\": 20, \"debounce\": \"deferred\"}]"
        )
        let button = try #require(try Board(json: json, path: "x.json", name: "x").buttons.first)
        #expect(button.pin == Board.Pin(chip: "gpiochip0", line: .offset(5), activeLow: true, bias: .pullUp))
        #expect(button.press == .menu && button.debounceMilliseconds == 20 && button.debounce == .deferred)
    }

    @Test("an unknown press and a debounce over 100 ms are issues listing what is allowed")
    func badPressAndDebounce() {
        let found = issues(withButtons("[{\"pin\": {\"line\": 5}, \"press\": \"launch\", \"debounce-ms\": 500}]"))
        #expect(Set(found.map(\.keyPath)) == ["buttons[0].press", "buttons[0].debounce-ms"])
        #expect(found.first { $0.keyPath == "buttons[0].press" }?.fix.contains("play-pause") == true)
    }

    @Test("a button without a pin is an issue with an example")
    func buttonWithoutPin() {
        let found = issues(withButtons("[{\"press\": \"select\"}]"))
        #expect(found.map(\.keyPath) == ["buttons[0]"])
    }
}

@Suite("Board encoders: rotary encoders on two GPIO lines")
struct BoardEncodersTests {
    private func withEncoders(_ encoders: String) -> String {
        minimal.replacing("{\"model\"", with: "{\"encoders\": \(encoders), \"model\"")
    }

    @Test("an encoder's two lines and its resolution are read")
    func encoderRead() throws {
        let json = withEncoders("[{\"a\": {\"line\": 17, \"bias\": \"pull-up\"}, \"b\": {\"line\": 18, \"bias\": \"pull-up\"}, \"resolution\": \"half-step\"}]")
        let encoder = try #require(try Board(json: json, path: "x.json", name: "x").encoders.first)
        #expect(encoder.a.line == .offset(17) && encoder.b.line == .offset(18) && encoder.resolution == .halfStep)
    }

    @Test("an encoder missing its B pin, or with A and B on one line, is an issue")
    func badEncoders() {
        #expect(issues(withEncoders("[{\"a\": {\"line\": 17}}]")).map(\.keyPath) == ["encoders[0]"])
        #expect(issues(withEncoders("[{\"a\": {\"line\": 17}, \"b\": {\"line\": 17}}]")).map(\.keyPath) == ["encoders[0]"])
    }
}
