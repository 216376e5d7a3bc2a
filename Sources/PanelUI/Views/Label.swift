/// A read-only text view: UIKit's `UILabel`. `isUserInteractionEnabled` defaults to false, so
/// touches pass through to what is behind it.
///
/// The text is drawn with ``font`` in ``textColor``, aligned by ``textAlignment``, wrapped at
/// spaces up to ``numberOfLines`` lines and truncated with "…", the block centred vertically
/// (UILabel's layout).
@MainActor
open class Label: View {
    /// A label with text: the text, as static text.
    open override var accessibilityDefaults: AccessibilityDescription {
        let text = self.text ?? ""
        return AccessibilityDescription(
            isElement: !text.isEmpty, label: text.isEmpty ? nil : text, traits: isEnabled ? .staticText : [.staticText, .notEnabled])
    }

    /// The text's size in the label's font: one line's height per line (wrapping only where
    /// the text has more lines than one allowed, at the label's width).
    open override var intrinsicContentSize: Size {
        guard let text, !text.isEmpty else { return Size(width: 0, height: 0) }
        let maxWidth = numberOfLines == 1 ? Int.max : max(Int(bounds.width), 1)
        let size = scaledFont(font).size(of: text, maxWidth: maxWidth, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
        return Size(width: size.width, height: size.height)
    }

    /// The text.
    open var text: String? {
        didSet {
            if text != oldValue {
                setNeedsDisplay()
                invalidateIntrinsicContentSize()
                accessibilityLiveRegionDidChange()
            }
        }
    }
    /// The alignment. Default natural: left, or right under a right-to-left language
    /// (``View/effectiveUserInterfaceLayoutDirection``).
    open var textAlignment = TextAlignment.natural {
        didSet { if textAlignment != oldValue { setNeedsDisplay() } }
    }
    /// The maximum number of lines; 0 means no limit. Default 1.
    open var numberOfLines = 1 {
        didSet {
            guard numberOfLines != oldValue else { return }
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }
    /// How the last line is cut when the text does not fit (UIKit's `lineBreakMode`). Default
    /// `LineBreakMode/byTruncatingTail`.
    open var lineBreakMode = LineBreakMode.byTruncatingTail {
        didSet { if lineBreakMode != oldValue { setNeedsDisplay() } }
    }
    /// Whether the text is drawn in its enabled style. Default true.
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { setNeedsDisplay() } }
    }
    /// Whether the text is drawn in its highlighted style. Default false.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }

