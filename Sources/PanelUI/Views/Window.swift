/// The root of a view tree on the screen, and the dispatcher of its touches: UIKit's `UIWindow`.
///
/// A window belongs to an ``Application`` (``Application/addWindow(_:)``). Like UIKit's, a new
/// window is hidden; ``makeKeyAndVisible()`` shows it and makes it the key window. Windows are
/// hit-tested from the highest ``windowLevel`` down (E26); a touch belongs to the window whose
/// hit-test succeeded.
///
/// ``sendEvent(_:)`` hands touches events to the application's touch dispatcher, which runs the
/// pipeline of docs/events.md A.7: new touches get their eligible recognizers and are checked against
/// `isMultipleTouchEnabled` and `isExclusiveTouch`; the recognizer pass runs; then each view
/// receives its changed touches, one call per view and phase.
@MainActor
open class Window: View {
    /// A window's stacking level: higher levels are in front and are hit-tested first.
    public struct Level: Hashable, Comparable, Sendable, RawRepresentable {
        /// The level's number: higher is in front.
        public var rawValue: Double
        /// The level numbered `rawValue`.
        public init(rawValue: Double) { self.rawValue = rawValue }
        /// The level numbered `rawValue`.
        public init(_ rawValue: Double) { self.rawValue = rawValue }
        /// Ordinary content (0).
        public static let normal = Level(0)
        /// A status bar (1000).
        public static let statusBar = Level(1000)
        /// Alerts and overlays (2000).
        public static let alert = Level(2000)
        /// Whether `lhs` is behind `rhs`.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The Auto Layout engine of the window's constraints, once one is active
    /// (LayoutEngine.swift).
    @exclusivity(unchecked) var layoutEngineStorage: LayoutEngine?

    /// The screen's unusable edges, in points: a bezel over the panel's border, a round
    /// display's corners. Views keep out of them through ``View/safeAreaLayoutGuide``. Default none.
    public var screenSafeAreaInsets = EdgeInsets.zero {
        didSet { if screenSafeAreaInsets != oldValue { safeAreaInsetsMayHaveChanged() } }
    }

    /// The window was resized (a screen turned or swapped): views whose size classes changed
    /// hear it in ``View/traitCollectionDidChange(_:)``, and the safe area follows.
    func sizeDidChange(from oldSize: Size) {
        var old = traitCollection
        let sizeClasses = TraitCollection.sizeClasses(for: oldSize)
        old.horizontalSizeClass = sizeClasses.horizontal
        old.verticalSizeClass = sizeClasses.vertical
        appearanceChanged(from: old, themeChanged: false)
        safeAreaInsetsMayHaveChanged()
    }

    /// The stacking level. Default ``Level/normal``.
    @exclusivity(unchecked) public var windowLevel = Level.normal {
        didSet { application?.windowOrderChanged() }
    }

    /// The application the window belongs to.
    public internal(set) var application: Application? {
        get { _application }
        set { _application = newValue }
    }
    // Unowned and unchecked, yet never dangling: the application holds the window (in
    // `windows`) for as long as this names it, and clears it when it lets go (`removeWindow(_:)`,
    // or its own `deinit`). Actions read it on every tap; a weak reference would cost a side
    // table lookup each time.
    @exclusivity(unchecked) private unowned(unsafe) var _application: Application?

    /// The responder where nil-targeted actions, motion, remote-control and press events
    /// start; set by ``Responder/becomeFirstResponder()``.
    public internal(set) weak var firstResponder: Responder? {
        didSet { if firstResponder !== oldValue { updateKeyboard() } }
    }

    /// The view that has the focus: where arrows and select act on a panel used without touch
    /// (Window+Focus.swift).
    public internal(set) weak var focusedView: View?
    /// Whether a knob adjusts the focused slider or stepper instead of moving the focus.
    @exclusivity(unchecked) public internal(set) var isAdjustingFocus = false

    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        if !handleFocusPresses(presses, phase: .began) { super.pressesBegan(presses, with: event) }
    }

