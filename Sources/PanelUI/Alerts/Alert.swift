/// The view of an ``AlertController``: a title, a message, text fields and buttons in a box over
/// the dimmed screen. Present an ``AlertController`` rather than using this view directly.
///
/// It covers the whole window with a dimming layer that takes every touch, so nothing behind
/// the alert can be touched while it is up (touches already down behind it are cancelled); the
/// box and the dimming fade in over 0.2 s, as a presentation's frames are made: the screen and
/// the alert drawn once, then mixed. A button dismisses the alert (a 0.2 s fade) and then runs
/// its action's handler. One or two buttons sit side by side (a cancel button on the left, as
/// UIKit puts it), three or more one above another. Text uses the application's TrueType fonts
/// when it has them (Chinese titles work), else the built-in font. While the on-screen keyboard
/// is up (for a text field), the box is centred in the space above it.
@MainActor
open class Alert: View {
    /// The title, in bold weight's place: the larger font.
    public var title: String? {
        didSet { if title != oldValue { setNeedsLayout() } }
    }
    /// The message under it, wrapped.
    public var message: String? {
        didSet { if message != oldValue { setNeedsLayout() } }
    }
    /// The buttons, in the order added.
    public private(set) var actions: [AlertAction] = []

    /// The box in the middle.
    public let box = View()
    private let titleLabel = Label()
    /// The lines above and between the buttons.
    private var hairlines: [View] = []
    private let messageLabel = Label()
    private var buttons: [Button] = []
    /// The text fields, under the message, in the order added.
    public private(set) var textFields: [TextField] = []
    /// The controller this view belongs to; nil for an alert shown with ``show(in:)``.
    weak var controller: AlertController?
    /// Whether the alert is on screen (or fading in).
    public private(set) var isPresented = false
    /// The fades in and out: the screen and the alert drawn once, mixed each frame.
    private let fade = OverlayFade()

    /// The box's width, UIKit's.
    public static let width = 270.0
    /// How long the fades take.
    public static let fadeDuration = 0.2