    /// The font. Default the theme's body font (``TextStyles/body``: 16 px in the standard
    /// theme).
    open var font: Font {
        get { _font.resolved(in: self) }
        set { setThemed(&_font, to: newValue) }
    }
    @exclusivity(unchecked) private var _font = Themed<Label, Font>(.relayout, fallback: { $0.textStyles.body })
    /// The text colour. Default the palette's colour named by ``textRole``: ``Palette/label``,
    /// black in light and white in dark.
    public final var textColor: Color {
        get { _textColor.resolved(in: self) }
        set { setThemed(&_textColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _textColor = Themed<Label, Color>(fallback: { $0.palette[keyPath: $0.textRole] })
    /// The palette colour of the text while no ``textColor`` is set: `\.label` (the default),
    /// `\.secondaryLabel`… It follows light, dark and contrast, as UIKit's semantic colours do.
    public final var textRole: KeyPath<Palette, Color> = \.label {
        didSet { if textRole != oldValue { setNeedsDisplay() } }
    }
    /// Whether the text is incidental, as WCAG 1.4.3 calls text that carries nothing a reader
    /// must read (a picker's rows fading toward its edges, beside the chosen row that is
    /// measured): the accessibility audit does not measure its contrast.
    var isIncidentalText = false
    /// The text colour while ``isHighlighted``; nil keeps ``textColor``.
    open var highlightedTextColor: Color? {
        didSet { if highlightedTextColor != oldValue { setNeedsDisplay() } }
    }

    /// The text's size when laid out within `width` points (the label's own width when nil).
    public func textSize(fittingWidth width: Double? = nil) -> Size {
        guard let text else { return .zero }
        let maxWidth = Int((width ?? bounds.width).rounded(.down))
        let size = scaledFont(font).size(of: text, maxWidth: maxWidth, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
        return Size(width: Double(size.width), height: Double(size.height))
    }

    /// Draws the text; a disabled label draws it at 40 % opacity.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        guard let text, !text.isEmpty else { return }
        var color = isHighlighted ? (highlightedTextColor ?? textColor) : textColor
        if !isEnabled { color.alpha = UInt8(UInt32(color.alpha) * 2 / 5) }
        canvas.drawText(
            text, in: PixelRect(snapping: bounds), font: scaledFont(font), color: color, alignment: resolvedAlignment(textAlignment),
            numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
    }

    /// The text block is centred vertically, so a baseline sits half the height down, offset
    /// by where it lies in the block.
    override func baselineLayout(last: Bool) -> (heightFraction: Double, offset: Double) {
        let font = scaledFont(self.font)
        let block = intrinsicContentSize.height
        let lineHeight = Double(max(font.lineHeight, 1))
        let lines = max(1, (block / lineHeight).rounded())
        return (0.5, Double(font.ascent) + (last ? (lines - 1) * lineHeight : 0) - block / 2)
    }

    /// The width a wrapping label last measured its lines at.
    private var measuredWidth = -1.0

    /// A label that wraps measures its height again at a new width, so constraints give it the
    /// height its lines need there (UIKit's automatic `preferredMaxLayoutWidth`).
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard numberOfLines != 1, bounds.width != measuredWidth else { return }
        measuredWidth = bounds.width
        invalidateIntrinsicContentSize()
    }

    /// Creates a label.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
}

/// A view that shows an image: UIKit's `UIImageView`. `isUserInteractionEnabled` defaults to
/// false, so touches pass through to what is behind it (A8).
@MainActor
open class ImageView: View {
    /// A picture: not an element until the app labels it (set ``View/isAccessibilityElement`` and ``View/accessibilityLabel``).
    open override var accessibilityDefaults: AccessibilityDescription {
        AccessibilityDescription(traits: .image)
    }

    /// How an image is fitted into the view's bounds.
    public enum ContentMode: Sendable, Hashable {
        /// Stretched to fill the bounds.
        case scaleToFill
        /// Scaled to fit inside the bounds, keeping its aspect ratio, centred.
        case scaleAspectFit
        /// Scaled to cover the bounds, keeping its aspect ratio, centred; what spills over is
        /// cut off at the bounds.
        case scaleAspectFill
        /// At its own size, centred (clipped by the view only with ``View/clipsToBounds``).
        case center
    }

    /// The image. Default nil. Setting it abandons a load under way (`loadImage`).
    open var image: Image? {
        didSet { if image != oldValue { setNeedsDisplay() } }
    }
    /// The background load awaited (0: none).
    var loadID: UInt64 = 0
    /// The image shown while ``isHighlighted``; nil keeps ``image``.
    open var highlightedImage: Image? {
        didSet { if highlightedImage != oldValue, isHighlighted { setNeedsDisplay() } }
    }
    /// How the image is fitted. Default ``ContentMode/scaleToFill``.
    open var contentMode = ContentMode.scaleToFill {
        didSet { if contentMode != oldValue { setNeedsDisplay() } }
    }
    /// How a scaled image is sampled. Default bilinear (smooth); `.nearest` keeps pixel art
    /// sharp. An image shown at its own size looks the same either way.
    open var interpolation = ImageInterpolation.bilinear {
        didSet { if interpolation != oldValue { setNeedsDisplay() } }
    }

    /// Creates an image view showing `image`, sized to it when `frame` is nil.
    public convenience init(image: Image?, frame: Rect? = nil) {
        self.init(frame: frame ?? Rect(x: 0, y: 0, width: image?.width ?? 0, height: image?.height ?? 0))
        self.image = image
    }

    /// Draws the current image fitted by ``contentMode``, blended by its alpha.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        guard let shown = isHighlighted ? (highlightedImage ?? image) : image else { return }
        canvas.drawImage(shown, in: Self.placement(of: shown, in: PixelRect(snapping: bounds), mode: contentMode), interpolation: interpolation)
    }

    /// Where `image` goes inside `box` for `mode` (for aspect fill, a rectangle around the box).
    public static func placement(of image: Image, in box: PixelRect, mode: ContentMode) -> PixelRect {
        switch mode {
        case .scaleToFill:
            return box
        case .center:
            return PixelRect(
                x: box.x + (box.width - image.width) / 2, y: box.y + (box.height - image.height) / 2,
                width: image.width, height: image.height)
        case .scaleAspectFit, .scaleAspectFill:
            guard image.width > 0, image.height > 0 else { return .zero }
            let fit = min(Double(box.width) / Double(image.width), Double(box.height) / Double(image.height))
            let fill = max(Double(box.width) / Double(image.width), Double(box.height) / Double(image.height))
            // Bounded so that no absurd view size makes a rectangle that overflows.
            let scale = min(mode == .scaleAspectFit ? fit : fill, 16384 / Double(max(image.width, image.height)))
            let w = Int((Double(image.width) * scale).rounded())
            let h = Int((Double(image.height) * scale).rounded())
            return PixelRect(x: box.x + (box.width - w) / 2, y: box.y + (box.height - h) / 2, width: w, height: h)
        }
    }
    /// Whether the highlighted image is shown. Default false.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }

    /// Creates an image view.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
}
