/// A push button: UIKit's `UIButton`.
///
/// A tap sends `touchDown`, then `touchUpInside` followed by `primaryActionTriggered` (E19).
///
/// Appearance is kept per state — title, title colour, image and background colour — and
/// looked up for the current ``Control/state`` as UIKit does: the exact state, then the
/// normal value. Where no background was set for a state, a pressed button darkens the normal
/// background by a quarter and a disabled one fades it; with nothing set at all the button is
/// drawn in its ``style``: filled (the ``View/tintColor`` as a fill under a white title; darker
/// when pressed or selected; grey when disabled) or plain (no background, the title in the
/// tint, as a navigation bar's buttons). Both follow the theme's light and dark palettes. The image sits left of the title, the pair centred. The
/// pressed look shows on the very next frame; when the finger lifts, it fades back to the
/// normal look over ``highlightFadeDuration`` (as a system button does), on the frame clock
/// and without allocating (Button+HighlightFade.swift).
@MainActor
open class Button: Control {
    /// A button: its title, and the button trait.
    open override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = currentTitle
        description.traits.insert(.button)
        return description
    }

    /// Image and title side by side, with 16 points of padding at the sides and 10 above and
    /// below, and at least 44 points tall (the smallest comfortable touch target).
    open override var intrinsicContentSize: Size {
        let title = currentTitle
        let font = scaledFont(titleFont)
        let titleWidth = title.map { Double(font.width(of: $0)) } ?? 0
        let titleHeight = title == nil ? 0 : Double(font.lineHeight)
        let image = currentImage
        let spacing = title != nil && image != nil ? imageTitleSpacing : 0
        let width = Double(image?.width ?? 0) + spacing + titleWidth + 32
        let height = max(max(titleHeight, Double(image?.height ?? 0)) + 20, 44)
        return Size(width: width, height: height)
    }

    @exclusivity(unchecked) private var titles = StateTable<String>()
    @exclusivity(unchecked) private var titleColors = StateTable<Color>()
    @exclusivity(unchecked) private var backgroundColors = StateTable<Color>()
    @exclusivity(unchecked) private var images = StateTable<Image>()

    /// How a button draws what the app did not set: UIKit's filled and plain configurations.
    public enum Style: Hashable, Sendable {
        /// The tint as a fill under a title in the palette's ``Palette/onTint`` (the default).
        case filled
        /// No background; the title in the tint, faded while pressed.
        case plain
    }

    /// The look of what the app did not set. Default ``Style/filled``.
    @exclusivity(unchecked) public var style = Style.filled {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }

    /// The title font. Default the theme's body font (``TextStyles/body``: 16 px in the
    /// standard theme).
    open var titleFont: Font {
        get { _titleFont.resolved(in: self) }
        set { setThemed(&_titleFont, to: newValue) }
    }
    @exclusivity(unchecked) private var _titleFont = Themed<Button, Font>(.relayout, fallback: { $0.textStyles.body })
    /// Points between the image and the title. Default 6.
    @exclusivity(unchecked) public var imageTitleSpacing = 6.0 {
        didSet { if imageTitleSpacing != oldValue { setNeedsDisplay() } }
    }

    /// How long the pressed look takes to fade when the highlight ends, in seconds. Default
    /// 0.2; 0 ends it at once.
    @exclusivity(unchecked) public var highlightFadeDuration = 0.2

    /// The fade of the pressed look in progress, if any (Button+HighlightFade.swift). Exempt
    /// from dynamic exclusivity checks: a plain value read and replaced whole on the main
    /// actor, never accessed in place across a call (a tap reads it twice).
    @exclusivity(unchecked) var highlightFade: HighlightFade?

    /// Starts or cancels the fade of the pressed look.
    open override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { highlightChanged() } }
    }

    /// Creates a button with rounded corners (radius 8).
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        cornerRadius = 8
    }

    /// Sets the title shown in `state` (nil removes it).
    public func setTitle(_ title: String?, for state: State) {
        titles[state] = title
        setNeedsDisplay()
    }

    /// The title set for `state`, if any.
    public func title(for state: State) -> String? { titles[state] }

    /// The title for the current state, else the normal title.
    public var currentTitle: String? {
        title(for: state) ?? title(for: .normal)
    }

    /// Sets the title colour for `state` (nil removes it).
    public func setTitleColor(_ color: Color?, for state: State) {
        titleColors[state] = color
        setNeedsDisplay()
    }

    /// The title colour set for `state`, if any.
    public func titleColor(for state: State) -> Color? { titleColors[state] }

    /// Sets the background colour for `state` (nil removes it).
    public func setBackgroundColor(_ color: Color?, for state: State) {
        backgroundColors[state] = color
        setNeedsDisplay()
    }

    /// The background colour set for `state`, if any.
    public func backgroundColor(for state: State) -> Color? { backgroundColors[state] }

    /// Sets the image for `state` (nil removes it).
    public func setImage(_ image: Image?, for state: State) {
        images[state] = image
        setNeedsDisplay()
    }

    /// The image set for `state`, if any.
    public func image(for state: State) -> Image? { images[state] }

    /// The image for the current state, else the normal image.
    public var currentImage: Image? { image(for: state) ?? image(for: .normal) }

    /// The title colour for the current state: the one set for it, else the normal one (faded
    /// when disabled), else the ``style``'s: white on the fill, or the tint (grey when
    /// disabled).
    public var currentTitleColor: Color { titleColor(showing: state) }

    /// The background colour for the current state (see the type's discussion).
    public var currentBackgroundColor: Color { backgroundColor(showing: state) }

    /// The title colour the button shows in `state` (see ``currentTitleColor``).
    func titleColor(showing state: State) -> Color {
        if let color = titleColor(for: state) { return color }
        let disabled = state.contains(.disabled)
        if let normal = titleColor(for: .normal) { return disabled ? normal.withAlphaComponent(0.4) : normal }
        switch style {
        case .filled: return disabled ? palette.gray : palette.onTint
        case .plain:
            if disabled { return palette.disabledLabel }
            return state.contains(.highlighted) ? tintColor.withAlphaComponent(0.3) : tintColor
        }
    }

    /// The background colour the button shows in `state` (see the type's discussion).
    func backgroundColor(showing state: State) -> Color {
        if let color = backgroundColor(for: state) { return color }
        let disabled = state.contains(.disabled)
        if let normal = backgroundColor(for: .normal) {
            if disabled { return normal.mixed(with: .white, by: 0.5) }
            if state.contains(.highlighted) { return normal.mixed(with: .black, by: 0.25) }
            return normal
        }
        if style == .plain { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        if disabled { return palette.fill }
        // The standard blue #0064d2 gives #0052ad pressed, #00448e selected and #002f63 both.
        let fill = tintFillColor
        if state.contains(.highlighted) && state.contains(.selected) { return fill.mixed(with: .black, by: 0.53) }
        if state.contains(.highlighted) { return fill.mixed(with: .black, by: 0.176) }
        if state.contains(.selected) { return fill.mixed(with: .black, by: 0.325) }
        return fill
    }

    /// Draws the state's background (inside ``View/cornerRadius``), then image and title.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let box = PixelRect(snapping: bounds)
        let (background, titleColor) = shownColors
        canvas.fillRoundedRect(box, radius: cornerRadius, color: background)
        let title = currentTitle
        let image = currentImage
        let font = scaledFont(titleFont)
        let titleWidth = title.map { font.width(of: $0) } ?? 0
        let imageWidth = image?.width ?? 0
        let spacing = title != nil && image != nil ? Int(imageTitleSpacing.rounded()) : 0
        // Centred; when too wide, start at the left edge and truncate the title.
        var x = box.x + max((box.width - (imageWidth + spacing + titleWidth)) / 2, 0)
        if let image {
            canvas.drawImage(image, at: (x, box.y + (box.height - image.height) / 2))
            x += imageWidth + spacing
        }
        if let title {
            let width = min(titleWidth, box.maxX - x)
            guard width > 0 else { return }
            canvas.drawText(
                title, in: PixelRect(x: x, y: box.y, width: width, height: box.height), font: font,
                color: titleColor, alignment: .left, numberOfLines: 1)
        }
    }

    /// A30: a button refuses an ancestor's single-finger single tap, so the button's own action
    /// wins; a recognizer attached to the button itself is not refused.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if recognizer.refusedByStandardControl(self) { return false }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    open override func didTouchUpInside(with event: Event?) {
        sendActions(for: .primaryActionTriggered, with: event)
    }

    /// The select press on a focused button: what a tap does (`touchUpInside`, then
    /// `primaryActionTriggered`), so actions wired for touch work from keys too.
    open override func performPrimaryAction() {
        sendActions(for: .touchUpInside)
        sendActions(for: .primaryActionTriggered)
    }
}

/// Values kept per control state, looked up by exact state (a handful of entries: a linear
/// scan, no allocation on lookup).
struct StateTable<Value> {
    private var entries: [(state: Control.State, value: Value)] = []

    subscript(state: Control.State) -> Value? {
        get {
            for entry in entries where entry.state == state { return entry.value }
            return nil
        }
        set {
            entries.removeAll { $0.state == state }
            if let newValue { entries.append((state, newValue)) }
        }
    }
}
