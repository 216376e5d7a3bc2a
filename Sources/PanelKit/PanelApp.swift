import Logging
import PanelGraphics
import PanelLinuxPlatform
public import PanelUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A whole kiosk app in one call: a board and a root view controller.
///
/// ```swift
/// PanelApp.main(board: "mock") { ThermostatController() }
/// ```
///
/// The board is a built-in name (`mock`, `raspberrypi-gt911-7inch`, …) or a path to a board
/// file; `PANELKIT_BOARD` overrides it and `--board` overrides both (``PanelAppOptions``). On a
/// mock board (or with `--headless`) the app runs headless on the emulated controller: it plays
/// `session` if there is one (writing PNGs to `--output`) and exits 0 when the session's checks
/// pass. On a real board it runs the drivers, the framebuffer and the run loop until SIGINT or
/// SIGTERM and exits 0. With `--simulator` (in a build with the `Simulator` trait) it opens the
/// board's screen in a desktop window until the window is closed.
/// Any failure prints one line, the cause and the fix, and exits 1 (2 for a bad command line).
public enum PanelApp {
    /// Runs the app with `rootViewController()` filling the window, and exits. `platform` makes
    /// a backend of the app's own (default: PanelKit's, as the board chooses); `speech` makes
    /// the screen reader's voice from the board's `accessibility` settings (PanelSpeech's
    /// `{ try ESpeakOutput(configuration: $0) }`; default none: a reader shows its outline only);
    /// `translations` are the app's gettext catalogs, in the language the board, `--language`
    /// or the environment chooses (``PanelRuntime/useTranslations(_:)``).
    @MainActor
    public static func main(
        board: String = "mock", session: ScriptedSession? = nil, platform: PlatformFactory? = nil, speech: SpeechFactory? = nil,
        translations: TranslationCatalogs? = nil, rootViewController: @MainActor () -> ViewController
    ) -> Never {
        exit(
            run(
                arguments: Array(CommandLine.arguments.dropFirst()), options: PanelAppOptions(board: board), session: session, platform: platform,
                speech: speech, translations: translations
            ) { window in
                window.rootViewController = rootViewController()
            })
    }

    /// Runs the app with a window that `buildWindow` fills, and exits. `platform` makes a
    /// backend of the app's own (default: PanelKit's, as the board chooses); `speech` the
    /// screen reader's voice; `translations` the app's catalogs.
    @MainActor
    public static func main(
        board: String = "mock", session: ScriptedSession? = nil, platform: PlatformFactory? = nil, speech: SpeechFactory? = nil,
        translations: TranslationCatalogs? = nil, buildWindow: @MainActor (Window) -> Void
    ) -> Never {
        exit(
            run(
                arguments: Array(CommandLine.arguments.dropFirst()), options: PanelAppOptions(board: board), session: session, platform: platform,
                speech: speech, translations: translations, buildWindow: buildWindow))
    }

    /// The app's whole run without the exit: parses `arguments` over `options`, brings the
    /// board up (on the platform `platform` makes, if given), builds the window, gives it its
    /// voice (``PanelRuntime/startAccessibility(speech:)``) and runs it. What a mock board's
    /// screen reader said is printed, one `said:` line each.
    /// Returns the exit status (0 done, 1 failed, 2 bad command line); messages go to standard
    /// output and errors to standard error.
    @MainActor
    public static func run(
        arguments: [String], options: PanelAppOptions, session: ScriptedSession? = nil, platform: PlatformFactory? = nil,
        speech: SpeechFactory? = nil, translations: TranslationCatalogs? = nil,
        environment: (String) -> String? = PanelAppOptions.processEnvironment, buildWindow: @MainActor (Window) -> Void
    ) -> Int32 {
        let resolved: PanelAppOptions
        do {
            guard let parsed = try options.applying(arguments: arguments, environment: environment) else {
                print(PanelAppOptions.usage)
                return 0
            }
            resolved = parsed
        } catch {
            printError("error: \(error)")
            return 2
        }
        let logger = Logger.panelKit()
        // The app's mistakes that PanelKit ignored go to the journal with the rest.
        UsageWarning.handler = { warning in logger.subsystem("app").warning("\(warning)") }
        do {
            let runtime = try PanelRuntime(options: resolved, logger: logger, platform: platform)
            if resolved.accessibilityAudit && !(runtime.platform is any SessionPlayer) {
                printError("error: --a11y-audit audits a headless session: run it on a mock board, or add --headless")
                return 2
            }
            if let translations { runtime.useTranslations(translations) }
            buildWindow(runtime.window)
            runtime.startAccessibility(speech: speech)
            let report = try runtime.run(session: session)
            for line in report.spoken { print("said: \(line)") }
            if resolved.accessibilityAudit {
                for (moment, finding) in report.accessibilityFindings { print("a11y-audit: at \(moment): \(finding)") }
                let count = report.accessibilityFindings.count
                print("a11y-audit: \(report.auditedMoments) moments audited, \(count == 0 ? "no findings" : count == 1 ? "1 finding" : "\(count) findings")")
                if count > 0 { return 1 }
            }
            if let signal = report.stoppedBySignal {
                print("\(runtime.board.name): stopped by signal \(signal) (the session was cut short; its touches and presses were cancelled)")
            } else if runtime.platform is any SessionPlayer && !resolved.exitAfterFirstFrame {
                let shots = report.screenshots.isEmpty ? "" : "; screenshots in \(resolved.output ?? "."): \(report.screenshots.joined(separator: ", "))"
                print("\(runtime.board.name): \(report.statistics.framesEmitted) touch frames, \(report.framesDrawn) frames drawn\(shots)")
            }
            return 0
        } catch {
            printError("error: \(error)")
            return 1
        }
    }

    static func printError(_ text: String) {
        var line = text + "\n"
        line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
}
