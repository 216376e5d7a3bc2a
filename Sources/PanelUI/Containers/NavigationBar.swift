/// The bar at the top of a ``NavigationController``: the top screen's title in the middle, a
/// back button titled with the screen below's title on the left, and the top screen's bar
/// button items: UIKit's `UINavigationBar`, 44 points high.
@MainActor
open class NavigationBar: View {
    /// The bar's height, UIKit's.
    public static let height = 44.0
    // The buttons' titles and the back chevron are drawn in the ``View/tintColor``.

    /// The title's colour. Default the palette's ``Palette/label``.
    public var titleColor: Color {
        get { titleLabel.textColor }
        set { titleLabel.textColor = newValue }
    }

    /// The title in the middle.
    public let titleLabel = Label()
    /// The back button (hidden when there is nothing to go back to).
    public let backButton = BackButton()
    /// The buttons of the left and right items, made when the items are shown.
    public private(set) var leftButton: Button?
    /// The right item's button.
    public private(set) var rightButton: Button?
    private let hairline = View()

    /// What the bar shows: the top item and the one below it (for the back button).
    private var topItem: NavigationItem?
    /// The back button's full title (the screen below's); the bar shortens it when it must.
    private var backTitle = "Back"
    /// Whether the back button shows its chevron alone (its name kept for a reader).
    private var backShowsChevronOnly = false
    /// The title's width at its font as drawn, measured once per title and font.
    private var titleMeasure: (text: String?, font: Font, width: Double)?

    /// The title's unwrapped width, measured again only when the title or its font changed.
    private var measuredTitleWidth: Double {
        // The font as drawn: the user's text size changes it too.
        let font = titleLabel.scaledFont(titleLabel.font)
        if let titleMeasure, titleMeasure.text == titleLabel.text, titleMeasure.font == font { return titleMeasure.width }
        let width = titleLabel.text == nil ? 0 : titleLabel.intrinsicContentSize.width
        titleMeasure = (titleLabel.text, font, width)
        return width
    }
    private var backItem: NavigationItem?
    private weak var topController: ViewController?
    private weak var backController: ViewController?
    /// Runs when the back button is tapped.
    var onBack: (@MainActor () -> Void)?

