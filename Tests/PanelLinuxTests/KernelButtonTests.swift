#if os(Linux)
import Glibc
import Logging
import PanelControllers
import PanelLinuxPlatform
import Testing
import PanelBoards
import PanelCore
import PanelKit
import PanelPlatform
import PanelUI
@testable import PanelLinux

@Suite("GPIO buttons on the kernel (gpio-sim)", .enabled(if: Testbed.isAvailable), .serialized)
@MainActor
struct KernelButtonTests {
    /// Line 5 of the testbed's gpio-sim chip, active high, as a select button.
    private func board(mode: String = "eager", extra: String = "") throws -> Board {
        var board = try Board(json: minimalEvdevBoard, path: "boards/buttons.json", name: "buttons", controllers: .standard)
        board.buttons = try Board(
            json: minimalEvdevBoard.replacing(
                "{\"model\"",
                with:
                    "{\"buttons\": [{\"pin\": {\"chip\": \"\(Testbed.gpioChip)\", \"line\": 5}, \"press\": \"select\", \"debounce\": \"\(mode)\"\(extra)}], \"model\""
            ),
            path: "boards/buttons.json", name: "buttons", controllers: .standard
        ).buttons
        return board
    }

    private func setUp(mode: String = "eager", extra: String = "") throws -> (AppLoop, LiveButtons, KeyLog, Application) {
        Testbed.pull(5, up: false)
        let (app, window) = makeApplication(queue: nil, width: 800, height: 480)
        let recorder = KeyLog(frame: window.bounds)
        window.addSubview(recorder)
        _ = recorder.becomeFirstResponder()
        let loop = try AppLoop(application: app)
        let buttons = try LiveButtons(board: try board(mode: mode, extra: extra), logger: .silent)
        try buttons.start(on: loop.loop, client: app)
        Testbed.waitForEdgeDetection(5)
        return (loop, buttons, recorder, app)
    }

    private func runFor(_ loop: AppLoop, milliseconds: Int64) {
        let end = Testbed.now() + .milliseconds(milliseconds)
        while Testbed.now() < end { loop.turn(timeout: .milliseconds(10)) }
    }

    /// Contacts bouncing: `count` alternating levels written as fast as sysfs takes them,
    /// ending at `up`.
    private func bounce(to up: Bool, count: Int = 9) {
        for i in 0 ..< count { Testbed.pull(5, up: (count - 1 - i) % 2 == 0 ? up : !up) }
    }

    @Test("a bouncing push and release are exactly one select press that begins and ends")
    func bouncingPushIsOnePress() throws {
        let (loop, buttons, recorder, app) = try setUp()
        defer { buttons.stop(runLoop: loop.loop, client: app) }
        bounce(to: true)
        runFor(loop, milliseconds: 200)
        bounce(to: false)
        runFor(loop, milliseconds: 200)
        #expect(recorder.entries == ["select began", "select ended"])
        #expect(buttons.buttons[0].edgeCount >= 2)
    }

    @Test("deferred debounce reports the push once the level has held")
    func deferredPush() throws {
        let (loop, buttons, recorder, app) = try setUp(mode: "deferred")
        defer { buttons.stop(runLoop: loop.loop, client: app) }
        bounce(to: true)
        runFor(loop, milliseconds: 200)
        #expect(recorder.entries == ["select began"])
        Testbed.pull(5, up: false)
        runFor(loop, milliseconds: 200)
        #expect(recorder.entries == ["select began", "select ended"])
    }

    @Test("a button held past its long-press time is cancelled and becomes the long press, which the release ends")
    func longPressOnKernel() throws {
        let (loop, buttons, recorder, app) = try setUp(extra: ", \"long-press\": {\"after-ms\": 300, \"press\": \"menu\"}")
        defer { buttons.stop(runLoop: loop.loop, client: app) }
        Testbed.pull(5, up: true)
        runFor(loop, milliseconds: 500)
        Testbed.pull(5, up: false)
        runFor(loop, milliseconds: 100)
        #expect(recorder.entries == ["select began", "select cancelled", "menu began", "menu ended"])
    }

    @Test("a repeating button held begins again every interval after its delay, and ends once released")
    func repeatOnKernel() throws {
        let (loop, buttons, recorder, app) = try setUp(extra: ", \"repeat\": {\"delay-ms\": 200, \"interval-ms\": 100}")
        defer { buttons.stop(runLoop: loop.loop, client: app) }
        Testbed.pull(5, up: true)
        runFor(loop, milliseconds: 550)
        Testbed.pull(5, up: false)
        runFor(loop, milliseconds: 100)
        let begins = recorder.entries.filter { $0 == "select began" }.count
        // 0, 200, 300, 400, 500 ms: five; fewer only when an emulator wakes late (a late
        // wake-up repeats once, never in a burst).
        #expect((3 ... 5).contains(begins))
        #expect(recorder.entries.filter { $0 == "select ended" }.count == begins)
        #expect(recorder.entries.last == "select ended")
    }

