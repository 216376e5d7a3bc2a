/// A stack of screens with a bar on top: UIKit's `UINavigationController`.
///
/// The top controller's view fills the area under the ``navigationBar``; pushing slides the
/// new screen in from the right over the old one, which moves a third of the way left under a
/// dimming, in 0.35 s, and popping does the reverse. A finger dragged from the left edge pops
/// interactively (``interactivePopGestureRecognizer``): the screens follow it, and letting go
/// past half the width, or flicking right, completes the pop; otherwise everything slides
/// back. The controllers hear UIKit's appearance and containment callbacks in UIKit's order
/// (docs/view-controller-lifecycle.md).
///
/// A transition costs a copy, not a redraw: each screen and each state of the bar is drawn
/// once into a snapshot when it starts, and every frame puts the snapshots at their places
/// (NavigationController+Transition.swift). The screens' own animations pause meanwhile, and
/// they cannot be touched during a transition the finger does not drive.
///
/// Mistakes are reported (`UsageWarning`) and ignored, as UIKit logs them: pushing a
/// controller already in a stack or in another container, changing the stack during a
/// transition, popping the root, or an empty or repeating list of controllers.
@MainActor
open class NavigationController: ViewController {
    /// How long a push or a pop takes, UIKit's.
    public static let transitionDuration = 0.35

    /// The bar on top.
    public let navigationBar = NavigationBar()
    /// The screens, root first.
    public internal(set) var viewControllers: [ViewController] = []
    /// The top screen.
    public var topViewController: ViewController? { viewControllers.last }
    /// What is on screen: the top controller, or the controller it (or one it presented)
    /// presents.
    public var visibleViewController: ViewController? {
        var visible = topViewController
        while let presented = visible?.presentedViewController { visible = presented }
        return visible
    }
    /// Hears the top screen change.
    public weak var delegate: (any NavigationControllerDelegate)?
    /// Whether the bar is hidden (the top screen then fills the whole view).
    public var isNavigationBarHidden = false {
        didSet {
            guard isNavigationBarHidden != oldValue, isViewLoaded else { return }
            navigationBar.isHidden = isNavigationBarHidden
            view.setNeedsLayout()
        }
    }
    /// Hides or shows the bar (without an animation: the screen below it moves at once).
    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { isNavigationBarHidden = hidden }

    /// The drag from the left edge that pops the top screen; set `isEnabled` false to turn it off.
    public let interactivePopGestureRecognizer = ScreenEdgePanGestureRecognizer()
    /// Whether a push, a pop or an interactive pop is under way.
    public var isTransitioning: Bool { transition != nil }

    /// The transition under way (NavigationController+Transition.swift).
    var transition: NavigationTransition?
    /// The screen a finished transition shows from its snapshot until the next frame.
    var lingering: (ViewController, Snapshot, Int)?
    let transitionView = TransitionView(frame: .zero)
    let snapshots = NavigationSnapshots()
    let popGestureDelegate = PopGestureDelegate()

    /// A stack holding `rootViewController`.
    public init(rootViewController: ViewController) {
        super.init()
        setViewControllers([rootViewController], animated: false)
    }

    /// An empty stack.
    public override init() { super.init() }

    override var appearanceChildren: [ViewController] { topViewController.map { [$0] } ?? [] }
    override var isInTransition: Bool { transition != nil }

    /// The view: the bar over the top screen's view.
    open override func loadView() {
        let container = NavigationContainerView(frame: .zero)
        container.paletteBackground = \.background
        navigationBar.isHidden = isNavigationBarHidden
        navigationBar.onBack = { [weak self] in _ = self?.popViewController(animated: true) }
        container.addSubview(navigationBar)
        interactivePopGestureRecognizer.edges = .left
        interactivePopGestureRecognizer.name = "interactivePop"
        interactivePopGestureRecognizer.delegate = popGestureDelegate
        interactivePopGestureRecognizer.addTarget(
            nil, action: .closure("interactivePop") { [weak self] sender, _ in self?.interactivePopChanged() })
        popGestureDelegate.navigationController = self
        container.addGestureRecognizer(interactivePopGestureRecognizer)
        view = container
        if let top = topViewController {
            install(top)
            navigationBar.show(top: top, below: controller(below: top))
        }
    }

    /// The area the top screen fills: under the bar, or all of the view when the bar is hidden.
    public var contentFrame: Rect {
        let bounds = view.bounds
        guard !isNavigationBarHidden else { return bounds }
        let bar = NavigationBar.height
        return Rect(x: 0, y: bar, width: bounds.width, height: max(bounds.height - bar, 0))
    }

    /// Lays the bar and the top screen out.
    func layoutContainer() {
        let bounds = view.bounds
        // The swipe back starts at the leading edge: the right one under a right-to-left language.
        interactivePopGestureRecognizer.edges = view.isRightToLeft ? .right : .left
        navigationBar.frame = Rect(x: 0, y: 0, width: bounds.width, height: NavigationBar.height)
        transitionView.frame = bounds
        let content = contentFrame
        for controller in viewControllers where controller.isViewLoaded && controller.view.superview === view {
            controller.view.frame = content
        }
    }

    /// The controller under `controller` in the stack.
    func controller(below controller: ViewController) -> ViewController? {
        guard let index = viewControllers.firstIndex(where: { $0 === controller }), index > 0 else { return nil }
        return viewControllers[index - 1]
    }

    /// Puts `controller`'s view in the content area, under the bar.
    func install(_ controller: ViewController) {
        let content: View = controller.view
        content.frame = contentFrame
        if content.superview !== view { view.insertSubview(content, belowSubview: navigationBar) }
    }

    // MARK: - The stack

