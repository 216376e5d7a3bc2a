/// One entry of a ``ContextMenu``: a title, whether it destroys something (drawn in red), and
/// what it does (UIKit's `UIAction`).
@MainActor
public struct MenuAction {
    /// The entry's text.
    public var title: String
    /// Whether the action deletes or discards something: its title is red.
    public var isDestructive: Bool
    /// Runs when the entry is tapped, after the menu has closed.
    public var handler: @MainActor () -> Void

    /// An entry titled `title` that runs `handler`.
    public init(title: String, isDestructive: Bool = false, handler: @escaping @MainActor () -> Void) {
        self.title = title
        self.isDestructive = isDestructive
        self.handler = handler
    }
}
