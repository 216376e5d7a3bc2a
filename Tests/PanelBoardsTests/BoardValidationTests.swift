import PanelBoards
import PanelControllers
import PanelCore
import Testing

func issues(_ json: String) -> [BoardIssue] {
    do {
        _ = try Board(json: json, path: "boards/x.json", name: "x", controllers: .standard)
        return []
    } catch {
        if case .invalid(_, let issues) = error { return issues }
        Issue.record("expected a validation error, got \(error)")
        return []
    }
}

let minimal = """
    {"model": "m", "touch": {"compatible": "focaltech,ft6236", "bus": "/dev/i2c-1",
     "touchscreen-size-x": 320, "touchscreen-size-y": 480}, "display": {"width": 320, "height": 480}}
    """

@Suite("Board validation")
struct BoardValidationTests {
    @Test("a minimal board gets the documented defaults")
    func defaults() throws {
        let board = try Board(json: minimal, path: "boards/x.json", name: "x", controllers: .standard)
        #expect(board.touch.address == .ft6x06)
        #expect(board.touch.alternateAddress == nil)
        #expect(board.touch.pollIntervalMilliseconds == 10)
        #expect(board.touch.interrupt == nil && board.touch.reset == nil)
        #expect(board.display.device == .framebuffer("/dev/fb0"))
        #expect(board.display.rotation == .degrees0)
        #expect(board.touch.calibration == nil)
    }

    @Test("a Goodix board defaults to 0x5D with 0x14 as the alternate")
    func goodixDefaults() throws {
        let board = try Board(json: minimal.replacing("focaltech,ft6236", with: "goodix,gt911"), path: "p", name: "x", controllers: .standard)
        #expect(board.touch.address == .gt911Primary && board.touch.alternateAddress == .gt911Alternate)
    }

    @Test("an 8-bit address is refused with the 7-bit one to use")
    func eightBitAddress() {
        let found = issues(minimal.replacing("\"bus\"", with: "\"reg\": \"0xBA\", \"bus\""))
        #expect(found.count == 1)
        #expect(found.first?.keyPath == "touch.reg")
        #expect(found.first?.description.contains("\"0x5d\"") == true)
    }

    @Test("a misspelt key is an error that suggests the right one")
    func unknownKey() {
        let found = issues(minimal.replacing("\"bus\"", with: "\"intrerupt\": {\"line\": 4}, \"bus\""))
        #expect(found.map(\.keyPath) == ["touch.intrerupt"])
        #expect(found.first?.fix.contains("\"interrupt\"") == true)
    }

    @Test("an unknown compatible suggests the nearest one")
    func unknownCompatible() {
        let found = issues(minimal.replacing("focaltech,ft6236", with: "goodix,gt9111"))
        #expect(found.first?.keyPath == "touch.compatible")
        #expect(found.first?.fix.contains("goodix,gt911") == true)
    }

    @Test("every problem is listed at once, each with its key path")
    func manyProblems() {
        let json = """
            {"model": "m", "touch": {"compatible": "focaltech,ft6236", "bus": "1", "touchscreen-size-x": 0,
             "interrupt": {"chip": "gpiochip0"}}, "display": {"device": "/dev/fbx", "height": 480, "rotation": 45}}
            """
        let paths = Set(issues(json).map(\.keyPath))
        #expect(
            paths == [
                "touch.bus", "touch.touchscreen-size-x", "touch.touchscreen-size-y", "touch.interrupt.line",
                "display.device", "display.width", "display.rotation",
            ])
        let busFix = issues(json).first { $0.keyPath == "touch.bus" }?.fix
        #expect(busFix?.contains("/dev/i2c-1") == true)
    }

    @Test("an evdev board needs a device or a device name, and refuses I2C keys")
    func evdev() {
        let found = issues(
            """
            {"model": "m", "touch": {"compatible": "linux,evdev", "reg": "0x38"}, "display": {"width": 800, "height": 480}}
            """)
        #expect(Set(found.map(\.keyPath)) == ["touch", "touch.reg"])
    }

    @Test("a GT911 address other than 0x5D or 0x14 is refused")
    func goodixAddress() {
        let found = issues(minimal.replacing("focaltech,ft6236", with: "goodix,gt911").replacing("\"bus\"", with: "\"reg\": \"0x38\", \"bus\""))
        #expect(found.map(\.keyPath) == ["touch.reg"])
    }

    @Test("a calibration needs seven integers and a non-zero divisor")
    func calibration() {
        let bad = issues(minimal.replacing("\"bus\"", with: "\"calibration\": [1, 0, 0, 0, 1, 0, 0], \"bus\""))
        #expect(bad.map(\.keyPath) == ["touch.calibration"])
        let short = issues(minimal.replacing("\"bus\"", with: "\"calibration\": [1, 0, 0], \"bus\""))
        #expect(short.map(\.keyPath) == ["touch.calibration"])
    }

    @Test("a name that disagrees with the file name is an error")
    func nameMismatch() {
        let found = issues(minimal.replacing("{\"model\"", with: "{\"name\": \"y\", \"model\""))
        #expect(found.map(\.keyPath) == ["name"])
    }

    @Test("a JSON syntax error names the file, line and column")
    func syntaxError() {
        do {
            _ = try Board(json: "{\n  \"model\": \"m\",\n  \"touch\": {,}\n}", path: "boards/x.json", name: "x", controllers: .standard)
            Issue.record("no error")
        } catch {
            guard case .syntax(let path, let e) = error else { Issue.record("\(error)"); return }
            #expect(path == "boards/x.json")
            #expect(e.line == 3 && e.column == 13)
            #expect(error.description.hasPrefix("boards/x.json: line 3, column 13"))
        }
    }

    @Test("the error's description names the file, each key path and its fix")
    func description() {
        do {
            _ = try Board(json: minimal.replacing("\"bus\"", with: "\"reg\": \"0xBA\", \"bus\""), path: "boards/x.json", name: "x", controllers: .standard)
            Issue.record("accepted an 8-bit address")
        } catch {
            #expect(
                error.description
                    == "boards/x.json: touch.reg: 0xba is an 8-bit (shifted) address; use the 7-bit address \"0x5d\" (Linux and datasheet tables use 7-bit)")
        }
    }

    @Test("a board name that is not found lists the known boards")
    func notFound() {
        let loader = BoardLoader(searchPath: [boardsDirectory], calibrationDirectory: .some(nil))
        do throws(BoardError) {
            _ = try loader.load("mokc")
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("no board named \"mokc\""))
            #expect(error.description.contains("mock-gt911"))
        }
    }
}
