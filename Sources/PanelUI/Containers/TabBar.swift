/// The bar of tabs at the bottom of a ``TabBarController``: one button per controller with its
/// icon, title and badge (``TabBarItem``), the selected one in the tint colour: UIKit's
/// `UITabBar`, 56 points high for a finger on a panel (UIKit's is 49).
@MainActor
open class TabBar: View {
    /// The bar's height.
    public static let height = 56.0
    // The selected tab is drawn in the ``View/tintColor``.

    /// The other tabs' colour. Default the palette's ``Palette/secondaryLabel`` (`#6c6c70` in
    /// light: 4.9:1 on the bar for its 12-px titles, where UIKit's `#8e8e93` is 3.1:1).
    public var unselectedItemTintColor: Color {
        get { _unselectedItemTintColor.resolved(in: self) }
        set {
            if setThemed(&_unselectedItemTintColor, to: newValue) { for button in buttons { button.setNeedsDisplay() } }
        }
    }
    @exclusivity(unchecked) private var _unselectedItemTintColor = Themed<TabBar, Color>(.none, fallback: { $0.palette.secondaryLabel })
    /// The tabs' buttons, in order.
    public private(set) var buttons: [TabBarButton] = []
    private let hairline = View()
    /// Runs when a tab is tapped, with its index.
    var onSelect: (@MainActor (Int) -> Void)?

    /// A bar.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 0, height: TabBar.height)) {
        super.init(frame: frame)
        paletteBackground = \.barBackground
        hairline.paletteBackground = \.separator
        addSubview(hairline)
    }

    /// The items shown, one button each.
    func setItems(_ items: [(item: TabBarItem, controller: ViewController)]) {
        for button in buttons { button.removeFromSuperview() }
        buttons = items.enumerated().map { index, entry in
            let button = TabBarButton(item: entry.item, controller: entry.controller, bar: self)
            button.addAction(.closure("selectTab") { [weak self] _, _ in self?.onSelect?(index) }, for: .touchUpInside)
            addSubview(button)
            return button
        }
        setNeedsLayout()
    }

    /// The index of the selected tab.
    var selectedIndex: Int? {
        didSet {
            for (index, button) in buttons.enumerated() { button.isSelected = index == selectedIndex }
        }
    }

    /// Lays the tabs out side by side, equally wide.
    open override func layoutSubviews() {
        super.layoutSubviews()
        hairline.frame = Rect(x: 0, y: 0, width: bounds.width, height: 1)
        guard !buttons.isEmpty else { return }
        let width = bounds.width / Double(buttons.count)
        for (index, button) in buttons.enumerated() {
            // The first tab at the leading end: the right under a right-to-left language.
            button.frame = flippedForLayoutDirection(Rect(x: (Double(index) * width).rounded(), y: 1, width: width.rounded(), height: bounds.height - 1))
        }
    }
}

/// One tab: its icon over its title, a badge at the icon's corner.
@MainActor
public final class TabBarButton: Control {
    /// The item it shows.
    public let item: TabBarItem
    private weak var controller: ViewController?
    private unowned let bar: TabBar

    init(item: TabBarItem, controller: ViewController, bar: TabBar) {
        self.item = item
        self.controller = controller
        self.bar = bar
        super.init(frame: .zero)
        item.onChange = { [weak self] in
            guard let self else { return }
            self.isEnabled = self.item.isEnabled
            self.setNeedsDisplay()
        }
        isEnabled = item.isEnabled
    }

    /// The title shown: the item's, else the controller's.
    public var title: String? { item.title ?? controller?.title }

    /// Select on the focused tab (or a screen reader's activation) shows its tab, as a tap does.
    public override func performPrimaryAction() {
        sendActions(for: .touchUpInside)
        sendActions(for: .primaryActionTriggered)
    }

    /// A tab: its title, as a button, selected while its tab shows.
    public override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = title
        description.traits.insert(.button)
        return description
    }

    /// Draws the icon, the title and the badge, in the tint when selected.
    public override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let color = isSelected ? bar.tintColor : bar.unselectedItemTintColor
        let box = PixelRect(snapping: bounds)
        let font = window?.application?.font(size: 12) ?? .system(size: 12)
        let image = isSelected ? (item.selectedImage ?? item.image) : item.image
        let titleHeight = font.lineHeight
        let iconSide = 28
        let top = box.y + max((box.height - iconSide - 2 - titleHeight) / 2, 0)
        let iconX = box.x + (box.width - iconSide) / 2
        if let image {
            let saved = canvas.opacity
            if !isSelected { canvas.opacity = UInt8((UInt32(saved) * 140) / 255) }
            canvas.drawImage(image, at: (box.x + (box.width - image.width) / 2, top + (iconSide - image.height) / 2))
            canvas.opacity = saved
        } else {
            canvas.fillRoundedRect(PixelRect(x: iconX + 4, y: top + 4, width: iconSide - 8, height: iconSide - 8), radius: 5, color: color)
        }
        if let title {
            canvas.drawText(
                title, in: PixelRect(x: box.x + 2, y: top + iconSide + 2, width: max(box.width - 4, 0), height: titleHeight), font: font,
                color: isEnabled ? color : color.withAlphaComponent(0.4), alignment: .center, numberOfLines: 1)
        }
        if let badge = item.badgeValue {
            let badgeFont = window?.application?.font(size: 12) ?? .system(size: 12)
            let height = badge.isEmpty ? 8 : 18
            let width = badge.isEmpty ? 8 : max(badgeFont.width(of: badge) + 10, height)
            let frame = PixelRect(x: iconX + iconSide - height / 2, y: top - 2, width: width, height: height)
            canvas.fillRoundedRect(frame, radius: Double(height) / 2, color: item.badgeColor)
            if !badge.isEmpty {
                canvas.drawText(badge, in: frame, font: badgeFont, color: palette.onTint, alignment: .center, numberOfLines: 1)
            }
        }
    }

    /// Redraws for the new state.
    public override func stateChanged() { setNeedsDisplay() }
}

extension TabBarButton: DrawsText {
    /// The title in the tint when selected, else in the unselected grey, over the bar.
    public var drawnText: [DrawnText] {
        guard let title, !title.isEmpty else { return [] }
        let color = isSelected ? bar.tintColor : bar.unselectedItemTintColor
        var texts = [DrawnText(text: title, color: isEnabled ? color : color.withAlphaComponent(0.4), pixelSize: 12)]
        if let badge = item.badgeValue, !badge.isEmpty {
            texts.append(DrawnText(text: badge, color: palette.onTint, background: item.badgeColor, pixelSize: 12))
        }
        return texts
    }
}
