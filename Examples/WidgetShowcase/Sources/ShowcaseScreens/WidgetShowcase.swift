public import PanelKit

/// LVGL's widgets demo rebuilt on PanelKit: a header, and three tabs (Profile, Analytics and
/// Shop) in a tab bar controller, each a page of cards that scrolls.
///
/// When the on-screen keyboard comes up for a text field, the selected page makes room for it
/// and scrolls the field into sight.
public final class WidgetShowcase: ViewController {
    public let header = ShowcaseHeader(frame: .zero)
    public let tabs: TabBarController
    public let profile = ProfileController()
    public let analytics = AnalyticsController()
    public let shop = ShopController()

    public override init() {
        tabs = TabBarController(viewControllers: [profile, analytics, shop])
        super.init()
        tabs.tabBar.tintColor = Style.blue
    }

    public override func viewDidLoad() {
        view.backgroundColor = Style.page
        view.addSubview(header)
        addChild(tabs)
        view.addSubview(tabs.view)
        tabs.didMove(toParent: self)
    }

    public override func viewDidLayoutSubviews() {
        let bounds = view.bounds
        header.frame = Rect(x: 0, y: 0, width: bounds.width, height: ShowcaseHeader.height)
        tabs.view.frame = Rect(x: 0, y: ShowcaseHeader.height, width: bounds.width, height: max(bounds.height - ShowcaseHeader.height, 0))
    }

    /// The selected page's scroll view.
    public var selectedPage: ScrollView? { (tabs.selectedViewController as? ShowcasePage)?.page }

    /// Makes room under the selected page for the keyboard and scrolls the field being edited
    /// into sight; gives the room back when the keyboard goes.
    public override func keyboardWillChangeFrame(_ frame: Rect?) {
        guard let page = selectedPage else { return }
        guard let frame else {
            page.contentInset = .zero
            let limit = page.maximumContentOffset
            if page.contentOffset.y > limit.y { page.setContentOffset(Point(x: 0, y: limit.y), animated: true) }
            return
        }
        let pageFrame = page.convert(page.bounds, to: nil)
        let covered = max(pageFrame.maxY - frame.minY, 0)
        page.contentInset = EdgeInsets(top: 0, left: 0, bottom: covered, right: 0)
        guard let field = view.window?.firstResponder as? View, field.isDescendant(of: page) else { return }
        let fieldFrame = field.convert(field.bounds, to: page)
        let visibleHeight = page.bounds.height - covered
        let offset = page.contentOffset.y
        if fieldFrame.maxY + Style.gap > offset + visibleHeight || fieldFrame.minY < offset {
            let target = min(max(fieldFrame.maxY + Style.gap - visibleHeight, 0), page.maximumContentOffset.y)
            page.setContentOffset(Point(x: 0, y: target), animated: true)
        }
    }
}

/// A tab whose view is a vertically scrolling page of cards.
public class ShowcasePage: ViewController {
    /// The page: the tab's view.
    public var page: ScrollView { view as! ScrollView }

    public override func loadView() {
        let page = ScrollView(frame: .zero)
        page.backgroundColor = Style.page
        page.isOpaque = true
        page.alwaysBounceVertical = true
        view = page
    }
}
