import Glibc
import PanelBench
import PanelCore
import PanelGraphics
import PanelLocale
import PanelUI
import Testing

/// A folder of catalogs compiled from `.po` texts by Debian's msgfmt (scripts/setup installs
/// gettext), under a fresh temporary directory, in a domain of its own: glibc binds a domain to
/// one directory per process, and the tests run side by side.
final class Catalogs {
    let directory: String
    let domain: String

    init(_ sources: [String: String]) throws {
        var template = Array("/tmp/panelkit-catalogs.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CatalogSetupError("mkdtemp failed") }
        directory = String(cString: made)
        domain = "test-" + directory.split(separator: ".").last.map(String.init)!
        for (language, po) in sources {
            let folder = "\(directory)/\(language)/LC_MESSAGES"
            guard system("mkdir -p '\(folder)'") == 0 else { throw CatalogSetupError("mkdir \(folder) failed") }
            let poPath = "\(directory)/\(language).po"
            guard let file = fopen(poPath, "w") else { throw CatalogSetupError("cannot write \(poPath)") }
            fputs(po, file)
            fclose(file)
            guard system("msgfmt --check -o '\(folder)/\(domain).mo' '\(poPath)' 2>/dev/null") == 0 else {
                throw CatalogSetupError("msgfmt failed on \(poPath): install Debian's gettext (scripts/setup)")
            }
        }
    }

    deinit { _ = system("rm -rf '\(directory)'") }
}

struct CatalogSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An app with a 320×240 window whose translator reads `catalogs`.
@MainActor
private func translatedApp(_ catalogs: Catalogs) -> (Application, Window) {
    let app = Application(clock: ManualClock())
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 240))
    app.addWindow(window)
    app.translator = Translator(domain: catalogs.domain, directory: catalogs.directory)
    return (app, window)
}

private let header = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"

private let german =
    header + """
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

        msgid "Sign in"
        msgstr "Anmelden"

        msgctxt "verb"
        msgid "Open"
        msgstr "Öffnen"

        msgctxt "state"
        msgid "Open"
        msgstr "Geöffnet"

        msgid "%d ticket"
        msgid_plural "%d tickets"
        msgstr[0] "%d Karte"
        msgstr[1] "%d Karten"

        """

private let chinese =
    header + """
        "Plural-Forms: nplurals=1; plural=0;\\n"

        msgid "Sign in"
        msgstr "登录"

        msgid "%d ticket"
        msgid_plural "%d tickets"
        msgstr[0] "%d 张票"

        """

@Suite("Translations: an app's strings from GNU gettext catalogs, switched at run time")
@MainActor
struct TranslationTests {
    @Test("a string is looked up in the language's compiled catalog")
    func translated() throws {
        let catalogs = try Catalogs(["de": german])
        let translator = Translator(domain: catalogs.domain, directory: catalogs.directory)
        #expect(translator.use(Language(parsing: "de")!) == nil)
        #expect(translator.localized("Sign in") == "Anmelden")
        #expect(translator.localized("Not in the catalog") == "Not in the catalog")
    }

    @Test("a number is put in a translated message, and %% stands for a percent sign")
    func numberInMessage() throws {
        let catalogs = try Catalogs(["de": german + "\nmsgid \"Level %d %%\"\nmsgstr \"Pegel %d %%\"\n"])
        let translator = Translator(domain: catalogs.domain, directory: catalogs.directory)
        #expect(translator.localized("Level %d %%", number: 25) == "Level 25 %")
        translator.use(Language(parsing: "de")!)
        #expect(translator.localized("Level %d %%", number: 25) == "Pegel 25 %")
    }

    @Test("a message is read left to right as printf reads it: %%d is a literal %d, and a lone % at the end stays")
    func percentReadLeftToRight() {
        let translator = Translator(domain: "panelkit-none", directory: "/nonexistent")
        #expect(translator.localized("%%d of %d, 100%", number: 7) == "%d of 7, 100%")
        #expect(translator.localized("%x%", number: 7) == "%x%")
    }

    @Test("a context picks the translation meant for it")
    func context() throws {
        let catalogs = try Catalogs(["de": german])
        let translator = Translator(domain: catalogs.domain, directory: catalogs.directory)
        translator.use(Language(parsing: "de_DE.UTF-8")!)
        #expect(translator.localized("Open", context: "verb") == "Öffnen")
        #expect(translator.localized("Open", context: "state") == "Geöffnet")
        #expect(translator.localized("Open", context: "noun") == "Open")
    }

