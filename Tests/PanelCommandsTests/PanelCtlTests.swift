import Glibc
import PanelBoards
import PanelControllers
import PanelCore
import PanelGraphics
import Testing

@testable import PanelCommands

/// Runs panelctl in-process with a capturing console: its output and exit status.
@MainActor
func panelctl(_ arguments: String...) -> (output: String, status: Int32) {
    let console = Console(capturing: true)
    let status = Console.$current.withValue(console) { PanelCtl.run(arguments: arguments) }
    return (console.output + console.errors, status)
}

func temporaryDirectory() -> String {
    var template = Array("/tmp/panelctl-test-XXXXXX".utf8CString)
    let path = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    return String(cString: path!)
}

/// The repository's boards/ folder (found from this file: the tests run from the source tree).
let repositoryBoards: String = {
    var path = #filePath
    for _ in 0 ..< 3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/boards"
}()

@Suite("panelctl", .serialized)
@MainActor
struct PanelCtlTests {
    @Test("demo on the mock board plays the session, logs every action with its latency, writes the screenshots and exits 0")
    func demo() throws {
        let dir = temporaryDirectory()
        let (output, status) = panelctl("demo", "--board", "mock", "--output", dir)
        #expect(status == 0, "\(output)")
        for action in [
            "+1 touchUpInside: count 1", "+10 touchUpInside: count 12", "Reset double tap: count 0",
            "slider released: level", "switch: dark mode on", "canvas pan: offset", "canvas pinch: zoom",
            "+10 touchUpInside: count 11", "Reset long press: counter locked", "settings pushed", "showing Settings",
            "showing Advanced", "showing Kiosk", "sign-in tab", "name entered: Ann", "PIN entered: 4 digits", "signing in", "language: 中文", "tickets: 3",
            "signed in: alert shown", "sign-in closed", "about sheet",
        ] {
            #expect(output.contains(action), "missing from the log: \(action)")
        }
        #expect(output.contains("latency"))
        #expect(output.contains("session ok: count 11, locked"))
        #expect(output.contains("0 frames lost, 0 touches dropped"))
        let names = [
            "01-home", "02-button-pressed", "03-counted", "04-double-tap-reset", "05-slider", "06-switch",
            "07-panned", "08-pinched", "09-two-buttons", "10-long-press-locked", "11-push-half-way", "12-settings", "13-settings-flung",
            "14-settings-at-rest", "15-edge-drag-held", "16-advanced", "17-edge-drag-completing", "18-home-again", "19-sign-in",
            "20-keyboard", "21-name-typed", "22-pin-pad", "23-pin-typed", "24-keyboard-down", "25-signing-in", "26-signed-in-alert",
            "27-sheet-half-up", "28-sheet", "29-final",
        ]
        var images: [String: Image] = [:]
        for name in names {
            let image = try Image(contentsOfFile: "\(dir)/\(name).png")
            #expect(image.width == 800 && image.height == 480)
            images[name] = image
        }
        // The pressed button, the moved canvas, the gliding list, the moving screens and the
        // sheet are different pictures.
        #expect(images["01-home"] != images["02-button-pressed"])
        #expect(images["06-switch"] != images["07-panned"])
        #expect(images["11-push-half-way"] != images["12-settings"])
        #expect(images["13-settings-flung"] != images["14-settings-at-rest"])
        #expect(images["15-edge-drag-held"] != images["16-advanced"])
        #expect(images["12-settings"] != images["29-final"])
        #expect(images["25-signing-in"] != images["26-signed-in-alert"])
        #expect(images["27-sheet-half-up"] != images["28-sheet"])
        // The keyboard came up, typed, and went down again.
        #expect(images["19-sign-in"] != images["20-keyboard"])
        #expect(images["20-keyboard"] != images["21-name-typed"])
        #expect(images["23-pin-typed"] != images["24-keyboard-down"])
    }

    @Test("demo started in German, Chinese or Arabic plays its whole session and exits 0", arguments: ["de", "zh", "ar"])
    func demoInLanguage(_ language: String) throws {
        let (output, status) = panelctl("demo", "--board", "mock", "--language", language, "--output", temporaryDirectory())
        #expect(status == 0, "\(output)")
        #expect(output.contains("tickets: 3"))
    }

    @Test("a11y-audit plays the demo's session and finds nothing: every moment audited, exit 0")
    func accessibilityAudit() {
        let (output, status) = panelctl("a11y-audit")
        #expect(status == 0)
        #expect(output.contains("moments audited, no findings"))
    }

    @Test("a11y-audit --app with a path that is no executable fails, naming the path and the fix")
    func accessibilityAuditMissingApp() {
        let (output, status) = panelctl("a11y-audit", "--app", "/nonexistent/app")
        #expect(status != 0)
        #expect(output.contains("/nonexistent/app: not an executable file"))
    }

    @Test("demo on the GT911 bench runs through the reset strap and the rotated display")
    func demoGT911() throws {
        let dir = temporaryDirectory()
        let (output, status) = panelctl("demo", "--board", "mock-gt911", "--output", dir)
        #expect(status == 0, "\(output)")
        #expect(output.contains("Goodix GT911"))
        let image = try Image(contentsOfFile: "\(dir)/29-final.png")
        #expect(image.width == 320 && image.height == 480)
    }