    /// An alert with a title and a message (either may be nil); add actions before showing it.
    public init(title: String?, message: String?) {
        self.title = title
        self.message = message
        super.init(frame: .zero)
        // A reader stays inside the alert while it shows.
        accessibilityViewIsModal = true
        backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 102)
        box.paletteBackground = \.elevatedBackground
        box.cornerRadius = 14
        box.clipsToBounds = true
        titleLabel.textAlignment = .center
        titleLabel.numberOfLines = 0
        messageLabel.textAlignment = .center
        messageLabel.numberOfLines = 0
        for view in [titleLabel, messageLabel] as [View] { box.addSubview(view) }
        addSubview(box)
    }

    /// Adds a button.
    public func addAction(_ action: AlertAction) {
        actions.append(action)
        let button = Button()
        button.setTitle(action.title, for: .normal)
        // Rounded like the box, in its colour: the bottom buttons keep its corners round.
        button.cornerRadius = 14
        // The palette's destructive red is a darker red than Color.red for text: 5.1:1 on the
        // box, where #ff3b30 is 3.3:1.
        let destructive = action.style == .destructive
        button.applyTheme { button, palette in
            button.setBackgroundColor(palette.elevatedBackground, for: .normal)
            button.setBackgroundColor(palette.fill, for: .highlighted)
            button.setTitleColor(destructive ? palette.destructive : palette.tint, for: .normal)
        }
        let index = actions.count - 1
        button.addAction(.closure("alertButton") { [unowned self] _, _ in self.buttonTapped(index) }, for: .touchUpInside)
        buttons.append(button)
        box.addSubview(button)
        setNeedsLayout()
    }

    /// Adds a text field under the message (UIKit's `addTextField(configurationHandler:)`).
    public func addTextField(configurationHandler: ((TextField) -> Void)? = nil) {
        let field = TextField()
        // Return moves to the next field; in the last, it presses the preferred button.
        field.addAction(.closure("alertReturn") { [unowned self, unowned field] _, _ in self.returnPressed(in: field) }, for: .editingDidEndOnExit)
        textFields.append(field)
        box.addSubview(field)
        configurationHandler?(field)
        setNeedsLayout()
    }

    /// The action the return key of the last text field presses (``AlertController/preferredAction``).
    var preferredIndex: Int?

    private func returnPressed(in field: TextField) {
        guard let index = textFields.firstIndex(where: { $0 === field }) else { return }
        if textFields.indices.contains(index + 1) {
            _ = textFields[index + 1].becomeFirstResponder()
        } else if let preferredIndex, actions.indices.contains(preferredIndex) {
            buttonTapped(preferredIndex)
        }
    }

    /// Covers `window` with the alert (dimmed, touches blocked) and fades it in.
    @available(*, deprecated, message: "present an AlertController from the screen's view controller: controller.present(alert, animated: true)")
    public func show(in window: Window) {
        showOverlay(in: window)
    }

    /// ``show(in:)`` for what has no view controller to present from (a time limit's warning).
    func showOverlay(in window: Window) {
        guard !isPresented else { return }
        isPresented = true
        frame = window.bounds
        setNeedsLayout()
        layoutIfNeeded()
        window.cancelTouchesBehindModal()
        window.addSubview(self)
        fade.run(self, in: window, appearing: true, duration: Self.fadeDuration) { [weak self] in
            self?.isHidden = false
            // A screen reader reads the alert (its modality keeps reading inside it).
            window.application?.postAccessibilityNotification(.screenChanged(focus: nil))
        }
    }

    /// Lays the alert out as it will show over `window` (its fonts, its size) without showing
    /// it.
    @available(*, deprecated, message: "a session script finds an alert's button when it taps it: tap(label: \"OK\")")
    public func layout(for window: Window) {
        frame = window.bounds
        setNeedsLayout()
        layoutIfNeeded()
    }

    /// The centre of button `index` (in the order added), in the coordinates of the window
    /// the alert covers; nil for an index with no button.
    @available(*, deprecated, message: "a session script finds an alert's button when it taps it: tap(label: \"OK\")")
    public func centerOfButton(at index: Int) -> Point? {
        guard buttons.indices.contains(index) else { return nil }
        let button = buttons[index].frame
        return Point(x: frame.minX + box.frame.minX + button.midX, y: frame.minY + box.frame.minY + button.midY)
    }

    /// Fades the alert out and takes it off the window.
    @available(*, deprecated, message: "dismiss the AlertController: alert.dismiss(animated: true)")
    public func dismiss(completion: (@MainActor () -> Void)? = nil) {
        dismissOverlay(completion: completion)
    }

    /// ``dismiss(completion:)`` for an alert shown with ``showOverlay(in:)``.
    func dismissOverlay(completion: (@MainActor () -> Void)? = nil) {
        guard isPresented else { return }
        isPresented = false
        let gone: @MainActor () -> Void = { [weak self] in
            guard let self, !self.isPresented else { return }
            let application = self.window?.application
            self.isHidden = false
            self.removeFromSuperview()
            completion?()
            application?.postAccessibilityNotification(.screenChanged(focus: nil))
        }
        guard let window else {
            gone()
            return
        }
        fade.run(self, in: window, appearing: false, duration: Self.fadeDuration, completion: gone)
    }

    /// A reader's back key presses the cancel button, when the alert has one.
    open override func accessibilityPerformEscape() -> Bool {
        guard isPresented || controller != nil, let index = actions.firstIndex(where: { $0.style == .cancel }) else { return false }
        buttonTapped(index)
        return true
    }

    private func buttonTapped(_ index: Int) {
        let action = actions[index]
        if let controller {
            controller.actionTapped(action)
            return
        }
        guard isPresented else { return }
        dismissOverlay { action.handler?(action) }
    }

    /// The dimming takes every touch outside the box: nothing behind can be touched.
    open override func hitTest(_ point: Point, with event: Event?) -> View? {
        guard !isHidden, self.point(inside: point, with: event) else { return nil }
        return super.hitTest(point, with: event) ?? self
    }

    // MARK: - Layout

    open override func layoutSubviews() {
        let fonts = window?.application
        titleLabel.font = fonts?.font(size: 20) ?? .system(size: 20)
        messageLabel.font = fonts?.font(size: 16) ?? .body
        for button in buttons { button.titleFont = fonts?.font(size: 18) ?? .body }
        let width = min(Self.width, bounds.width - 32)
        let padding = 16.0
        var y = 20.0
        for label in [titleLabel, messageLabel] {
            let text = label === titleLabel ? title : message
            label.text = text
            label.isHidden = text == nil
            guard text != nil else { continue }
            let height = label.textSize(fittingWidth: width - 2 * padding).height
            label.frame = Rect(x: padding, y: y, width: width - 2 * padding, height: height)
            y += height + 4
        }
        for field in textFields {
            y += 8
            field.frame = Rect(x: padding, y: y, width: width - 2 * padding, height: 44)
            y += 44
        }
        y += 14
        for line in hairlines { line.removeFromSuperview() }
        hairlines.removeAll()
        func hairline(_ frame: Rect) {
            let line = View(frame: frame)
            line.paletteBackground = \.separator
            box.addSubview(line)
            hairlines.append(line)
        }
        let buttonHeight = 44.0
        // Cancel goes left of a pair, as UIKit lays it out.
        var order = Array(buttons.indices)
        if buttons.count == 2, actions[1].style == .cancel { order.reverse() }
        if buttons.count <= 2 {
            let buttonWidth = width / Double(max(buttons.count, 1))
            for (slot, index) in order.enumerated() {
                buttons[index].frame = Rect(x: Double(slot) * buttonWidth, y: y + 1, width: buttonWidth, height: buttonHeight)
            }
            if !buttons.isEmpty { hairline(Rect(x: 0, y: y, width: width, height: 1)) }
            if buttons.count == 2 { hairline(Rect(x: buttonWidth, y: y + 1, width: 1, height: buttonHeight)) }
            y += buttons.isEmpty ? 0 : buttonHeight + 1
        } else {
            for index in order {
                hairline(Rect(x: 0, y: y, width: width, height: 1))
                buttons[index].frame = Rect(x: 0, y: y + 1, width: width, height: buttonHeight)
                y += buttonHeight + 1
            }
        }
        // Centred in what the keyboard leaves free, never above the top.
        var free = bounds.height
        if let keyboard = window?.keyboardFrame { free = min(free, max(convert(keyboard, from: window).minY, 0)) }
        box.frame = Rect(x: (bounds.width - width) / 2, y: max((free - y) / 2, 0), width: width, height: y)
    }

    open override func draw(_ rect: Rect, in canvas: inout Canvas) {}
}
