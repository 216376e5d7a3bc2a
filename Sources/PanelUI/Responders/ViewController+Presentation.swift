/// How a presented controller is shown: UIKit's `UIModalPresentationStyle`, the three a panel
/// needs.
public enum ModalPresentationStyle: Sendable, Hashable {
    /// The controller's view covers the whole window; the presenter disappears behind it.
    case fullScreen
    /// A card rises from the bottom over the dimmed screen, which stays visible (and whose
    /// controller hears no appearance callbacks, as in UIKit). Tapping the backdrop or swiping
    /// the card down dismisses it unless ``ViewController/isModalInPresentation``.
    case pageSheet
    /// The controller's view covers the whole window and the screen behind stays visible
    /// through what it leaves clear (an ``AlertController``'s dimming); the presenter hears
    /// no appearance callbacks. It fades in and out over 0.2 s, whatever the transition style.
    case overFullScreen
}

/// How a full-screen presentation comes in: UIKit's `UIModalTransitionStyle`.
public enum ModalTransitionStyle: Sendable, Hashable {
    /// The view slides up from the bottom over the screen (and down on dismissal).
    case coverVertical
    /// The view fades in over the screen.
    case crossDissolve
}

/// Presenting and dismissing: UIKit's `present(_:animated:completion:)` and
/// `dismiss(animated:completion:)`.
///
/// The presented controller's view goes on the presenter's window, in front of everything;
/// the touches down behind it are cancelled. Presenting from a controller inside a container
/// presents from the outermost one (UIKit's presentation context), and a presented controller
/// can present another over itself. An animated presentation costs a copy per frame: the
/// screen and the incoming view are drawn once and moved (PresentationTransition.swift).
///
/// Mistakes are reported (`UsageWarning`) and ignored: presenting from a controller not on
/// screen, while it already presents one or while a presentation or dismissal runs, a
/// controller that is already presented or in a container, or dismissing when nothing is
/// presented.
extension ViewController {
    /// How long an animated presentation or dismissal takes.
    public static let presentationDuration = 0.4

    /// Presents `controller` at once (``present(_:animated:completion:)`` without animation).
    public func present(_ controller: ViewController) {
        present(controller, animated: false, completion: nil, call: "present(_:)")
    }

    /// Presents `controller` as its ``modalPresentationStyle`` says, sliding or fading in when
    /// `animated`; `completion` runs when it is on screen.
    public func present(_ controller: ViewController, animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        present(controller, animated: animated, completion: completion, call: "present(_:animated:completion:)")
    }

    /// Dismisses at once (``dismiss(animated:completion:)`` without animation).
    public func dismiss() {
        dismiss(animated: false, completion: nil, call: "dismiss()")
    }

    /// Dismisses the controller this one presents, with everything presented above it; or,
    /// when it presents none, this controller itself. `completion` runs when it is gone.
    public func dismiss(animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        dismiss(animated: animated, completion: completion, call: "dismiss(animated:completion:)")
    }

    /// The controller that presents on this one's behalf: the outermost of its containers.
    var presentationContext: ViewController {
        var root = self
        while let parent = root.parent { root = parent }
        return root
    }

    private func present(_ controller: ViewController, animated: Bool, completion: (@MainActor () -> Void)?, call: String) {
        let presenter = presentationContext
        guard presenter.isViewLoaded, let window = presenter.view.window else {
            UsageWarning.report(
                call,
                "\(type(of: self))'s view is not in a window, so \(type(of: controller)) was not presented: present from a controller whose view is on screen")
            return
        }
        if let presented = presenter.presentedViewController {
            UsageWarning.report(
                call,
                "\(type(of: presenter)) is already presenting \(type(of: presented)), so \(type(of: controller)) was not presented: dismiss the first, or present from it"
            )
            return
        }
        if presenter.presentation != nil || presenter.hasTransitionInProgress {
            UsageWarning.report(
                call,
                "\(type(of: presenter)) is being presented or dismissed, or its screens are moving, so \(type(of: controller)) was not presented: present when that ends"
            )
            return
        }
        if controller === presenter || controller.presentingViewController != nil || controller.parent != nil {
            UsageWarning.report(
                call,
                "\(type(of: controller)) is already presented or is a child or the presenter itself, so it was not presented again: present a controller that is not on screen"
            )
            return
        }
        presenter.presentedViewController = controller
        controller.presentingViewController = presenter
        let transition = PresentationTransition(presenter: presenter, presented: controller, window: window, completion: completion)
        transition.present(animated: animated)
    }

    private func dismiss(animated: Bool, completion: (@MainActor () -> Void)?, call: String) {
        let context = presentationContext
        let target: ViewController
        if let presented = context.presentedViewController {
            target = presented
        } else if context.presentingViewController != nil {
            target = context
        } else {
            UsageWarning.report(call, "\(type(of: self)) presents nothing and is not presented, so there is nothing to dismiss")
            return
        }
        if target.presentation != nil || target.presentedViewController?.presentation != nil {
            UsageWarning.report(call, "\(type(of: target)) is being presented or dismissed, so it was not dismissed: dismiss when that ends")
            return
        }
        // What is presented above the target leaves at once, from the top down.
        if let above = target.presentedViewController {
            var top = above
            while let next = top.presentedViewController { top = next }
            while top !== target, let below = top.presentingViewController {
                PresentationTransition.removeAtOnce(top)
                top = below
            }
        }
        guard let presenter = target.presentingViewController else { return }
        let transition = PresentationTransition(presenter: presenter, presented: target, window: target.view.window, completion: completion)
        transition.dismiss(animated: animated)
    }
}
