/// Screens side by side behind a bar of tabs: UIKit's `UITabBarController`.
///
/// The selected controller's view fills the area above the ``tabBar``. A controller's view is
/// loaded the first time its tab is selected, not before. Tapping a tab asks the delegate
/// (`shouldSelect`), selects it with a cross-fade of ``crossFadeDuration`` (UIKit switches at
/// once; set it to 0 for that) and tells the delegate (`didSelect`); setting
/// ``selectedIndex`` switches at once without asking. The cross-fade costs a copy per frame:
/// the leaving screen is copied from the display, the new one drawn once, and the two mixed.
@MainActor
open class TabBarController: ViewController {
    /// The bar of tabs.
    public let tabBar = TabBar()
    /// Hears taps on the tabs.
    public weak var delegate: (any TabBarControllerDelegate)?
    /// How long a tapped tab takes to fade in. Default 0.25 s; 0 switches at once.
    public var crossFadeDuration = 0.25
    /// The tabs' controllers, in order.
    public private(set) var viewControllers: [ViewController] = []
    private var selected = 0
    private let transitionView = TransitionView(frame: .zero)
    private let outgoing = Snapshot()
    private let incoming = Snapshot()
    private var fade: (from: ViewController, to: ViewController, animator: TransitionAnimator)?
    /// Where the fade is: its first frame (the tap's) shows the old screen alone while the
    /// new one is laid out, its second draws the new one into its snapshot, then they mix.
    private var fadeStep = FadeStep.mixing

    private enum FadeStep {
        case layingOut, drawing, mixing
    }
    /// The screen a finished fade ended on: its snapshot stays on screen for the last frame,
    /// and the view takes its place after (``swapInShownScreen()``), with the count of frames
    /// drawn when the fade ended.
    private var lingering: (shown: ViewController, renderedBefore: Int)?

    /// A controller with no tabs yet.
    public override init() { super.init() }

    /// A controller with tabs for `controllers`, the first selected.
    public init(viewControllers controllers: [ViewController]) {
        super.init()
        setViewControllers(controllers, animated: false)
    }

    override var appearanceChildren: [ViewController] { selectedViewController.map { [$0] } ?? [] }
    override var isInTransition: Bool { fade != nil }

    /// The selected tab's index. Setting it selects that tab at once (an index with no tab is
    /// reported and ignored).
    public var selectedIndex: Int {
        get { selected }
        set { select(newValue, animated: false, call: "selectedIndex") }
    }

    /// The selected tab's controller; setting it selects a controller of the tabs.
    public var selectedViewController: ViewController? {
        get { viewControllers.indices.contains(selected) ? viewControllers[selected] : nil }
        set {
            guard let newValue, let index = viewControllers.firstIndex(where: { $0 === newValue }) else {
                UsageWarning.report("selectedViewController", "the controller is not one of the tabs, so the selection did not change")
                return
            }
            select(index, animated: false, call: "selectedViewController")
        }
    }

