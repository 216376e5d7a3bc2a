/// The delegate of a gesture recognizer: UIKit's `UIGestureRecognizerDelegate` (A21). Every
/// method has a default (the UIKit default), so implement only what you need.
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer tries to leave possible; false makes it fail. Default true.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Asked before the recognizer sees a new touch; false hides the touch from it for good.
    /// Default true.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Whether the two may recognize at the same time; true from either side is enough.
    /// Default false.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// Whether `recognizer` must wait for `other` to fail. Default false.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// Whether `other` must wait for `recognizer` to fail. Default false.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    /// Default: the recognizer may begin.
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    /// Default: the recognizer sees every touch.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    /// Default: the two do not recognize at the same time.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    /// Default: no extra failure requirement.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }
    /// Default: no extra failure requirement.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
}

/// The base of gesture recognizers: UIKit's `UIGestureRecognizer`.
///
/// **State machine** (A20). A discrete recognizer goes possible → recognized (``State/ended``)
/// or possible → failed; a continuous one possible → began → changed… → ended or cancelled, or
/// possible → failed. Every transition is checked; an illegal one is refused (the state stays)
/// and reported as a `UsageWarning` naming both states. After a terminal state the recognizer's action (if
/// any) runs, then ``reset()``, and the touches that were down are ignored by it from then on
/// (E17).
///
/// **Subclassing** (A24). Set ``state`` from your touches methods (this is UIKit's
/// `UIGestureRecognizerSubclass` API; apps must not set it), call `super` from the four touches
/// methods and ``reset()``, and use ``ignore(_:for:)``, ``canPrevent(_:)``,
/// ``canBePrevented(by:)``, ``shouldRequireFailure(of:)`` and ``shouldBeRequiredToFail(by:)``.
///
/// **Actions** are ``Action``s, as for controls: `.method("pan", Controller.handlePan)` on a
/// weakly held target, a closure, or a name resolved up the responder chain. They run on began,
/// changed, ended/recognized and cancelled, never on failed.
@MainActor
open class GestureRecognizer {
    /// Recognizer states with UIKit's raw values (A20).
    public enum State: Int, Sendable, CustomStringConvertible {
        case possible = 0, began, changed, ended, cancelled, failed
        /// A discrete recognizer's success: the same value as ``ended``.
        public static let recognized = State.ended

