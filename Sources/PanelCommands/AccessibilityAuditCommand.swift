import ArgumentParser
import PanelKit

#if os(Linux)
import Glibc
#endif

/// `panelctl a11y-audit`: the accessibility audit over a headless session: the demo's, or
/// another PanelKit app's (`--app`, which runs that app with `--a11y-audit`).
struct AccessibilityAuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "a11y-audit",
        abstract: "Audit an app's screens for accessibility: unlabelled controls, small targets, faint text, unreachable controls.",
        discussion: """
            Plays the app's scripted session on a mock board and audits what the screen shows at the \
            start, at each screenshot and at the end: controls a screen reader cannot name, touch \
            targets under 44×44 points, text under WCAG's 4.5:1 contrast (3:1 from 24 px), and controls \
            a screen reader never reaches. Each finding is one line naming the view, where it is, the \
            measurement and the fix; any finding exits 1. Without --app the demo is audited; with \
            --app PATH that PanelKit app is run with --a11y-audit and the arguments after --.
            """)

    @OptionGroup var options: BoardOptions

    @Option(help: ArgumentHelp("A PanelKit app's executable to audit instead of the demo (it is run with --a11y-audit).", valueName: "path"))
    var app: String?

    @Argument(parsing: .postTerminator, help: ArgumentHelp("Arguments for the app after --.", valueName: "arguments"))
    var arguments: [String] = []

    func run() throws {
        if let app {
            try execute(app)
        }
        try MainActor.assumeIsolated { () throws in try auditDemo() }
    }

    @MainActor
    private func auditDemo() throws(CommandFailure) {
        var appOptions = PanelAppOptions(board: options.board, configDirectory: options.configDirectory)
        appOptions.fonts = demoFonts()
        appOptions.accessibilityAudit = true
        let runtime = try PanelRuntime(options: appOptions, logger: Console.current.logger)
        guard runtime.platform is HeadlessPlatform else {
            throw CommandFailure("a11y-audit plays the demo's session headless: use a mock board (--board mock)")
        }
        runtime.useTranslations(demoTranslations())
        let demo = DemoApp(window: runtime.window, boardName: runtime.board.name, boardModel: runtime.board.model, fonts: runtime.application.fontFamily)
        defer { withExtendedLifetime(demo) {} }
        let report = try runtime.run(session: DemoSession(runtime: runtime, demo: demo).session())
        for (moment, finding) in report.accessibilityFindings { say("at \(moment): \(finding)") }
        let count = report.accessibilityFindings.count
        guard count == 0 else { throw CommandFailure("the demo has \(count) accessibility finding\(count == 1 ? "" : "s")") }
        say("a11y-audit: the demo's \(report.auditedMoments) moments audited, no findings")
    }

    /// Replaces this process with `app --a11y-audit --board … arguments`; returns only by throwing.
    private func execute(_ app: String) throws(CommandFailure) {
        #if os(Linux)
        guard access(app, X_OK) == 0 else { throw CommandFailure("\(app): not an executable file; build the app first (swift build) and give its path") }
        var argv = [app, "--a11y-audit", "--board", options.board]
        if let directory = options.configDirectory { argv += ["--config-dir", directory] }
        argv += arguments
        var pointers = argv.map { strdup($0) } + [nil]
        execv(app, &pointers)
        let reason = String(cString: strerror(errno))
        for pointer in pointers { free(pointer) }
        throw CommandFailure("\(app): cannot run it (\(reason))")
        #else
        throw CommandFailure("--app needs Linux")
        #endif
    }
}
