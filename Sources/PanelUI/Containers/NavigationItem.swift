/// What the navigation bar shows while a controller is on top of a navigation stack: UIKit's
/// `UINavigationItem`. Each ``ViewController`` has one (``ViewController/navigationItem``);
/// changes show at once.
@MainActor
public final class NavigationItem {
    /// The title in the middle of the bar; nil: the controller's ``ViewController/title``.
    public var title: String? { didSet { changed() } }
    /// The button on the left, in place of the back button unless
    /// ``leftItemsSupplementBackButton``.
    public var leftBarButtonItem: BarButtonItem? { didSet { changed() } }
    /// The button on the right.
    public var rightBarButtonItem: BarButtonItem? { didSet { changed() } }
    /// The back button's title on the screens pushed above this one; nil: this item's title
    /// (UIKit's "Back" when it has none).
    public var backButtonTitle: String? { didSet { changed() } }
    /// Whether the back button is hidden while this item is on top.
    public var hidesBackButton = false { didSet { changed() } }
    /// Whether a left item sits beside the back button instead of replacing it.
    public var leftItemsSupplementBackButton = false { didSet { changed() } }

    /// Calls the bar showing the item when a property changes.
    var onChange: (@MainActor () -> Void)?

    /// An item with a title.
    public init(title: String? = nil) {
        self.title = title
    }

    private func changed() { onChange?() }
}
