#if Simulator
import CSDL2
import Glibc
import PanelCore
import PanelGraphics
import PanelPlatform
import PanelSimulator
import PanelUI
import Testing

/// Counts touches and presses as they begin, end and are cancelled.
@MainActor
final class InputCountingView: View {
    var touchesBegan = 0, touchesEnded = 0, touchesCancelled = 0
    var pressesBegan = 0, pressesEnded = 0, pressesCancelled = 0
    override var canBecomeFirstResponder: Bool { true }
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { touchesBegan += touches.count }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { touchesEnded += touches.count }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { touchesCancelled += touches.count }
    override func pressesBegan(_ presses: Set<Press>, with event: Event?) { pressesBegan += presses.count }
    override func pressesEnded(_ presses: Set<Press>, with event: Event?) { pressesEnded += presses.count }
    override func pressesCancelled(_ presses: Set<Press>, with event: Event?) { pressesCancelled += presses.count }
}

/// SIGTERM or SIGINT to an app in the simulator stops it as on a real board: the mouse finger
/// and the key held down are cancelled once each and the run returns. In a child process.
@Suite("A clean stop in the simulator")
struct SimulatorTerminationTests {
    @Test("SIGTERM in the simulator cancels the mouse finger and the key held down, once each, and the run returns")
    func sigterm() async {
        await #expect(processExitsWith: .success) {
            let stopped = await MainActor.run { runSimulatorUntilSignal(SIGTERM) }
            exit(stopped ? 0 : 1)
        }
    }

    @Test("SIGINT in the simulator stops it the same way")
    func sigint() async {
        await #expect(processExitsWith: .success) {
            let stopped = await MainActor.run { runSimulatorUntilSignal(SIGINT) }
            exit(stopped ? 0 : 1)
        }
    }
}

/// The simulator with a mouse button and the up arrow held; 200 ms in, the app sends itself
/// `signal`. True when the run returned and each input began once and was cancelled once.
/// The environment asks SDL not to catch signals, as a user's shell might: the simulator
/// catches them all the same.
@MainActor
func runSimulatorUntilSignal(_ signal: Int32) -> Bool {
    setenv("SDL_NO_SIGNAL_HANDLERS", "1", 1)
    guard let platform = try? offscreenSimulator() else { return false }
    let app = Application(clock: platform.clock, eventQueue: platform.eventQueue)
    app.display = Display(framebuffer: platform.framebuffer)
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 240))
    app.addWindow(window)
    window.makeKeyAndVisible()
    let view = InputCountingView(frame: window.bounds)
    window.addSubview(view)
    _ = view.becomeFirstResponder()
    pushMouseButton(down: true, x: 50, y: 50)
    pushKey(SDLK_UP, down: true)
    _ = try? app.scheduleTimer(after: .milliseconds(200)) { _ in kill(getpid(), signal) }
    guard (try? platform.run(app)) != nil else { return false }
    return view.touchesBegan == 1 && view.touchesCancelled == 1 && view.touchesEnded == 0
        && view.pressesBegan == 1 && view.pressesCancelled == 1 && view.pressesEnded == 0
}
#endif
