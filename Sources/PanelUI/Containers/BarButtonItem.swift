/// A button in a navigation bar: UIKit's `UIBarButtonItem`. The bar makes a button for it and
/// sends its action to its target (or, with a nil target, along the responder chain) on a tap.
@MainActor
public final class BarButtonItem {
    /// How the item's title is drawn.
    public enum Style: Sendable {
        /// The tint colour, regular weight.
        case plain
        /// The tint colour, for the action that completes a screen (Done, Save).
        case done
    }

    /// UIKit's standard items, each with its title.
    public enum SystemItem: Sendable {
        case done, cancel, edit, save, add, close

        var title: String {
            switch self {
            case .done: "Done"
            case .cancel: "Cancel"
            case .edit: "Edit"
            case .save: "Save"
            case .add: "+"
            case .close: "Close"
            }
        }

        var style: Style { self == .done || self == .save ? .done : .plain }
    }

    /// The title shown.
    public var title: String? { didSet { changed() } }
    /// The image shown before the title.
    public var image: Image? { didSet { changed() } }
    /// The style.
    public var style: Style { didSet { changed() } }
    /// Whether the item can be tapped. Default true.
    public var isEnabled = true { didSet { changed() } }
    /// Who hears the action (held weakly); nil: the responder chain, from the first responder.
    public weak var target: AnyObject?
    /// What a tap sends.
    public var action: Action?
    /// A number for finding the item. Default 0.
    public var tag = 0
    /// The name a test finds the item's button by, never spoken (UIKit's
    /// `accessibilityIdentifier`): a session's `tap(identifier:at:)`.
    public var accessibilityIdentifier: String? { didSet { changed() } }

    /// Calls the bar showing the item when a property changes.
    var onChange: (@MainActor () -> Void)?

    /// An item with a title.
    public init(title: String?, style: Style = .plain, target: AnyObject? = nil, action: Action? = nil) {
        self.title = title
        self.style = style
        self.target = target
        self.action = action
    }

    /// An item with an image.
    public init(image: Image?, style: Style = .plain, target: AnyObject? = nil, action: Action? = nil) {
        self.image = image
        self.style = style
        self.target = target
        self.action = action
    }

    /// One of UIKit's standard items.
    public init(systemItem: SystemItem, target: AnyObject? = nil, action: Action? = nil) {
        self.title = systemItem.title
        self.style = systemItem.style
        self.target = target
        self.action = action
    }

    private func changed() { onChange?() }
}
