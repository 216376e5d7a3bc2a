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
        addChild(tabs)
        for part: View in [header, tabs.view] {
            part.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(part)
        }
        tabs.didMove(toParent: self)
        LayoutConstraint.activate([
            header.topAnchor.constraint(equalTo: view.topAnchor),
            header.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            header.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            header.heightAnchor.constraint(equalToConstant: ShowcaseHeader.height),
            tabs.view.topAnchor.constraint(equalTo: header.bottomAnchor),
            tabs.view.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            tabs.view.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            tabs.view.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
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

/// A tab whose view is a vertically scrolling page of cards, laid out in rows: side by side
/// where the panel is wide, one above the other where it is narrow (a compact width).
public class ShowcasePage: ViewController {
    /// The page: the tab's view.
    public var page: ScrollView { view as! ScrollView }
    /// What scrolls: as wide as the page, as tall as its cards.
    let content = View()
    /// The constraints for a wide panel and for a narrow one; one set is active.
    var wide: [LayoutConstraint] = []
    var narrow: [LayoutConstraint] = []
    private var isNarrow: Bool?

    public override func loadView() {
        let page = ScrollView(frame: .zero)
        page.backgroundColor = Style.page
        page.isOpaque = true
        page.alwaysBounceVertical = true
        view = page
        content.translatesAutoresizingMaskIntoConstraints = false
        content.directionalLayoutMargins = DirectionalEdgeInsets(top: Style.gap, leading: Style.gap, bottom: Style.gap, trailing: Style.gap)
        page.addSubview(content)
        LayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: page.topAnchor),
            content.leadingAnchor.constraint(equalTo: page.leadingAnchor),
            content.widthAnchor.constraint(equalTo: page.widthAnchor),
        ])
    }

    /// Lays `rows` of cards down the page: on a wide panel the cards of a row side by side,
    /// equally wide and as tall as the tallest; on a narrow one every card across the page.
    func arrange(_ rows: [[Card]]) {
        let margins = content.layoutMarginsGuide
        /// `card`'s top: at the top margin, or a gap below `previous`.
        func top(of card: View, below previous: View?) -> LayoutConstraint {
            guard let previous else { return card.topAnchor.constraint(equalTo: margins.topAnchor) }
            return card.topAnchor.constraint(equalTo: previous.bottomAnchor, constant: Style.gap)
        }
        var previousRow: View?
        var previousCard: View?
        for row in rows {
            let first = row[0]
            wide.append(top(of: first, below: previousRow))
            for (index, card) in row.enumerated() {
                content.addSubview(card)
                narrow += [
                    top(of: card, below: previousCard), card.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                    card.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                ]
                previousCard = card
                guard index > 0 else {
                    wide.append(card.leadingAnchor.constraint(equalTo: margins.leadingAnchor))
                    continue
                }
                wide += [
                    card.leadingAnchor.constraint(equalTo: row[index - 1].trailingAnchor, constant: Style.gap),
                    card.widthAnchor.constraint(equalTo: first.widthAnchor), card.topAnchor.constraint(equalTo: first.topAnchor),
                    card.heightAnchor.constraint(equalTo: first.heightAnchor),
                ]
            }
            wide.append(row[row.count - 1].trailingAnchor.constraint(equalTo: margins.trailingAnchor))
            previousRow = first
        }
        // The content as tall as its cards.
        if let previousRow { wide.append(margins.bottomAnchor.constraint(equalTo: previousRow.bottomAnchor)) }
        if let previousCard { narrow.append(margins.bottomAnchor.constraint(equalTo: previousCard.bottomAnchor)) }
    }

    /// The wide or the narrow constraints, as the panel's width calls for.
    public override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let narrowNow = view.traitCollection.horizontalSizeClass == .compact
        guard narrowNow != isNarrow else { return }
        LayoutConstraint.deactivate(narrowNow ? wide : narrow)
        LayoutConstraint.activate(narrowNow ? narrow : wide)
        isNarrow = narrowNow
    }

    /// The page scrolls over its cards.
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let size = Size(width: page.bounds.width, height: content.frame.maxY)
        if page.contentSize != size { page.contentSize = size }
    }
}
