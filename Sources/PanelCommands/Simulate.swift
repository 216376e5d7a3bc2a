import ArgumentParser
import PanelCore
import PanelKit
import PanelUI

/// `panelctl simulate`: the kiosk screen of a board in a desktop window.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the kiosk demo in a desktop window at a board's resolution and rotation (SDL2).",
        discussion: """
            The mouse is one finger; Alt-drag is two fingers mirrored about the window's centre (pinch, \
            rotate); Shift+Alt-drag moves two fingers together. Arrows, Return (select), Escape (menu) and \
            Space (play/pause) are presses; Ctrl+Z shakes; Ctrl+S writes a PNG of the window into --output. \
            Every action is printed as it happens. Closing the window (or Ctrl-C) ends it. Needs a display \
            (or xvfb-run) and a build with the Simulator trait: scripts/simulate does both.
            """)

    @OptionGroup var options: BoardOptions

    @Option(help: ArgumentHelp("Window pixels per UI point: 1 or 2 (default: 2 for panels no larger than 480).", valueName: "1|2"))
    var scale: Int?

    @Option(help: ArgumentHelp("Where Ctrl+S writes screenshots.", valueName: "dir"))
    var output = "."

    @Option(help: ArgumentHelp("Close the window after this many seconds (default: when you close it).", valueName: "seconds"))
    var duration: Double?

    func validate() throws {
        if let scale, scale != 1 && scale != 2 { throw ValidationError("--scale \(scale): give 1 or 2") }
        if let duration, !(duration > 0 && duration <= 31_536_000) { throw ValidationError("--duration \(duration): give seconds between 0 and 31536000") }
    }

    func run() throws {
        try MainActor.assumeIsolated { () throws in try runOnMain() }
    }

    /// The simulator's options, with the environment a kiosk unit gives an app applied (remote
    /// support's `PANELKIT_REMOTE…`, the metrics' `PANELKIT_METRICS`); the board stays this
    /// command's. A malformed variable is an error naming it.
    func appOptions(environment: (String) -> String? = PanelAppOptions.processEnvironment) throws(PanelKitError) -> PanelAppOptions {
        let own = PanelAppOptions(board: options.board, output: output, duration: duration, configDirectory: options.configDirectory)
        var applied = try own.applying(arguments: [], environment: environment) ?? own
        applied.board = own.board
        applied.platform = .simulator
        applied.scale = scale
        return applied
    }

    @MainActor
    private func runOnMain() throws(CommandFailure) {
        var appOptions: PanelAppOptions
        do { appOptions = try self.appOptions() } catch { throw CommandFailure("\(error)") }
        appOptions.fonts = demoFonts()
        let runtime: PanelRuntime
        do { runtime = try PanelRuntime(options: appOptions, logger: Console.current.logger) } catch { throw CommandFailure("\(error)") }
        runtime.useTranslations(demoTranslations())
        let demo = DemoApp(window: runtime.window, boardName: runtime.board.name, boardModel: runtime.board.model, fonts: runtime.application.fontFamily)
        let screen = demo.screen
        defer { withExtendedLifetime(demo) {} }
        _ = screen.root.becomeFirstResponder()
        let clock = runtime.application.clock
        let start = clock.now
        let app = runtime.application
        screen.now = { Double((clock.now - start).nanoseconds) / 1_000_000 }
        screen.measureLatency = { app.lastFrameTimestamp.map { clock.now - $0 } }
        screen.onLog = { say(line(for: $0)) }
        say("simulating \(runtime.board.name): \(runtime.board.model)")
        do { try runtime.run() } catch { throw CommandFailure("\(error)") }
        say("count \(screen.count), slider \(Int((screen.slider.value * 100).rounded())) %, zoom \(screen.canvas.zoom.fixed(2))×")
    }
}