    @Test("plural forms follow each catalog's rule: two in German, one in Chinese, English's without a catalog")
    func plurals() throws {
        let catalogs = try Catalogs(["de": german, "zh": chinese])
        let translator = Translator(domain: catalogs.domain, directory: catalogs.directory)
        #expect(translator.localized("%d ticket", plural: "%d tickets", count: 1) == "1 ticket")
        #expect(translator.localized("%d ticket", plural: "%d tickets", count: 3) == "3 tickets")
        translator.use(Language(parsing: "de")!)
        #expect(translator.localized("%d ticket", plural: "%d tickets", count: 1) == "1 Karte")
        #expect(translator.localized("%d ticket", plural: "%d tickets", count: 5) == "5 Karten")
        translator.use(Language(parsing: "zh")!)
        #expect(translator.localized("%d ticket", plural: "%d tickets", count: 1) == "1 张票")
        #expect(translator.localized("%d ticket", plural: "%d tickets", count: 7) == "7 张票")
    }

    @Test("a language with no catalog shows the source strings, and the issue names the paths searched")
    func missingCatalog() throws {
        let catalogs = try Catalogs(["de": german])
        let translator = Translator(domain: catalogs.domain, directory: catalogs.directory)
        translator.use(Language(parsing: "de")!)
        let issue = translator.use(Language(parsing: "fr_CA")!)
        #expect(translator.language == .english)
        #expect(translator.localized("Sign in") == "Sign in")
        guard case .noCatalog(_, let searched) = issue else {
            Issue.record("expected noCatalog, got \(String(describing: issue))")
            return
        }
        #expect(searched == ["\(catalogs.directory)/fr_CA/LC_MESSAGES/\(catalogs.domain).mo", "\(catalogs.directory)/fr/LC_MESSAGES/\(catalogs.domain).mo"])
    }

    @Test("a truncated catalog shows the source strings, and the issue names the file")
    func brokenCatalog() throws {
        let catalogs = try Catalogs(["de": german])
        let path = "\(catalogs.directory)/de/LC_MESSAGES/\(catalogs.domain).mo"
        #expect(truncate(path, 40) == 0)
        let translator = Translator(domain: catalogs.domain, directory: catalogs.directory)
        let issue = translator.use(Language(parsing: "de")!)
        guard case .brokenCatalog(let named, _) = issue else {
            Issue.record("expected brokenCatalog, got \(String(describing: issue))")
            return
        }
        #expect(named == path)
        #expect("\(issue!)".contains("msgfmt"))
        #expect(translator.localized("Sign in") == "Sign in")
    }

    @Test("a file that is not a catalog at all is named as such")
    func notACatalog() throws {
        let catalogs = try Catalogs(["de": german])
        let path = "\(catalogs.directory)/de/LC_MESSAGES/\(catalogs.domain).mo"
        #expect(system("cp '\(catalogs.directory)/de.po' '\(path)'") == 0)
        let translator = Translator(domain: catalogs.domain, directory: catalogs.directory)
        #expect(translator.use(Language(parsing: "de")!).map { "\($0)".contains("not a compiled gettext catalog") } == true)
    }

    @Test("every cut of a sound catalog is reported as broken, never read past its end")
    func everyTruncation() throws {
        let catalogs = try Catalogs(["de": german])
        let path = "\(catalogs.directory)/de/LC_MESSAGES/\(catalogs.domain).mo"
        guard let file = fopen(path, "rb") else { throw CatalogSetupError("cannot read \(path)") }
        var bytes: [UInt8] = []
        while true {
            let c = fgetc(file)
            if c == EOF { break }
            bytes.append(UInt8(c))
        }
        fclose(file)
        #expect(CatalogCheck.problem(in: bytes) == nil)
        var reported = 0
        for length in 0 ..< bytes.count where CatalogCheck.problem(in: Array(bytes[..<length])) != nil { reported += 1 }
        // The tail after the last string (its NUL) may be cut without harm; everything before
        // it is caught.
        #expect(reported >= bytes.count - 2)
    }

    @Test("a language whose locale is not installed shows the source strings, and the issue says how to generate it")
    func localeMissing() throws {
        let catalogs = try Catalogs(["tlh": german])
        let translator = Translator(domain: catalogs.domain, directory: catalogs.directory)
        let issue = translator.use(Language(parsing: "tlh")!)
        #expect(issue.map { "\($0)".contains("localedef") } == true)
        #expect(translator.localized("Sign in") == "Sign in")
    }