    @Test("probe identifies the emulated FT6336U and GT911")
    func probeMock() {
        let ft = panelctl("probe", "--board", "mock")
        #expect(ft.status == 0)
        #expect(ft.output.contains("chip: FT6336U (FocalTech), vendor 0x11, firmware 16"))
        #expect(ft.output.contains("controller found"))
        let gt = panelctl("probe", "--board", "mock-gt911")
        #expect(gt.status == 0)
        #expect(gt.output.contains("chip: Goodix GT911 (GT911) at 0x5D, firmware 0x1060"))
        #expect(gt.output.contains("resolution 320×480, contacts: 5"))
    }

    @Test(
        "probe on a board whose devices are missing says which and exits non-zero",
        .enabled(if: access("/dev/i2c-1", F_OK) != 0))
    func probeMissingHardware() {
        let (output, status) = panelctl("probe", "--board", "raspberrypi-gt911-7inch")
        #expect(status != 0)
        #expect(output.contains("missing: /dev/i2c-1"))
        #expect(output.contains("/dev/i2c-1 does not exist"))
    }

    @Test("monitor prints each frame's phases, positions and edge-to-frame latency, then the counters")
    func monitor() {
        let (output, status) = panelctl("monitor", "--board", "mock")
        #expect(status == 0)
        #expect(output.contains("#1 began     (200.0, 125.0)"))
        #expect(output.contains("#1 ended"))
        #expect(output.contains("edge→frame"))
        #expect(output.contains("0 errors, 0 recoveries, 0 overflows, 0 watchdog cancels"))
    }

    @Test("monitor --json writes one JSON object per line and a summary")
    func monitorJSON() throws {
        let (output, status) = panelctl("monitor", "--board", "mock-gt911", "--json", "--count", "5")
        #expect(status == 0)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        for line in lines { _ = try JSONValue.parse(line) }
        let summary = try JSONValue.parse(lines.last!)
        #expect(summary["summary"]?["frames"] == .number("5"))
        #expect(try JSONValue.parse(lines[0])["contacts"] != nil)
    }

    @Test("record writes a trace that replay plays into the UI and through the emulated chip")
    func recordReplay() throws {
        let dir = temporaryDirectory()
        let trace = "\(dir)/session.trace"
        let recorded = panelctl("record", "--board", "mock", "--output", trace)
        #expect(recorded.status == 0, "\(recorded.output)")
        let text = try readFile(trace)
        let parsed = try TouchTrace(jsonLines: text, path: trace)
        #expect(parsed.board == "mock" && parsed.frames.count > 10)
        let ui = panelctl("replay", "--board", "mock", trace, "--into", "ui", "--screenshot", "\(dir)/ui.png")
        #expect(ui.status == 0, "\(ui.output)")
        #expect(ui.output.contains("4 touches recorded; 4 began and 4 ended"))
        #expect(ui.output.contains("+10 touchUpInside: count 10"))
        let chip = panelctl("replay", "--board", "mock", trace, "--into", "chip")
        #expect(chip.status == 0, "\(chip.output)")
        #expect(chip.output.contains("4 touches recorded; 4 began and 4 ended"))
        #expect(try Image(contentsOfFile: "\(dir)/ui.png").width == 800)
    }

    @Test("replay refuses a damaged trace or one from another screen size, naming the file and line")
    func replayErrors() throws {
        let dir = temporaryDirectory()
        let trace = "\(dir)/bad.trace"
        try writeFile(
            trace,
            "{\"format\":\"panelkit-trace\",\"version\":1,\"board\":\"mock\",\"width\":800,\"height\":480}\n{\"t\":0,\"contacts\":[{\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2}]}\n"
        )
        let damaged = panelctl("replay", "--board", "mock", trace)
        #expect(damaged.status != 0)
        #expect(damaged.output.contains("\(trace):2: touch 1 never ends"))
        _ = panelctl("record", "--board", "mock", "--output", "\(dir)/ok.trace")
        let wrongSize = panelctl("replay", "--board", "mock-gt911", "\(dir)/ok.trace")
        #expect(wrongSize.status != 0)
        #expect(wrongSize.output.contains("replay it with --board mock"))
        let notMock = panelctl("replay", "--board", "raspberrypi-official-7inch", "\(dir)/ok.trace", "--into", "chip")
        #expect(notMock.status != 0)
    }

    @Test("calibrate corrects a miscalibrated panel and saves an override the loader applies")
    func calibrate() throws {
        let dir = temporaryDirectory()
        let (output, status) = panelctl("calibrate", "--board", "mock", "--config-dir", dir, "--screenshots", dir)
        #expect(status == 0, "\(output)")
        #expect(output.contains("check point error after calibration: 0.0"))
        let board = try BoardLoader(calibrationDirectory: dir).load("mock")
        let matrix = try #require(board.touch.calibration)
        // The emulated finger lands 4 % large and shifted; the matrix undoes it.
        #expect(abs(matrix.a0 - 1 / 1.04) < 0.002 && abs(matrix.a4 - 1 / 0.97) < 0.002)
        #expect(try Image(contentsOfFile: "\(dir)/calibrate-1.png").height == 480)
        // A calibrated bench now lands the same miss on the target.
        let again = panelctl("calibrate", "--board", "mock-gt911", "--config-dir", dir)
        #expect(again.status == 0, "\(again.output)")
    }

