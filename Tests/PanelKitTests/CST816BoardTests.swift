import PanelBoards
import PanelCore
import PanelKit
import PanelUI
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A small round-display module's board: a CST816T with RST and INT on the mock bus, 240×280.
let cst816Board = """
    {
      "model": "bench: an emulated CST816T and a 240×280 panel",
      "touch": {
        "compatible": "hynitron,cst816t",
        "bus": "mock",
        "interrupt": { "chip": "mock", "line": 0, "active-low": true },
        "reset": { "chip": "mock", "line": 1, "active-low": true },
        "touchscreen-size-x": 240,
        "touchscreen-size-y": 280
      },
      "display": { "device": "memory", "width": 240, "height": 280, "format": "rgb565" }
    }
    """

@MainActor
@Suite("A CST816 board, through the chip registry")
struct CST816BoardTests {
    @Test("a mock CST816T board runs a session: the chip is identified and a tap reaches the button")
    func session() throws {
        let directory = temporaryDirectory()
        let path = "\(directory)/cst816.json"
        try writeFile(path, Array(cst816Board.utf8))
        let runtime = try PanelRuntime(options: PanelAppOptions(board: path))
        #expect(runtime.identification.first?.hasPrefix("chip: CST816T (Hynitron) at 0x15") == true)
        let button = Button(frame: Rect(x: 40, y: 100, width: 160, height: 60))
        var taps = 0
        button.addAction(.closure("tap") { _, _ in taps += 1 }, for: .touchUpInside)
        runtime.window.addSubview(button)
        let report = try runtime.run(
            session: ScriptedSession(firstScreenshot: nil, lastScreenshot: nil) { script in
                script.tap(button, at: 100)
                script.tap(button, at: 500)
            })
        #expect(taps == 2)
        #expect(report.problems.isEmpty)
        #expect(report.statistics.errors == 0)
    }
}