    /// A bar.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 0, height: NavigationBar.height)) {
        super.init(frame: frame)
        paletteBackground = \.barBackground
        hairline.paletteBackground = \.separator
        titleLabel.textAlignment = .center
        titleLabel.numberOfLines = 1
        titleLabel.accessibilityTraits = [.staticText, .header]
        backButton.isHidden = true
        backButton.addAction(.closure("navigationBack") { [weak self] _, _ in self?.onBack?() }, for: .touchUpInside)
        addSubview(titleLabel)
        addSubview(backButton)
        addSubview(hairline)
    }

    /// Shows `top`'s item, with a back button to `below` when there is one.
    func show(top: ViewController?, below: ViewController?) {
        topItem?.onChange = nil
        backItem?.onChange = nil
        topItem = top?.navigationItem
        backItem = below?.navigationItem
        topController = top
        backController = below
        topItem?.onChange = { [weak self] in self?.refresh() }
        backItem?.onChange = { [weak self] in self?.refresh() }
        refresh()
    }

    /// The title shown now.
    public var shownTitle: String? { topItem?.title ?? topController?.title }

    /// Puts the items' current state on the bar.
    func refresh() {
        let fonts = window?.application
        titleLabel.font = fonts?.font(size: 18) ?? .system(size: 18)
        titleLabel.text = shownTitle
        leftButton?.removeFromSuperview()
        rightButton?.removeFromSuperview()
        leftButton = topItem?.leftBarButtonItem.map { makeButton(for: $0) }
        rightButton = topItem?.rightBarButtonItem.map { makeButton(for: $0) }
        let showsBack = backItem != nil && topItem?.hidesBackButton != true && (leftButton == nil || topItem?.leftItemsSupplementBackButton == true)
        backButton.isHidden = !showsBack
        backButton.titleFont = fonts?.font(size: 17) ?? .system(size: 17)
        backTitle = backItem.map { $0.backButtonTitle ?? $0.title ?? backController?.title ?? "Back" } ?? "Back"
        backButton.setTitle(backTitle, for: .normal)
        setNeedsLayout()
    }

    private func makeButton(for item: BarButtonItem) -> Button {
        let button = Button()
        button.minimumTouchTarget = Size(width: 44, height: 44)
        button.setTitle(item.title, for: .normal)
        button.setImage(item.image, for: .normal)
        button.style = .plain
        button.isEnabled = item.isEnabled
        button.accessibilityIdentifier = item.accessibilityIdentifier
        button.titleFont = window?.application?.font(size: 17) ?? .system(size: 17)
        button.addAction(
            .closure("barButtonItem") { [weak item] _, event in
                guard let item, let action = item.action else { return }
                if let application = button.window?.application {
                    _ = application.sendAction(action, to: item.target, from: item, for: event)
                } else {
                    _ = Application.perform(action, to: item.target, from: item, for: event, keyWindow: nil)
                }
            }, for: .touchUpInside)
        item.onChange = { [weak self] in self?.refresh() }
        addSubview(button)
        return button
    }

    /// Takes the application's fonts when the bar reaches a window.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil { refresh() }
    }

    /// Lays out the back button and the left item from the left, the right item from the right,
    /// and the title between them as UIKit places it: centred on the bar when it fits there,
    /// moved off centre (clear of the buttons) when it fits only that way, and truncated last,
    /// once the back button has shortened to "Back" and then to its chevron.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width
        let titleWidth = measuredTitleWidth
        // The back button's titles from longest to shortest (its own, "Back", none): the first
        // that leaves the title room is kept. A layout that changes nothing allocates nothing
        // (a transition lays the bar out on its frames).
        let shortenings = backButton.isHidden ? 1 : 3
        for index in 0 ..< shortenings {
            let candidate = index == 0 ? backTitle : index == 1 ? "Back" : ""
            if backButton.title(for: .normal) != candidate { backButton.setTitle(candidate, for: .normal) }
            // A chevron alone keeps the screen's name for a reader.
            if (index == 2) != backShowsChevronOnly {
                backShowsChevronOnly = index == 2
                backButton.accessibilityLabel = backShowsChevronOnly ? backTitle : nil
            }
            let room = placeItems()
            if titleWidth <= room.right - room.left || index == shortenings - 1 {
                placeTitle(width: titleWidth, between: room.left, and: room.right)
                break
            }
        }
        // Under a right-to-left language the bar is mirrored: back and the left item on the right
        // (and a title moved off centre moves the other way).
        if isRightToLeft {
            for view in [backButton, leftButton, rightButton, titleLabel] as [View?] {
                if let view { view.frame = view.frame.mirrored(inWidth: width) }
            }
        }
    }

    /// Centred on the bar when `width` fits there; else as near the centre as the room between
    /// `left` and `right` allows; else that whole room, where the label truncates it.
    private func placeTitle(width titleWidth: Double, between left: Double, and right: Double) {
        let shown = min(titleWidth, max(right - left, 0))
        let centred = (bounds.width - shown) / 2
        let x = min(max(centred, left), right - shown)
        titleLabel.frame = Rect(x: x.rounded(), y: 0, width: shown.rounded(.down), height: bounds.height - 1)
    }

    /// Places the back button and the bar button items; returns the room left between them.
    private func placeItems() -> (left: Double, right: Double) {
        let width = bounds.width
        let height = bounds.height
        hairline.frame = Rect(x: 0, y: height - 1, width: width, height: 1)
        let margin = 8.0
        var left = margin
        if !backButton.isHidden {
            let size = backButton.intrinsicContentSize
            backButton.frame = Rect(x: left, y: 0, width: min(size.width, width / 3), height: height - 1)
            left = backButton.frame.maxX + margin
        }
        if let leftButton {
            let size = leftButton.intrinsicContentSize
            leftButton.frame = Rect(x: left, y: 0, width: min(size.width + 16, width / 3), height: height - 1)
            left = leftButton.frame.maxX + margin
        }
        var right = width - margin
        if let rightButton {
            let size = rightButton.intrinsicContentSize
            let w = min(size.width + 16, width / 3)
            rightButton.frame = Rect(x: right - w, y: 0, width: w, height: height - 1)
            right -= w + margin
        }
        return (left, right)
    }
}

/// The navigation bar's back button: a chevron and the previous screen's title, in the tint.
@MainActor
public final class BackButton: Button {
    private static let chevronWidth = 14.0

    init() {
        super.init(frame: .zero)
        minimumTouchTarget = Size(width: 44, height: 44)
        style = .plain
    }

    /// The title's size with room for the chevron.
    public override var intrinsicContentSize: Size {
        let title = super.intrinsicContentSize
        return Size(width: title.width + Self.chevronWidth + 4, height: title.height)
    }

    /// Draws the chevron and the title in the tint; mirrored under a right-to-left language
    /// (the chevron on the right, pointing right).
    public override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let midY = bounds.height / 2
        let color = currentTitleColor
        let mirrored = isRightToLeft
        let width = bounds.width
        func x(_ value: Double) -> Double { mirrored ? width - value : value }
        canvas.drawLine(from: (x(10), midY - 8), to: (x(3), midY), width: 2.5, color: color)
        canvas.drawLine(from: (x(3), midY), to: (x(10), midY + 8), width: 2.5, color: color)
        let box = PixelRect(snapping: bounds)
        let chevron = Int(Self.chevronWidth)
        if let title = currentTitle {
            canvas.drawText(
                title, in: PixelRect(x: mirrored ? box.x : box.x + chevron, y: box.y, width: max(box.width - chevron, 0), height: box.height),
                font: scaledFont(titleFont), color: color, alignment: mirrored ? .right : .left, numberOfLines: 1)
        }
    }
}