    /// Replaces the tabs. The selection stays on the same controller when it is still there,
    /// else the first tab. Controllers in another container, or listed twice, are reported and
    /// the tabs are left as they were.
    open func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        let call = "setViewControllers(_:animated:)"
        for (index, controller) in controllers.enumerated() {
            if controllers[..<index].contains(where: { $0 === controller }) {
                UsageWarning.report(call, "\(type(of: controller)) is listed twice, so the tabs were not changed: list each controller once")
                return
            }
            if controller.parent !== self && (controller.parent != nil || controller.presentingViewController != nil || controller === self) {
                UsageWarning.report(call, "\(type(of: controller)) is already in a container or presented, so the tabs were not changed")
                return
            }
        }
        finishFade()
        let old = selectedViewController
        let visible = isShowing
        let newSelection = old.flatMap { kept in controllers.firstIndex { $0 === kept } } ?? 0
        let newSelected = controllers.indices.contains(newSelection) ? controllers[newSelection] : nil
        if visible && old !== newSelected {
            old?.beginAppearanceTransition(false, animated: false)
            newSelected?.beginAppearanceTransition(true, animated: false)
        }
        for controller in viewControllers where !controllers.contains(where: { $0 === controller }) {
            controller.beginLeavingParent()
            if controller.isViewLoaded, controller.view.superview === view { controller.view.removeFromSuperview() }
            controller.removeFromParent()
        }
        let added = controllers.filter { $0.parent !== self }
        for controller in added { addChild(controller) }
        viewControllers = controllers
        selected = newSelection
        if isViewLoaded {
            tabBar.setItems(controllers.map { ($0.tabBarItem, $0) })
            tabBar.selectedIndex = newSelected == nil ? nil : selected
            if let newSelected { install(newSelected) }
            view.layoutIfNeeded()
        }
        for controller in added { controller.didMove(toParent: self) }
        if visible && old !== newSelected {
            old?.endAppearanceTransition()
            newSelected?.endAppearanceTransition()
        }
    }

    /// The view: the selected screen over the tab bar.
    open override func loadView() {
        let container = TabBarContainerView(frame: .zero)
        container.paletteBackground = \.background
        container.addSubview(tabBar)
        tabBar.onSelect = { [weak self] index in self?.tabTapped(index) }
        view = container
        tabBar.setItems(viewControllers.map { ($0.tabBarItem, $0) })
        if let selectedViewController {
            tabBar.selectedIndex = selected
            install(selectedViewController)
        }
    }

    /// The area the selected screen fills: above the tab bar.
    public var contentFrame: Rect {
        let bounds = view.bounds
        return Rect(x: 0, y: 0, width: bounds.width, height: max(bounds.height - TabBar.height, 0))
    }

    func layoutContainer() {
        let bounds = view.bounds
        tabBar.frame = Rect(x: 0, y: max(bounds.height - TabBar.height, 0), width: bounds.width, height: TabBar.height)
        transitionView.frame = contentFrame
        for controller in viewControllers where controller.isViewLoaded && controller.view.superview === view {
            controller.view.frame = contentFrame
        }
    }

    private func install(_ controller: ViewController) {
        let content: View = controller.view
        content.frame = contentFrame
        if content.superview !== view { view.insertSubview(content, belowSubview: tabBar) }
    }

    private var isShowing: Bool { appearanceState == .appeared && isViewLoaded && view.window != nil }

    private func tabTapped(_ index: Int) {
        guard fade == nil, viewControllers.indices.contains(index), index != selected else { return }
        let controller = viewControllers[index]
        guard controller.tabBarItem.isEnabled, delegate?.tabBarController(self, shouldSelect: controller) ?? true else { return }
        select(index, animated: crossFadeDuration > 0, call: nil)
        delegate?.tabBarController(self, didSelect: controller)
    }

    private func select(_ index: Int, animated: Bool, call: String?) {
        guard viewControllers.indices.contains(index) else {
            UsageWarning.report(call ?? "selectedIndex", "there is no tab \(index) (there are \(viewControllers.count)), so the selection did not change")
            return
        }
        guard index != selected || selectedViewController?.isViewLoaded == false else { return }
        finishFade()
        let old = selectedViewController
        let new = viewControllers[index]
        selected = index
        guard isViewLoaded else { return }
        tabBar.selectedIndex = index
        new.loadViewIfNeeded()
        let visible = isShowing
        if visible && old !== new {
            old?.beginAppearanceTransition(false, animated: animated)
            new.beginAppearanceTransition(true, animated: animated)
        }
        // What leaves is copied from the screen before the new screen covers it.
        let animates = animated && visible && old != nil && old !== new && old?.isViewLoaded == true
        let background = view.presentationBackgroundColor ?? view.palette.background
        if animates, let old {
            old.view.layoutIfNeeded()
            outgoing.captureFromScreen(old.view, background: background)
        }
        install(new)
        view.layoutIfNeeded()
        if animates, let old {
            // The new screen is drawn when it first shows, a frame after the tap: the tap's
            // frame lays it out and shows only the old one, so neither frame does both.
            incoming.prepare(new.view, background: background)
            old.view.isHidden = true
            new.view.isHidden = true
            transitionView.frame = contentFrame
            transitionView.placements = [.init(snapshot: outgoing), .init(snapshot: incoming, opacity: 0, isShown: false)]
            view.insertSubview(transitionView, belowSubview: tabBar)
            let animator = TransitionAnimator(
                application: view.window?.application, curve: .easeInOut,
                update: { [weak self, weak new] progress in self?.showFade(progress, of: new) },
                completion: { [weak self] _ in self?.fadeEnded() })
            animator.afterLastFrame = { [weak self] in self?.swapInShownScreen() }
            fade = (old, new, animator)
            fadeStep = .layingOut
            animator.run(to: 1, duration: crossFadeDuration)
            return
        }
        if let old, old !== new, old.isViewLoaded, old.view.superview === view { old.view.removeFromSuperview() }
        if visible && old !== new {
            old?.endAppearanceTransition()
            new.endAppearanceTransition()
        }
    }

    /// Shows the cross-fade at `progress`. The tap's frame lays the new screen out and the
    /// next draws it into its snapshot, both showing the old screen alone; the fade's clock
    /// starts after them, so no frame does two of these, and the mix starts from nothing.
    private func showFade(_ progress: Double, of new: ViewController?) {
        var opacity = UInt8(min(max((progress * 255).rounded(), 0), 255))
        switch fadeStep {
        case .layingOut where progress < 1:
            fadeStep = .drawing
            opacity = 0
        case .drawing where progress < 1:
            fadeStep = .mixing
            if let new { incoming.drawColumns(of: new.view, 0 ..< Int.max) }
            // The screen still shows the old one alone: nothing to draw again.
            fade?.animator.restartClock()
            return
        default:
            fadeStep = .mixing
            if opacity > 0, !incoming.isComplete, let new { incoming.drawColumns(of: new.view, 0 ..< Int.max) }
        }
        transitionView.update {
            $0[1].opacity = opacity
            $0[1].isShown = opacity > 0
        }
    }

    /// The fade's end: the old screen leaves and the callbacks end, while the new screen's
    /// snapshot stays on screen for the last frame.
    private func fadeEnded() {
        guard let fade else { return }
        self.fade = nil
        lingering = (fade.to, view.window?.application?.display?.framesRendered ?? 0)
        fade.from.view.isHidden = false
        if fade.from.view.superview === view { fade.from.view.removeFromSuperview() }
        fade.from.endAppearanceTransition()
        fade.to.endAppearanceTransition()
    }

    /// Puts the shown screen's view in place of its snapshot, a frame after the fade ended.
    /// When that frame was drawn and the screen has not changed since its snapshot, the
    /// screen already shows the view, so nothing is drawn again.
    private func swapInShownScreen() {
        guard let (shown, renderedBefore) = lingering else { return }
        lingering = nil
        let display = view.window?.application?.display
        let unchanged =
            (display?.framesRendered ?? 0) > renderedBefore && incoming.isComplete && !Snapshot.hasChanged(shown.view)
            && transitionView.superview === view
        transitionView.makeWay(for: shown.isViewLoaded ? shown.view : nil, unchanged: unchanged)
    }

    /// Ends the cross-fade under way, at once, and puts a finished one's screen in place.
    private func finishFade() {
        swapInShownScreen()
        guard let fade else { return }
        self.fade = nil
        fade.animator.cancel()
        transitionView.removeFromSuperview()
        fade.from.view.isHidden = false
        fade.to.view.isHidden = false
        if fade.from.view.superview === view { fade.from.view.removeFromSuperview() }
        fade.from.endAppearanceTransition()
        fade.to.endAppearanceTransition()
    }
}

/// The tab bar controller's view: it lays out the bar and the selected screen.
@MainActor
final class TabBarContainerView: View {
    override func layoutSubviews() {
        super.layoutSubviews()
        (viewController as? TabBarController)?.layoutContainer()
    }
}
