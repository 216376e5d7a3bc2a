/// A picker's locale: the app's (``Application/locale``, which follows its language) until the
/// app gives the picker one of its own, which it then keeps. Date pickers and calendars share it.
struct AppLocaleChoice {
    /// The locale shown: the environment's until the picker joins an app.
    private(set) var shown = LocaleInfo.current()
    private var followsApp = true

    /// The app chose `locale` for this picker; true when the shown locale changed.
    mutating func choose(_ locale: LocaleInfo) -> Bool {
        followsApp = false
        return show(locale)
    }

    /// The app's locale is `locale` (nil: outside an app); true when the shown locale changed.
    mutating func follow(_ locale: LocaleInfo?) -> Bool {
        guard followsApp, let locale else { return false }
        return show(locale)
    }

    private mutating func show(_ locale: LocaleInfo) -> Bool {
        guard locale != shown else { return false }
        shown = locale
        return true
    }
}
