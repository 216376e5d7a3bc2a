/// Why a translator shows the source strings instead of a language's translations: each names
/// the cause and the fix. The app runs on, in the source strings.
public enum TranslationIssue: Error, Hashable, Sendable, CustomStringConvertible {
    /// No catalog of the domain for the language (nor for the language without its region).
    case noCatalog(language: Language, searched: [String])
    /// The catalog is there but broken.
    case brokenCatalog(path: String, problem: String)
    /// glibc has none of the language's locales, so its messages cannot be selected.
    case localeNotInstalled(language: Language, tried: [String])

    /// What went wrong and the fix.
    public var description: String {
        switch self {
        case .noCatalog(let language, let searched):
            return
                "no translations for \(language): none of \(searched.joined(separator: ", ")) exists; compile the language's .po there (scripts/translations compile), or choose a language that has one; showing the source strings"
        case .brokenCatalog(let path, let problem):
            return "the catalog \(path) \(problem); compile its .po again with msgfmt (scripts/translations compile); showing the source strings"
        case .localeNotInstalled(let language, let tried):
            let base = tried.first?.split(separator: ".").first.map(String.init) ?? language.description
            return
                "the locale for \(language) is not installed (tried \(tried.joined(separator: ", "))); generate it (localedef -i \(base) -f UTF-8 \(base).UTF-8, as root) or install Debian's locales-all; showing the source strings"
        }
    }
}
