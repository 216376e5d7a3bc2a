/// Manages a view and its place in the responder chain: UIKit's `UIViewController`.
///
/// Its ``view`` is created on first access by ``loadView()`` (override to build your own), then
/// ``viewDidLoad()`` runs. Its ``next`` responder (A12) is the presenting controller when it is
/// presented, else its view's superview (the window when its view is the window's root).
@MainActor
open class ViewController: Responder {
    private var _view: View?
    /// Where the view is in its appearance transitions (ViewController+Appearance.swift).
    var appearanceState = AppearanceState.disappeared
    /// Whether the transition under way is animated (for its `did` callback).
    var appearanceAnimated = false
    /// Why it appears or disappears now: a push, a pop, a presentation, a dismissal
    /// (ViewController+Moving.swift).
    var transitionRoles = TransitionRoles()
    /// The tasks ``task(priority:_:)`` started that still run (ViewController+Tasks.swift).
    var taskIDs = Set<UInt64>()

    /// Creates a view controller.
    public override init() { super.init() }

    /// The root view, loaded on first access.
    open var view: View! {
        get {
            loadViewIfNeeded()
            return _view
        }
        set {
            if _view === newValue { return }
            _view?.viewController = nil
            _view = newValue
            newValue?.viewController = self
        }
    }

    /// Whether the view has been loaded.
    public var isViewLoaded: Bool { _view != nil }

