/// An overlay (an alert and its dimming) fading in over a window or out of it, made of two
/// pictures as a presentation is: the window behind, and the overlay as a layer mixed over it
/// a little more (or less) each frame. Without a display it appears or goes at once.
@MainActor
final class OverlayFade {
    private let backdrop = Snapshot()
    private let picture = Snapshot(isLayer: true)
    private let transitionView = TransitionView(frame: .zero)
    private var animator: TransitionAnimator?

    /// Whether a fade runs.
    var isRunning: Bool { animator != nil }

    /// Fades `overlay` (already on `window`, laid out) in when `appearing`, else out; then runs
    /// `completion`.
    func run(_ overlay: View, in window: Window, appearing: Bool, duration: Double, completion: @escaping @MainActor () -> Void) {
        finish()
        guard window.application?.display != nil else {
            completion()
            return
        }
        overlay.isHidden = true
        backdrop.capture(window)
        overlay.isHidden = false
        picture.capture(overlay)
        overlay.isHidden = true
        transitionView.frame = window.bounds
        transitionView.placements = [.init(snapshot: backdrop), .init(snapshot: picture, origin: overlay.frame.origin)]
        window.addSubview(transitionView)
        let animator = TransitionAnimator(
            application: window.application, curve: .easeInOut,
            update: { [weak self] progress in
                self?.transitionView.update { $0[1].opacity = UInt8(min(max((progress * 255).rounded(), 0), 255)) }
            },
            completion: { [weak self, weak overlay] _ in
                self?.finish()
                overlay?.isHidden = false
                completion()
            })
        self.animator = animator
        animator.setProgress(appearing ? 0 : 1)
        animator.run(to: appearing ? 1 : 0, duration: duration)
    }

    /// Ends the fade under way at once (without its completion).
    func finish() {
        animator?.cancel()
        animator = nil
        transitionView.removeFromSuperview()
    }
}
