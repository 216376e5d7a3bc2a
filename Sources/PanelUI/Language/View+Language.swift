public import PanelLocale

/// Views whose strings follow the app's language through ``applyLanguage(_:)``; every
/// ``View`` is one.
public protocol LanguageApplying: AnyObject {}

extension View: LanguageApplying {}

extension LanguageApplying where Self: View {
    /// Runs `apply` with the view and the app's translator now, and again each time the app's
    /// language changes (``Application/setLanguage(_:)``): how a screen's strings follow a
    /// kiosk's language button.
    ///
    /// ```swift
    /// title.applyLanguage { title, strings in
    ///     title.text = strings.localized("Welcome")
    /// }
    /// ```
    ///
    /// Outside an app, the translator gives the source strings; the closure runs again when the
    /// view joins an app's window. It is handed the view, so it need not capture it.
    @MainActor
    public func applyLanguage(_ apply: @escaping @MainActor (Self, Translator) -> Void) {
        apply(self, window?.application?.translator ?? Translator())
        let stamp = LanguageStamp(window?.application)
        overrideAppearance {
            $0.languageHandlers.append { view, translator in apply(unsafeDowncast(view, to: Self.self), translator) }
            $0.lastLanguageStamp = stamp
        }
    }
}

/// Which app, and which of its language changes, a view's strings were last fetched for.
struct LanguageStamp: Hashable {
    let application: ObjectIdentifier
    let change: Int

    /// The stamp of `application`'s language as it is now; nil outside an app.
    @MainActor
    init?(_ application: Application?) {
        guard let application else { return nil }
        self.application = ObjectIdentifier(application)
        change = application.languageState.changes
    }
}

extension View {
    /// Runs the view's ``LanguageApplying/applyLanguage(_:)`` closures unless they last ran for
    /// the app's language as it is now (they missed a change while out of a window, or the view
    /// joined or left an app). Nothing to do, at the cost of one check, for a view with none.
    func runLanguageHandlers() {
        guard let overrides = appearanceOverrides, !overrides.languageHandlers.isEmpty else { return }
        let stamp = LanguageStamp(window?.application)
        guard stamp != overrides.lastLanguageStamp else { return }
        overrides.lastLanguageStamp = stamp
        let strings = window?.application?.translator ?? Translator()
        for handler in overrides.languageHandlers { handler(self, strings) }
    }

    /// The language changed: this view's and its subviews' strings are fetched again, and they
    /// lay out and draw again.
    func languageDidChange() {
        runLanguageHandlers()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        setNeedsDisplay()
        for subview in subviews { subview.languageDidChange() }
    }
}
