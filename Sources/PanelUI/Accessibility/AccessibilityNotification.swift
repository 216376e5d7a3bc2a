/// What an app tells a screen reader about a change it cannot see for itself (UIKit's
/// `UIAccessibility.Notification`). Post it with ``Application/postAccessibilityNotification(_:)``;
/// without a reader it costs nothing.
public enum AccessibilityNotification: Sendable {
    /// A new screen (a push, a pop, a presented sheet or alert): the reader moves to the given
    /// element, or to the first element in reading order, and speaks it.
    case screenChanged(focus: View?)
    /// Part of the screen changed: the reader moves to the given element and speaks it; with
    /// nil, it keeps its place (and leaves it if its element went away).
    case layoutChanged(focus: View?)
    /// Text to speak after what is being spoken ("Saved").
    case announcement(String)
}

extension Application {
    /// Tells the screen reader, when one is on, about a change (see ``AccessibilityNotification``).
    public func postAccessibilityNotification(_ notification: AccessibilityNotification) {
        screenReader?.handle(notification)
    }
}
