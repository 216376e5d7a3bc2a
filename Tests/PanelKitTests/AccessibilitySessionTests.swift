import PanelCore
import PanelKit
import PanelLocale
import PanelUI
import Testing

@MainActor
@Suite("PanelRuntime: the accessibility audit, the text size and keys-only steps in a session")
struct AccessibilitySessionTests {
    private func runtime(_ arguments: [String]) throws -> PanelRuntime {
        try PanelRuntime(options: PanelAppOptions(board: "mock").applying(arguments: arguments, environment: { _ in nil })!)
    }

    @Test("--a11y-audit audits the start, each screenshot and the end, and reports a view's problem once, where it first showed")
    func auditMoments() throws {
        let runtime = try runtime(["--a11y-audit"])
        let small = Button(frame: Rect(x: 10, y: 10, width: 30, height: 30))
        runtime.window.addSubview(small)
        let report = try runtime.run(
            session: ScriptedSession(firstScreenshot: nil, lastScreenshot: nil) { script in
                script.screenshot("middle", at: 200)
            })
        #expect(report.auditedMoments == 3)
        #expect(report.accessibilityFindings.map(\.moment) == ["start", "start"])
        #expect(Set(report.accessibilityFindings.map(\.finding.kind)) == [.unlabelled, .smallTarget])
    }

    @Test("--text-size 150 sets the app's text size, and 250 is an arguments error naming the range")
    func textSizeOption() throws {
        let runtime = try runtime(["--text-size", "150"])
        runtime.startAccessibility(speech: nil)
        #expect(runtime.application.textSize == 1.5)
        #expect {
            _ = try PanelAppOptions().applying(arguments: ["--text-size", "250"], environment: { _ in nil })
        } throws: { error in
            (error as? PanelKitError)?.kind == .arguments && "\(error)".contains("100 to 200")
        }
    }

    @Test("--appearance dark and --high-contrast start the app dark in high contrast, and a style that is not one is an arguments error")
    func appearanceOptions() throws {
        let runtime = try runtime(["--appearance", "dark", "--high-contrast"])
        #expect(runtime.application.userInterfaceStyle == .dark)
        #expect(runtime.application.accessibilityContrast == .high)
        #expect {
            _ = try PanelAppOptions().applying(arguments: ["--appearance", "dusk"], environment: { _ in nil })
        } throws: { error in
            (error as? PanelKitError)?.kind == .arguments && "\(error)".contains("off-hours")
        }
    }

    @Test("--language de is the start language over the board and the environment, and a tag that is not one is an arguments error")
    func languageOption() throws {
        let runtime = try PanelRuntime(
            options: PanelAppOptions(board: "mock").applying(arguments: ["--language", "de"], environment: { $0 == "LANG" ? "zh_CN.UTF-8" : nil })!)
        #expect(runtime.startLanguage.code == "de")
        #expect {
            _ = try PanelAppOptions().applying(arguments: ["--language", "deutsch"], environment: { _ in nil })
        } throws: { error in
            (error as? PanelKitError)?.kind == .arguments && "\(error)".contains("de_AT")
        }
    }

    @Test("translations without a catalog for the start language leave the app in its source strings")
    func translationsWithoutCatalog() throws {
        let runtime = try runtime(["--language", "de"])
        runtime.useTranslations(TranslationCatalogs(domain: "absent", directory: "/nonexistent/locale"))
        #expect(runtime.application.language == .english)
        #expect(runtime.application.translator.localized("Sign in") == "Sign in")
    }

    @Test("a keys-only step finds its element when its turn comes: a button the step before showed is reached and pressed")
    func stepsInTurn() throws {
        let runtime = try runtime(["--screen-reader"])
        let first = OneButton(in: runtime.window)
        let second = Button(frame: Rect(x: 100, y: 300, width: 200, height: 80))
        second.setTitle("Then", for: .normal)
        second.isHidden = true
        var secondTaps = 0
        second.addAction(.closure("then") { _, _ in secondTaps += 1 }, for: .touchUpInside)
        first.button.addAction(.closure("show") { _, _ in second.isHidden = false }, for: .touchUpInside)
        runtime.window.addSubview(second)
        runtime.startAccessibility(speech: nil)
        let report = try runtime.run(
            session: ScriptedSession(firstScreenshot: nil, lastScreenshot: nil) { script in
                script.activateByKeys("Go") { first.button }
                script.activateByKeys("Then") { second }
            })
        #expect(first.taps == 1)
        #expect(secondTaps == 1)
        #expect(report.spoken.contains("Then, button"))
    }

    @Test("a keys-only step whose element never shows fails the session, naming it")
    func missingStep() throws {
        let runtime = try runtime(["--screen-reader"])
        let hidden = Button(frame: Rect(x: 100, y: 300, width: 200, height: 80))
        hidden.isHidden = true
        runtime.window.addSubview(hidden)
        runtime.startAccessibility(speech: nil)
        #expect {
            _ = try runtime.run(
                session: ScriptedSession(firstScreenshot: nil, lastScreenshot: nil) { script in
                    script.activateByKeys("the hidden button") { hidden }
                })
        } throws: { error in
            "\(error)".contains("never reaches the hidden button")
        }
    }
}
