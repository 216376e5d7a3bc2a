import PanelLocale

/// The application's language: the app's strings, the locale they are shown in, and how many
/// times the language changed (views compare it to refresh their text). One value on
/// ``Application``, read and changed by Application+Language.swift.
///
/// The locale is read from glibc when something first asks for it (a date picker, a calendar),
/// not when the language changes: loading one maps glibc's locale archive, about 0.45 MB
/// resident, which an app that shows no date or number in the locale's conventions never needs.
struct LanguageState {
    var translator = Translator()
    var changes = 0
    /// The locale last read; `nil` until one is (then the environment's, `LocaleInfo.current()`).
    private var read: LocaleInfo?
    /// The language switched to since, whose locale is read on the next ``locale()``. The
    /// translator keeps a language only when glibc has its locale (else it falls back to
    /// English), so the newest switch is the only one that can matter.
    private var switched: Language?

    /// The app switched to `language`; its locale is read on the next ``locale()``.
    mutating func switched(to language: Language) { switched = language }

    /// The locale in force, read now if the language changed since the last read: the language's
    /// first installed locale, the POSIX locale for English without one, else the one before.
    mutating func locale() -> LocaleInfo {
        if let read, switched == nil { return read }
        var found = switched?.localeIdentifiers.lazy.compactMap({ try? LocaleInfo(identifier: $0) }).first
        if found == nil, switched == .english { found = .posix }
        let locale = found ?? read ?? LocaleInfo.current()
        read = locale
        switched = nil
        return locale
    }

    /// Whether a locale is waiting to be read (a language switch since the last read, or none
    /// read yet).
    var localePending: Bool { read == nil || switched != nil }
}
