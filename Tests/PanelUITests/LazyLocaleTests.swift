import PanelBench
import PanelCore
import PanelLocale
import Testing

@testable import PanelUI

/// An app switched to `languages` one after another, each with a catalog (German's text) in a
/// folder of its own, so that the translator keeps each language in force.
@MainActor
private func app(switchedTo languages: [String]) throws -> Application {
    let catalogs = try Catalogs(Dictionary(languages.map { ($0, lazyLocaleCatalog) }, uniquingKeysWith: { first, _ in first }))
    let app = Application(clock: ManualClock())
    app.translator = Translator(domain: catalogs.domain, directory: catalogs.directory)
    for code in languages { app.setLanguage(Language(parsing: code)!) }
    return app
}

private let lazyLocaleCatalog = """
    msgid ""
    msgstr ""
    "Content-Type: text/plain; charset=UTF-8\\n"

    msgid "Sign in"
    msgstr "Anmelden"
    """

@Suite("The app's locale is read from glibc when first asked for, not when the language changes")
@MainActor
struct LazyLocaleTests {
    @Test("a language switch reads no locale until something asks for one")
    func notReadOnSwitch() throws {
        let app = try app(switchedTo: ["de"])
        #expect(app.languageState.localePending)
        #expect(app.locale.identifier == "de_DE.UTF-8")
        #expect(!app.languageState.localePending)
    }

    @Test("two switches before a read give the later language's locale")
    func laterSwitchWins() throws {
        let app = try app(switchedTo: ["zh", "de"])
        #expect(app.locale.identifier == "de_DE.UTF-8")
    }

    @Test("a language glibc has no locale for shows English, in English's conventions")
    func uninstalledIsEnglish() throws {
        // A catalog for French, but no fr_FR locale on the test machine (scripts/setup
        // generates de_DE, en_US, ar_EG, he_IL and zh_CN).
        let app = try app(switchedTo: ["de", "fr"])
        #expect(app.language == .english)
        #expect(app.locale.identifier == "en_US.UTF-8")
    }

    @Test("the language switched back to comes first again, though it was switched to before")
    func switchedBackToWins() throws {
        let app = try app(switchedTo: ["de", "zh", "de"])
        #expect(app.locale.identifier == "de_DE.UTF-8")
    }
}
