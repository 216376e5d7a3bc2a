/// Pages side by side, turned by a horizontal swipe: UIKit's `UIPageViewController` in its
/// scroll style, on the ``ScrollView``'s paging physics.
///
/// The data source gives the pages before and after the current one; those three sit in a
/// paging scroll view, so a swipe shows the neighbour following the finger and snaps to a page
/// when it lets go. A page that starts coming on screen hears `viewWillAppear` (and the current
/// one `viewWillDisappear`); the snap completes or reverses those, in UIKit's order. When the
/// data source gives a ``PageViewControllerDataSource/presentationCount(for:)``, a
/// ``pageControl`` shows the dots at the bottom, and tapping it turns a page.
@MainActor
open class PageViewController: ViewController {
    /// Which way a page turns.
    public enum NavigationDirection: Sendable {
        /// To the page after (the content moves left).
        case forward
        /// To the page before.
        case reverse
    }

    /// The pages' supplier.
    public weak var dataSource: (any PageViewControllerDataSource)? {
        didSet { if let current, isViewLoaded { arrange(around: current) } }
    }
    /// Hears pages turn.
    public weak var delegate: (any PageViewControllerDelegate)?
    /// The dots (hidden when the data source gives no count).
    public let pageControl = PageControl()
    /// The page shown, as UIKit's one-element array.
    public var viewControllers: [ViewController] { current.map { [$0] } ?? [] }
    /// The paging scroll view the pages sit in.
    public let scrollView = ScrollView(frame: .zero)

    private var current: ViewController?
    private var pages: [ViewController] = []
    /// The neighbour coming on screen during a swipe.
    private var pending: ViewController?
    private var completions: [@MainActor (Bool) -> Void] = []
    private var arranging = false
    private let scrollDelegate = PageScrollDelegate()

    /// A page view controller with no pages yet.
    public override init() { super.init() }

    override var appearanceChildren: [ViewController] { current.map { [$0] } ?? [] }

    /// The view: the paging scroll view, the dots over its bottom.
    open override func loadView() {
        let container = PageContainerView(frame: .zero)
        container.paletteBackground = \.background
        scrollView.isPagingEnabled = true
        scrollView.showsHorizontalScrollIndicator = false
        scrollView.showsVerticalScrollIndicator = false
        scrollView.alwaysBounceHorizontal = true
        scrollDelegate.owner = self
        scrollView.delegate = scrollDelegate
        container.addSubview(scrollView)
        pageControl.addAction(.closure("pageControl") { [weak self] _, _ in self?.pageControlChanged() }, for: .valueChanged)
        container.addSubview(pageControl)
        view = container
        if let current { arrange(around: current) }
    }

    /// Shows `controllers`' only element, turning a page in `direction` when `animated`.
    /// nil, an empty list or more than one controller is reported and ignored.
    open func setViewControllers(
        _ controllers: [ViewController]?, direction: NavigationDirection, animated: Bool, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        let call = "setViewControllers(_:direction:animated:completion:)"
        guard let controllers, controllers.count == 1, let new = controllers.first else {
            UsageWarning.report(call, "a page view controller shows exactly one controller, so the pages did not change: pass one")
            return
        }
        if new.parent != nil && new.parent !== self || new.presentingViewController != nil || new === self {
            UsageWarning.report(call, "\(type(of: new)) is in another container or presented, so the pages did not change")
            return
        }
        guard new !== current else {
            completion?(true)
            return
        }
        guard let old = current, isViewLoaded, animated, isShowing else {
            replace(with: new)
            completion?(true)
            return
        }
        // The new page takes the neighbour's place on its side, then the content scrolls to it.
        if let completion { completions.append(completion) }
        let width = view.bounds.width
        let index: Int
        if direction == .forward {
            pages = [old, new]
            index = 1
        } else {
            pages = [new, old]
            index = 0
        }
        layoutPages(offsetFor: old)
        scrollView.setContentOffset(Point(x: Double(index) * width, y: 0), animated: true)
    }

    private var isShowing: Bool { appearanceState == .appeared && isViewLoaded && view.window != nil }

    /// Shows `new` at once, with the appearance callbacks.
    private func replace(with new: ViewController) {
        let old = current
        let visible = isShowing
        if visible {
            old?.beginAppearanceTransition(false, animated: false)
            new.beginAppearanceTransition(true, animated: false)
        }
        current = new
        if isViewLoaded {
            arrange(around: new)
        } else {
            adopt([new])
        }
        if let count = dataSource?.presentationCount(for: self), count > 0 {
            pageControl.numberOfPages = count
        }
        shownDot = dataSource?.presentationIndex(for: self) ?? 0
        pageControl.currentPage = shownDot
        if visible {
            old?.endAppearanceTransition()
            new.endAppearanceTransition()
        }
    }

    /// Puts `page` with its neighbours in the scroll view, `page` shown.
    private func arrange(around page: ViewController) {
        var list = [page]
        if let before = dataSource?.pageViewController(self, viewControllerBefore: page), before !== page { list.insert(before, at: 0) }
        if let after = dataSource?.pageViewController(self, viewControllerAfter: page), after !== page, !list.contains(where: { $0 === after }) {
            list.append(after)
        }
        pages = list
        layoutPages(offsetFor: page)
        let count = dataSource?.presentationCount(for: self) ?? 0
        pageControl.isHidden = count <= 0
        if count > 0 { pageControl.numberOfPages = count }
    }

