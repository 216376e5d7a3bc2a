/// The part a controller plays in the transition under way, as its appearance callbacks see it.
struct TransitionRoles: OptionSet {
    let rawValue: UInt8
    /// Added to a parent (a push, a container's new child) and not yet appeared there.
    static let movingToParent = TransitionRoles(rawValue: 1 << 0)
    /// Leaving its parent (a pop) and not yet disappeared.
    static let movingFromParent = TransitionRoles(rawValue: 1 << 1)
    /// Being presented, until it has appeared.
    static let beingPresented = TransitionRoles(rawValue: 1 << 2)
    /// Being dismissed, until it has disappeared.
    static let beingDismissed = TransitionRoles(rawValue: 1 << 3)
}

extension ViewController {
    /// Whether the controller is appearing because it was added to a parent (pushed on a
    /// navigation controller, added to a container): true in its ``viewWillAppear(_:)`` and
    /// ``viewDidAppear(_:)`` that follow, as UIKit's `isMovingToParent`.
    public var isMovingToParent: Bool { transitionRoles.contains(.movingToParent) }

    /// Whether the controller is disappearing because it is being removed from its parent
    /// (popped, or given `willMove(toParent: nil)`): true in its ``viewWillDisappear(_:)`` and
    /// ``viewDidDisappear(_:)`` that follow, as UIKit's `isMovingFromParent`.
    public var isMovingFromParent: Bool { transitionRoles.contains(.movingFromParent) }

    /// Whether the controller is appearing because it is being presented: true in its
    /// ``viewWillAppear(_:)`` and ``viewDidAppear(_:)`` of the presentation, as UIKit's
    /// `isBeingPresented`.
    public var isBeingPresented: Bool { transitionRoles.contains(.beingPresented) }

    /// Whether the controller is disappearing because it is being dismissed: true in its
    /// ``viewWillDisappear(_:)`` and ``viewDidDisappear(_:)`` of the dismissal (a swipe on a
    /// sheet included, until it is let go back up), as UIKit's `isBeingDismissed`.
    public var isBeingDismissed: Bool { transitionRoles.contains(.beingDismissed) }

    /// Notes a coming move to `parent` (nil: out of the current one) for the appearance
    /// callbacks that follow it.
    func noteMove(toParent parent: ViewController?) {
        if parent != nil {
            transitionRoles.remove(.movingFromParent)
            transitionRoles.insert(.movingToParent)
        } else if self.parent != nil {
            transitionRoles.remove(.movingToParent)
            transitionRoles.insert(.movingFromParent)
        }
    }

    /// Tells the controller it is about to leave its parent: noted for its disappearance
    /// callbacks even when an override of ``willMove(toParent:)`` does not call super.
    func beginLeavingParent() {
        noteMove(toParent: nil)
        willMove(toParent: nil)
    }
}
