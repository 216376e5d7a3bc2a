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
        let application = window?.application
        apply(self, application?.translator ?? Translator())
        let stamp = application.map { LanguageStamp(application: ObjectIdentifier($0), change: $0.languageChanges) }
        addLanguageHandler(stamp) { view, translator in apply(unsafeDowncast(view, to: Self.self), translator) }
    }
}

/// Which app, and which of its language changes, a view's strings were last fetched for.
struct LanguageStamp: Hashable {
    let application: ObjectIdentifier
    let change: Int
}

extension View {
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
