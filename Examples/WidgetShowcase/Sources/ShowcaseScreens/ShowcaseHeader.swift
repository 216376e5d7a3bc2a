public import PanelKit

/// The bar across the top: a logo of four tiles, the toolkit's name and the demo's.
public final class ShowcaseHeader: View {
    public static let height = 60.0
    private static let logoColors = [Style.red, Color(rgb: 0x2E3440), Style.green, Style.blue]
    /// Where the text starts: after the logo.
    private static let textInset = 72.0
    private let name = Style.label("PanelKit", font: .title)
    private let subtitle = Style.caption("Widgets showcase")

    public override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = .white
        isOpaque = true
        addSubview(name)
        addSubview(subtitle)
        LayoutConstraint.activate([
            name.leadingAnchor.constraint(equalTo: leadingAnchor, constant: Self.textInset),
            name.topAnchor.constraint(equalTo: topAnchor, constant: 7),
            subtitle.leadingAnchor.constraint(equalTo: name.leadingAnchor),
            subtitle.topAnchor.constraint(equalTo: name.bottomAnchor, constant: 1),
        ])
    }

    /// The logo: four rounded tiles, two by two.
    public override func draw(_ rect: Rect, in canvas: inout Canvas) {
        for (k, color) in Self.logoColors.enumerated() {
            canvas.fillRoundedRect(PixelRect(x: 24 + (k % 2) * 22, y: 9 + (k / 2) * 22, width: 20, height: 20), radius: 4, color: color)
        }
        canvas.fill(PixelRect(x: 0, y: Int(bounds.height) - 1, width: Int(bounds.width), height: 1), color: Style.border)
    }
}
