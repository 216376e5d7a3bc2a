import PanelBoards
import PanelCore
import PanelKit
import PanelUI
import Testing

/// A view that takes presses and logs them as "TYPE PHASE".
@MainActor
final class PressLoggingView: View {
    var log: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: Set<Press>, with event: Event?) { log += presses.map { "\($0.type) began" } }
    override func pressesEnded(_ presses: Set<Press>, with event: Event?) { log += presses.map { "\($0.type) ended" } }
    override func pressesCancelled(_ presses: Set<Press>, with event: Event?) { log += presses.map { "\($0.type) cancelled" } }
}

/// The mock board with `block` (a JSON member) added, written as `name`.json in a new
/// directory; the path.
func mockBoard(adding block: String, as name: String) throws -> String {
    let dir = temporaryDirectory()
    let text = try #require(BoardLoader.builtInBoardFile(named: "mock"))
    try writeFile("\(dir)/\(name).json", text.replacing("\"model\"", with: block + ", \"model\""))
    return "\(dir)/\(name).json"
}

/// The mock board with two GPIO buttons: menu (20 ms deferred debounce) and down (auto-repeat).
func mockBoardWithButtons() throws -> String {
    try mockBoard(
        adding: """
            "buttons": [
                {"pin": {"chip": "mock", "line": 5}, "press": "menu", "debounce-ms": 20, "debounce": "deferred"},
                {"pin": {"chip": "mock", "line": 6}, "press": "down", "repeat": {"delay-ms": 300, "interval-ms": 100}}
              ]
            """, as: "buttons")
}

@MainActor
@Suite("A session pushes the board's buttons by name")
struct BoardButtonSessionTests {
    func run(_ build: @escaping @MainActor (SessionScript) -> Void) throws -> (PressLoggingView, Result<SessionReport, PanelKitError>) {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: try mockBoardWithButtons()))
        let view = PressLoggingView(frame: runtime.window.bounds)
        runtime.window.addSubview(view)
        _ = view.becomeFirstResponder()
        let session = ScriptedSession(firstScreenshot: nil, lastScreenshot: nil, build)
        do throws(PanelKitError) {
            return (view, .success(try runtime.run(session: session)))
        } catch {
            return (view, .failure(error))
        }
    }

    @Test("a bouncing push of the menu button is one press through the board's debounce")
    func bouncingPush() throws {
        let (view, result) = try run { script in script.push(button: "menu", at: 100, hold: 200, bounces: 4) }
        #expect((try? result.get()) != nil)
        #expect(view.log == ["menu began", "menu ended"])
    }

    @Test("holding the down button repeats its press as the board's repeat says")
    func heldRepeats() throws {
        let (view, result) = try run { script in script.push(button: "down", at: 100, hold: 550) }
        #expect((try? result.get()) != nil)
        #expect(view.log.filter { $0 == "downArrow began" }.count == 4)
        #expect(view.log.last == "downArrow ended")
    }

    @Test("a push of a button the board does not have fails the session, naming the buttons it has")
    func unknownButton() throws {
        let (_, result) = try run { script in script.push(button: "select", at: 100) }
        guard case .failure(let error) = result else {
            Issue.record("the session passed")
            return
        }
        #expect(error.description.contains("\"select\"") && error.description.contains("menu, down"))
    }
}

/// The mock board with an accelerometer.
func mockBoardWithMotion() throws -> String {
    try mockBoard(
        adding: """
            "motion": {"chip": "lis3dh", "bus": "/dev/i2c-1", "reg": "0x18", "interrupt": {"chip": "mock", "line": 7}, "shake-threshold-mg": 1200}
            """, as: "motion")
}

/// A view that logs the shakes that reach it.
@MainActor
final class ShakeLoggingView: View {
    var log: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func motionBegan(_ motion: Event.Subtype, with event: Event?) { log.append("began") }
    override func motionEnded(_ motion: Event.Subtype, with event: Event?) { log.append("ended") }
    override func motionCancelled(_ motion: Event.Subtype, with event: Event?) { log.append("cancelled") }
}

@MainActor
@Suite("A session shakes the board")
struct BoardShakeSessionTests {
    @Test("shaking a board with an accelerometer gives the first responder one shake, through the emulated sensor")
    func shakeBoard() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: try mockBoardWithMotion()))
        let view = ShakeLoggingView(frame: runtime.window.bounds)
        runtime.window.addSubview(view)
        _ = view.becomeFirstResponder()
        let session = ScriptedSession(firstScreenshot: nil, lastScreenshot: nil) { script in script.shakeBoard(at: 100) }
        _ = try runtime.run(session: session)
        #expect(view.log == ["began", "ended"])
    }

    @Test("shaking a board with no accelerometer fails the session, saying so")
    func noAccelerometer() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        let session = ScriptedSession(firstScreenshot: nil, lastScreenshot: nil) { script in script.shakeBoard(at: 100) }
        #expect {
            _ = try runtime.run(session: session)
        } throws: { error in
            "\(error)".contains("no motion block")
        }
    }
}

/// The mock board with a keypad (a `gpio-keys` device) typing through the German layout.
func mockBoardWithKeys() throws -> String {
    try mockBoard(adding: #""keys": {"layout": "de", "devices": [{"device-name": "gpio-keys"}]}"#, as: "keys")
}

@MainActor
@Suite("A session presses the board's keys")
struct BoardKeySessionTests {
    @Test("Enter and the up arrow from the board's keypad reach the first responder as presses, through the key decoder")
    func keysArePresses() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: try mockBoardWithKeys()))
        let view = PressLoggingView(frame: runtime.window.bounds)
        runtime.window.addSubview(view)
        _ = view.becomeFirstResponder()
        let session = ScriptedSession(firstScreenshot: nil, lastScreenshot: nil) { script in
            script.key(28, at: 100)  // KEY_ENTER
            script.key(103, at: 300)  // KEY_UP
        }
        _ = try runtime.run(session: session)
        #expect(view.log == ["select began", "select ended", "upArrow began", "upArrow ended"])
    }

    @Test("a key on a board with no key devices fails the session, saying so")
    func noKeys() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        let session = ScriptedSession(firstScreenshot: nil, lastScreenshot: nil) { script in script.key(28, at: 100) }
        #expect {
            _ = try runtime.run(session: session)
        } throws: { error in
            "\(error)".contains("no keys block")
        }
    }
}
