#if canImport(Glibc)
internal import Glibc
#endif

/// A language an app is shown in: a language code and, optionally, a region ("de", "de_AT",
/// "zh_CN", "ar"), read from a board file, `PANELKIT_LANGUAGE`, or POSIX's `LANGUAGE` and `LANG`.
/// It names the catalog to load (`<directory>/de_AT/…`, else `<directory>/de/…`) and the glibc
/// locale whose conventions and messages go with it (`de_AT.UTF-8`, else the language's usual
/// region: `de_DE.UTF-8`).
public struct Language: Hashable, Sendable, CustomStringConvertible {
    /// The language code, lower case: "de", "zh", "ar".
    public let code: String
    /// The region, upper case ("AT", "CN"), if one was given.
    public let region: String?

    /// English, the language of the source strings.
    public static let english = Language(code: "en", region: nil)

    private init(code: String, region: String?) {
        self.code = code
        self.region = region
    }

    /// Reads a language tag or POSIX locale name: "de", "de-AT", "de_AT", "de_AT.UTF-8",
    /// "sr_RS@latin". "C" and "POSIX" read as English. nil for anything that is not 2–3 ASCII
    /// letters, optionally followed by a 2-letter or 3-digit region.
    public init?(parsing text: String) {
        var name = Substring(text)
        if let cut = name.firstIndex(where: { $0 == "." || $0 == "@" }) { name = name[..<cut] }
        if name == "C" || name == "POSIX" {
            self = .english
            return
        }
        let parts = name.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        }
        guard let first = parts.first, (2 ... 3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        var region: String?
        if parts.count > 1 {
            let second = parts[1]
            let letters = second.count == 2 && second.allSatisfy { $0.isASCII && $0.isLetter }
            let digits = second.count == 3 && second.allSatisfy { $0.isASCII && $0.isNumber }
            guard letters || digits, parts.count == 2 else { return nil }
            region = second.uppercased()
        }
        self.init(code: first.lowercased(), region: region)
    }

    /// Whether the language is written right to left (Arabic, Hebrew, Persian, Urdu, Yiddish,
    /// Pashto, Sindhi, Uyghur, Dhivehi, Central Kurdish, Syriac): an app in it lays out mirrored.
    public var isRightToLeft: Bool { Self.rightToLeftCodes.contains(code) }

    static let rightToLeftCodes: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb", "syr"]

    /// "de" or "de_AT".
    public var description: String { region.map { "\(code)_\($0)" } ?? code }

    /// The catalog folders to look in, most specific first: "de_AT", then "de".
    public var catalogNames: [String] { region == nil ? [code] : [description, code] }

    /// The glibc locales to try for its messages and conventions, most specific first: the
    /// given region's, then the language's usual one ("de" → `de_DE.UTF-8`).
    public var localeIdentifiers: [String] {
        var names: [String] = []
        if let region { names.append("\(code)_\(region).UTF-8") }
        let usual = Self.usualRegions[code] ?? code.uppercased()
        let fallback = "\(code)_\(usual).UTF-8"
        if !names.contains(fallback) { names.append(fallback) }
        return names
    }

    /// Each language's usual region, where it is not the code in capitals.
    static let usualRegions = [
        "en": "US", "ar": "EG", "he": "IL", "zh": "CN", "ja": "JP", "ko": "KR", "sv": "SE", "da": "DK", "el": "GR", "cs": "CZ",
        "uk": "UA", "fa": "IR", "hi": "IN", "ur": "PK", "vi": "VN", "nb": "NO", "et": "EE", "sl": "SI", "ca": "ES", "ga": "IE",
    ]

    /// The language the environment asks for: `PANELKIT_LANGUAGE`, else the first entry of
    /// `LANGUAGE`, else `LC_ALL`, `LC_MESSAGES` or `LANG` (POSIX's order); nil when none names
    /// one (English, then).
    public static func fromEnvironment(_ environment: (String) -> String? = Language.processEnvironment) -> Language? {
        if let value = environment("PANELKIT_LANGUAGE"), !value.isEmpty { return Language(parsing: value) }
        if let value = environment("LANGUAGE"), let first = value.split(separator: ":").first { return Language(parsing: String(first)) }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment(name), !value.isEmpty { return Language(parsing: value) }
        }
        return nil
    }

    /// The process's environment variable `name`.
    public static func processEnvironment(_ name: String) -> String? {
        #if canImport(Glibc)
        return getenv(name).map { String(cString: $0) }
        #else
        return nil
        #endif
    }
}
