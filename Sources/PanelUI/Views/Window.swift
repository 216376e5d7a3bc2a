/// The root of a view tree on the screen, and the dispatcher of its touches: UIKit's `UIWindow`.
///
/// A window belongs to an ``Application`` (``Application/addWindow(_:)``). Like UIKit's, a new
/// window is hidden; ``makeKeyAndVisible()`` shows it and makes it the key window. Windows are
/// hit-tested from the highest ``windowLevel`` down (E26); a touch belongs to the window whose
/// hit-test succeeded.
///
/// ``sendEvent(_:)`` runs the dispatch pipeline of spec A.7 for touches events: new touches get
/// their eligible recognizers and are checked against `isMultipleTouchEnabled` and
/// `isExclusiveTouch`; the recognizer pass runs; then each view receives its changed touches,
/// one call per view and phase.
@MainActor
open class Window: View {
    /// A window's stacking level: higher levels are in front and are hit-tested first.
    public struct Level: Hashable, Comparable, Sendable, RawRepresentable {
        public var rawValue: Double
        public init(rawValue: Double) { self.rawValue = rawValue }
        public init(_ rawValue: Double) { self.rawValue = rawValue }
        /// Ordinary content (0).
        public static let normal = Level(0)
        /// A status bar (1000).
        public static let statusBar = Level(1000)
        /// Alerts and overlays (2000).
        public static let alert = Level(2000)
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The stacking level. Default ``Level/normal``.
    public var windowLevel = Level.normal {
        didSet { application?.windowOrderChanged() }
    }

    /// The application the window belongs to.
    public internal(set) weak var application: Application?

    /// The responder where nil-targeted actions, motion, remote-control and press events
    /// start; set by ``Responder/becomeFirstResponder()``.
    public internal(set) weak var firstResponder: Responder?

    /// The touches event this window reuses for every frame (E1).
    public let touchesEvent = Event(type: .touches)

    /// The union of the areas marked for redraw since ``takeDirtyRegion()`` was last called, in
    /// window coordinates (for inspection; the ``Display`` receives each area separately, in
    /// screen coordinates).
    public private(set) var dirtyRegion = Rect.zero

    var isDispatching = false
    var dispatchSerial: UInt64 = 0

    // Gesture engine storage (Window+Gestures.swift), reserved once so dispatch never grows it.
    var gestureScratch: [GestureRecognizer] = []
    var sharingScratch: [GestureRecognizer] = []
    var gestureWaiters: [GestureRecognizer] = []
    var gestureResets: [GestureRecognizer] = []
    var gestureDepth = 0
    /// Touches that ended but are still held from their view or referenced by a recognizer
    /// that has not reset; they return to the pool when released.
    var lingeringTouches = TouchSet()

    /// Creates a hidden window with a frame in screen coordinates.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        _window = self
        touchesEvent.window = self
        isHidden = true
        gestureScratch.reserveCapacity(32)
        sharingScratch.reserveCapacity(32)
        gestureWaiters.reserveCapacity(16)
        gestureResets.reserveCapacity(16)
    }