    @Test("language names are read from tags and POSIX locale names, and C is English")
    func parsing() {
        #expect(Language(parsing: "de_AT.UTF-8")?.description == "de_AT")
        #expect(Language(parsing: "zh-cn")?.description == "zh_CN")
        #expect(Language(parsing: "C.UTF-8") == .english)
        #expect(Language(parsing: "de")?.localeIdentifiers == ["de_DE.UTF-8"])
        #expect(Language(parsing: "ar")?.localeIdentifiers == ["ar_EG.UTF-8"])
        for bad in ["", "d", "deutsch", "de_AUT_X", "1a", "de_"] { #expect(Language(parsing: bad) == nil, "\(bad)") }
    }

    @Test("the environment's language is PANELKIT_LANGUAGE, else LANGUAGE's first, else LC_ALL, LC_MESSAGES, LANG")
    func environment() {
        func language(_ variables: [String: String]) -> Language? { Language.fromEnvironment { variables[$0] } }
        #expect(language(["PANELKIT_LANGUAGE": "de", "LANG": "zh_CN.UTF-8"])?.code == "de")
        #expect(language(["LANGUAGE": "zh:en", "LANG": "de_DE.UTF-8"])?.code == "zh")
        #expect(language(["LC_MESSAGES": "ar_EG.UTF-8", "LANG": "de_DE.UTF-8"])?.code == "ar")
        #expect(language(["LANG": "de_DE.UTF-8"])?.code == "de")
        #expect(language([:]) == nil)
    }

    @Test("switching the app's language fetches the strings again and lays the windows out again")
    func appSwitch() throws {
        let catalogs = try Catalogs(["de": german])
        let (app, window) = translatedApp(catalogs)
        let label = Label()
        window.addSubview(label)
        label.applyLanguage { label, strings in label.text = strings.localized("Sign in") }
        window.makeKeyAndVisible()
        app.runOnce()
        let english = label.intrinsicContentSize.width
        #expect(app.setLanguage(Language(parsing: "de")!) == nil)
        #expect(label.text == "Anmelden")
        #expect(app.language.code == "de")
        #expect(window.needsLayout)
        #expect(label.intrinsicContentSize.width > english)
    }

    @Test("the app switching to Arabic at run time moves a view placed by a leading constraint to the right edge")
    func languageSwitchMirrorsConstraints() throws {
        let catalogs = try Catalogs(["ar": header + "\nmsgid \"Sign in\"\nmsgstr \"تسجيل الدخول\"\n"])
        let (app, window) = translatedApp(catalogs)
        let box = View()
        box.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(box)
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            box.topAnchor.constraint(equalTo: window.topAnchor), box.widthAnchor.constraint(equalToConstant: 100),
            box.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.makeKeyAndVisible()
        app.runOnce()
        #expect(box.frame.minX == 10)
        #expect(app.setLanguage(Language(parsing: "ar")!) == nil)
        app.runOnce()
        #expect(box.frame.maxX == 310)
    }

    @Test("a view's strings are fetched again when it joins an app's window")
    func joinsApp() throws {
        let catalogs = try Catalogs(["de": german])
        let (app, window) = translatedApp(catalogs)
        app.setLanguage(Language(parsing: "de")!)
        let label = Label()
        label.applyLanguage { label, strings in label.text = strings.localized("Sign in") }
        #expect(label.text == "Sign in")
        window.addSubview(label)
        #expect(label.text == "Anmelden")
    }
}

@Suite("Locale numbers and the app's locale: separators from glibc, pickers following the language")
@MainActor
struct LocaleNumberTests {
    @Test("numbers take the locale's decimal and thousands separators")
    func separators() throws {
        let german = try LocaleInfo(identifier: "de_DE.UTF-8")
        let american = try LocaleInfo(identifier: "en_US.UTF-8")
        #expect(german.string(from: 1234.5, fractionDigits: 2) == "1.234,50")
        #expect(american.string(from: 1234.5, fractionDigits: 2) == "1,234.50")
        #expect(LocaleInfo.posix.string(from: 1234.5, fractionDigits: 1) == "1234.5")
        #expect(german.string(from: -1_234_567) == "-1.234.567")
        #expect(american.string(from: -0.004, fractionDigits: 2) == "0.00")
    }

    @Test("absurd numbers are written, never trapped on")
    func absurd() {
        let posix = LocaleInfo.posix
        #expect(posix.string(from: .nan, fractionDigits: 2) == "NaN")
        #expect(posix.string(from: -.infinity, fractionDigits: 2) == "-∞")
        #expect(posix.string(from: 1e300, fractionDigits: 99) == "1e+300")
        #expect(posix.string(from: Int.min) == "-9223372036854775808")
    }

    @Test("a date picker follows the app's locale when the language changes, unless given its own")
    func pickerFollows() throws {
        let catalogs = try Catalogs(["de": german])
        let (app, window) = translatedApp(catalogs)
        let picker = DatePicker()
        let own = DatePicker()
        own.locale = .posix
        window.addSubview(picker)
        window.addSubview(own)
        app.setLanguage(Language(parsing: "de")!)
        #expect(app.locale.identifier == "de_DE.UTF-8")
        #expect(picker.locale.dateOrder == [.day, .month, .year])
        #expect(own.locale == .posix)
    }
}
