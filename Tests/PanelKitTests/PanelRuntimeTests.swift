import PanelBench
import PanelBoards
import PanelControllers
import PanelCore
import PanelGraphics
import PanelKit
import PanelUI
import Testing
import TouchControllers

#if canImport(Glibc)
import Glibc
#endif

func temporaryDirectory() -> String {
    var template = Array("/tmp/panelkit-runtime-XXXXXX".utf8CString)
    return String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
}

/// One button in the middle of the window, counting its taps.
@MainActor
final class OneButton {
    let button = Button(frame: Rect(x: 100, y: 100, width: 200, height: 80))
    var taps = 0
    init(in window: Window) {
        button.setTitle("Go", for: .normal)
        button.addAction(.closure("tap") { [unowned self] _, _ in taps += 1 }, for: .touchUpInside)
        window.addSubview(button)
    }
}

@MainActor
@Suite("PanelRuntime: a board brought up for an app")
struct PanelRuntimeTests {
    @Test("on a mock board a session's taps reach the view and its screenshots are written", arguments: ["mock", "mock-gt911"])
    func headlessSession(board: String) throws {
        let output = temporaryDirectory()
        let runtime = try PanelRuntime(options: PanelAppOptions(board: board, output: output))
        let screen = OneButton(in: runtime.window)
        let report = try runtime.run(
            session: ScriptedSession { script in
                script.tap(screen.button, at: 100)
                script.tap(screen.button, at: 600)
                script.screenshot("between", at: 400)
                script.expect("two taps") { screen.taps == 2 }
            })
        #expect(screen.taps == 2)
        #expect(report.screenshots == ["start.png", "between.png", "end.png"])
        #expect(report.problems.isEmpty)
        let image = try Image(contentsOfFile: "\(output)/end.png")
        #expect(image.width == Int(runtime.board.display.width) || image.width == Int(runtime.board.display.height))
    }