    /// Makes the listed pages the children, the others leave.
    private func adopt(_ list: [ViewController]) {
        for child in children where !list.contains(where: { $0 === child }) {
            child.beginLeavingParent()
            if child.isViewLoaded, child.view.superview === scrollView { child.view.removeFromSuperview() }
            child.removeFromParent()
        }
        for page in list where page.parent !== self {
            addChild(page)
            page.didMove(toParent: self)
        }
    }

    /// Places the pages side by side and scrolls to `shown` without moving the screen.
    private func layoutPages(offsetFor shown: ViewController) {
        adopt(pages)
        let bounds = view.bounds
        arranging = true
        defer { arranging = false }
        for (index, page) in pages.enumerated() {
            let pageView: View = page.view
            pageView.frame = Rect(x: Double(index) * bounds.width, y: 0, width: bounds.width, height: bounds.height)
            if pageView.superview !== scrollView { scrollView.addSubview(pageView) }
        }
        scrollView.contentSize = Size(width: Double(pages.count) * bounds.width, height: bounds.height)
        let index = pages.firstIndex { $0 === shown } ?? 0
        scrollView.contentOffset = Point(x: Double(index) * bounds.width, y: 0)
    }

    func layoutContainer() {
        let bounds = view.bounds
        guard scrollView.frame != bounds else { return }
        scrollView.frame = bounds
        pageControl.frame = Rect(x: 0, y: max(bounds.height - 30, 0), width: bounds.width, height: 26)
        if let current, pending == nil { layoutPages(offsetFor: current) }
    }

    // MARK: - Swipes

    /// The content moved: a neighbour starting to show becomes the pending page.
    func scrolled() {
        guard !arranging, let current, let currentIndex = pages.firstIndex(where: { $0 === current }) else { return }
        let width = view.bounds.width
        guard width > 0 else { return }
        let delta = scrollView.contentOffset.x - Double(currentIndex) * width
        let neighbourIndex = delta > 0.5 ? currentIndex + 1 : delta < -0.5 ? currentIndex - 1 : nil
        let neighbour = neighbourIndex.flatMap { pages.indices.contains($0) ? pages[$0] : nil }
        guard neighbour !== pending else { return }
        if let pending { reverse(pending) }
        guard let neighbour else { return }
        pending = neighbour
        delegate?.pageViewController(self, willTransitionTo: [neighbour])
        if isShowing {
            current.beginAppearanceTransition(false, animated: true)
            neighbour.beginAppearanceTransition(true, animated: true)
        }
    }

    /// The pending page went back off screen: UIKit's reversed sequence.
    private func reverse(_ page: ViewController) {
        pending = nil
        guard let current, isShowing else { return }
        current.beginAppearanceTransition(true, animated: true)
        page.beginAppearanceTransition(false, animated: true)
        current.endAppearanceTransition()
        page.endAppearanceTransition()
    }

    /// The content came to rest on a page.
    func settled() {
        guard !arranging, let old = current else { return }
        let width = view.bounds.width
        let index = width > 0 ? Int((scrollView.contentOffset.x / width).rounded()) : 0
        let landed = pages.indices.contains(index) ? pages[index] : old
        let completed = landed !== old && landed === pending
        if completed, let new = pending {
            pending = nil
            if isShowing {
                old.endAppearanceTransition()
                new.endAppearanceTransition()
            }
            current = new
            let oldIndex = pages.firstIndex { $0 === old } ?? index
            shownDot += index > oldIndex ? 1 : -1
            pageControl.currentPage = shownDot
            arrange(around: new)
        } else if let pending {
            reverse(pending)
            // Back to the page's own neighbours (an animated set may have put another beside it).
            arrange(around: old)
        }
        delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: [old], transitionCompleted: completed)
        let completions = self.completions
        self.completions.removeAll()
        for completion in completions { completion(completed) }
    }

    /// The page control was tapped: turn a page toward its new dot (the dot moves when the
    /// page lands).
    private func pageControlChanged() {
        guard let current, let index = pages.firstIndex(where: { $0 === current }) else { return }
        let target = pageControl.currentPage > shownDot ? index + 1 : index - 1
        pageControl.currentPage = shownDot
        guard pages.indices.contains(target), pending == nil else { return }
        scrollView.setContentOffset(Point(x: Double(target) * view.bounds.width, y: 0), animated: true)
    }

    /// The dot of the page shown.
    private var shownDot = 0
}

/// The page view controller's view: it lays out the scroll view and the dots.
@MainActor
final class PageContainerView: View {
    override func layoutSubviews() {
        super.layoutSubviews()
        (viewController as? PageViewController)?.layoutContainer()
    }
}

/// Passes the scroll view's motion to the page view controller.
@MainActor
final class PageScrollDelegate: ScrollViewDelegate {
    weak var owner: PageViewController?

    func scrollViewDidScroll(_ scrollView: ScrollView) { owner?.scrolled() }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) { if !decelerate { owner?.settled() } }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { owner?.settled() }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { owner?.settled() }
}