        /// The recognizer's type and state, for logs.
        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        var isActive: Bool { self == .began || self == .changed }
        var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }
    }

    /// The view the recognizer is attached to.
    public private(set) weak var view: View?
    /// The delegate.
    public weak var delegate: (any GestureRecognizerDelegate)?
    /// A name for debugging.
    public var name: String?

    /// Whether the view's touches are cancelled when the gesture begins or is recognized
    /// (A26). Default true.
    open var cancelsTouchesInView = true
    /// Whether began-phase touches are held from the view while the gesture may still be
    /// recognized (A27). Default false.
    open var delaysTouchesBegan = false
    /// Whether ended-phase touches are held from the view while the gesture may still be
    /// recognized (A28). Default true.
    open var delaysTouchesEnded = true

    /// Whether the recognizer receives touches. Default true. Disabling a recognizer that is
    /// recognizing cancels it (continuous) or fails it (discrete), and releases held touches (E3).
    open var isEnabled = true {
        didSet {
            guard isEnabled != oldValue, !isEnabled else { return }
            abandon()
        }
    }

    private var _state = State.possible

    /// The state. Subclasses set it from their touches methods and timers; setting it runs the
    /// dispatch rules (failure requirements, the delegate, the view veto, exclusion, cancelling
    /// the view's touches, the action).
    public var state: State {
        get { _state }
        set { requestTransition(to: newValue) }
    }

    /// The state the recognizer asked for while a failure requirement was still possible.
    var waitingState: State?
    /// Touches it receives now (down, not ignored).
    var trackedTouches = TouchSet()
    /// Every touch it received since the last reset (the gesture's touches).
    var gestureTouches = TouchSet()

    private var targetActions: [TargetActionPair] = []
    private var failureRequirements: [WeakRecognizer] = []

    /// Creates a recognizer with an optional first target and action.
    public init(target: AnyObject? = nil, action: Action? = nil) {
        if let action { addTarget(target, action: action) }
    }

    // MARK: - Targets

    /// Adds a target-action pair (stored once).
    public func addTarget(_ target: AnyObject?, action: Action) {
        if targetActions.contains(where: { $0.action.selector == action.selector && $0.matches(target: target) }) { return }
        targetActions.append(TargetActionPair(target: target, action: action))
    }

    /// Removes pairs: a nil target or a nil action matches every one.
    public func removeTarget(_ target: AnyObject?, action: Selector?) {
        targetActions.removeAll { $0.matchesForRemoval(target: target, selector: action) }
    }

    private func sendActions() {
        let entries = targetActions
        let application = view?.window?.application
        for entry in entries where !entry.isReleased {
            Application.send(entry.action, to: entry.target, from: self, for: nil, via: application)
        }
    }

    // MARK: - Dependencies

    /// Makes this recognizer wait, before leaving possible, until `other` fails; if `other`
    /// begins or is recognized, this one fails (A22).
    public func require(toFail other: GestureRecognizer) {
        precondition(other !== self, "a recognizer cannot require itself to fail")
        failureRequirements.removeAll { $0.recognizer == nil || $0.recognizer === other }
        failureRequirements.append(WeakRecognizer(recognizer: other))
    }

    /// Whether this recognizer may make `other` fail or cancel when it recognizes. Default true.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    /// Whether `other` may make this recognizer fail or cancel. Default true.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }
    /// Whether this recognizer must wait for `other` to fail (asked per attempt). Default false.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// Whether `other` must wait for this recognizer to fail. Default false.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    /// Whether this recognizer must wait for `other` to fail: an explicit requirement, a
    /// subclass hook, or a delegate answer from either side.
    func requiresFailure(of other: GestureRecognizer) -> Bool {
        if failureRequirements.contains(where: { $0.recognizer === other }) { return true }
        if shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self) { return true }
        if delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true { return true }
        if other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true { return true }
        return false
    }

    // MARK: - Touches

    /// The number of touches the recognizer is tracking.
    public var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the tracked touches in `view`'s coordinates (window coordinates for nil);
    /// the view's origin when there are none.
    open func location(in view: View?) -> Point {
        guard !trackedTouches.isEmpty else {
            return self.view?.convert(Point.zero, to: view) ?? .zero
        }
        var x = 0.0, y = 0.0
        for touch in trackedTouches {
            let p = touch.location(in: view)
            x += p.x
            y += p.y
        }
        return Point(x: x / Double(trackedTouches.count), y: y / Double(trackedTouches.count))
    }

    /// The location of the tracked touch at `index`. An index out of range is a mistake that
    /// is reported (`UsageWarning`); the answer is then ``location(in:)``.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        guard index >= 0 && index < trackedTouches.count else {
            UsageWarning.report(
                "location(ofTouch:in:)",
                "touch index \(index) is out of range 0..<\(trackedTouches.count): ask for an index below numberOfTouches; the recognizer's location was returned"
            )
            return location(in: view)
        }
        return trackedTouches[index].location(in: view)
    }

    /// New touches for the recognizer. Subclasses call super.
    open func touchesBegan(_ touches: TouchSet, with event: Event) {}
    /// Moved touches. Subclasses call super.
    open func touchesMoved(_ touches: TouchSet, with event: Event) {}
    /// Lifted touches. Subclasses call super.
    open func touchesEnded(_ touches: TouchSet, with event: Event) {}
    /// Cancelled touches. Default: a continuous recognizer that began is cancelled, one still
    /// possible fails (A24). Subclasses call super.
    open func touchesCancelled(_ touches: TouchSet, with event: Event) {
        if _state.isActive { state = .cancelled } else if _state == .possible { state = .failed }
    }

    /// Called after a terminal state (``GestureRecognizer/state`` still reads it), before the recognizer returns
    /// to possible. Subclasses clear their own state and call super.
    open func reset() {}

    /// Stops the recognizer from seeing `touch`; the touch is not cancelled in its view even
    /// when ``cancelsTouchesInView`` is true.
    public func ignore(_ touch: Touch, for event: Event?) {
        trackedTouches.remove(touch)
        if gestureTouches.remove(touch) { touch.delivery.pointee.recognizerReferences -= 1 }
        if let index = touch.recognizers.firstIndex(where: { $0 === self }) {
            touch.recognizers.remove(at: index)
        }
        dispatcher?.releaseHeldTouches()
    }

    // MARK: - Engine plumbing

    /// The touch dispatcher of the application the recognizer's view is in, if any.
    var dispatcher: TouchDispatcher? { view?.window?.application?.touchDispatcher }

    func attach(to view: View?) {
        if self.view != nil && view !== self.view { abandon() }
        self.view = view
    }

    /// Cancels or fails the recognizer when it is disabled or detached (E3).
    private func abandon() {
        if _state.isActive {
            state = .cancelled
        } else if _state == .possible && (waitingState != nil || !gestureTouches.isEmpty) {
            state = .failed
        }
        detachFromTouches()
    }

    /// Removes this recognizer from every touch it was eligible for and releases its touches.
    func detachFromTouches() {
        dispatcher?.forgetRecognizer(self)
        clearTouches()
    }

    func clearTouches() {
        trackedTouches.removeAll()
        gestureTouches.forEachTouch { touch in touch.delivery.pointee.recognizerReferences -= 1 }
        gestureTouches.removeAll()
    }

    /// Lets go of a touch that ended and has nothing left for its view.
    func forget(_ touch: Touch) {
        trackedTouches.remove(touch)
        if gestureTouches.remove(touch) { touch.delivery.pointee.recognizerReferences -= 1 }
    }

    func track(_ touch: Touch) {
        trackedTouches.insert(touch)
        if gestureTouches.insert(touch) { touch.delivery.pointee.recognizerReferences += 1 }
    }

    /// Runs the action now (called by the engine at the right moment).
    func performActions() { sendActions() }

    /// The transition table of A20.
    private func isLegal(from old: State, to new: State) -> Bool {
        switch (old, new) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): return true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): return true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): return true
        case (.possible, .cancelled): return false
        default: return false
        }
    }

    private func requestTransition(to new: State) {
        let old = _state
        if old == new && new == .possible { return }
        guard isLegal(from: old, to: new) else {
            UsageWarning.report(
                "GestureRecognizer.state",
                "\(type(of: self)) \(name.map { "'\($0)' " } ?? ""): the change \(old) → \(new) is not allowed, so the state stays \(old) (possible → began/recognized/failed, began/changed → changed/ended/cancelled)"
            )
            return
        }
        if let dispatcher {
            dispatcher.transition(self, from: old, to: new)
        } else {
            // Not in an application's window: no touches, no dispatch; apply and run the action.
            _state = new
            if new != .failed && new != .possible { sendActions() }
            if new.isTerminal { finishReset() }
        }
    }

    /// Sets the state without the dispatch rules (the engine's own bookkeeping).
    func setStateDirectly(_ state: State) { _state = state }

    /// Back to possible: touches forgotten, the subclass's ``reset()`` (which still sees the
    /// terminal state), then the state.
    func finishReset() {
        waitingState = nil
        cancelTimer()
        clearTouches()
        reset()
        _state = .possible
    }

    // MARK: - Run-loop timer (long press, multi-tap windows)

    private var timer: TimerHandle?
    /// Made once, so that scheduling the timer allocates nothing.
    private lazy var timerHandler: @MainActor (TimerHandle) -> Void = { [weak self] _ in
        self?.timer = nil
        self?.timerFired()
    }

    /// Starts (or restarts) the recognizer's one timer on its application's run loop; when it
    /// fires, ``timerFired()`` is called (long press and multi-tap windows use it). Scheduling
    /// allocates nothing. Without a window and application it does nothing.
    public final func startTimer(_ delay: MonotonicDuration) {
        cancelTimer()
        guard let application = view?.window?.application else { return }
        timer = try? application.scheduleTimer(after: delay, timerHandler)
    }

    /// Stops the recognizer's timer (``reset()`` stops it too).
    public final func cancelTimer() {
        if let timer { view?.window?.application?.cancelTimer(timer) }
        timer = nil
    }

    /// The timer started with ``GestureRecognizer/startTimer(_:)`` fired. Override it (no need to call super);
    /// set ``GestureRecognizer/state`` here to recognize or fail.
    open func timerFired() {}

    /// The explicit failure requirements still alive.
    var requirements: [GestureRecognizer] { failureRequirements.compactMap(\.recognizer) }
}

extension GestureRecognizer {
    /// A30: the gesture a standard control (Button, Switch, Slider) refuses from recognizers
    /// that are not attached to it: a single-finger single tap.
    func refusedByStandardControl(_ control: Control) -> Bool {
        guard view !== control, let tap = self as? TapGestureRecognizer else { return false }
        return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
    }

    /// Whether the recognizer tracks a drag (pan or swipe).
    var isDragKind: Bool { self is PanGestureRecognizer || self is SwipeGestureRecognizer }
}

struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
}
