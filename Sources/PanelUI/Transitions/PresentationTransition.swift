/// One presentation or dismissal: the appearance callbacks in UIKit's order, the presented view
/// put on or taken off the window, and, when animated, the frames in between, made of two
/// pictures: the screen behind (the backdrop) and the incoming view (a sheet's card as a
/// layer with its rounded corners), slid, faded or dimmed each frame.
///
/// Progress runs from 0 (not presented) to 1 (presented): a presentation runs up, a dismissal
/// down, and a swipe on a sheet's card drives a dismissal with the finger.
@MainActor
final class PresentationTransition {
    unowned let presenter: ViewController
    let presented: ViewController
    private weak var window: Window?
    private var completion: (@MainActor () -> Void)?
    private let isSheet: Bool
    /// An over-full-screen presentation: the presenter stays, and the view fades.
    private let isOverlay: Bool
    /// How an over-full-screen view fades in and out.
    private var fade: OverlayFade?
    private let style: ModalTransitionStyle
    private var isPresenting = true
    private var interactive = false
    private var animator: TransitionAnimator?
    private let transitionView = TransitionView(frame: .zero)
    private let backdrop = Snapshot()
    private let content: Snapshot
    /// Where the incoming picture sits when presented.
    private var contentFrame = Rect.zero

    init(presenter: ViewController, presented: ViewController, window: Window?, completion: (@MainActor () -> Void)?) {
        self.presenter = presenter
        self.presented = presented
        self.window = window
        self.completion = completion
        isSheet = presented.modalPresentationStyle == .pageSheet
        isOverlay = presented.modalPresentationStyle == .overFullScreen
        style = presented.modalTransitionStyle
        content = Snapshot(isLayer: isSheet)
    }

    /// The view that holds the presented controller on the window.
    private var container: View {
        if let sheet = presented.presentationContainer { return sheet }
        return presented.view
    }

    // MARK: - Presenting

    func present(animated: Bool) {
        guard let window else { return }
        let presentedView: View = presented.view
        if covers { presenter.beginAppearanceTransition(false, animated: animated) }
        presented.transitionRoles.insert(.beingPresented)
        presented.beginAppearanceTransition(true, animated: animated)
        window.cancelTouchesBehindModal()
        let animate = animated && window.application?.display != nil
        if animate && !isOverlay { backdrop.capture(window) }
        if isSheet {
            let sheet = SheetContainerView(controller: presented)
            presented.presentationContainer = sheet
            sheet.frame = window.bounds
            window.addSubview(sheet)
        } else {
            presentedView.frame = window.bounds
            window.addSubview(presentedView)
        }
        window.layoutIfNeeded()
        guard animate else {
            finishPresenting()
            return
        }
        presented.presentation = self
        if isOverlay {
            runFade(appearing: true, on: window)
            return
        }
        captureContent()
        container.isHidden = true
        start(from: 0, to: 1)
    }

    /// Whether the presented view hides the presenter's (which then hears it disappear).
    private var covers: Bool { !isSheet && !isOverlay }

    /// Fades an over-full-screen view in or out; the fade holds this transition until it ends.
    private func runFade(appearing: Bool, on window: Window) {
        let fade = OverlayFade()
        self.fade = fade
        fade.run(presented.view, in: window, appearing: appearing, duration: Alert.fadeDuration) {
            self.fade = nil
            if appearing { self.finishPresenting() } else { self.finishDismissing() }
        }
    }

    private func finishPresenting() {
        endAnimation()
        if covers { presenter.endAppearanceTransition() }
        presented.endAppearanceTransition()
        runCompletion()
    }

    // MARK: - Dismissing

    func dismiss(animated: Bool) {
        isPresenting = false
        presented.transitionRoles.insert(.beingDismissed)
        presented.beginAppearanceTransition(false, animated: animated)
        if covers { presenter.beginAppearanceTransition(true, animated: animated) }
        guard animated, let window, window.application?.display != nil else {
            finishDismissing()
            return
        }
        presented.presentation = self
        if isOverlay {
            runFade(appearing: false, on: window)
            return
        }
        captureContent()
        container.isHidden = true
        backdrop.capture(window)
        start(from: 1, to: 0)
    }

    /// A swipe on a sheet's card begins a dismissal that follows the finger.
    static func beginInteractiveDismissal(of controller: ViewController) {
        guard let window = controller.view.window, let presenter = controller.presentingViewController else { return }
        let transition = PresentationTransition(presenter: presenter, presented: controller, window: window, completion: nil)
        transition.isPresenting = false
        transition.interactive = true
        controller.presentation = transition
        controller.transitionRoles.insert(.beingDismissed)
        controller.beginAppearanceTransition(false, animated: true)
        transition.captureContent()
        transition.container.isHidden = true
        transition.backdrop.capture(window)
        transition.start(from: 1, to: nil)
    }

