public import PanelLocale

/// The letters on the on-screen keyboard's first page: QWERTY Latin, or the Arabic or Hebrew
/// letters in the places a PC keyboard has them (xkb's `ara` and `il` layouts, the same keys a
/// physical keyboard of the language types through ``Keyboard``'s xkb input).
public enum KeyboardAlphabet: Hashable, Sendable {
    /// QWERTY, with shift for capitals.
    case latin
    /// The 33 keys of Arabic's PC layout (ض on Q … ظ on /), no shift.
    case arabic
    /// Israeli standard SI-1452 (ק on E, ש on A), no shift.
    case hebrew

    /// The alphabet for `language`: Arabic and Persian, Urdu… write with the Arabic letters,
    /// Hebrew and Yiddish with the Hebrew ones; any other language types Latin.
    public init(language: Language) {
        switch language.code {
        case "ar", "fa", "ur", "ps", "sd", "ug", "ckb": self = .arabic
        case "he", "iw", "yi": self = .hebrew
        default: self = .latin
        }
    }

    /// The three rows of letters, left to right as the keys sit.
    var rows: [String] {
        switch self {
        case .latin: ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
        case .arabic: ["ضصثقفغعهخحج", "شسيبلاتنمكط", "ئءؤرىةوزظدذ"]
        case .hebrew: ["/'קראטוןםפ", "שדגכעיחלךף", "זסבהנמצתץ"]
        }
    }

    /// Whether the letters have capitals (a shift key).
    var hasCase: Bool { self == .latin }
}
