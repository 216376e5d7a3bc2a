#if os(Linux)
import Glibc
import Testing
import PanelBoards
import PanelControllers
import PanelCore
import PanelPlatform
@testable import PanelCommands
@testable import PanelLinux

@Suite("panelctl monitor on the kernel: touches and the board's buttons on one time line", .enabled(if: Testbed.isAvailable), .serialized)
@MainActor
struct KernelMonitorTests {
    @Test("monitor shows a GPIO button's press beside the evdev touchscreen's frames")
    func monitorShowsButtonPresses() throws {
        let screen = try UInputTouchscreen(name: "PanelKit monitor touchscreen")
        _ = try screen.devicePath()
        Testbed.pull(5, up: false)
        let board = try Board(
            json: """
                {"model": "monitor", "touch": {"compatible": "linux,evdev", "device-name": "PanelKit monitor touchscreen"},
                 "display": {"device": "memory", "width": 800, "height": 480},
                 "buttons": [{"pin": {"chip": "\(Testbed.gpioChip)", "line": 5}, "press": "select"}]}
                """, path: "boards/monitor.json", name: "monitor", controllers: .standard)
        // The button and a tap, from another thread while the monitor runs.
        let stimulus = Task.detached {
            usleep(300_000)
            Testbed.pull(5, up: true)
            usleep(100_000)
            Testbed.pull(5, up: false)
            screen.press(x: 100, y: 100)
            usleep(50_000)
            screen.lift()
        }
        var inputs: [String] = []
        var frames = 0
        let summary = try collectFrames(
            board: board, script: nil, duration: 1.5, count: nil, onFrame: { _, _ in frames += 1 }, onInput: { inputs.append($0.description) })
        _ = stimulus
        #expect(inputs == ["press select began", "press select ended"])
        #expect(frames >= 2)
        #expect(summary.identification.contains { $0.contains("select") })
    }
}
#endif
