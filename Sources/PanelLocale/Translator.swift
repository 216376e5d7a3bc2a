#if canImport(Glibc)
internal import CIntl
internal import Glibc
#endif

/// An app's strings in the language the kiosk is set to, looked up in GNU gettext catalogs
/// through glibc's libintl: `.po` files compiled by Debian's `msgfmt` into
/// `<directory>/<language>/LC_MESSAGES/<domain>.mo`, with plural forms (each language's rule,
/// from its catalog's `Plural-Forms`) and contexts (`msgctxt`). Nothing of Foundation.
///
/// glibc chooses a catalog by the locale of the calling thread's messages; a translator
/// holds a locale of its language (`newlocale`) and puts it in force only for the length of
/// each lookup (`uselocale`), so lookups are right on any thread and the process's own locale
/// is left alone. That locale must be installed (generated with `localedef`, or Debian's
/// `locales-all`), as for the language's dates and numbers.
///
/// A missing or broken catalog, or a missing locale, leaves the source strings in force and
/// is reported once by ``use(_:)``; nothing traps.
public final class Translator {
    /// The catalogs' domain: their file name without `.mo` ("panelkit-demo").
    public let domain: String?
    /// The folder with a subfolder per language.
    public let directory: String?
    /// The language in force (English, the source strings, until ``use(_:)`` succeeds).
    public private(set) var language = Language.english
    /// The catalog in force, if any.
    public private(set) var catalogPath: String?
    #if canImport(Glibc)
    private var messages: locale_t?
    #endif

    /// A translator that always gives the source strings.
    public init() {
        domain = nil
        directory = nil
    }

    /// A translator for the catalogs of `domain` under `directory`. A domain is bound to one
    /// directory per process (glibc's `bindtextdomain`): the last translator made for it wins.
    ///
    /// gettext would let the environment's `LANGUAGE` override the translator's language, so
    /// it is cleared here (`Language.fromEnvironment()` reads it first): make translators at
    /// start-up, before other threads run, as environment changes are not thread-safe.
    public init(domain: String, directory: String) {
        self.domain = domain
        self.directory = directory
        #if canImport(Glibc)
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
        if let value = getenv("LANGUAGE"), value[0] != 0 { unsetenv("LANGUAGE") }
        #endif
    }

    deinit {
        #if canImport(Glibc)
        if let messages { freelocale(messages) }
        #endif
    }

    /// Switches to `language`'s catalog. English without a catalog of its own is the source
    /// strings, and no issue. Otherwise, when there is no catalog, it is broken, or the
    /// language's locale is not installed, the source strings stay in force (English) and the
    /// reason is returned, to be logged once.
    @discardableResult
    public func use(_ language: Language) -> TranslationIssue? {
        #if canImport(Glibc)
        guard let domain, let directory else {
            return language.code == "en" ? nil : .noCatalog(language: language, searched: [])
        }
        let paths = language.catalogNames.map { "\(directory)/\($0)/LC_MESSAGES/\(domain).mo" }
        guard let path = paths.first(where: { access($0, F_OK) == 0 }) else {
            fallBack()
            return language.code == "en" ? nil : .noCatalog(language: language, searched: paths)
        }
        if let problem = CatalogCheck.problem(at: path) {
            fallBack()
            return .brokenCatalog(path: path, problem: problem)
        }
        let identifiers = language.localeIdentifiers
        guard let locale = identifiers.lazy.compactMap({ newlocale(LC_MESSAGES_MASK, $0, nil) }).first else {
            fallBack()
            return .localeNotInstalled(language: language, tried: identifiers)
        }
        if let messages { freelocale(messages) }
        messages = locale
        self.language = language
        catalogPath = path
        return nil
        #else
        return language.code == "en" ? nil : .noCatalog(language: language, searched: [])
        #endif
    }

    /// Back to the source strings.
    private func fallBack() {
        #if canImport(Glibc)
        if let messages { freelocale(messages) }
        messages = nil
        #endif
        language = .english
        catalogPath = nil
    }

    /// `message` in the language in force, else `message` itself.
    public func localized(_ message: String) -> String {
        lookup(message) { domain, key in dgettext(domain, key) }
    }

    /// `message` in the language in force with each `%d` replaced by `number` (and `%%` by `%`,
    /// as in a C format): "Count %d" → "Zähler 3". For a count that picks a word form, use
    /// ``localized(_:plural:count:)``.
    public func localized(_ message: String, number: Int) -> String {
        Self.substitute(number, in: localized(message))
    }

    /// `message` as meant in `context` (a catalog's `msgctxt`: "Open" the verb, not the
    /// adjective), else `message`.
    public func localized(_ message: String, context: String) -> String {
        lookup(context + "\u{4}" + message, untranslated: message) { domain, key in dgettext(domain, key) }
    }

    /// The form of `singular`/`plural` for `count` in the language in force (its catalog's
    /// plural rule: German has two forms, Chinese one, Arabic six), with each `%d` replaced by
    /// `count`; untranslated, English's rule (`singular` for 1).
    public func localized(_ singular: String, plural: String, count: Int) -> String {
        let english = count == 1 ? singular : plural
        let form: String
        #if canImport(Glibc)
        if let domain, let messages {
            let old = uselocale(messages)
            defer { uselocale(old) }
            form = singular.withCString { one in
                plural.withCString { many in
                    dngettext(domain, one, many, UInt(count.magnitude)).map { String(cString: $0) } ?? english
                }
            }
        } else {
            form = english
        }
        #else
        form = english
        #endif
        return Self.substitute(count, in: form)
    }

    /// `format` with each `%d` replaced by `number`, and each `%%` by `%`, read left to right as
    /// printf reads them: "%%d" is a literal "%d". Written as one scan rather than with
    /// `String.replacing(_:with:)`, which would link the standard library's string processing
    /// module and its regex parser (about 0.9 MB) into every app.
    static func substitute(_ number: Int, in format: String) -> String {
        var result = ""
        var pendingPercent = false
        for character in format {
            if pendingPercent {
                pendingPercent = false
                switch character {
                case "d": result += String(number)
                case "%": result.append("%")
                default: result.append("%"); result.append(character)
                }
            } else if character == "%" {
                pendingPercent = true
            } else {
                result.append(character)
            }
        }
        if pendingPercent { result.append("%") }
        return result
    }

    private func lookup(
        _ key: String, untranslated: String? = nil, _ find: (UnsafePointer<CChar>, UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>?
    ) -> String {
        let source = untranslated ?? key
        #if canImport(Glibc)
        guard let domain, let messages else { return source }
        let old = uselocale(messages)
        defer { uselocale(old) }
        return domain.withCString { domainPointer in
            key.withCString { keyPointer in
                // gettext hands back the key itself when there is no translation.
                guard let found = find(domainPointer, keyPointer), UnsafePointer(found) != keyPointer else { return source }
                return String(cString: found)
            }
        }
        #else
        return source
        #endif
    }
}
