/// A count or a word in a capsule ("3", "New"), or a dot when the text is empty: the badge a
/// tab or an icon carries, on its own. It sizes itself to its text (``intrinsicContentSize``);
/// a long text is cut with "…" at ``maximumWidth``.
@MainActor
open class BadgeView: View {
    /// A badge: its text.
    open override var accessibilityDefaults: AccessibilityDescription {
        AccessibilityDescription(isElement: !text.isEmpty, label: text.isEmpty ? nil : text, traits: .staticText)
    }

    /// The text; empty shows a dot.
    public var text = "" {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }
    /// The capsule's colour. Default the palette's ``Palette/destructiveFill`` (`#d70015`, a red
    /// under white text at 5.4:1, where UIKit's `#ff3b30` is 3.5:1).
    public var color: Color {
        get { _color.resolved(in: self) }
        set { setThemed(&_color, to: newValue) }
    }
    @exclusivity(unchecked) private var _color = Themed<BadgeView, Color>(fallback: { $0.palette.destructiveFill })
    /// The text's colour. Default the palette's ``Palette/onTint`` (white).
    public var textColor: Color {
        get { _textColor.resolved(in: self) }
        set { setThemed(&_textColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _textColor = Themed<BadgeView, Color>(fallback: { $0.palette.onTint })
    /// The font. Default the built-in 12-point face (the app's TrueType one when it has one).
    public var font: Font? {
        didSet { setNeedsDisplay() }
    }
    /// The widest the badge grows, in points. Default 120.
    public var maximumWidth = 120.0

    /// A badge with `text`.
    public init(text: String = "") {
        self.text = text
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        frame.size = intrinsicContentSize
    }

    var shownFont: Font { font ?? window?.application?.font(size: 12) ?? .system(size: 12) }

    /// A dot of 8 points for no text; else the text's width plus 12, at least 18 (a circle), at most ``maximumWidth``.
    open override var intrinsicContentSize: Size {
        guard !text.isEmpty else { return Size(width: 8, height: 8) }
        let width = Double(shownFont.width(of: text)) + 12
        return Size(width: min(max(width, 18), max(maximumWidth, 18)), height: 18)
    }

    /// Draws the capsule and the text, cut with "…" when it does not fit.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let box = PixelRect(snapping: bounds)
        canvas.fillRoundedRect(box, radius: Double(min(box.width, box.height)) / 2, color: color)
        guard !text.isEmpty else { return }
        let inner = PixelRect(x: box.x + 5, y: box.y, width: max(box.width - 10, 0), height: box.height)
        canvas.drawText(text, in: inner, font: shownFont, color: textColor, alignment: .center, numberOfLines: 1)
    }
}
