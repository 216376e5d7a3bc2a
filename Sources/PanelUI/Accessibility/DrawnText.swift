public import PanelGraphics

/// Text a view draws, in the colours it draws it: what the accessibility audit measures for
/// contrast (``Window/accessibilityAudit()``).
public struct DrawnText: Sendable, Hashable {
    /// The text shown (a field's placeholder while it is empty).
    public var text: String
    /// Its colour, alpha included.
    public var color: Color
    /// What the view fills behind the text itself (a button's face); nil: whatever shows
    /// through the view (its ``View/backgroundColor`` and the views behind it).
    public var background: Color?
    /// The font's pixel size: text of 24 px or more is large text, held to 3:1.
    public var pixelSize: Int

    /// Text `text` in `color` at `pixelSize` px, over `background` (nil: what is behind).
    public init(text: String, color: Color, background: Color? = nil, pixelSize: Int) {
        self.text = text
        self.color = color
        self.background = background
        self.pixelSize = pixelSize
    }
}

/// A view that draws text and says in which colours, so the audit can measure its contrast.
/// The built-in labels, buttons, fields and segmented controls conform; a custom view that
/// draws text conforms the same way.
@MainActor
public protocol DrawsText: View {
    /// The text the view shows now, in the colours it shows it.
    var drawnText: [DrawnText] { get }
}

extension Label: DrawsText {
    /// The label's text in its colour (the highlighted colour while highlighted); nothing for
    /// incidental text (a picker's rows faded toward its edges), which WCAG exempts.
    public var drawnText: [DrawnText] {
        guard let text, !text.isEmpty, !isIncidentalText else { return [] }
        let color = isHighlighted ? (highlightedTextColor ?? textColor) : textColor
        return [DrawnText(text: text, color: color, pixelSize: font.size)]
    }
}

extension Button: DrawsText {
    /// The title in the state's title colour over the state's face.
    public var drawnText: [DrawnText] {
        guard let title = currentTitle, !title.isEmpty else { return [] }
        return [DrawnText(text: title, color: currentTitleColor, background: currentBackgroundColor, pixelSize: titleFont.size)]
    }
}

extension TextField: DrawsText {
    /// The text in its colour, or, while empty, the placeholder in the placeholder's colour.
    public var drawnText: [DrawnText] {
        if text.isEmpty {
            guard let placeholder, !placeholder.isEmpty else { return [] }
            return [DrawnText(text: placeholder, color: placeholderColor, pixelSize: font.size)]
        }
        return [DrawnText(text: text, color: textColor, pixelSize: font.size)]
    }
}

extension TextView: DrawsText {
    /// The text in its colour, or, while empty, the placeholder in the placeholder's colour.
    public var drawnText: [DrawnText] {
        if text.isEmpty {
            guard let placeholder, !placeholder.isEmpty else { return [] }
            return [DrawnText(text: placeholder, color: placeholderColor, pixelSize: font.size)]
        }
        return [DrawnText(text: String(text.prefix(40)), color: textColor, pixelSize: font.size)]
    }
}

extension SegmentedControl: DrawsText {
    /// Each enabled segment's title: white on the tint when selected, the tint on its pale wash
    /// otherwise.
    public var drawnText: [DrawnText] {
        (0 ..< numberOfSegments).compactMap { index in
            guard let title = titleForSegment(at: index), !title.isEmpty, isEnabledForSegment(at: index) else { return nil }
            let selected = index == selectedSegmentIndex
            let palette = self.palette
            return selected
                ? DrawnText(text: title, color: palette.onTint, background: _selectedSegmentTintColor.given ?? tintFillColor, pixelSize: font.size)
                : DrawnText(text: title, color: selectedSegmentTintColor, background: palette.secondaryBackground, pixelSize: font.size)
        }
    }
}

extension ChartView: DrawsText {
    /// The axis labels shown, in the label colour at the label font's size (one sample: they
    /// share both).
    public var drawnText: [DrawnText] {
        let metrics = currentMetrics()
        guard let sample = (metrics.yLabels + metrics.xLabels).first(where: { !$0.isEmpty }) else { return [] }
        return [DrawnText(text: sample, color: labelColor, pixelSize: labelFont.size)]
    }
}

extension GaugeView: DrawsText {
    /// The scale's numbers and the value in the scale colour, and the title in its grey.
    public var drawnText: [DrawnText] {
        var texts = [DrawnText(text: tickLabel(0), color: scaleColor, pixelSize: Font.caption.size)]
        if showsValue { texts.append(DrawnText(text: valueString, color: scaleColor, pixelSize: Font.body.size)) }
        if let title, !title.isEmpty { texts.append(DrawnText(text: title, color: titleColor, pixelSize: Font.caption.size)) }
        return texts
    }
}

extension BadgeView: DrawsText {
    /// The text in its colour on the capsule (a dot has none).
    public var drawnText: [DrawnText] {
        text.isEmpty ? [] : [DrawnText(text: text, color: textColor, background: color, pixelSize: shownFont.size)]
    }
}
