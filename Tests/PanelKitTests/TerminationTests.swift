#if os(Linux)
import Glibc
import PanelBench
import PanelCore
import PanelKit
import PanelUI
import Testing

/// Counts the touches calls it gets.
@MainActor
final class TouchCountingView: View {
    var began = 0, ended = 0, cancelled = 0
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { began += touches.count }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { ended += touches.count }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { cancelled += touches.count }
}

/// SIGTERM or SIGINT stops a headless app on a mock board as on a real board: between two
/// steps, every touch and press that began cancelled exactly once, exit status 0. Each runs in
/// a child process (an exit test), where the signal is real.
@Suite("A clean stop on a mock board")
struct HeadlessTerminationTests {
    @Test("SIGTERM during a headless session cancels the finger that is down, once, and the run returns normally")
    func sigtermCancelsTouch() async {
        await #expect(processExitsWith: .success) {
            let stopped = await MainActor.run { runHeadlessSession(signal: SIGTERM) }
            exit(stopped ? 0 : 1)
        }
    }

    @Test("SIGINT during a headless session stops it the same way")
    func sigintCancelsTouch() async {
        await #expect(processExitsWith: .success) {
            let stopped = await MainActor.run { runHeadlessSession(signal: SIGINT) }
            exit(stopped ? 0 : 1)
        }
    }
}

/// A session whose finger stays down for an hour of virtual time; half a second in, the app
/// sends itself `signal` (as `kill` from a shell would). True when the run returned, said which
/// signal stopped it, and the view saw the finger begin and be cancelled, once each.
@MainActor
func runHeadlessSession(signal: Int32) -> Bool {
    guard let runtime = try? PanelRuntime(options: PanelAppOptions(board: "mock")) else { return false }
    let view = TouchCountingView(frame: runtime.window.bounds)
    runtime.window.addSubview(view)
    let app = runtime.application
    _ = try? app.scheduleTimer(after: .milliseconds(500)) { _ in kill(getpid(), signal) }
    let session = ScriptedSession(firstScreenshot: nil, lastScreenshot: nil) { script in
        script.add { $0.down(at: Point(x: 100, y: 100), after: .milliseconds(100)).hold(for: .milliseconds(3_600_000)).lift() }
    }
    guard let report = try? runtime.run(session: session) else { return false }
    return report.stoppedBySignal == signal && view.began == 1 && view.cancelled == 1 && view.ended == 0
}
#endif
