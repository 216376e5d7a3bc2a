/// An object that can handle events: UIKit's `UIResponder`.
///
/// Views, view controllers, windows and the application are responders. They are linked by
/// ``next`` into the **responder chain** (docs/events.md A12):
/// view → its view controller (if it is that controller's root view) or its superview;
/// view controller → the presenting controller if presented, else its view's superview;
/// window → application; application → its delegate if that is a plain `Responder`.
///
/// Every event method's default implementation forwards the call to ``next``, so an event that
/// no responder handles travels up the chain and is dropped at its end. If you override one of
/// the four touches methods without calling `super`, override all four.
///
/// All UI types live on the main actor.
@MainActor
open class Responder {
    /// Creates a responder.
    public init() {}

    // MARK: - The chain

    /// The next responder in the chain, or nil at its end.
    open var next: Responder? { nil }

    // MARK: - Touches

    /// One or more fingers touched down in the view (or reached this responder up the chain).
    /// `touches` holds only this view's touches in this phase: one, unless the view's
    /// `isMultipleTouchEnabled` is true.
    open func touchesBegan(_ touches: TouchSet, with event: Event?) {
        next?.touchesBegan(touches, with: event)
    }

    /// One or more of the view's fingers moved.
    open func touchesMoved(_ touches: TouchSet, with event: Event?) {
        next?.touchesMoved(touches, with: event)
    }

    /// One or more of the view's fingers lifted.
    open func touchesEnded(_ touches: TouchSet, with event: Event?) {
        next?.touchesEnded(touches, with: event)
    }

    /// The system gave up on one or more of the view's fingers: the view left its window
    /// (`event` is nil then), a recognizer took the touches over, input was lost (queue
    /// overflow, a controller reset) or the app cancelled every touch.
    open func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: - Motion, remote control, presses

    /// A motion began (on a panel: an accelerometer's shake, reported by the app).
    open func motionBegan(_ motion: Event.Subtype, with event: Event?) {
        next?.motionBegan(motion, with: event)
    }

    /// A motion ended.
    open func motionEnded(_ motion: Event.Subtype, with event: Event?) {
        next?.motionEnded(motion, with: event)
    }

    /// A motion was cancelled.
    open func motionCancelled(_ motion: Event.Subtype, with event: Event?) {
        next?.motionCancelled(motion, with: event)
    }

    /// A remote-control command arrived (a media remote or GPIO keys mapped by the app); the
    /// event's ``Event/subtype`` names it.
    open func remoteControlReceived(with event: Event?) {
        next?.remoteControlReceived(with: event)
    }

    /// Physical buttons went down.
    open func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        next?.pressesBegan(presses, with: event)
    }

    /// Physical buttons changed (force).
    open func pressesChanged(_ presses: Set<Press>, with event: Event?) {
        next?.pressesChanged(presses, with: event)
    }

    /// Physical buttons were released.
    open func pressesEnded(_ presses: Set<Press>, with event: Event?) {
        next?.pressesEnded(presses, with: event)
    }

    /// Physical button presses were cancelled.
    open func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
        next?.pressesCancelled(presses, with: event)
    }

    // MARK: - First responder

    /// The window whose first responder this responder can be: a view's window, a view
    /// controller's view's window, a window itself.
    var firstResponderWindow: Window? { nil }

    /// Whether this responder can become first responder. Default false.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this responder agrees to give up first-responder status. Default true.
    open var canResignFirstResponder: Bool { true }

    /// Whether this responder is its window's first responder.
    public var isFirstResponder: Bool {
        firstResponderWindow?.firstResponder === self
    }

    /// Makes this responder its window's first responder: the start of nil-targeted actions,
    /// motion, remote-control and press events. Fails (returns false) when
    /// ``canBecomeFirstResponder`` is false, when the responder is in no window, or when the
    /// current first responder refuses to resign. Overrides must call `super`.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = firstResponderWindow else { return false }
        if window.firstResponder === self { return true }
        if let current = window.firstResponder {
            guard current.canResignFirstResponder, current.resignFirstResponder() else { return false }
        }
        window.firstResponder = self
        return true
    }

    /// Gives up first-responder status. Returns true (the default) when it was given up or this
    /// responder was not first responder. Overrides must call `super`.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        if let window = firstResponderWindow, window.firstResponder === self {
            window.firstResponder = nil
        }
        return true
    }

    // MARK: - Actions

    /// The named actions this responder performs when they are sent to it (``registerAction(_:)``).
    private var actionHandlers: [Action] = []

    /// Makes this responder perform `action` (a method or closure action) when an action with
    /// the same selector is sent to it, or sent with a nil target and found by the chain search.
    /// Registering a selector again replaces its handler. This is how a responder "implements a
    /// selector" for ``canPerformAction(_:withSender:)``.
    public func registerAction(_ action: Action) {
        guard action.hasBody else {
            UsageWarning.report(
                "registerAction(_:)", "\(action.selector) is a bare name with nothing to run, so it was not registered: register a method or closure action")
            return
        }
        if let index = actionHandlers.firstIndex(where: { $0.selector == action.selector }) {
            actionHandlers[index] = action
        } else {
            actionHandlers.append(action)
        }
    }

    /// Removes the handler registered for `selector`.
    public func unregisterAction(_ selector: Selector) {
        actionHandlers.removeAll { $0.selector == selector }
    }

    /// Whether this responder has a handler registered for `selector`.
    public func responds(to selector: Selector) -> Bool {
        for handler in actionHandlers where handler.selector == selector { return true }
        return false
    }

    /// Whether this responder performs `action` now. Default: it registered a handler for it.
    /// Override to refuse an action temporarily (UIKit: "copy" with nothing selected).
    open func canPerformAction(_ action: Selector, withSender sender: AnyObject?) -> Bool {
        responds(to: action)
    }

    /// The responder that would perform `action` in a nil-targeted send starting here: this
    /// responder if ``canPerformAction(_:withSender:)`` is true, else the answer of ``next``.
    open func target(forAction action: Selector, withSender sender: AnyObject?) -> AnyObject? {
        if canPerformAction(action, withSender: sender) { return self }
        return next?.target(forAction: action, withSender: sender)
    }

    /// Runs the handler registered for `selector`; false if there is none or it did not apply.
    func performRegisteredAction(_ selector: Selector, sender: AnyObject?, event: Event?) -> Bool {
        for handler in actionHandlers where handler.selector == selector {
            return handler.perform(target: self, sender: sender, event: event)
        }
        return false
    }
}
