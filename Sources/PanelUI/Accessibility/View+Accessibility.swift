/// What the app set about a view's accessibility (nil fields: the view's own default). A
/// class, so that a view the app never describes carries one nil reference, not the fields.
final class AccessibilityOverrides {
    var isElement: Bool?
    var label: String?
    var value: String?
    var hint: String?
    var traits: AccessibilityTraits?
    var language: String?
    var viewIsModal = false
    var elementsHidden = false
    var elements: [View]?
    var liveRegion = false
    var identifier: String?
}

/// UIKit's `UIAccessibility` informal protocol, on every view: what a screen reader says about
/// it and how it is operated without sight. Each property reads the app's setting when it made
/// one, else the view's own description (``View/accessibilityDefaults``); setting nil goes back
/// to that description.
extension View {
    private func override(_ change: (AccessibilityOverrides) -> Void) {
        if let overrides = accessibilityOverrides {
            change(overrides)
        } else {
            let overrides = AccessibilityOverrides()
            change(overrides)
            accessibilityOverrides = overrides
        }
    }

    /// Whether a screen reader stops at this view. An element's subviews are not read: it
    /// speaks for them (a button for its title label). Default: controls, labels and the other
    /// views that describe themselves.
    public var isAccessibilityElement: Bool {
        get { accessibilityOverrides?.isElement ?? accessibilityDefaults.isElement }
        set { override { $0.isElement = newValue } }
    }

    /// A name for scripts and tests to find the view by, never spoken (UIKit's
    /// `accessibilityIdentifier`): `script.tap(identifier: "pay", at: 500)`. Default nil.
    public var accessibilityIdentifier: String? {
        get { accessibilityOverrides?.identifier }
        set { override { $0.identifier = newValue } }
    }

    /// What the element is ("Save"). Default: a button's title, a label's text…
    public var accessibilityLabel: String? {
        get { accessibilityOverrides?.label ?? accessibilityDefaults.label }
        set { override { $0.label = newValue } }
    }

    /// The element's current value ("40 %"). Default: a slider's value as a percentage, a
    /// switch's on or off, a text field's text…
    public var accessibilityValue: String? {
        get { accessibilityOverrides?.value ?? accessibilityDefaults.value }
        set { override { $0.value = newValue } }
    }

    /// What activating the element does, spoken after a pause ("Opens the door").
    public var accessibilityHint: String? {
        get { accessibilityOverrides?.hint ?? accessibilityDefaults.hint }
        set { override { $0.hint = newValue } }
    }

    /// The element's kind and state. Default: from the view (a disabled control is
    /// ``AccessibilityTraits/notEnabled``).
    public var accessibilityTraits: AccessibilityTraits {
        get { accessibilityOverrides?.traits ?? accessibilityDefaults.traits }
        set { override { $0.traits = newValue } }
    }

    /// The language of the label and value, a BCP 47 tag ("zh", "de-CH"): a reader speaks them
    /// with a voice of that language. Default: the nearest ancestor's, else nil (the app's).
    public var accessibilityLanguage: String? {
        get {
            var view: View? = self
            while let current = view {
                if let language = current.accessibilityOverrides?.language { return language }
                view = current.superview
            }
            return nil
        }
        set { override { $0.language = newValue } }
    }

    /// Whether the view is modal for a reader: while it is visible, reading stays inside it and
    /// the rest of its window is skipped (alerts and sheets are). Default false.
    public var accessibilityViewIsModal: Bool {
        get { accessibilityOverrides?.viewIsModal ?? false }
        set { override { $0.viewIsModal = newValue } }
    }

    /// Whether the view and everything in it are skipped by a reader (decoration, a screen
    /// behind a cover). Default false.
    public var accessibilityElementsHidden: Bool {
        get { accessibilityOverrides?.elementsHidden ?? false }
        set { override { $0.elementsHidden = newValue } }
    }

    /// The elements inside this container, in the order a reader visits them, instead of
    /// reading order: each is read as an element, or as a container in its turn. nil (the
    /// default): the subviews, in reading order.
    public var accessibilityElements: [View]? {
        get { accessibilityOverrides?.elements }
        set { override { $0.elements = newValue } }
    }

    /// Whether a screen reader speaks the element's new description when it changes (a status
    /// line, a result: Android's live region): a label's new text, or a custom view's
    /// ``accessibilityLiveRegionDidChange()``. It is spoken once the turn's changes are made,
    /// after what is being said. Default false.
    public var accessibilityIsLiveRegion: Bool {
        get { accessibilityOverrides?.liveRegion ?? false }
        set { override { $0.liveRegion = newValue } }
    }

    /// Tells a screen reader that this live region's description changed (a label does this
    /// itself when its text changes). Nothing happens for a view that is not a live region, or
    /// without a reader.
    public func accessibilityLiveRegionDidChange() {
        guard accessibilityOverrides?.liveRegion == true, let reader = window?.application?.screenReader else { return }
        reader.liveRegionChanged(self)
    }

    /// What a reader speaks when it reaches the element: label, value, traits and hint, in
    /// that order, separated by commas ("Volume, 40 %, adjustable, Drag to change").
    public var accessibilitySpokenDescription: String {
        var parts: [String] = []
        if let label = accessibilityLabel, !label.isEmpty { parts.append(label) }
        if let value = accessibilityValue, !value.isEmpty { parts.append(value) }
        parts.append(contentsOf: accessibilityTraits.spokenNames)
        if let hint = accessibilityHint, !hint.isEmpty { parts.append(hint) }
        return parts.joined(separator: ", ")
    }
}
