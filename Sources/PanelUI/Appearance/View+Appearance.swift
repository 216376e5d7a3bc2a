public import PanelGraphics
import PanelLocale

/// What the app set about a view's appearance. A class, so that a view the app never themes
/// carries one nil reference, not the fields.
final class AppearanceOverrides {
    var userInterfaceStyle: UserInterfaceStyle?
    var accessibilityContrast: AccessibilityContrast?
    var tintColor: Color?
    var background: KeyPath<Palette, Color>?
    var border: KeyPath<Palette, Color>?
    /// What ``View/applyTheme(_:)`` registered, and the palette each last ran with.
    var handlers: [@MainActor (View, Palette) -> Void] = []
    var lastPalette: Palette?
    /// What ``View/applyLanguage(_:)`` registered, and the translator they last ran with (nil:
    /// outside an app).
    var languageHandlers: [@MainActor (View, Translator) -> Void] = []
    /// The app's language change the handlers last ran for (nil: outside an app).
    var lastLanguageStamp: LanguageStamp?
    /// How the view lays out under a right-to-left language (``View/semanticContentAttribute``).
    var semanticContentAttribute = SemanticContentAttribute.unspecified
}

/// UIKit's trait collection and tint colour on every view: the appearance a view draws in is
/// the app's (``Application/userInterfaceStyle``, ``Application/accessibilityContrast``,
/// ``Application/theme``) unless it or an ancestor overrides it, and a built-in view reads its
/// colours from ``palette`` when it draws, unless the app gave it colours of its own.
extension View {
    func overrideAppearance(_ change: (AppearanceOverrides) -> Void) {
        if let overrides = appearanceOverrides {
            change(overrides)
        } else {
            let overrides = AppearanceOverrides()
            change(overrides)
            appearanceOverrides = overrides
        }
    }

    /// Light or dark for this view and everything in it, whatever the app's style (UIKit's
    /// `overrideUserInterfaceStyle`). Default nil: the superview's style.
    public var overrideUserInterfaceStyle: UserInterfaceStyle? {
        get { appearanceOverrides?.userInterfaceStyle }
        set {
            guard newValue != overrideUserInterfaceStyle else { return }
            let old = traitCollection
            overrideAppearance { $0.userInterfaceStyle = newValue }
            appearanceChanged(from: old, themeChanged: false)
        }
    }

    /// Normal or high contrast for this view and everything in it. Default nil: the
    /// superview's.
    public var overrideAccessibilityContrast: AccessibilityContrast? {
        get { appearanceOverrides?.accessibilityContrast }
        set {
            guard newValue != overrideAccessibilityContrast else { return }
            let old = traitCollection
            overrideAppearance { $0.accessibilityContrast = newValue }
            appearanceChanged(from: old, themeChanged: false)
        }
    }

    /// The view's traits: its own overrides, else its nearest ancestor's, else the app's
    /// (light and normal contrast outside an app).
    public var traitCollection: TraitCollection {
        var style: UserInterfaceStyle?
        var contrast: AccessibilityContrast?
        var view: View? = self
        while let current = view, style == nil || contrast == nil {
            if let overrides = current.appearanceOverrides {
                style = style ?? overrides.userInterfaceStyle
                contrast = contrast ?? overrides.accessibilityContrast
            }
            view = current.superview
        }
        let application = window?.application
        let sizeClasses = TraitCollection.sizeClasses(for: window?.bounds.size)
        return TraitCollection(
            userInterfaceStyle: style ?? application?.userInterfaceStyle ?? .light,
            accessibilityContrast: contrast ?? application?.accessibilityContrast ?? .normal,
            horizontalSizeClass: sizeClasses.horizontal, verticalSizeClass: sizeClasses.vertical,
            textSize: application?.appearanceState.textSize ?? 1)
    }

    /// `inherited` with the view's own overrides applied.
    func ownTraits(over inherited: TraitCollection) -> TraitCollection {
        let own = appearanceOverrides
        var traits = inherited
        traits.userInterfaceStyle = own?.userInterfaceStyle ?? inherited.userInterfaceStyle
        traits.accessibilityContrast = own?.accessibilityContrast ?? inherited.accessibilityContrast
        return traits
    }

    /// The app's theme (``Theme/standard`` outside an app).
    public var theme: Theme { window?.application?.theme ?? .standard }

    /// The semantic colours for the view's traits, from the app's theme (read in place: a
    /// view reads it each time it draws, and the theme is not copied for it).
    public var palette: Palette {
        let traits = traitCollection
        guard let application = window?.application else { return Theme.standard.palette(for: traits) }
        return application.appearanceState.theme.palette(for: traits)
    }

    /// The fonts of the app's text styles (``TextStyles/standard`` outside an app), read in place.
    var textStyles: TextStyles { window?.application?.appearanceState.theme.textStyles ?? .standard }

    /// The font of `style` in the app's theme, at the user's text size
    /// (``Application/textSize``).
    public func preferredFont(for style: TextStyle) -> Font { scaledFont(textStyles[style]) }

    /// The accent colour of the view and what is in it (UIKit's `tintColor`): the one set on
    /// it or its nearest ancestor, else the palette's ``Palette/tint``. Setting it recolours
    /// the subtree's controls (their ``tintColorDidChange()``).
    public var tintColor: Color {
        get { inheritedTint ?? palette.tint }
        set {
            guard newValue != appearanceOverrides?.tintColor else { return }
            overrideAppearance { $0.tintColor = newValue }
            propagateTintColorDidChange()
        }
    }