    open override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
        if !handleFocusPresses(presses, phase: .ended) { super.pressesEnded(presses, with: event) }
    }

    open override func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
        if !handleFocusPresses(presses, phase: .cancelled) { super.pressesCancelled(presses, with: event) }
    }

    /// Whether a ``KeyInput`` that becomes first responder brings up the on-screen keyboard.
    /// Default true; set false on a panel with a physical keyboard only.
    public var showsOnScreenKeyboard = true

    /// The on-screen keyboard, made the first time it is needed (Window+Keyboard.swift).
    public internal(set) var keyboard: Keyboard?

    /// The area the on-screen keyboard covers, in the window's bounds coordinates, while it is
    /// up (its final place while it slides in); nil while it is down.
    public internal(set) var keyboardFrame: Rect?

    /// The touches event this window reuses for every frame (E1).
    public let touchesEvent = Event(type: .touches)

    /// The union of the areas marked for redraw since ``takeDirtyRegion()`` was last called, in
    /// window coordinates (for inspection; the ``Display`` receives each area separately, in
    /// screen coordinates).
    @exclusivity(unchecked) public private(set) var dirtyRegion = Rect.zero

    /// Creates a hidden window with a frame in screen coordinates.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        _window = self
        touchesEvent.window = self
        isHidden = true
    }

    /// The touches event may outlive the window (a handler kept it): it no longer names it.
    isolated deinit {
        touchesEvent.window = nil
        layoutEngineStorage?.tearDown()
    }

    /// The view controller whose view fills the window.
    open var rootViewController: ViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            // On a visible window the old root disappears and the new one appears, in UIKit's
            // order: old will, new will, new layout, old did, new did.
            let visible = !isHidden
            let incoming = rootViewController
            if let incoming { incoming.loadViewIfNeeded() }
            if visible {
                oldValue?.beginAppearanceTransition(false, animated: false)
                incoming?.beginAppearanceTransition(true, animated: false)
            }
            if let old = oldValue, old.isViewLoaded, old.view.superview === self {
                old.view.removeFromSuperview()
            }
            if let incoming {
                let view: View = incoming.view
                view.frame = bounds
                addSubview(view)
            }
            if visible {
                layoutIfNeeded()
                oldValue?.endAppearanceTransition()
                incoming?.endAppearanceTransition()
            }
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let controller = rootViewController, controller.isViewLoaded, controller.view.superview === self {
            controller.view.frame = bounds
        }
    }

    /// Hiding a window makes its root view controller disappear, and showing it again makes
    /// it appear (UIKit's order: will, layout, did). Called by `isHidden`.
    func visibilityChanged() {
        guard !isBecomingVisible, let root = rootViewController, root.isViewLoaded else { return }
        if isHidden {
            root.beginAppearanceTransition(false, animated: false)
            root.endAppearanceTransition()
        } else {
            root.beginAppearanceTransition(true, animated: false)
            layoutIfNeeded()
            root.endAppearanceTransition()
        }
    }

    /// Whether ``makeKeyAndVisible()`` is showing the window (it calls the appearance itself).
    @exclusivity(unchecked) private var isBecomingVisible = false

    /// Whether this is the application's key window.
    public var isKeyWindow: Bool { application?.keyWindow === self }

    /// Makes this the key window: the one whose first responder receives motion, remote-control
    /// and press events and nil-targeted actions from senders outside any window. A window not
    /// in an application cannot be key: the call is reported (`UsageWarning`) and ignored.
    public func makeKey() {
        guard let application else {
            UsageWarning.report("makeKey()", "the window is not in an application, so it was not made key: add it first (application.addWindow(window))")
            return
        }
        application.keyWindow = self
    }

    /// Shows the window, brings it to the front of its level and makes it key.
    public func makeKeyAndVisible() {
        let appearing = isHidden
        if appearing { rootViewController?.beginAppearanceTransition(true, animated: false) }
        // The root appears below, once the window is in front and key.
        isBecomingVisible = true
        isHidden = false
        isBecomingVisible = false
        application?.bringToFront(self)
        makeKey()
        if appearing {
            layoutIfNeeded()
            rootViewController?.endAppearanceTransition()
        }
    }

    /// The application (A12).
    open override var next: Responder? { application }

    func invalidate(_ rect: Rect) {
        dirtyRegion = dirtyRegion.union(rect)
        let offset = Point(x: frame.minX - bounds.minX, y: frame.minY - bounds.minY)
        invalidateScreen(rect.offsetBy(dx: offset.x, dy: offset.y))
    }

    /// Tells the application's display that a screen area (screen coordinates) must be redrawn.
    func invalidateScreen(_ rect: Rect) {
        application?.display?.setNeedsDisplay(PixelRect(enclosing: rect))
    }

    /// Returns and clears the union of the areas marked for redraw.
    public func takeDirtyRegion() -> Rect {
        defer { dirtyRegion = .zero }
        return dirtyRegion
    }

    // MARK: - Dispatch

    /// Dispatches an event that belongs to this window. Touches events run the pipeline of spec
    /// A.7 (in the application's touch dispatcher); motion, remote-control and press events go to the first responder (or the window
    /// when there is none) and up its chain. Overrides must call `super`.
    open func sendEvent(_ event: Event) {
        switch event.type {
        case .touches:
            dispatchTouches(event)
        case .motion:
            let responder: Responder = firstResponder ?? self
            switch event.motionPhase {
            case .began: responder.motionBegan(event.subtype, with: event)
            case .ended: responder.motionEnded(event.subtype, with: event)
            case .cancelled: responder.motionCancelled(event.subtype, with: event)
            }
        case .remoteControl:
            (firstResponder ?? self).remoteControlReceived(with: event)
        case .presses:
            let responder: Responder = firstResponder ?? self
            for press in event.allPresses { press.responder = responder }
            deliverPresses(event, to: responder)
        }
    }

    private func deliverPresses(_ event: Event, to responder: Responder) {
        var began = Set<Press>(), changed = Set<Press>(), ended = Set<Press>(), cancelled = Set<Press>()
        for press in event.allPresses {
            switch press.phase {
            case .began: began.insert(press)
            case .changed: changed.insert(press)
            case .stationary: break
            case .ended: ended.insert(press)
            case .cancelled: cancelled.insert(press)
            }
        }
        if !began.isEmpty { responder.pressesBegan(began, with: event) }
        if !changed.isEmpty { responder.pressesChanged(changed, with: event) }
        if !ended.isEmpty { responder.pressesEnded(ended, with: event) }
        if !cancelled.isEmpty { responder.pressesCancelled(cancelled, with: event) }
    }

    private func dispatchTouches(_ event: Event) {
        // The application's dispatcher owns touches; a window outside an application has none.
        application?.touchDispatcher.dispatchTouches(event, in: self)
    }

    /// Called when views left this window: their touches are cancelled now, or at the end of
    /// the dispatch in progress (A39, B24).
    func viewsLeftWindow() {
        application?.touchDispatcher.viewsLeft(self)
    }

    /// A modal view (an alert, a presented controller) is about to cover the window: the
    /// touches down in it are cancelled, now or at the end of the dispatch in progress.
    func cancelTouchesBehindModal() {
        application?.touchDispatcher.cancelTouchesCovered(in: self)
    }
}
