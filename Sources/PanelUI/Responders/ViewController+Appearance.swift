/// Where a controller's view is in its appearance transitions (UIKit's appearance callbacks
/// fire on the changes of this state, so each fires exactly once per transition).
enum AppearanceState {
    case disappeared, appearing, appeared, disappearing
}

extension ViewController {
    /// Starts an appearance transition: `isAppearing` calls ``viewWillAppear(_:)``, otherwise
    /// ``viewWillDisappear(_:)``, then forwards the same to the children (UIKit's
    /// `beginAppearanceTransition(_:animated:)`).
    ///
    /// Containers call it around their transitions; the window, ``present(_:)`` and
    /// ``dismiss()`` call it for their controllers. A call that would not change the state (a
    /// controller that is already appearing, or already gone) does nothing, so each callback
    /// fires once per transition. A transition reversed halfway gives UIKit's sequence: a
    /// disappearing controller asked to appear hears `viewWillAppear` and later `viewDidAppear`.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, appearanceState) {
        case (true, .disappeared), (true, .disappearing):
            // A disappearance turned back (a pop or a swipe let go): it is not leaving.
            if appearanceState == .disappearing { transitionRoles.remove([.movingFromParent, .beingDismissed]) }
            loadViewIfNeeded()
            appearanceState = .appearing
            appearanceAnimated = animated
            viewWillAppear(animated)
        case (false, .appeared), (false, .appearing):
            if appearanceState == .appearing { transitionRoles.remove([.movingToParent, .beingPresented]) }
            appearanceState = .disappearing
            appearanceAnimated = animated
            viewWillDisappear(animated)
        default:
            return
        }
        guard shouldAutomaticallyForwardAppearanceMethods else { return }
        for child in appearanceChildren where child.isViewLoaded {
            child.beginAppearanceTransition(isAppearing, animated: animated)
        }
    }

    /// Ends the transition ``beginAppearanceTransition(_:animated:)`` started: calls
    /// ``viewDidAppear(_:)`` or ``viewDidDisappear(_:)``, then forwards the same to the
    /// children (UIKit's `endAppearanceTransition()`). Without a transition under way it does
    /// nothing.
    public func endAppearanceTransition() {
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear(appearanceAnimated)
            transitionRoles.remove([.movingToParent, .beingPresented])
            // A screen came on (a push, a pop, a tab, a sheet, an alert): a reader reads it.
            if isViewLoaded, let application = view.window?.application, application.screenReader != nil {
                application.postAccessibilityNotification(.screenChanged(focus: nil))
            }
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(appearanceAnimated)
            transitionRoles.remove([.movingFromParent, .beingDismissed])
            // Work for a screen that has gone is not waited for.
            cancelTasks()
        case .appeared, .disappeared:
            return
        }
        guard shouldAutomaticallyForwardAppearanceMethods else { return }
        for child in appearanceChildren where child.isViewLoaded {
            child.endAppearanceTransition()
        }
    }

    /// Whether the view is on screen: it has appeared and has not begun to disappear.
    public var isViewVisible: Bool { appearanceState == .appeared }
}