    /// The accent as a fill under text (a filled button, the selected segment): the
    /// ``tintColor`` set on the view or an ancestor, else the palette's ``Palette/tintFill``.
    public var tintFillColor: Color { inheritedTint ?? palette.tintFill }

    /// The tint set on the view or its nearest ancestor, if any.
    private var inheritedTint: Color? {
        var view: View? = self
        while let current = view {
            if let tint = current.appearanceOverrides?.tintColor { return tint }
            view = current.superview
        }
        return nil
    }

    /// The palette colour behind the view while its ``backgroundColor`` is nil (`\.background`,
    /// `\.groupedBackground`…): UIKit's `backgroundColor = .systemBackground`, a background
    /// that follows light and dark. Default nil: no background.
    public var paletteBackground: KeyPath<Palette, Color>? {
        get { appearanceOverrides?.background }
        set {
            guard newValue != paletteBackground else { return }
            overrideAppearance { $0.background = newValue }
            setNeedsDisplay()
        }
    }

    /// The palette colour of the border (``borderWidth``) while no ``borderColor`` was set.
    /// Default nil: black.
    public var paletteBorder: KeyPath<Palette, Color>? {
        get { appearanceOverrides?.border }
        set {
            guard newValue != paletteBorder else { return }
            overrideAppearance { $0.border = newValue }
            setNeedsDisplay()
        }
    }

    /// The background the view shows when no animation is changing it.
    var shownBackgroundColor: Color? {
        if let backgroundColor { return backgroundColor }
        guard let role = appearanceOverrides?.background else { return nil }
        return palette[keyPath: role]
    }

    /// The border's colour while the app has set none: the palette's colour named by
    /// ``paletteBorder``, else black.
    var paletteBorderColor: Color {
        guard let role = appearanceOverrides?.border else { return .black }
        return palette[keyPath: role]
    }

    /// This view's traits may have changed from `old` (its own override changed, or an
    /// ancestor's, or the app's), or the theme did: each view whose look changes draws again
    /// and hears of it, and its handlers run again.
    func appearanceChanged(from old: TraitCollection, themeChanged: Bool) {
        let new = traitCollection
        guard themeChanged || new != old else { return }
        notifyAppearanceChanged(from: old, to: new, themeChanged: themeChanged)
    }

    private func notifyAppearanceChanged(from old: TraitCollection, to new: TraitCollection, themeChanged: Bool) {
        setNeedsDisplay()
        if new != old {
            traitCollectionDidChange(old)
            viewController?.traitCollectionDidChange(old)
        }
        runAppearanceHandlers()
        for subview in subviews {
            let (subOld, subNew) = (subview.ownTraits(over: old), subview.ownTraits(over: new))
            if themeChanged || subOld != subNew {
                subview.notifyAppearanceChanged(from: subOld, to: subNew, themeChanged: themeChanged)
            }
        }
    }

    /// Runs the view's ``applyTheme(_:)`` handlers if its palette is not the one they last ran
    /// with.
    private func runAppearanceHandlers() {
        guard let overrides = appearanceOverrides, !overrides.handlers.isEmpty else { return }
        let palette = self.palette
        guard palette != overrides.lastPalette else { return }
        overrides.lastPalette = palette
        for handler in overrides.handlers { handler(self, palette) }
    }

    /// The view moved to another superview or window: the handlers in its subtree run again
    /// where their palette changed.
    func refreshAppearanceAfterMove() {
        runAppearanceHandlers()
        runLanguageHandlers()
        for subview in subviews { subview.refreshAppearanceAfterMove() }
    }

    private func propagateTintColorDidChange() {
        tintColorDidChange()
        setNeedsDisplay()
        for subview in subviews where subview.appearanceOverrides?.tintColor == nil {
            subview.propagateTintColorDidChange()
        }
    }
}

/// Views whose own colours follow the theme through ``applyTheme(_:)``; every ``View`` is one.
public protocol ThemeApplying: AnyObject {}

extension View: ThemeApplying {}

extension ThemeApplying where Self: View {
    /// Runs `apply` with the view and its palette now, and again each time the palette
    /// changes: the app switches light and dark or contrast, changes its theme, or moves the
    /// view under an ancestor that overrides them. This is how an app's own colours follow the
    /// theme (UIKit's dynamic colours and `registerForTraitChanges`):
    ///
    /// ```swift
    /// label.applyTheme { label, palette in
    ///     label.textColor = palette.secondaryLabel
    /// }
    /// ```
    ///
    /// The closure is given the view, so it need not capture it (which would keep the view
    /// alive); it should only set appearance.
    @MainActor
    public func applyTheme(_ apply: @escaping @MainActor (Self, Palette) -> Void) {
        let palette = self.palette
        apply(self, palette)
        addAppearanceHandler(palette) { view, palette in apply(unsafeDowncast(view, to: Self.self), palette) }
    }
}

extension View {
    /// Keeps `handler`, which just ran with `palette`.
    func addAppearanceHandler(_ palette: Palette, _ handler: @escaping @MainActor (View, Palette) -> Void) {
        overrideAppearance {
            $0.handlers.append(handler)
            $0.lastPalette = palette
        }
    }
}