    /// Loads the view now if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard _view == nil else { return }
        loadView()
        if _view == nil { view = View(frame: .zero) }
        viewDidLoad()
    }

    /// Creates the view. Default: a plain ``View``. Overrides set ``view`` and do not call super.
    open func loadView() {
        view = View(frame: .zero)
    }

    /// Called once after the view was loaded.
    open func viewDidLoad() {}

    // MARK: - Titles and containers

    /// The controller's title: the navigation bar's title and the tab bar item's, unless those
    /// items have their own.
    open var title: String? {
        didSet {
            _navigationItem?.onChange?()
            _tabBarItem?.onChange?()
        }
    }

    private var _navigationItem: NavigationItem?
    /// What a navigation bar shows while this controller is on top of a stack, made on first use.
    public var navigationItem: NavigationItem {
        if let _navigationItem { return _navigationItem }
        let made = NavigationItem()
        _navigationItem = made
        return made
    }

    private var _tabBarItem: TabBarItem?
    /// What a tab bar shows for this controller, made on first use.
    public var tabBarItem: TabBarItem {
        get {
            if let _tabBarItem { return _tabBarItem }
            let made = TabBarItem()
            _tabBarItem = made
            return made
        }
        set { _tabBarItem = newValue }
    }

    /// The nearest navigation controller among the controller's ancestors.
    public var navigationController: NavigationController? { ancestor(NavigationController.self) }

    /// The nearest tab bar controller among the controller's ancestors.
    public var tabBarController: TabBarController? { ancestor(TabBarController.self) }

    /// The nearest ancestor of type `T`.
    private func ancestor<T: ViewController>(_ type: T.Type) -> T? {
        var current: ViewController? = parent
        while let controller = current {
            if let found = controller as? T { return found }
            current = controller.parent
        }
        return nil
    }

    // MARK: - Appearance

    /// Called before the view is added to the screen: when the window that has it as its root
    /// becomes visible, when it is presented, when the controller it presented is dismissed, and
    /// when a container shows it. Default: nothing.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view was added to the screen (after its first layout there). Default:
    /// nothing.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view leaves the screen or is covered by a presented controller.
    /// Default: nothing.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view left the screen or was covered. Default: nothing.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Override to set properties of the views from the app's models (UIKit 26): it runs in the
    /// update pass before layout, just before its view's ``View/updateProperties()``, and again
    /// whenever an `@Observable` property it read changes. Default: nothing.
    open func updateProperties() {}
    /// Called before the view lays out its subviews (``View/layoutSubviews()``). Default: nothing.
    open func viewWillLayoutSubviews() {}
    /// Called after the view laid out its subviews. Default: nothing.
    open func viewDidLayoutSubviews() {}
    /// The traits of the controller's view changed (light or dark, contrast, the size classes
    /// as the window is resized or turned, the text size): UIKit's `traitCollectionDidChange`,
    /// called after the view's own. Call super. Default: nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection) {}
    /// The traits of the controller's view.
    public var traitCollection: TraitCollection { view.traitCollection }
    /// Override to update the controller's constraints in one place; it runs before its view's
    /// ``View/updateConstraints()``. Default: nothing.
    open func updateViewConstraints() {}
    /// Insets added to the view's safe area (``View/safeAreaLayoutGuide``): room kept for
    /// something the controller draws over its content. Default none.
    public var additionalSafeAreaInsets = EdgeInsets.zero {
        didSet {
            guard additionalSafeAreaInsets != oldValue, isViewLoaded else { return }
            view.safeAreaInsetsMayHaveChanged()
        }
    }
    /// Whether ``beginAppearanceTransition(_:animated:)`` and ``endAppearanceTransition()``
    /// pass on to the children. Default true; a container that calls its children's
    /// transitions itself returns false.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// The window's root view controller, and every controller presented above it, hears this
    /// when the on-screen keyboard is about to slide in (`frame`: the area it will cover, in window coordinates) or out (nil), so it
    /// can move content out of its way. Default: nothing.
    open func keyboardWillChangeFrame(_ frame: Rect?) {}

    // MARK: - Containment

    /// The controller that contains this one.
    public private(set) weak var parent: ViewController?
    /// The contained controllers.
    public private(set) var children: [ViewController] = []

    /// Adds a child controller (add its view to the hierarchy yourself, as in UIKit).
    open func addChild(_ child: ViewController) {
        child.removeFromParent()
        child.noteMove(toParent: self)
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes the controller from its parent.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        transitionRoles.remove([.movingToParent, .movingFromParent])
        didMove(toParent: nil)
    }

    /// Whether this container is moving between its children (a push, a tab's cross-fade).
    var isInTransition: Bool { false }

    /// Whether this controller or a controller inside it is in a transition.
    var hasTransitionInProgress: Bool { isInTransition || children.contains { $0.hasTransitionInProgress } }

    /// The children whose views are on screen with this controller's: they hear its
    /// appearance transitions. All of them by default; a navigation controller only its top,
    /// a tab bar controller only the selected one.
    var appearanceChildren: [ViewController] { children }

    /// Called before the controller is added to (or removed from) a parent. ``addChild(_:)``
    /// calls it with the new parent; a container calls it with nil before it removes a child.
    /// An override calls super (as in UIKit), which notes the move for ``isMovingFromParent``.
    open func willMove(toParent parent: ViewController?) { noteMove(toParent: parent) }
    /// Called after the controller moved to a parent (or was removed from one).
    open func didMove(toParent parent: ViewController?) {}

    // MARK: - Presentation (ViewController+Presentation.swift)

    /// The controller that presented this one.
    public internal(set) weak var presentingViewController: ViewController?
    /// The controller this one presents.
    public internal(set) var presentedViewController: ViewController?
    /// The presentation or dismissal under way for this presented controller.
    var presentation: PresentationTransition?
    /// The view that holds this presented controller's view on the window (a sheet's card
    /// and backdrop); nil for a full-screen presentation, whose view sits on the window.
    var presentationContainer: SheetContainerView?
    private var _sheetPresentationController: SheetPresentationController?
    /// How the controller's sheet is sized (its detents), when it is presented as a
    /// ``ModalPresentationStyle/pageSheet``; nil for the other styles, as in UIKit.
    public var sheetPresentationController: SheetPresentationController? {
        guard modalPresentationStyle == .pageSheet else { return nil }
        if let _sheetPresentationController { return _sheetPresentationController }
        let made = SheetPresentationController()
        _sheetPresentationController = made
        return made
    }

    /// How the controller is shown when presented. Default ``ModalPresentationStyle/fullScreen``
    /// (UIKit's default on a phone is a page sheet; a kiosk's screens are usually full).
    open var modalPresentationStyle = ModalPresentationStyle.fullScreen
    /// How a full-screen presentation comes in. Default ``ModalTransitionStyle/coverVertical``.
    open var modalTransitionStyle = ModalTransitionStyle.coverVertical
    /// Whether a sheet stays up when the backdrop is tapped or the sheet is swiped down
    /// (UIKit's `isModalInPresentation`). Default false: both dismiss it.
    open var isModalInPresentation = false
    /// The size the controller would like; a sheet takes its height when it is not zero,
    /// else two thirds of the window. Default zero.
    open var preferredContentSize = Size.zero

    // MARK: - Responder

    /// The presenting controller when presented, else the view's superview (A12).
    open override var next: Responder? {
        if let presentingViewController { return presentingViewController }
        return _view?.superview
    }

    override var firstResponderWindow: Window? { _view?.window }
}
