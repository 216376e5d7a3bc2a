import PanelLocale

/// The application's language: the app's strings, the locale they are shown in, and how many
/// times the language changed (views compare it to refresh their text). One value on
/// ``Application``, read and changed by Application+Language.swift.
struct LanguageState {
    var translator = Translator()
    var locale = LocaleInfo.current()
    var changes = 0
}