    @Test("a failed check's description names the state at the session's end, not when the script was written")
    func checkDescriptionReadAtTheEnd() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock", output: temporaryDirectory()))
        let screen = OneButton(in: runtime.window)
        #expect {
            try runtime.run(
                session: ScriptedSession { script in
                    script.tap(screen.button, at: 100)
                    script.expect("taps: \(screen.taps), expected 3") { screen.taps == 3 }
                })
        } throws: { error in
            (error as? PanelKitError)?.description.contains("taps: 1, expected 3") == true
        }
    }

    @Test("a screenshot timed after the session's last touch waits for its time, so what happens by then is on it")
    func lateScreenshot() throws {
        let output = temporaryDirectory()
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock", output: output))
        let screen = OneButton(in: runtime.window)
        runtime.window.backgroundColor = .white
        _ = try runtime.application.scheduleTimer(after: .milliseconds(1000)) { _ in runtime.window.backgroundColor = .black }
        _ = try runtime.run(
            session: ScriptedSession(firstScreenshot: nil, lastScreenshot: nil) { script in
                script.tap(screen.button, at: 100)
                script.screenshot("late", at: 1500)
            })
        let image = try Image(contentsOfFile: "\(output)/late.png")
        #expect(image.color(x: 2, y: 2) == .black)
    }

    @Test("a check that does not hold fails the run as a session error with its description")
    func failedCheck() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        let screen = OneButton(in: runtime.window)
        #expect {
            try runtime.run(
                session: ScriptedSession { script in
                    script.tap(screen.button, at: 100)
                    script.expect("three taps") { screen.taps == 3 }
                })
        } throws: { error in
            let e = error as? PanelKitError
            return e?.kind == .session && e?.description.contains("three taps") == true
        }
    }

    @Test("a session tap on a view off this board's screen fails the run naming the view")
    func unreachableView() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock-gt911"))  // 480×320
        let far = Button(frame: Rect(x: 600, y: 400, width: 100, height: 50))
        far.setTitle("Far", for: .normal)
        runtime.window.addSubview(far)
        #expect {
            try runtime.run(session: ScriptedSession { script in script.tap(far, at: 100) })
        } throws: { error in
            (error as? PanelKitError)?.description.contains("Button \"Far\"") == true
        }
    }

    @Test("a session tap on a button scrolled out of sight in a scroll view scrolls it into sight, as XCUITest does, and lands")
    func tapScrollsIntoSight() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock-gt911"))  // 480×320
        let page = ScrollView(frame: runtime.window.bounds)
        page.contentSize = Size(width: 480, height: 1200)
        let low = Button(frame: Rect(x: 20, y: 1000, width: 200, height: 50))
        low.setTitle("Low", for: .normal)
        var taps = 0
        low.addAction(.closure("tap") { _, _ in taps += 1 }, for: .touchUpInside)
        page.addSubview(low)
        runtime.window.addSubview(page)
        try runtime.run(
            session: ScriptedSession { script in
                script.tap(low, at: 100)
                script.expect("the button was tapped") { taps == 1 }
            })
        #expect(page.contentOffset.y == 1050 - 320)
    }

    @Test("an unknown board is a board error that lists the known boards")
    func unknownBoard() {
        #expect {
            _ = try PanelRuntime(options: PanelAppOptions(board: "mokc"))
        } throws: { error in
            let e = error as? PanelKitError
            return e?.kind == .board && e?.description.contains("mock-gt911") == true
        }
    }

    @Test("a real board whose framebuffer device is missing is a display error naming the device and the fix")
    func missingFramebuffer() throws {
        let dir = temporaryDirectory()
        try #require(access("/dev/fb7", F_OK) != 0, "this machine has a /dev/fb7")
        let text = try #require(BoardLoader.builtInBoardFile(named: "raspberrypi-gt911-7inch"))
        try writeFile("\(dir)/pi.json", text.replacing("\"device\": \"drm\"", with: "\"device\": \"/dev/fb7\""))
        #expect {
            _ = try PanelRuntime(options: PanelAppOptions(board: "\(dir)/pi.json"))
        } throws: { error in
            let e = error as? PanelKitError
            return e?.kind == .display && e?.description.contains("/dev/fb7") == true && e?.description.contains("dtoverlay") == true
        }
    }

    @Test("a real board naming a DRM card that is missing is a display error naming the card and the fix")
    func missingDRMCard() throws {
        let dir = temporaryDirectory()
        try #require(access("/dev/dri/card9", F_OK) != 0, "this machine has a /dev/dri/card9")
        let text = try #require(BoardLoader.builtInBoardFile(named: "raspberrypi-gt911-7inch"))
        try writeFile("\(dir)/pi.json", text.replacing("\"device\": \"drm\"", with: "\"device\": \"/dev/dri/card9\""))
        #expect {
            _ = try PanelRuntime(options: PanelAppOptions(board: "\(dir)/pi.json"))
        } throws: { error in
            let e = error as? PanelKitError
            return e?.kind == .display && e?.description.contains("/dev/dri/card9") == true && e?.description.contains("vc4-kms-v3d") == true
        }
    }

    @Test("a board's missing font file stops the start with a fonts error naming the file")
    func missingFontFile() throws {
        let dir = temporaryDirectory()
        let text = try #require(BoardLoader.builtInBoardFile(named: "mock"))
        try writeFile("\(dir)/mock.json", text.replacing("{", with: "{\"fonts\": [\"/nonexistent/Latin.ttf\"], ", maxReplacements: 1))
        #expect {
            _ = try PanelRuntime(options: PanelAppOptions(board: "\(dir)/mock.json"))
        } throws: { error in
            let e = error as? PanelKitError
            return e?.kind == .fonts && e?.description.contains("/nonexistent/Latin.ttf") == true
        }
    }

    @Test("a board's fonts become the application's font family, first choice first")
    func boardFonts() throws {
        let dir = temporaryDirectory()
        let text = try #require(BoardLoader.builtInBoardFile(named: "mock"))
        let fonts = "\"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf\", \"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc\""
        try writeFile("\(dir)/mock.json", text.replacing("{", with: "{\"fonts\": [\(fonts)], ", maxReplacements: 1))
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "\(dir)/mock.json"))
        #expect(runtime.application.fontFamily?.typefaces.map(\.familyName) == ["DejaVu Sans", "WenQuanYi Micro Hei"])
        #expect(runtime.application.font(size: 20).family === runtime.application.fontFamily)
    }

    @Test("the app's fonts become the family; a board without fonts and no app fonts means the built-in font")
    func appFonts() throws {
        var options = PanelAppOptions(board: "mock")
        let plain = try PanelRuntime(options: options)
        #expect(plain.application.fontFamily == nil)
        #expect(plain.application.font(size: 16) == .body)
        options.fonts = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
        #expect(try PanelRuntime(options: options).application.fontFamily?.typefaces.count == 1)
    }

    @Test("--exit-after-first-frame draws one frame and plays nothing")
    func firstFrameOnly() throws {
        var options = PanelAppOptions(board: "mock")
        options.exitAfterFirstFrame = true
        let runtime = try PanelRuntime(options: options)
        let screen = OneButton(in: runtime.window)
        let report = try runtime.run(session: ScriptedSession { script in script.tap(screen.button, at: 100) })
        #expect(report.framesDrawn == 1)
        #expect(screen.taps == 0)
    }

    @Test("PanelApp.run exits 2 for a bad command line, 1 for an unknown board, 0 for a passing session")
    func exitStatuses() {
        let none: (String) -> String? = { _ in nil }
        let build: @MainActor (Window) -> Void = { _ in }
        #expect(PanelApp.run(arguments: ["--bogus"], options: PanelAppOptions(), environment: none, buildWindow: build) == 2)
        #expect(PanelApp.run(arguments: ["--board", "mokc"], options: PanelAppOptions(), environment: none, buildWindow: build) == 1)
        #expect(PanelApp.run(arguments: [], options: PanelAppOptions(), environment: none, buildWindow: build) == 0)
    }
}

@MainActor
@Suite("PanelRuntime: the screen reader on a mock board")
struct PanelRuntimeScreenReaderTests {
    @Test("--screen-reader turns the reader on with a transcript voice, and a session by keys alone activates the button")
    func readerByKeys() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock").applying(arguments: ["--screen-reader"], environment: { _ in nil })!)
        let screen = OneButton(in: runtime.window)
        runtime.startAccessibility(speech: nil)
        #expect(runtime.application.isScreenReaderEnabled)
        let report = try runtime.run(
            session: ScriptedSession(firstScreenshot: nil, lastScreenshot: nil) { script in
                #expect(script.isScreenReaderEnabled)
                script.activate(screen.button, at: 100)
                script.expect("the key-only press went through") { screen.taps == 1 }
            })
        #expect(screen.taps == 1)
        #expect(report.spoken.first == "Screen reader on")
        #expect(report.spoken.contains("Go, button"))
    }

    @Test("without the reader, activate is a tap and nothing is said")
    func activateTaps() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        let screen = OneButton(in: runtime.window)
        runtime.startAccessibility(speech: nil)
        let report = try runtime.run(
            session: ScriptedSession(firstScreenshot: nil, lastScreenshot: nil) { script in script.activate(screen.button, at: 100) })
        #expect(screen.taps == 1)
        #expect(report.spoken.isEmpty)
    }
}