    /// The view controller whose view fills the window.
    open var rootViewController: ViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            if let old = oldValue, old.isViewLoaded, old.view.superview === self {
                old.view.removeFromSuperview()
            }
            if let controller = rootViewController {
                let view = controller.view!
                view.frame = bounds
                addSubview(view)
            }
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let controller = rootViewController, controller.isViewLoaded, controller.view.superview === self {
            controller.view.frame = bounds
        }
    }

    /// Whether this is the application's key window.
    public var isKeyWindow: Bool { application?.keyWindow === self }

    /// Makes this the key window: the one whose first responder receives motion, remote-control
    /// and press events and nil-targeted actions from senders outside any window.
    public func makeKey() {
        guard let application else {
            preconditionFailure("makeKey(): add the window to an Application first (application.addWindow(window))")
        }
        application.keyWindow = self
    }

    /// Shows the window, brings it to the front of its level and makes it key.
    public func makeKeyAndVisible() {
        isHidden = false
        application?.bringToFront(self)
        makeKey()
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
    /// A.7; motion, remote-control and press events go to the first responder (or the window
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
        let wasDispatching = isDispatching
        isDispatching = true
        // 1. New touches: eligible recognizers, then the view gates of A10 and A11.
        event.touches.forEachTouch { touch in
            if touch.changedInEvent && touch.phase == .began && touch.window === self { prepareNewTouch(touch, in: event) }
        }
        // 2. Recognizers see the touches before the views (A25).
        recognizerPass(event)
        // 3. Views: one call per view and phase, in order of touch identity (E2).
        deliver(.began, of: event)
        deliver(.moved, of: event)
        deliver(.ended, of: event)
        deliver(.cancelled, of: event)
        isDispatching = wasDispatching
        if !isDispatching { cancelTouchesOfDepartedViews() }
    }

    private func prepareNewTouch(_ touch: Touch, in event: Event) {
        touch.recognizers.removeAll(keepingCapacity: true)
        guard let view = touch.view else {
            touch.deliversToView = false
            return
        }
        var current: View? = view
        while let candidate = current {
            for recognizer in candidate.gestureRecognizers where recognizer.isEnabled {
                touch.recognizers.append(recognizer)
            }
            current = candidate.superview
        }
        touch.deliversToView = admitsToView(touch, view: view, in: event)
    }

    /// A10 and A11: whether a new touch may go to its hit view, given the touches the window's
    /// views are already tracking (touches admitted earlier in this frame count).
    private func admitsToView(_ touch: Touch, view: View, in event: Event) -> Bool {
        !event.touches.containsTouch { other in
            guard other !== touch, other.deliversToView, !other.viewFinished, !other.pendingViewCancel,
                  !other.phase.isTerminal, let otherView = other.view else { return false }
            if otherView === view { return !view.isMultipleTouchEnabled }
            return view.isExclusiveTouch || otherView.isExclusiveTouch
        }
    }

    private func isDeliverable(_ touch: Touch, _ phase: TouchPhase) -> Bool {
        guard touch.changedInEvent, touch.phase == phase, touch.deliversToView, !touch.viewFinished,
              let view = touch.view else { return false }
        if touch.pendingViewCancel { return false }
        if view.window !== self {
            // The view left the window since the touch began (A39): cancel instead.
            touch.pendingViewCancel = true
            return false
        }
        switch phase {
        case .began:
            // A27: a recognizer that may still recognize holds the began phase back.
            if touch.heldBegan || holdsBegan(touch) {
                touch.heldBegan = true
                return false
            }
            return true
        case .moved:
            if touch.heldBegan {
                touch.heldMoved = true
                return false
            }
            return touch.viewSawBegan
        case .ended:
            // A28: held while a recognizer that delays ended phases may still recognize.
            if touch.heldEnded || holdsEnded(touch) {
                touch.heldEnded = true
                return false
            }
            return touch.viewSawBegan
        case .cancelled:
            touch.heldBegan = false
            touch.heldMoved = false
            touch.heldEnded = false
            if !touch.viewSawBegan { touch.viewFinished = true }
            return touch.viewSawBegan
        case .stationary:
            return false
        }
    }

    private func deliver(_ phase: TouchPhase, of event: Event) {
        forEachViewBatch(of: event.touches, where: { isDeliverable($0, phase) }) { view, batch in
            batch.forEachTouch { touch in
                switch phase {
                case .began: touch.viewSawBegan = true
                case .ended, .cancelled: touch.viewFinished = true
                default: break
                }
            }
            switch phase {
            case .began: view.touchesBegan(batch, with: event)
            case .moved: view.touchesMoved(batch, with: event)
            case .ended: view.touchesEnded(batch, with: event)
            case .cancelled: view.touchesCancelled(batch, with: event)
            case .stationary: break
            }
        }
    }

    /// Groups the touches that pass `include` by hit view, keeping their order, and calls `body`
    /// once per view with that view's batch ("one call per view and phase"). Never allocates.
    private func forEachViewBatch(of touches: TouchSet, where include: (Touch) -> Bool, _ body: (View, TouchSet) -> Void) {
        var handled: UInt32 = 0
        var i = 0
        while i < touches.count {
            defer { i += 1 }
            let touch = touches[i]
            guard handled & (1 << UInt32(i)) == 0, include(touch), let view = touch.view else { continue }
            var batch = TouchSet()
            var j = i
            while j < touches.count {
                let other = touches[j]
                if handled & (1 << UInt32(j)) == 0, other.view === view, include(other) {
                    handled |= 1 << UInt32(j)
                    batch.insert(other)
                }
                j += 1
            }
            body(view, batch)
        }
    }

    /// Called when views left this window: their touches are cancelled now, or at the end of
    /// the dispatch in progress (A39, B24).
    func viewsLeftWindow() {
        var found = false
        for touch in touchesEvent.touches where !touch.viewFinished && touch.deliversToView {
            if let view = touch.view, view.window !== self {
                touch.pendingViewCancel = true
                found = true
            }
        }
        if found && !isDispatching { cancelTouchesOfDepartedViews() }
    }

    /// Sends `touchesCancelled` (event nil) to each view that must give up its touches.
    func cancelTouchesOfDepartedViews() {
        sendPendingCancels(with: nil, including: lingeringTouches)
    }

    /// Sends `touchesCancelled` to each view with touches marked `pendingViewCancel`, one call
    /// per view, scanning the window's touches and `extra`.
    func sendPendingCancels(with event: Event?, including extra: TouchSet) {
        // Called at the end of every dispatch: almost always there is nothing to cancel.
        guard touchesEvent.touches.containsTouch(where: \.pendingViewCancel) || extra.containsTouch(where: \.pendingViewCancel) else {
            return
        }
        // The window's touches and `extra`, in order of identity (E2).
        var touches = TouchSet()
        while true {
            var next: Touch?
            for touch in touchesEvent.touches where !touches.contains(touch) && (next == nil || touch.identity < next!.identity) { next = touch }
            for touch in extra where !touches.contains(touch) && (next == nil || touch.identity < next!.identity) { next = touch }
            guard let next, touches.insert(next) else { break }
        }
        // A view that never saw began has nothing to cancel.
        for touch in touches where touch.pendingViewCancel && !touch.viewFinished && (!touch.viewSawBegan || touch.view == nil) {
            touch.viewFinished = true
        }
        forEachViewBatch(of: touches, where: { $0.pendingViewCancel && !$0.viewFinished }) { view, batch in
            for touch in batch {
                touch.viewFinished = true
                touch.heldEnded = false
            }
            view.touchesCancelled(batch, with: event)
        }
    }
}