    /// The finger is `distance` points below where it started on a card `height` high.
    func follow(downward distance: Double, of height: Double) {
        guard interactive, let animator else { return }
        animator.setProgress(height > 0 ? 1 - max(distance, 0) / height : 1)
    }

    /// The finger let go: a flick down or a drag past a third of the card dismisses; else the
    /// card goes back up and the controller hears that it appears again.
    func release(velocity: Double) {
        guard interactive, let animator else { return }
        interactive = false
        let progress = animator.progress
        let dismisses = (velocity.isFinite && velocity > 500) || (progress < 2.0 / 3 && !(velocity < -500))
        if !dismisses { presented.beginAppearanceTransition(true, animated: true) }
        animator.run(to: dismisses ? 0 : 1, duration: max(ViewController.presentationDuration * (dismisses ? progress : 1 - progress), 0.1))
    }

    private func finishDismissing() {
        endAnimation()
        let container = self.container
        container.isHidden = false
        container.removeFromSuperview()
        if presented.presentationContainer != nil {
            presented.view.removeFromSuperview()
            presented.presentationContainer = nil
        }
        presenter.presentedViewController = nil
        presented.presentingViewController = nil
        presented.endAppearanceTransition()
        if covers {
            presenter.endAppearanceTransition()
        } else if let application = window?.application, application.screenReader != nil {
            // The screen behind heard nothing (it never disappeared): a reader reads it again.
            application.postAccessibilityNotification(.screenChanged(focus: nil))
        }
        runCompletion()
    }

    /// A controller presented above the one being dismissed leaves at once, with its callbacks.
    static func removeAtOnce(_ controller: ViewController) {
        guard let presenter = controller.presentingViewController else { return }
        let transition = PresentationTransition(presenter: presenter, presented: controller, window: controller.view.window, completion: nil)
        transition.dismiss(animated: false)
    }

    // MARK: - Frames

    private func captureContent() {
        if isSheet, let sheet = presented.presentationContainer {
            contentFrame = sheet.card.frame
            content.capture(sheet.card)
        } else {
            contentFrame = presented.view.frame
            content.capture(presented.view, background: presented.view.presentationBackgroundColor ?? presented.view.palette.background)
        }
    }

    /// Lays the pictures over the window and runs from `from` to `to` (nil: the finger drives).
    private func start(from: Double, to: Double?) {
        guard let window else { return }
        transitionView.frame = window.bounds
        transitionView.placements = [.init(snapshot: backdrop), .init(snapshot: content)]
        window.addSubview(transitionView)
        let animator = TransitionAnimator(
            application: window.application, curve: to == nil ? .easeOut : .easeInOut,
            update: { [weak self] progress in self?.place(progress) },
            completion: { [weak self] _ in self?.animationEnded() })
        self.animator = animator
        animator.setProgress(from)
        if let to { animator.run(to: to, duration: ViewController.presentationDuration) }
    }

    private func place(_ progress: Double) {
        let bounds = transitionView.bounds
        transitionView.update { placements in
            if isSheet {
                placements[0].brightness = 255 - UInt8(min(max((102 * progress).rounded(), 0), 102))
                placements[1].origin = Point(x: contentFrame.minX, y: (contentFrame.minY + (bounds.height - contentFrame.minY) * (1 - progress)).rounded())
            } else if style == .crossDissolve {
                placements[1].origin = contentFrame.origin
                placements[1].opacity = UInt8(min(max((progress * 255).rounded(), 0), 255))
            } else {
                let top = (contentFrame.minY + (bounds.height - contentFrame.minY) * (1 - progress)).rounded()
                placements[0].clip = Rect(x: 0, y: 0, width: bounds.width, height: max(top, 0))
                placements[1].origin = Point(x: contentFrame.minX, y: top)
            }
        }
    }

    private func animationEnded() {
        guard let animator else { return }
        if animator.progress >= 1 {
            if isPresenting {
                finishPresenting()
            } else {
                // A swipe let go: the sheet stays; it appeared again.
                endAnimation()
                presented.endAppearanceTransition()
            }
        } else {
            finishDismissing()
        }
    }

    private func endAnimation() {
        fade?.finish()
        fade = nil
        animator?.cancel()
        animator = nil
        transitionView.removeFromSuperview()
        if presented.presentation === self { presented.presentation = nil }
        container.isHidden = false
    }

    private func runCompletion() {
        let completion = self.completion
        self.completion = nil
        completion?()
    }
}
