import PanelJPEG
public import PanelKit

/// The showcase's look, LVGL's default light theme: a pale page, white cards with a thin grey
/// border, blue as the accent, muted grey for captions.
public enum Style {
    /// The page behind the cards.
    public static let page = Color(rgb: 0xF0F1F4)
    /// The accent: LVGL's palette blue two shades darker (#1565c0), so that white text on it,
    /// and it as the selected tab's 12-px title on the tab bar, pass WCAG's 4.5:1 (5.8:1 and
    /// 5.5:1; LVGL's #2196f3 gives 3.1:1).
    public static let blue = Color(rgb: 0x1565C0)
    /// LVGL's palette blue (#2196f3), for fills that carry no text (a chart's area).
    public static let lightBlue = Color(rgb: 0x2196F3)
    /// The second and third colours of the charts and legends.
    public static let red = Color(rgb: 0xF44336)
    public static let green = Color(rgb: 0x4CAF50)
    /// Green for text on white: 5.1:1, where ``green`` is 2.7:1.
    public static let greenText = Color(rgb: 0x2E7D32)
    /// Captions and descriptions: 5.1:1 on white (LVGL's #8a8a8e gives 3.4:1).
    public static let muted = Color(rgb: 0x6E6E73)
    /// Card borders.
    public static let border = Color(rgb: 0xE0E2E6)
    /// The room around and between cards.
    public static let gap = 16.0
    /// The decoded pictures (a megabyte at most), which reads JPEG.
    static let pictures: ImageCache = {
        let cache = ImageCache(byteBudget: 1 << 20)
        cache.addDecoder(JPEGDecoder())
        return cache
    }()

    /// One of the compiled-in pictures, decoded once and kept in ``pictures``.
    static func picture(_ bytes: [UInt8], _ key: String) -> Image? {
        try? pictures.image(data: bytes, key: key)
    }

    /// A caption in the muted grey, placed by constraints; one that only names the control below it does not speak
    /// (`speaks: false`): the control says it.
    @MainActor static func caption(_ text: String, font: Font = .body, speaks: Bool = true) -> Label {
        let label = Label()
        label.translatesAutoresizingMaskIntoConstraints = false
        label.text = text
        label.font = font
        label.textColor = muted
        label.isAccessibilityElement = speaks
        return label
    }

    /// A label in the body colour, placed by constraints.
    @MainActor static func label(_ text: String, font: Font = .body, color: Color = .black) -> Label {
        let label = Label()
        label.translatesAutoresizingMaskIntoConstraints = false
        label.text = text
        label.font = font
        label.textColor = color
        return label
    }

    /// A grey shadow below `view`, as LVGL's light theme casts under cards and buttons.
    @MainActor static func castShadow(on view: View, opacity: Double, radius: Double, offset: Double) {
        view.shadowColor = Color(rgb: 0x5F6368)
        view.shadowOpacity = opacity
        view.shadowRadius = radius
        view.shadowOffset = Size(width: 0, height: offset)
    }

    /// A filled, rounded button with white text, placed by constraints.
    @MainActor static func filledButton(_ title: String) -> Button {
        let button = Button()
        button.translatesAutoresizingMaskIntoConstraints = false
        button.setTitle(title, for: .normal)
        button.setTitleColor(.white, for: .normal)
        button.setBackgroundColor(blue, for: .normal)
        button.setBackgroundColor(blue.mixed(with: .black, by: 0.2), for: .highlighted)
        button.setBackgroundColor(blue.mixed(with: .white, by: 0.55), for: .disabled)
        button.setTitleColor(Color(rgb: 0xF5F9FF), for: .disabled)
        button.cornerRadius = 8
        castShadow(on: button, opacity: 0.35, radius: 1.5, offset: 3)
        return button
    }
}
