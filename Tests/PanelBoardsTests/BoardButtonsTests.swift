import PanelBoards
import PanelControllers
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
        let button = try #require(try Board(json: json, path: "x.json", name: "x", controllers: .standard).buttons.first)
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

    @Test("a button with a key code is a press of that key")
    func keyCodeRead() throws {
        let json = withButtons("[{\"pin\": {\"line\": 5}, \"key-code\": 59}]")
        #expect(try Board(json: json, path: "x.json", name: "x", controllers: .standard).buttons.first?.press == .key(59))
    }

    @Test("a button with a press and a key code, or a key code past KEY_MAX, is an issue")
    func badKeyCode() {
        #expect(issues(withButtons("[{\"pin\": {\"line\": 5}, \"press\": \"select\", \"key-code\": 59}]")).map(\.keyPath) == ["buttons[0].key-code"])
        #expect(issues(withButtons("[{\"pin\": {\"line\": 5}, \"key-code\": 4000}]")).map(\.keyPath) == ["buttons[0].key-code"])
    }

    private func hold(_ keys: String) throws -> Board.Button.Hold? {
        try Board(json: withButtons("[{\"pin\": {\"line\": 5}, \"press\": \"down\", \(keys)}]"), path: "x.json", name: "x", controllers: .standard).buttons
            .first?.hold
    }

    @Test("repeat true auto-repeats after 500 ms every 100 ms, and its times can be given")
    func repeatRead() throws {
        #expect(try hold("\"repeat\": true") == .repeating(delayMilliseconds: 500, intervalMilliseconds: 100))
        #expect(try hold("\"repeat\": {\"delay-ms\": 300, \"interval-ms\": 50}") == .repeating(delayMilliseconds: 300, intervalMilliseconds: 50))
    }

    @Test("a long press names its time and the press it becomes")
    func longPressRead() throws {
        #expect(try hold("\"long-press\": {\"after-ms\": 1000, \"press\": \"menu\"}") == .longPress(afterMilliseconds: 1000, press: .menu))
    }

    @Test("repeat with long-press, an unknown long press and a zero repeat interval are issues")
    func badHolds() {
        let both = issues(withButtons("[{\"pin\": {\"line\": 5}, \"press\": \"down\", \"repeat\": true, \"long-press\": {\"press\": \"menu\"}}]"))
        #expect(both.map(\.keyPath) == ["buttons[0].long-press"])
        let unknown = issues(withButtons("[{\"pin\": {\"line\": 5}, \"press\": \"select\", \"long-press\": {\"press\": \"reboot\"}}]"))
        #expect(unknown.map(\.keyPath) == ["buttons[0].long-press.press"])
        let zero = issues(withButtons("[{\"pin\": {\"line\": 5}, \"press\": \"down\", \"repeat\": {\"interval-ms\": 0}}]"))
        #expect(zero.map(\.keyPath).first?.hasPrefix("buttons[0].repeat") == true)
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
        let encoder = try #require(try Board(json: json, path: "x.json", name: "x", controllers: .standard).encoders.first)
        #expect(encoder.a.line == .offset(17) && encoder.b.line == .offset(18) && encoder.resolution == .halfStep)
    }

    @Test("an encoder missing its B pin, or with A and B on one line, is an issue")
    func badEncoders() {
        #expect(issues(withEncoders("[{\"a\": {\"line\": 17}}]")).map(\.keyPath) == ["encoders[0]"])
        #expect(issues(withEncoders("[{\"a\": {\"line\": 17}, \"b\": {\"line\": 17}}]")).map(\.keyPath) == ["encoders[0]"])
    }
}
