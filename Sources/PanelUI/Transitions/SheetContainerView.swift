/// What a page sheet sits in on the window: a dimmed backdrop over the whole window and, at
/// its bottom, a card with rounded top corners, a grabber, and the presented controller's view.
/// A tap on the backdrop, or a downward swipe of the card, dismisses the sheet unless the
/// controller ``ViewController/isModalInPresentation``.
@MainActor
final class SheetContainerView: View {
    /// The backdrop's darkness when the sheet is up.
    static let dimming = Color(red: 0, green: 0, blue: 0, alpha: 102)
    /// The card's corner radius.
    static let cornerRadius = 12.0
    /// The strip at the card's top that holds the grabber.
    static let grabberStrip = 20.0

    let card = SheetCardView()
    private let grabber = View()
    unowned let controller: ViewController
    /// The card's swipe.
    let swipe = PanGestureRecognizer()
    private let swipeRule = SheetSwipeRule()

    init(controller: ViewController) {
        self.controller = controller
        super.init(frame: .zero)
        // A reader stays inside the sheet while it shows.
        accessibilityViewIsModal = true
        backgroundColor = Self.dimming
        card.cornerRadius = Self.cornerRadius
        card.backgroundColor = controller.view.backgroundColor
        card.paletteBackground = controller.view.paletteBackground ?? \.background
        grabber.paletteBackground = \.border
        grabber.cornerRadius = 2.5
        card.addSubview(controller.view)
        card.addSubview(grabber)
        addSubview(card)
        swipe.name = "sheetSwipe"
        swipeRule.sheet = self
        swipe.delegate = swipeRule
        swipe.addTarget(nil, action: .closure("sheetSwipe") { [weak self] _, _ in self?.swipeChanged() })
        card.addGestureRecognizer(swipe)
    }

    /// The card's frame on the window when the sheet is up.
    var cardFrame: Rect {
        let bounds = self.bounds
        let preferred = controller.preferredContentSize.height
        let height = min(preferred > 0 ? preferred + Self.grabberStrip : (bounds.height * 2 / 3).rounded(), bounds.height - 20)
        // On a landscape panel a full-width card looks like a screen; it is centred instead.
        let width = bounds.width > bounds.height ? min(bounds.width - 80, 640) : bounds.width
        return Rect(x: ((bounds.width - width) / 2).rounded(), y: bounds.height - height, width: width, height: height + Self.cornerRadius)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let frame = cardFrame
        card.frame = frame
        grabber.frame = Rect(x: (frame.width - 36) / 2, y: 7, width: 36, height: 5)
        controller.view.frame = Rect(x: 0, y: Self.grabberStrip, width: frame.width, height: max(frame.height - Self.cornerRadius - Self.grabberStrip, 0))
    }

    // A tap on the backdrop.
    private var backdropTouch: ObjectIdentifier?

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        if let touch = touches.first, touches.count == 1 { backdropTouch = ObjectIdentifier(touch) }
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event?) {}

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        guard let touch = touches.first, backdropTouch == ObjectIdentifier(touch) else { return }
        backdropTouch = nil
        let point = touch.location(in: self)
        guard self.point(inside: point, with: event), !card.frame.contains(point), !controller.isModalInPresentation else { return }
        guard controller.presentation == nil, controller.presentedViewController == nil else { return }
        controller.dismiss(animated: true)
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { backdropTouch = nil }

    private func swipeChanged() {
        let height = card.frame.height - Self.cornerRadius
        switch swipe.state {
        case .began:
            guard canSwipe else { return }
            PresentationTransition.beginInteractiveDismissal(of: controller)
            controller.presentation?.follow(downward: swipe.translation(in: self).y, of: height)
        case .changed:
            controller.presentation?.follow(downward: swipe.translation(in: self).y, of: height)
        case .ended:
            let velocity = swipe.velocity(in: self).y
            controller.presentation?.release(velocity: velocity)
        case .cancelled, .failed:
            controller.presentation?.release(velocity: -.infinity)
        default:
            break
        }
    }
}

extension SheetContainerView {
    /// Whether a swipe may dismiss the sheet now: it is not modal and nothing moves.
    var canSwipe: Bool {
        !controller.isModalInPresentation && controller.presentation == nil && controller.presentedViewController == nil
    }
}

/// Lets the card's pan begin only for a downward drag on a sheet that may go: any other drag
/// stays with the sheet's content.
@MainActor
final class SheetSwipeRule: GestureRecognizerDelegate {
    weak var sheet: SheetContainerView?

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard let sheet, sheet.canSwipe, let pan = recognizer as? PanGestureRecognizer else { return false }
        let translation = pan.translation(in: sheet)
        return translation.y > 0 && translation.y >= abs(translation.x)
    }
}

/// The sheet's card: it keeps the touches that land on it (between its subviews) from
/// reaching the backdrop.
@MainActor
final class SheetCardView: View {
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {}
    override func touchesMoved(_ touches: TouchSet, with event: Event?) {}
    override func touchesEnded(_ touches: TouchSet, with event: Event?) {}
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {}
}