    /// Pushes `controller` on top and shows it, sliding in from the right when `animated`.
    open func pushViewController(_ controller: ViewController, animated: Bool) {
        guard checkIdle("pushViewController(_:animated:)") else { return }
        if viewControllers.contains(where: { $0 === controller }) {
            UsageWarning.report(
                "pushViewController(_:animated:)", "\(type(of: controller)) is already in this stack, so it was not pushed again: push a new controller")
            return
        }
        guard checkFree(controller, "pushViewController(_:animated:)") else { return }
        let old = topViewController
        addChild(controller)
        viewControllers.append(controller)
        show(controller, replacing: old, kind: .push, animated: animated, added: [controller], removed: [])
    }

    /// Pops the top controller and returns it; the root cannot be popped (reported, nil).
    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        guard checkIdle("popViewController(animated:)") else { return nil }
        guard viewControllers.count > 1, let top = viewControllers.last else {
            UsageWarning.report("popViewController(animated:)", "the stack holds only its root, so nothing was popped: the root stays")
            return nil
        }
        return popToViewController(viewControllers[viewControllers.count - 2], animated: animated)?.first.map { _ in top }
    }

    /// Pops the controllers above `controller` and returns them (bottom first); nil when
    /// `controller` is not in the stack (reported).
    @discardableResult
    open func popToViewController(_ controller: ViewController, animated: Bool) -> [ViewController]? {
        guard checkIdle("popToViewController(_:animated:)") else { return nil }
        guard let index = viewControllers.firstIndex(where: { $0 === controller }) else {
            UsageWarning.report("popToViewController(_:animated:)", "\(type(of: controller)) is not in this stack, so nothing was popped")
            return nil
        }
        let popped = Array(viewControllers[(index + 1)...])
        guard let old = popped.last else { return [] }
        viewControllers.removeSubrange((index + 1)...)
        for child in popped.reversed() { child.beginLeavingParent() }
        show(controller, replacing: old, kind: .pop, animated: animated, added: [], removed: popped)
        return popped
    }

    /// Pops everything above the root and returns it (bottom first).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController]? {
        guard let root = viewControllers.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Replaces the stack. The new top comes in as a push when it was not in the stack, as a
    /// pop when it was. An empty list, a controller listed twice or one in another container
    /// is reported and the stack is left as it was.
    open func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        let call = "setViewControllers(_:animated:)"
        guard checkIdle(call) else { return }
        guard let newTop = controllers.last else {
            UsageWarning.report(call, "the list is empty, so the stack was not changed: a navigation controller needs a root")
            return
        }
        for (index, controller) in controllers.enumerated() where controllers[..<index].contains(where: { $0 === controller }) {
            UsageWarning.report(call, "\(type(of: controller)) is listed twice, so the stack was not changed: list each controller once")
            return
        }
        for controller in controllers where controller.parent !== self {
            guard checkFree(controller, call) else { return }
        }
        let old = topViewController
        let wasInStack = viewControllers.contains { $0 === newTop }
        let removed = viewControllers.filter { kept in !controllers.contains { $0 === kept } }
        let added = controllers.filter { new in !viewControllers.contains { $0 === new } }
        for controller in removed { controller.beginLeavingParent() }
        for controller in added { addChild(controller) }
        viewControllers = controllers
        if old === newTop {
            finishStructure(added: added, removed: removed, keeping: newTop)
            if isViewLoaded { navigationBar.show(top: newTop, below: controller(below: newTop)) }
            return
        }
        show(newTop, replacing: old, kind: wasInStack ? .pop : .push, animated: animated, added: added, removed: removed)
    }

    /// Reports a change asked during a transition; returns whether none runs.
    private func checkIdle(_ call: String) -> Bool {
        guard transition == nil else {
            UsageWarning.report(call, "a transition is under way, so the stack was not changed: change it when the transition ends (the delegate's didShow)")
            return false
        }
        return true
    }

    /// Reports a controller that is in another container or presented; returns whether it is free.
    private func checkFree(_ controller: ViewController, _ call: String) -> Bool {
        guard controller.parent == nil, controller.presentingViewController == nil, controller !== self else {
            UsageWarning.report(
                call, "\(type(of: controller)) is already in a container or presented, so the stack was not changed: remove it from there first")
            return false
        }
        return true
    }

    /// Completes the containment of a change: views of controllers that left are taken off,
    /// and `didMove(toParent:)` is called.
    func finishStructure(added: [ViewController], removed: [ViewController], keeping top: ViewController) {
        for controller in removed {
            if controller.isViewLoaded && controller.view.superview === view { controller.view.removeFromSuperview() }
            controller.removeFromParent()
        }
        for controller in added where controller.parent === self { controller.didMove(toParent: self) }
        if isViewLoaded {
            for controller in viewControllers where controller !== top && controller.isViewLoaded && controller.view.superview === view {
                controller.view.removeFromSuperview()
            }
        }
    }
}

/// The navigation controller's view: it lays out the bar and the top screen.
@MainActor
final class NavigationContainerView: View {
    override func layoutSubviews() {
        super.layoutSubviews()
        (viewController as? NavigationController)?.layoutContainer()
    }

    /// A reader's back key pops the top screen, when there is one under it.
    override func accessibilityPerformEscape() -> Bool {
        guard let navigation = viewController as? NavigationController, navigation.viewControllers.count > 1 else { return false }
        return navigation.popViewController(animated: true) != nil
    }
}

/// Lets the edge drag begin only when there is something to pop and nothing moves.
@MainActor
final class PopGestureDelegate: GestureRecognizerDelegate {
    weak var navigationController: NavigationController?

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard let navigationController, let top = navigationController.topViewController else { return false }
        return navigationController.viewControllers.count > 1 && !navigationController.isTransitioning
            && !top.navigationItem.hidesBackButton && navigationController.appearanceState == .appeared
    }
}
