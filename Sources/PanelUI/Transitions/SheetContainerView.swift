/// What a page sheet sits in on the window: a dimmed backdrop over the whole window and, at
/// its bottom, a card with rounded top corners, a grabber, and the presented controller's view.
/// A tap on the backdrop, or a downward swipe of the card, dismisses the sheet unless the
/// controller ``ViewController/isModalInPresentation``; with detents, a swipe moves the card
/// between them first (``SheetPresentationController``).
///
/// The card is the window's width on a panel narrower than 480 points or taller than wide; on
/// a wider landscape panel it is centred, 80 points narrower than the window and at most 640
/// wide, so that it does not read as a screen of its own.
@MainActor
final class SheetContainerView: View {
    /// The backdrop's darkness when the sheet is up.
    static let dimming = Color(red: 0, green: 0, blue: 0, alpha: 102)
    /// The card's corner radius.
    static let cornerRadius = 12.0
    /// The strip at the card's top that holds the grabber.
    static let grabberStrip = 20.0
    /// What the tallest card leaves of the screen behind, at the top.
    nonisolated static let topGap = 20.0
    /// The narrowest window whose landscape sheet is a centred card rather than full width.
    static let fullWidthBelow = 480.0

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
        controller.sheetPresentationController?.sheet = self
    }

    /// The card's frame on the window when the sheet is up.
    var cardFrame: Rect { cardFrame(height: restingHeight) }

    /// The card's height (grabber strip included) where it rests: its detent's, else the
    /// controller's preferred height plus the strip, else two thirds of the window.
    var restingHeight: Double {
        if let detent = controller.sheetPresentationController?.currentDetent(inWindowOfHeight: bounds.height) {
            return detent.height(inWindowOfHeight: bounds.height)
        }
        let preferred = controller.preferredContentSize.height
        return preferred > 0 ? preferred + Self.grabberStrip : (bounds.height * 2 / 3).rounded()
    }

    /// The card's frame when it is `height` tall (at most the window less ``topGap``).
    func cardFrame(height: Double) -> Rect {
        let bounds = self.bounds
        let height = min(height, bounds.height - Self.topGap)
        // On a wide landscape panel a full-width card looks like a screen; it is centred instead.
        let centred = bounds.width >= Self.fullWidthBelow && bounds.width > bounds.height
        let width = centred ? min(bounds.width - 80, 640) : bounds.width
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

    /// Where a swipe that moves the card between detents began: the card's resting frame.
    private var resizeFrom: Rect?

    private func swipeChanged() {
        let height = card.frame.height - Self.cornerRadius
        if resizeFrom != nil || (swipe.state == .began && detentToward(downward: swipe.translation(in: self).y > 0) != nil) {
            resizeChanged()
            return
        }
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

    /// The next detent below (`downward`) or above the one the card rests at; nil at the end.
    func detentToward(downward: Bool) -> SheetPresentationController.Detent? {
        guard let sheets = controller.sheetPresentationController, controller.presentation == nil,
            let current = sheets.currentDetent(inWindowOfHeight: bounds.height)
        else { return nil }
        let sorted = sheets.sortedDetents(inWindowOfHeight: bounds.height)
        guard let index = sorted.firstIndex(of: current) else { return nil }
        let next = downward ? index - 1 : index + 1
        return sorted.indices.contains(next) ? sorted[next] : nil
    }

    /// A swipe between detents: the card follows the finger, then rests at the detent nearest
    /// where it was let go, or the next one the way it was flicked.
    fileprivate func resizeChanged() {
        let dy = swipe.translation(in: self).y
        switch swipe.state {
        case .began:
            resizeFrom = card.frame
            fallthrough
        case .changed:
            guard let from = resizeFrom else { return }
            let top = min(max(from.minY + dy, Self.topGap), bounds.height - 44)
            card.frame = Rect(x: from.minX, y: top, width: from.width, height: bounds.height - top + Self.cornerRadius)
        case .ended, .cancelled, .failed:
            guard let from = resizeFrom, let sheets = controller.sheetPresentationController else { return }
            resizeFrom = nil
            let velocity = swipe.state == .ended ? swipe.velocity(in: self).y : 0
            let heights = sheets.sortedDetents(inWindowOfHeight: bounds.height)
            let shownHeight = bounds.height - (from.minY + dy)
            var target = heights.min {
                abs($0.height(inWindowOfHeight: bounds.height) - shownHeight) < abs($1.height(inWindowOfHeight: bounds.height) - shownHeight)
            }
            if velocity > 500 || velocity < -500 { target = detentToward(downward: velocity > 0) ?? target }
            if let target, target.identifier != sheets.selectedDetentIdentifier, sheets.currentDetent(inWindowOfHeight: bounds.height) != target {
                sheets.selectedDetentIdentifier = target.identifier
            } else {
                View.animate(withDuration: 0.3) { [self] in
                    setNeedsLayout()
                    layoutIfNeeded()
                }
            }
        default:
            break
        }
    }
}

/// Lets the card's pan begin only for a vertical drag toward another detent, or a downward drag
/// on a sheet that may go: any other drag stays with the sheet's content.
@MainActor
final class SheetSwipeRule: GestureRecognizerDelegate {
    weak var sheet: SheetContainerView?

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard let sheet, let pan = recognizer as? PanGestureRecognizer else { return false }
        let translation = pan.translation(in: sheet)
        guard abs(translation.y) >= abs(translation.x) else { return false }
        // Up or down to another detent; down from the smallest to dismiss.
        if sheet.detentToward(downward: translation.y > 0) != nil { return true }
        return sheet.canSwipe && translation.y > 0
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
