/// An alert presented as UIKit presents `UIAlertController`: a title, a message, text fields
/// and buttons in a box over the dimmed screen, shown with
/// ``ViewController/present(_:animated:completion:)`` from the screen's controller.
///
/// ```swift
/// let alert = AlertController(title: "Delete the log?", message: "The entries will be gone.")
/// alert.addAction(AlertAction(title: "Cancel", style: .cancel))
/// alert.addAction(AlertAction(title: "Delete", style: .destructive) { _ in log.removeAll() })
/// present(alert, animated: true)
/// ```
///
/// The alert fades in over 0.2 s; nothing behind it can be touched while it is up. A button
/// dismisses it (a 0.2 s fade) and then runs its action's handler, as UIKit does. A screen
/// reader stays inside it, and its back key presses the cancel button. A session script taps a
/// button by its title, `tap(label: "Delete")`, when the alert is up. The first text field
/// takes the keyboard when the alert has appeared, and the box rises above the keyboard.
@MainActor
open class AlertController: ViewController {
    /// How the alert is laid out: UIKit's `UIAlertController.Style`.
    public enum Style: Sendable, Hashable {
        /// A box in the middle of the screen.
        case alert
    }

    /// The view that draws the alert: the dimming, the box, its labels, fields and buttons.
    public let alertView: Alert
    /// How the alert is laid out; only ``Style/alert``.
    public let preferredStyle: Style

    /// An alert with a title and a message (either may be nil); add actions before presenting it.
    public init(title: String?, message: String?, preferredStyle: Style = .alert) {
        alertView = Alert(title: title, message: message)
        self.preferredStyle = preferredStyle
        super.init()
        self.title = title
        alertView.controller = self
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = .crossDissolve
    }

    /// The title, over the message.
    open override var title: String? {
        didSet { alertView.title = title }
    }

    /// The message under the title, wrapped.
    public var message: String? {
        get { alertView.message }
        set { alertView.message = newValue }
    }

    /// The buttons' actions, in the order added.
    public var actions: [AlertAction] { alertView.actions }

    /// The text fields, in the order added.
    public var textFields: [TextField] { alertView.textFields }

    /// The action the return key presses from the last text field (UIKit's `preferredAction`);
    /// it must be one of ``actions`` (added first): another is reported and ignored.
    public var preferredAction: AlertAction? {
        get { alertView.preferredIndex.map { actions[$0] } }
        set {
            guard let newValue else {
                alertView.preferredIndex = nil
                return
            }
            guard let index = actions.firstIndex(where: { $0.title == newValue.title && $0.style == newValue.style }) else {
                UsageWarning.report(
                    "preferredAction", "\"\(newValue.title)\" is not one of the alert's actions, so it was not made preferred: add it with addAction(_:) first")
                return
            }
            alertView.preferredIndex = index
        }
    }

    /// Adds a button for `action`.
    public func addAction(_ action: AlertAction) {
        alertView.addAction(action)
    }

    /// Adds a text field under the message; `configurationHandler` sets it up (placeholder,
    /// secure entry, keyboard type).
    public func addTextField(configurationHandler: ((TextField) -> Void)? = nil) {
        alertView.addTextField(configurationHandler: configurationHandler)
    }

    /// The view is ``alertView``.
    open override func loadView() {
        view = alertView
    }

    /// The first text field takes the keyboard once the alert is up.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        _ = textFields.first?.becomeFirstResponder()
    }

    /// The box moves to the middle of what the keyboard leaves free.
    open override func keyboardWillChangeFrame(_ frame: Rect?) {
        View.animate(withDuration: 0.25) { [alertView] in
            alertView.setNeedsLayout()
            alertView.layoutIfNeeded()
        }
    }

    /// A button was tapped: the alert fades out, then the action's handler runs.
    func actionTapped(_ action: AlertAction) {
        guard presentingViewController != nil, presentation == nil else { return }
        for field in textFields where field.isFirstResponder { _ = field.resignFirstResponder() }
        dismiss(animated: true) { action.handler?(action) }
    }
}
