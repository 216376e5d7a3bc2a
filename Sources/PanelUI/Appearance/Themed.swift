/// A themed value of a view (a colour, a font): the one the app gave, else the entry of the
/// palette or text styles in force, which follows light, dark, contrast and the theme.
///
/// The one rule for every such property: it is stored as a `Themed`, read with
/// ``resolved(in:)`` and set with ``View/setThemed(_:to:)``, which redraws (and, for a
/// ``Effect/relayout`` value, measures again) only when the value changes:
///
/// ```swift
/// open var textColor: Color {
///     get { _textColor.resolved(in: self) }
///     set { setThemed(&_textColor, to: newValue) }
/// }
/// @exclusivity(unchecked) private var _textColor = Themed<Label, Color> { $0.palette.label }
/// ```
///
/// The property stays an ordinary computed one, so an `open` one keeps its override point, and
/// an in-place change (`slider.minimumTrackTintColor.blue &+= 1`) allocates nothing.
struct Themed<Owner: View, Value: Equatable> {
    /// What a change does to the view.
    enum Effect {
        /// It is drawn again.
        case redraw
        /// It is drawn again, and its intrinsic content size measured again (a font).
        case relayout
        /// Nothing: the caller applies it (a cell's background).
        case none
    }

    /// The value the app gave; nil: the palette's.
    var given: Value?
    /// What a change does to the view.
    let effect: Effect
    /// The palette's (or text styles') value, for `owner` as it is now.
    let fallback: @MainActor (Owner) -> Value

    /// A value that is `fallback`'s until the app gives one.
    init(_ effect: Effect = .redraw, fallback: @escaping @MainActor (Owner) -> Value) {
        self.effect = effect
        self.fallback = fallback
    }

    /// The value in force on `owner`: the given one, else the palette's.
    @MainActor
    func resolved(in owner: Owner) -> Value {
        given ?? fallback(owner)
    }
}

extension View {
    /// Gives the themed value `value` the app's `newValue`, and redraws (or measures again) when
    /// it changed. Returns whether it changed.
    @discardableResult
    func setThemed<Owner, Value>(_ value: inout Themed<Owner, Value>, to newValue: Value) -> Bool {
        guard value.given != newValue else { return false }
        value.given = newValue
        switch value.effect {
        case .redraw:
            setNeedsDisplay()
        case .relayout:
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        case .none:
            break
        }
        return true
    }
}
