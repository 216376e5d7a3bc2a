public import PanelLocale

/// The app's language: its strings through a ``Translator`` (GNU gettext catalogs), switched at
/// run time (a kiosk's language button) with every string shown put in the new language.
extension Application {
    /// Where the app's strings come from. Default: a translator that gives the source strings.
    /// Set it once at start-up, with the app's catalogs (`Translator(domain:directory:)`).
    public var translator: Translator {
        get { languageState.translator }
        set {
            languageState.translator = newValue
            languageDidChange()
        }
    }

    /// The language in force (the translator's).
    public var language: Language { languageState.translator.language }

    /// The conventions dates, times and numbers are shown in: the environment's at start
    /// (`LocaleInfo.current()`), then the locale of each language the app switches to (its
    /// first installed one). Date pickers and calendars follow it unless given their own. Read
    /// from glibc on first use after a change, so an app that never asks maps no locale.
    public var locale: LocaleInfo { languageState.locale() }

    /// Switches the app to `language`: the translator loads its catalog, then every view's
    /// ``LanguageApplying/applyLanguage(_:)`` closures run again and the windows lay out and
    /// draw once, as translated strings have other lengths. When the language has no catalog,
    /// a broken one or no installed locale, the source strings are shown and the reason is
    /// returned (log it once); nothing traps.
    @discardableResult
    public func setLanguage(_ language: Language) -> TranslationIssue? {
        let direction = userInterfaceLayoutDirection
        let issue = languageState.translator.use(language)
        languageState.switched(to: languageState.translator.language)
        // From English to Arabic (or back) leading and trailing constraints swap sides.
        if userInterfaceLayoutDirection != direction {
            for window in windows { window.layoutEngineStorage?.directionChanged() }
        }
        languageDidChange()
        return issue
    }

    /// Every window's strings are put in the language in force; views out of a window catch up
    /// when they join one (the change count tells them they missed one).
    private func languageDidChange() {
        languageState.changes += 1
        for window in windows { window.languageDidChange() }
    }
}