    @Test("fb-info describes the board's framebuffer")
    func fbInfo() {
        let (output, status) = panelctl("fb-info", "--board", "mock-gt911")
        #expect(status == 0)
        #expect(output.contains("size: 320×480 pixels"))
        #expect(output.contains("stride: 640 bytes per line"))
        #expect(output.contains("format: RGB565, 16 bits per pixel"))
        #expect(output.contains("rotation: 90° (the UI is 480×320)"))
    }

    @Test("fb-test puts each labelled corner where the rotation says")
    func fbTest() throws {
        let dir = temporaryDirectory()
        for (board, topLeft) in [("mock", (x: 1, y: 1)), ("mock-gt911", (x: 318, y: 1))] {
            let (output, status) = panelctl("fb-test", "--board", board, "--screenshot", "\(dir)/\(board).png")
            #expect(status == 0, "\(output)")
            let image = try Image(contentsOfFile: "\(dir)/\(board).png")
            let i = (topLeft.y * image.width + topLeft.x) * 4
            // The TOP LEFT mark is red.
            #expect(image.rgba[i] > 200 && image.rgba[i + 1] < 80 && image.rgba[i + 2] < 80, "\(board)")
        }
    }

    @Test("screenshot writes the mock display as a PNG")
    func screenshot() throws {
        let dir = temporaryDirectory()
        let (output, status) = panelctl("screenshot", "--board", "mock", "-o", "\(dir)/s.png")
        #expect(status == 0)
        #expect(output.contains("800×480 from memory"))
        #expect(try Image(contentsOfFile: "\(dir)/s.png").height == 480)
    }

    @Test("board validate accepts every shipped file and lists each problem of a broken one")
    func boardValidate() throws {
        let ok = panelctl("board", "validate", "\(repositoryBoards)/mock.json", "\(repositoryBoards)/raspberrypi-gt911-7inch.json")
        #expect(ok.status == 0)
        #expect(ok.output.contains("mock.json: ok"))
        let dir = temporaryDirectory()
        let broken = "\(dir)/broken.json"
        try writeFile(
            broken,
            "{\"model\": \"x\", \"touch\": {\"compatible\": \"goodix,gt911\", \"bus\": \"/dev/i2c-1\", \"reg\": \"0xBA\", \"touchscreen-size-x\": 800, \"touchscreen-size-y\": 480}, \"display\": {\"width\": 800, \"height\": 480, \"rotaton\": 90}}"
        )
        let bad = panelctl("board", "validate", broken)
        #expect(bad.status != 0)
        #expect(bad.output.contains("\(broken): touch.reg: 0xba is an 8-bit (shifted) address; use the 7-bit address \"0x5d\""))
        #expect(bad.output.contains("\(broken): display.rotaton: unknown key; did you mean \"rotation\"?"))
    }

    @Test("board list and board show read the search path")
    func boardListShow() {
        let list = panelctl("board", "list")
        #expect(list.status == 0)
        for name in ["mock", "mock-gt911", "raspberrypi-adafruit-pitft28-capacitive", "raspberrypi-official-7inch"] {
            #expect(list.output.contains(name))
        }
        let show = panelctl("board", "show", "--board", "raspberrypi-adafruit-pitft28-capacitive")
        #expect(show.output.contains("touch: focaltech,ft6206 (focaltech) on /dev/i2c-1 at 0x38"))
        #expect(show.output.contains("interrupt: gpiochip0 line 24 (active low)"))
        #expect(show.output.contains("controller: 240×320, inverted x, swapped x/y"))
    }

    @Test(
        "every command answers --help with exit status 0",
        arguments: ["demo", "probe", "monitor", "calibrate", "record", "replay", "fb-info", "fb-test", "screenshot", "board"])
    func help(command: String) {
        let (output, status) = panelctl(command, "--help")
        #expect(status == 0)
        #expect(output.contains("USAGE: panelctl \(command)"))
    }

    @Test("an unknown board is a one-line error listing the known ones")
    func unknownBoard() {
        let (output, status) = panelctl("probe", "--board", "pitft")
        #expect(status != 0)
        #expect(output.contains("no board named \"pitft\""))
        #expect(output.contains("raspberrypi-adafruit-pitft28-capacitive"))
    }
}

@Suite("The demo's fonts")
@MainActor
struct DemoFontsTests {
    @Test("the demo uses its fonts when they are installed")
    func installed() {
        let paths = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
        #expect(demoFonts(paths) == paths)
    }

    @Test("without its fonts the demo draws in the built-in font instead of stopping")
    func missing() {
        #expect(demoFonts(["/nonexistent/DejaVuSans.ttf"]) == [])
    }
}
