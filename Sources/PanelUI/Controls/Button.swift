/// A push button: UIKit's `UIButton`.
///
/// A tap sends `touchDown`, then `touchUpInside` followed by `primaryActionTriggered` (E19).
/// Titles are kept per state; ``currentTitle`` follows ``Control/state`` with UIKit's fallback
/// to the normal title. (Drawing comes with the renderer.)
@MainActor
open class Button: Control {
    private var titles: [(state: State, title: String)] = []

    /// Creates a button.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// Sets the title shown in `state` (nil removes it).
    public func setTitle(_ title: String?, for state: State) {
        titles.removeAll { $0.state == state }
        if let title { titles.append((state, title)) }
        setNeedsDisplay()
    }

    /// The title set for `state`, if any.
    public func title(for state: State) -> String? {
        titles.first { $0.state == state }?.title
    }

    /// The title for the current state, else the normal title.
    public var currentTitle: String? {
        title(for: state) ?? title(for: .normal)
    }

    /// A30: a button refuses an ancestor's single-finger single tap, so the button's own action
    /// wins; a recognizer attached to the button itself is not refused.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if recognizer.refusedByStandardControl(self) { return false }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    open override func didTouchUpInside(with event: Event?) {
        sendActions(for: .primaryActionTriggered, with: event)
    }
}
