public import PanelKit

/// A white card with a thin border and a title: LVGL's panels in the demo.
public final class Card: View {
    /// The title at the top left.
    public let titleLabel = Label()

    public init(title: String, frame: Rect) {
        super.init(frame: frame)
        backgroundColor = .white
        cornerRadius = 10
        borderWidth = 2
        borderColor = Style.border
        titleLabel.frame = Rect(x: 20, y: 14, width: frame.width - 40, height: 32)
        titleLabel.text = title
        titleLabel.font = .title
        addSubview(titleLabel)
    }

    public convenience override init(frame: Rect) { self.init(title: "", frame: frame) }
}