    @Test("a button held when the app stops is cancelled, once")
    func heldButtonCancelledOnStop() throws {
        let (loop, buttons, recorder, app) = try setUp()
        Testbed.pull(5, up: true)
        runFor(loop, milliseconds: 100)
        buttons.stop(runLoop: loop.loop, client: app)
        buttons.stop(runLoop: loop.loop, client: app)
        #expect(recorder.entries == ["select began", "select cancelled"])
        Testbed.pull(5, up: false)
    }

    @Test("a button line another program holds is an error naming the line and its consumer")
    func lineInUse() throws {
        let holder = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(5), activeLow: false, direction: .input(edges: .none, bias: .asIs))
        defer { _ = holder }
        #expect {
            _ = try LiveButtons(board: try board(), logger: .silent)
        } throws: { error in
            guard let error = error as? PanelKitError else { return false }
            return error.kind == .keys && error.description.contains("buttons[0]") && error.description.contains("panelkit")
        }
    }
}
#endif

#if os(Linux)
/// A run-loop client that records the platform's inputs.
@MainActor
final class InputRecorder: RunLoopClient {
    let eventQueue: EventQueue? = nil
    let clock: any MonotonicClock = SystemClock()
    var nextTimerDeadline: MonotonicInstant? { nil }
    var inputs: [DeviceInput] = []
    func runOnce() {}
    func handle(_ input: DeviceInput) { inputs.append(input) }
    func cancelAllTouches() {}
    /// The detents delivered, summed.
    var detents: Int {
        inputs.reduce(0) { sum, input in
            if case .rotation(let n, _) = input { return sum + n }
            return sum
        }
    }
}

@Suite("A rotary encoder on the kernel (gpio-sim lines 6 and 7)", .enabled(if: Testbed.isAvailable), .serialized)
@MainActor
struct KernelEncoderTests {
    @Test("ten detents clockwise with bouncing contacts, then five back, are +10 and -5, none lost, none backwards")
    func detentsWithBounce() throws {
        Testbed.pull(6, up: false)
        Testbed.pull(7, up: false)
        var board = try Board(json: minimalEvdevBoard, path: "boards/encoder.json", name: "encoder", controllers: .standard)
        board.encoders = [
            Board.Encoder(a: Board.Pin(chip: Testbed.gpioChip, line: .offset(6)), b: Board.Pin(chip: Testbed.gpioChip, line: .offset(7)))
        ]
        let recorder = InputRecorder()
        let loop = try AppLoop(queueSignal: nil, clock: SystemClock())
        let inputs = try LiveButtons(board: board, logger: .silent)
        try inputs.start(on: loop.loop, client: recorder)
        defer { inputs.stop(runLoop: loop.loop, client: recorder) }
        Testbed.waitForEdgeDetection(6)
        Testbed.waitForEdgeDetection(7)

        // Clockwise Gray sequence from 00: B rises, A rises, B falls, A falls.
        let clockwise: [(line: Int, up: Bool)] = [(7, true), (6, true), (7, false), (6, false)]
        for detent in 0 ..< 10 {
            for (k, step) in clockwise.enumerated() {
                Testbed.pull(step.line, up: step.up)
                if (detent + k) % 3 == 0 {  // a bounce on this contact
                    Testbed.pull(step.line, up: !step.up)
                    Testbed.pull(step.line, up: step.up)
                }
            }
            loop.wait(until: nil, timeout: .milliseconds(5))
        }
        let deadline = Testbed.now() + .milliseconds(3000)
        while recorder.detents < 10 && Testbed.now() < deadline { loop.wait(until: nil, timeout: .milliseconds(50)) }
        #expect(recorder.detents == 10)
        #expect(!recorder.inputs.contains { if case .rotation(let n, _) = $0 { n < 0 } else { false } })

        for _ in 0 ..< 5 {
            for step in clockwise.reversed() { Testbed.pull(step.line, up: !step.up) }
        }
        let back = Testbed.now() + .milliseconds(3000)
        while recorder.detents > 5 && Testbed.now() < back { loop.wait(until: nil, timeout: .milliseconds(50)) }
        for _ in 0 ..< 5 { loop.wait(until: nil, timeout: .milliseconds(20)) }
        #expect(recorder.detents == 5)
    }
}
#endif
