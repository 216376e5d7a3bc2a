/// Which way the screens move.
enum NavigationTransitionKind {
    /// The new screen comes in from the right over the old one (from the left under a
    /// right-to-left language).
    case push
    /// The top screen leaves to the right (the left), uncovering the one below.
    case pop
}

/// A push or pop under way.
@MainActor
struct NavigationTransition {
    let kind: NavigationTransitionKind
    /// The screen leaving and the one coming.
    let from: ViewController
    let to: ViewController
    let added: [ViewController]
    let removed: [ViewController]
    let animated: Bool
    /// Whether the appearance callbacks run (the navigation controller is on screen).
    let visible: Bool
    /// Whether a finger drives it (an interactive pop).
    var interactive: Bool
    let animator: TransitionAnimator
}

/// The four pictures a transition is made of, kept for the next one.
@MainActor
final class NavigationSnapshots {
    let outgoing = Snapshot()
    let incoming = Snapshot()
    let outgoingBar = Snapshot()
    let incomingBar = Snapshot()
}

extension NavigationController {
    /// How far left the screen underneath moves, as a fraction of the width (UIKit's parallax).
    static let parallax = 0.3
    /// How dark the screen underneath gets when fully covered (0…255 of black).
    static let maximumDimming = 28.0
    /// A flick faster than this (points per second) completes an interactive pop.
    static let completingVelocity = 500.0

    /// Makes `new` the top screen in place of `old`: the appearance callbacks, the bar, and
    /// the slide when it is animated and on screen.
    func show(
        _ new: ViewController, replacing old: ViewController?, kind: NavigationTransitionKind, animated: Bool, added: [ViewController],
        removed: [ViewController], interactive: Bool = false
    ) {
        swapInRealViews()
        delegate?.navigationController(self, willShow: new, animated: animated)
        guard isViewLoaded else {
            finishStructure(added: added, removed: removed, keeping: new)
            delegate?.navigationController(self, didShow: new, animated: animated)
            return
        }
        new.loadViewIfNeeded()
        let visible = appearanceState == .appeared && view.window != nil
        if visible {
            old?.beginAppearanceTransition(false, animated: animated)
            new.beginAppearanceTransition(true, animated: animated)
        }
        // What leaves is copied from the screen before anything covers it.
        let animates = animated && visible && old != nil && old !== new && view.window?.application?.display != nil
        let background = view.presentationBackgroundColor ?? view.palette.background
        if animates, let old {
            snapshots.outgoingBar.captureFromScreen(navigationBar, background: background)
            snapshots.outgoing.captureFromScreen(old.view, background: background)
        }
        install(new)
        if let old, kind == .push, old !== new, old.isViewLoaded { view.insertSubview(new.view, aboveSubview: old.view) }
        view.setNeedsLayout()
        view.layoutIfNeeded()
        guard animates, let old else {
            navigationBar.show(top: new, below: controller(below: new))
            completeTransition(from: old, to: new, added: added, removed: removed, animated: animated, visible: visible)
            return
        }
        // The pictures: the bar as it is and as it will be, and both screens. What is on
        // screen is copied from it; the incoming screen is drawn a strip at a time as it
        // comes into sight (place(_:)).
        navigationBar.show(top: new, below: controller(below: new))
        navigationBar.layoutIfNeeded()
        snapshots.incomingBar.capture(navigationBar, background: background)
        snapshots.incoming.prepare(new.view, background: background)
        old.view.isHidden = true
        new.view.isHidden = true
        transitionView.frame = view.bounds
        transitionView.placements = [
            .init(snapshot: snapshots.outgoing), .init(snapshot: snapshots.incoming), .init(snapshot: snapshots.outgoingBar),
            .init(snapshot: snapshots.incomingBar),
        ]
        view.addSubview(transitionView)
        let animator = TransitionAnimator(
            application: view.window?.application, curve: interactive ? .easeOut : .easeInOut,
            update: { [weak self] progress in self?.place(progress) },
            completion: { [weak self] completed in self?.transitionEnded(completed: completed) })
        animator.afterLastFrame = { [weak self] in self?.swapInRealViews() }
        transition = NavigationTransition(
            kind: kind, from: old, to: new, added: added, removed: removed, animated: animated, visible: visible, interactive: interactive,
            animator: animator)
        animator.setProgress(0)
        if !interactive { animator.run(to: 1, duration: Self.transitionDuration) }
    }

    /// Puts the snapshots where they are at `progress` (0: the old screen, 1: the new one).
    func place(_ progress: Double) {
        guard let transition else { return }
        let bounds = view.bounds
        let width = bounds.width
        let content = contentFrame
        // The screen in front (the new one for a push, the old one for a pop) and its cover.
        let front = transition.kind == .push ? 1 - progress : progress
        let frontX = (width * front).rounded()
        let backX = (-width * Self.parallax * (1 - front)).rounded()
        let dim = UInt8(min(max(Self.maximumDimming * (1 - front), 0), 255))
        let showsBar = !isNavigationBarHidden
        // Under a right-to-left language screens come in from the left: every x is mirrored.
        let mirrored = view.isRightToLeft
        // The incoming screen's strip that has come into sight is drawn now, once.
        if let incomingView = transition.to.isViewLoaded ? transition.to.view : nil {
            let visible: Range<Int>
            switch (transition.kind, mirrored) {
            case (.push, false): visible = 0 ..< Int(width - frontX)
            case (.push, true): visible = Int(frontX) ..< Int(width)
            case (.pop, false): visible = Int(-backX) ..< Int(frontX - backX)
            case (.pop, true): visible = Int(width - frontX + backX) ..< Int(width + backX)
            }
            if !visible.isEmpty { snapshots.incoming.drawColumns(of: incomingView, visible) }
        }
        let backClip = Rect(x: 0, y: content.minY, width: max(frontX, 0), height: content.height)
        let frontClip = Rect(x: frontX, y: content.minY, width: max(width - frontX, 0), height: content.height)
        transitionView.update { placements in
            let backIndex = transition.kind == .push ? 0 : 1
            let frontIndex = 1 - backIndex
            placements[backIndex].origin = Point(x: mirrored ? -backX : backX, y: content.minY)
            placements[backIndex].brightness = 255 - dim
            placements[backIndex].clip = mirrored ? backClip.mirrored(inWidth: width) : backClip
            placements[frontIndex].origin = Point(x: mirrored ? -frontX : frontX, y: content.minY)
            placements[frontIndex].brightness = 255
            placements[frontIndex].clip = mirrored ? frontClip.mirrored(inWidth: width) : frontClip
            placements[2].isShown = showsBar
            placements[3].isShown = showsBar
            placements[3].opacity = UInt8(min(max((progress * 255).rounded(), 0), 255))
        }
    }

