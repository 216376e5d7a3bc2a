/// What a tab bar shows for one controller: UIKit's `UITabBarItem`. Each ``ViewController``
/// has one (``ViewController/tabBarItem``); changes show at once.
@MainActor
public final class TabBarItem {
    /// The title under the icon; nil: the controller's ``ViewController/title``.
    public var title: String? { didSet { changed() } }
    /// The icon (drawn as it is; about 28 × 28 points suits the bar).
    public var image: Image? { didSet { changed() } }
    /// The icon while the tab is selected; nil: ``image``.
    public var selectedImage: Image? { didSet { changed() } }
    /// A short text in a red badge at the icon's top-right corner ("3", "New"); nil: no badge.
    /// An empty string shows a dot.
    public var badgeValue: String? { didSet { changed() } }
    /// The badge's colour. Default `#d70015`, under white text at 5.4:1 (UIKit's `#ff3b30` is 3.5:1).
    public var badgeColor = Color(rgb: 0xD70015) { didSet { changed() } }
    /// Whether the tab can be selected. Default true.
    public var isEnabled = true { didSet { changed() } }
    /// A number for finding the item. Default 0.
    public var tag = 0

    /// Calls the bar showing the item when a property changes.
    var onChange: (@MainActor () -> Void)?

    /// An item with a title and an icon.
    public init(title: String? = nil, image: Image? = nil, selectedImage: Image? = nil, tag: Int = 0) {
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
        self.tag = tag
    }

    private func changed() { onChange?() }
}
