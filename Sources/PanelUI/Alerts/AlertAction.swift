/// A button of an ``Alert``: UIKit's `UIAlertAction`.
public struct AlertAction: Sendable {
    /// How the button looks (UIKit's `UIAlertAction.Style`).
    public enum Style: Sendable, Hashable {
        /// Blue.
        case `default`
        /// Blue and emphasised; with two buttons it sits on the left, as UIKit puts it.
        case cancel
        /// Red: the action destroys something.
        case destructive
    }

    /// The button's title.
    public let title: String
    /// How the button looks: default, cancel or destructive.
    public let style: Style
    /// Runs after the alert was dismissed by this button.
    public let handler: (@MainActor @Sendable (AlertAction) -> Void)?

    /// A button titled `title` that dismisses the alert and then calls `handler`.
    public init(title: String, style: Style = .default, handler: (@MainActor @Sendable (AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