    /// The animator reached its end: 1 completes the transition, 0 (an interactive pop let
    /// go) puts everything back.
    private func transitionEnded(completed: Bool) {
        guard let transition else { return }
        self.transition = nil
        // The last frame stays on screen until the next one (swapInRealViews()).
        let rendered = view.window?.application?.display?.framesRendered ?? 0
        lingering = completed ? (transition.to, snapshots.incoming, rendered) : (transition.from, snapshots.outgoing, rendered)
        if completed {
            if transition.interactive {
                viewControllers.removeLast()
            }
            completeTransition(
                from: transition.from, to: transition.to, added: transition.added, removed: transition.removed, animated: true,
                visible: transition.visible)
        } else {
            // UIKit's order for a cancelled interactive pop.
            let top = transition.from
            let below = transition.to
            navigationBar.show(top: top, below: below)
            if transition.visible {
                top.beginAppearanceTransition(true, animated: true)
                below.beginAppearanceTransition(false, animated: true)
            }
            below.view.removeFromSuperview()
            below.view.isHidden = false
            if transition.visible {
                top.endAppearanceTransition()
                below.endAppearanceTransition()
            }
            top.didMove(toParent: self)
        }
    }

    /// One frame after a transition ended, when its last frame (the new screen, from its
    /// snapshot) is on screen: the snapshots make way for the real views. When nothing in the
    /// screen or the bar asked to be drawn since the snapshots were taken, the screen already
    /// shows what the views would draw, so nothing is drawn again.
    func swapInRealViews() {
        guard let (shown, snapshot, renderedBefore) = lingering else { return }
        lingering = nil
        // The last frame was drawn (a frame was rendered since it was asked for), and shows the views as they are.
        let display = view.window?.application?.display
        let unchanged =
            (display?.framesRendered ?? 0) > renderedBefore && snapshot.isComplete && !Snapshot.hasChanged(shown.view) && !Snapshot.hasChanged(navigationBar)
            && transitionView.superview === view
        transitionView.makeWay(for: shown.isViewLoaded ? shown.view : nil, unchanged: unchanged, area: view)
    }

    /// The end of a transition (at once when it is not animated): the old screen leaves, the
    /// callbacks end, and the delegate hears it.
    func completeTransition(
        from old: ViewController?, to new: ViewController, added: [ViewController], removed: [ViewController], animated: Bool, visible: Bool
    ) {
        if let old, old !== new, old.isViewLoaded, old.view.superview === view {
            old.view.removeFromSuperview()
            old.view.isHidden = false
        }
        if visible {
            if old !== new { old?.endAppearanceTransition() }
            new.endAppearanceTransition()
        }
        finishStructure(added: added, removed: removed, keeping: new)
        delegate?.navigationController(self, didShow: new, animated: animated)
    }

    // MARK: - The interactive pop

    /// The edge drag moved, began or ended.
    func interactivePopChanged() {
        let recognizer = interactivePopGestureRecognizer
        switch recognizer.state {
        case .began:
            guard transition == nil, viewControllers.count > 1, let top = viewControllers.last else { return }
            let below = viewControllers[viewControllers.count - 2]
            top.beginLeavingParent()
            show(below, replacing: top, kind: .pop, animated: true, added: [], removed: [top], interactive: true)
            updateInteractiveProgress()
        case .changed:
            updateInteractiveProgress()
        case .ended:
            guard let transition, transition.interactive else { return }
            // Right to left, the drag runs from the right edge leftwards.
            let velocity = recognizer.velocity(in: view).x * (view.isRightToLeft ? -1 : 1)
            let progress = transition.animator.progress
            let completes = (velocity.isFinite && velocity > Self.completingVelocity) || (progress > 0.5 && !(velocity < -Self.completingVelocity))
            finishInteractive(completes: completes)
        case .cancelled, .failed:
            guard let transition, transition.interactive else { return }
            finishInteractive(completes: false)
        default:
            break
        }
    }

    private func updateInteractiveProgress() {
        guard let transition, transition.interactive else { return }
        let width = view.bounds.width
        let translation = interactivePopGestureRecognizer.translation(in: view).x * (view.isRightToLeft ? -1 : 1)
        transition.animator.setProgress(width > 0 ? translation / width : 0)
    }

    private func finishInteractive(completes: Bool) {
        guard let transition else { return }
        let progress = transition.animator.progress
        let remaining = completes ? 1 - progress : progress
        transition.animator.run(to: completes ? 1 : 0, duration: max(Self.transitionDuration * remaining, 0.1))
    }
}
