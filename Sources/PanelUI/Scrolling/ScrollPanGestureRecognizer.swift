/// A scroll view's pan: a ``PanGestureRecognizer`` that holds a new touch from the content for
/// up to 150 ms (UIKit's `delaysContentTouches`). A finger that moves far enough in that time
/// scrolls and the content never sees it; one that rests longer, or lifts, is handed to the
/// content (a button highlights, a tap fires) while the pan may still begin.
@MainActor
final class ScrollPanGestureRecognizer: PanGestureRecognizer {
    /// UIKit's delay before a resting touch reaches the content.
    static let contentTouchDelay = MonotonicDuration.milliseconds(150)

    /// Whether new touches are held from the content (for up to ``contentTouchDelay``).
    var delaysContentTouches = true {
        didSet { delaysTouchesBegan = delaysContentTouches }
    }

    override init(target: AnyObject? = nil, action: Action? = nil) {
        super.init(target: target, action: action)
        delaysTouchesBegan = true
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        super.touchesBegan(touches, with: event)
        if delaysTouchesBegan && state == .possible { startTimer(Self.contentTouchDelay) }
    }

    /// The finger rested: stop holding, and hand the held touches to the content now.
    override func timerFired() {
        guard state == .possible, delaysTouchesBegan else { return }
        delaysTouchesBegan = false
        view?.window?.application?.touchDispatcher.releaseHeldTouches()
    }

    override func reset() {
        super.reset()
        delaysTouchesBegan = delaysContentTouches
    }
}
