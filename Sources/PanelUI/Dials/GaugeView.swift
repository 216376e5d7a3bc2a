import RealModule

/// A dial that shows one value: a circular or partial scale with major and minor ticks and
/// labels, coloured sections (the green, amber and red ranges), and a needle or an arc that
/// moves to the value on the frame clock (LVGL's `lv_scale` with a needle or `lv_arc`
/// indicator).
///
/// A value outside the range pins the needle at the nearer end; NaN is ignored (the needle
/// stays). A range or sweep that makes no sense is refused with a ``ScaleError``. Only the
/// needle's old and new place is drawn again when the value changes.
@MainActor
open class GaugeView: View {
    /// A gauge: its title and current value (as it shows it), updating often.
    open override var accessibilityDefaults: AccessibilityDescription {
        AccessibilityDescription(
            isElement: true, label: title, value: valueText?(value) ?? AccessibilityDescription.number(value), traits: .updatesFrequently)
    }

    /// What shows the value.
    public enum Indicator: Sendable, Hashable {
        /// A needle from the centre.
        case needle
        /// An arc along the scale from its start to the value.
        case arc
    }

    /// The value shown, clamped to the range. Setting it moves the indicator at once; use
    /// ``setValue(_:animated:)`` to sweep it.
    open var value: Double {
        get { target }
        set { setValue(newValue, animated: false) }
    }
    /// The scale's lower end (UIKit's and ``ArcControl``'s name). Set the range with
    /// ``setRange(lower:upper:)``. Default 0.
    public private(set) var minimumValue = 0.0
    /// The scale's upper end. Default 100.
    public private(set) var maximumValue = 100.0
    /// The scale's lower end: ``minimumValue``.
    @available(*, deprecated, renamed: "minimumValue")
    public var lowerBound: Double { minimumValue }
    /// The scale's upper end: ``maximumValue``.
    @available(*, deprecated, renamed: "maximumValue")
    public var upperBound: Double { maximumValue }
    /// Where the scale lies on the circle. Default ``DialGeometry/standard`` (270° from
    /// bottom left).
    public var geometry = DialGeometry.standard {
        didSet { setNeedsDisplay() }
    }
    /// How many labelled major ticks the scale has, both ends included (clamped to 2…50). Default 6.
    public var majorTickCount = 6 {
        didSet {
            majorTickCount = min(max(majorTickCount, 2), 50)
            labelsChanged()
        }
    }
    /// How many minor ticks lie between two major ones (clamped to 0…20). Default 4.
    public var minorTicksPerMajor = 4 {
        didSet {
            minorTicksPerMajor = min(max(minorTicksPerMajor, 0), 20)
            setNeedsDisplay()
        }
    }
    /// The coloured bands along the scale.
    public var sections: [GaugeSection] = [] {
        didSet { setNeedsDisplay() }
    }
    /// Needle or arc. Default needle.
    public var indicator = Indicator.needle {
        didSet { setNeedsDisplay() }
    }
    /// The text of a major tick's label; nil prints the number.
    public var labelText: (@MainActor (Double) -> String)? {
        didSet { labelsChanged() }
    }
    /// The text of the value under the centre; nil prints the number. Set ``showsValue`` false
    /// to hide it.
    public var valueText: (@MainActor (Double) -> String)? {
        didSet { labelsChanged() }
    }
    /// Whether the value is printed under the centre. Default true.
    public var showsValue = true {
        didSet { setNeedsDisplay() }
    }
    /// A caption under the value ("bar", "°C"), if any.
    public var title: String? {
        didSet { setNeedsDisplay() }
    }
    /// The needle's (or arc indicator's) colour.
    public var indicatorColor = Color(rgb: 0xE53935) {
        didSet { setNeedsDisplay() }
    }
    /// The title's grey under the value: the palette's ``Palette/secondaryLabel``.
    var titleColor: Color { palette.secondaryLabel }
    /// The ticks' and labels' colour. Default the palette's ``Palette/label`` softened a little towards the background (`#3a3a3c` in light).
    public var scaleColor: Color {
        get { _scaleColor.resolved(in: self) }
        set { setThemed(&_scaleColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _scaleColor = Themed<GaugeView, Color>(fallback: { $0.palette.label.mixed(with: $0.palette.background, by: 0.227) })
    /// The track under the arc indicator, and the scale line. Default the palette's ``Palette/fill``.
    public var trackColor: Color {
        get { _trackColor.resolved(in: self) }
        set { setThemed(&_trackColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _trackColor = Themed<GaugeView, Color>(fallback: { $0.palette.fill })

    /// How long an animated change takes.
    public static let animationDuration = 0.5

    private var target = 0.0
    /// The tick labels and the printed value, made when they change rather than at each draw.
    private var tickLabels: [String] = []
    private var printedValue: String?
    private var animation = ProgressAnimation()
    /// Paths rebuilt each draw, their storage kept: drawing allocates nothing once warm.
    private var arcPath = Path()
    private var needlePath = Path()

    /// A 200 × 200 gauge from 0 to 100.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 200, height: 200)) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// 200 × 200 points.
    open override var intrinsicContentSize: Size { Size(width: 200, height: 200) }

    /// Sets the scale's ends. Throws, changing nothing, when an end is not finite
    /// (``ScaleError/nonFiniteRange(lower:upper:)``), when they are equal
    /// (``ScaleError/emptyRange(_:)``) or when `lower` is above `upper`
    /// (``ScaleError/reversedRange(lower:upper:)``). The value is clamped to the new range.
    public func setRange(lower: Double, upper: Double) throws(ScaleError) {
        let range = try ScaleRange(lower: lower, upper: upper)
        minimumValue = range.lower
        maximumValue = range.upper
        setValue(target, animated: false)
        labelsChanged()
    }

    /// Moves the indicator to `value` (clamped to the range; NaN is ignored), sweeping over
    /// half a second on the frame clock when `animated` and the gauge is in a window.
    open func setValue(_ value: Double, animated: Bool) {
        guard !value.isNaN else { return }
        let clamped = min(max(value, minimumValue), maximumValue)
        let oldArea = indicatorArea
        let oldShown = animation.shown
        let textChanged = clamped != target
        target = clamped
        if textChanged { printedValue = nil }
        animation.set(fraction(of: clamped), animated: animated, view: self, client: self, redrawing: false)
        // Only what moved is drawn again: the needle's old place (its new place comes with
        // each frame of a sweep, or now when shown at once) and the printed value.
        if indicator == .arc, !animated {
            setNeedsDisplay(arcArea(from: oldShown, to: animation.shown))
        } else {
            setNeedsDisplay(oldArea)
            setNeedsDisplay(indicatorArea)
        }
        if textChanged, showsValue { setNeedsDisplay(valueTextArea) }
    }

    private func labelsChanged() {
        tickLabels.removeAll(keepingCapacity: true)
        printedValue = nil
        setNeedsDisplay()
    }

    /// The label of major tick `k`.
    func tickLabel(_ k: Int) -> String {
        if tickLabels.count != majorTickCount {
            tickLabels.removeAll(keepingCapacity: true)
            let spacing = (maximumValue - minimumValue) / Double(majorTickCount - 1)
            for i in 0 ..< majorTickCount {
                let value = minimumValue + Double(i) * spacing
                tickLabels.append(labelText?(value) ?? ChartAxis.defaultText(for: value, spacing: spacing))
            }
        }
        return tickLabels[k]
    }

    /// The value as printed under the centre.
    var valueString: String {
        if let printedValue { return printedValue }
        let spacing = (maximumValue - minimumValue) / Double(majorTickCount - 1) / 10
        let text = valueText?(target) ?? ChartAxis.defaultText(for: target, spacing: spacing)
        printedValue = text
        return text
    }

    /// `value`'s place along the scale, 0…1.
    func fraction(of value: Double) -> Double {
        (value - minimumValue) / (maximumValue - minimumValue)
    }

    // MARK: - Geometry

    /// The dial's centre and outer radius.
    var dial: (centre: Point, radius: Double) {
        let fitted = geometry.fit(in: Size(width: max(bounds.width - 4, 0), height: max(bounds.height - 4, 0)))
        return (Point(x: fitted.centre.x + 2, y: fitted.centre.y + 2), fitted.radius)
    }

    var bandWidth: Double { max(dial.radius * 0.08, 2) }

    /// The part of the view the indicator covers at what is shown now.
    var indicatorArea: Rect {
        let (centre, radius) = dial
        switch indicator {
        case .arc:
            return arcArea(to: animation.shown)
        case .needle:
            let tip = geometry.point(atFraction: animation.shown, radius: radius * 0.78, centre: centre)
            // The tail behind the hub reaches 1.6 hubs back: the box is as big as that either side.
            let hub = max(radius * 0.08, 4) * 1.7
            return Rect(
                x: min(tip.x, centre.x) - hub - 2, y: min(tip.y, centre.y) - hub - 2, width: abs(tip.x - centre.x) + 2 * hub + 4,
                height: abs(tip.y - centre.y) + 2 * hub + 4)
        }
    }

    /// The box around the arc indicator's end at `fraction`: the part of the band a change of
    /// value redraws is the union of the old end's box and the new one's, and the span between
    /// (``setValue(_:animated:)`` and each frame of a sweep mark both ends and the arc between).
    func arcArea(to fraction: Double) -> Rect {
        arcArea(from: fraction, to: fraction)
    }

    /// The box around the band between `from` and `to` (fractions of the scale), round ends
    /// included.
    func arcArea(from: Double, to: Double) -> Rect {
        let (centre, radius) = dial
        let band = bandWidth
        let outer = radius + 2, inner = max(radius - band - 2, 0)
        let low = min(max(min(from, to), 0), 1), high = min(max(max(from, to), 0), 1)
        var box = BoundingBox()
        func include(_ p: Point) { box.include(p) }
        include(geometry.point(atFraction: low, radius: outer, centre: centre))
        include(geometry.point(atFraction: low, radius: inner, centre: centre))
        include(geometry.point(atFraction: high, radius: outer, centre: centre))
        include(geometry.point(atFraction: high, radius: inner, centre: centre))
        // The quarter points the arc passes bulge past its ends.
        let startDegrees = geometry.startAngle + geometry.sweepAngle * low, endDegrees = geometry.startAngle + geometry.sweepAngle * high
        var quarter = (startDegrees / 90).rounded(.up) * 90
        while quarter < endDegrees {
            let r = quarter * Double.pi / 180
            include(Point(x: centre.x + outer * Double.cos(r), y: centre.y + outer * Double.sin(r)))
            quarter += 90
        }
        let cap = band / 2 + 2
        return (box.rect ?? Rect(x: centre.x, y: centre.y, width: 0, height: 0)).insetBy(dx: -cap, dy: -cap)
    }

    /// Where the value and title are printed.
    var valueTextArea: Rect {
        let (centre, radius) = dial
        return Rect(x: centre.x - radius * 0.6, y: centre.y + radius * 0.22, width: radius * 1.2, height: radius * 0.6)
    }

    // MARK: - Drawing

    /// Draws the sections, the ticks and labels, the value and the indicator, each only where
    /// the canvas's clip reaches.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let (centre, radius) = dial
        guard radius > 4 else { return }
        let clip = canvas.localClipRect
        let band = bandWidth
        let bandRadius = radius - band / 2
        // The scale line, then the sections over it.
        arcPath.removeAll()
        arcPath.addArc(center: centre, radius: bandRadius, startAngle: geometry.radians(atFraction: 0), endAngle: geometry.radians(atFraction: 1))
        canvas.stroke(arcPath, width: indicator == .arc ? band : 2, color: trackColor)
        for section in sections {
            guard section.lower.isFinite || section.upper.isFinite, !section.lower.isNaN, !section.upper.isNaN else { continue }
            let from = min(max(fraction(of: section.lower), 0), 1), to = min(max(fraction(of: section.upper), 0), 1)
            guard to > from else { continue }
            arcPath.removeAll()
            arcPath.addArc(center: centre, radius: bandRadius, startAngle: geometry.radians(atFraction: from), endAngle: geometry.radians(atFraction: to))
            canvas.stroke(arcPath, width: band, color: section.color)
        }
        drawTicks(centre: centre, radius: radius - band - 2, clip: clip, in: &canvas)
        drawValueText(centre: centre, radius: radius, clip: clip, in: &canvas)
        drawIndicator(centre: centre, radius: radius, bandRadius: bandRadius, band: band, in: &canvas)
    }

    private func drawTicks(centre: Point, radius: Double, clip: PixelRect, in canvas: inout Canvas) {
        let majorLength = max(radius * 0.1, 4), minorLength = majorLength / 2
        let steps = (majorTickCount - 1) * (minorTicksPerMajor + 1)
        for k in 0 ... steps {
            let fraction = Double(k) / Double(steps)
            let major = k % (minorTicksPerMajor + 1) == 0
            // A full circle's last tick falls on its first.
            if geometry.sweepAngle >= 360 && k == steps { continue }
            let outer = geometry.point(atFraction: fraction, radius: radius, centre: centre)
            let inner = geometry.point(atFraction: fraction, radius: radius - (major ? majorLength : minorLength), centre: centre)
            canvas.drawLine(from: (outer.x, outer.y), to: (inner.x, inner.y), width: major ? 2 : 1, color: scaleColor)
        }
        let font = Font.caption
        let line = font.lineHeight
        let labelRadius = radius - majorLength - 4 - Double(line) / 2 - 6
        for k in 0 ..< majorTickCount {
            if geometry.sweepAngle >= 360 && k == majorTickCount - 1 { continue }
            let fraction = Double(k) / Double(majorTickCount - 1)
            let at = geometry.point(atFraction: fraction, radius: labelRadius, centre: centre)
            let width = max(Int(radius * 0.5), 24)
            let box = PixelRect(x: Int((at.x - Double(width) / 2).rounded()), y: Int((at.y - Double(line) / 2).rounded()), width: width, height: line)
            guard !box.intersection(clip).isEmpty else { continue }
            canvas.drawText(tickLabel(k), in: box, font: font, color: scaleColor, alignment: .center)
        }
    }

    private func drawValueText(centre: Point, radius: Double, clip: PixelRect, in canvas: inout Canvas) {
        guard showsValue || title != nil else { return }
        let area = valueTextArea
        let box = PixelRect(x: Int(area.minX), y: Int(area.minY), width: Int(area.width), height: Int(area.height))
        guard !box.intersection(clip).isEmpty else { return }
        let big = radius > 70 ? Font.title : Font.body
        let line = big.lineHeight
        if showsValue {
            canvas.drawText(valueString, in: PixelRect(x: box.x, y: box.y, width: box.width, height: line), font: big, color: scaleColor, alignment: .center)
        }
        if let title {
            let small = Font.caption
            canvas.drawText(
                title, in: PixelRect(x: box.x, y: box.y + line, width: box.width, height: small.lineHeight), font: small, color: titleColor,
                alignment: .center)
        }
    }

    private func drawIndicator(centre: Point, radius: Double, bandRadius: Double, band: Double, in canvas: inout Canvas) {
        let shown = animation.shown
        switch indicator {
        case .arc:
            guard shown > 0 else { return }
            // The band's edges are straight between points on a fixed grid of directions (and
            // its exact ends), so the part of it a change does not redraw is the same shape as
            // when it was drawn: a stroked arc's curves would move with its end.
            arcPath.removeAll()
            let step = 1.5, start = geometry.startAngle, end = geometry.startAngle + geometry.sweepAngle * min(shown, 1)
            let outer = bandRadius + band / 2, inner = bandRadius - band / 2
            func point(_ degrees: Double, _ r: Double) -> Point {
                let a = degrees * Double.pi / 180
                return Point(x: centre.x + r * Double.cos(a), y: centre.y + r * Double.sin(a))
            }
            arcPath.move(to: point(start, outer))
            var grid = ((start / step).rounded(.down) + 1) * step
            while grid < end {
                arcPath.addLine(to: point(grid, outer))
                grid += step
            }
            arcPath.addLine(to: point(end, outer))
            arcPath.addLine(to: point(end, inner))
            grid -= step
            while grid > start {
                arcPath.addLine(to: point(grid, inner))
                grid -= step
            }
            arcPath.addLine(to: point(start, inner))
            arcPath.closeSubpath()
            // Round ends.
            let startCentre = point(start, bandRadius), endCentre = point(end, bandRadius)
            arcPath.addEllipse(in: Rect(x: startCentre.x - band / 2, y: startCentre.y - band / 2, width: band, height: band))
            arcPath.addEllipse(in: Rect(x: endCentre.x - band / 2, y: endCentre.y - band / 2, width: band, height: band))
            canvas.fill(arcPath, color: indicatorColor)
        case .needle:
            let tip = geometry.point(atFraction: shown, radius: radius * 0.78, centre: centre)
            let hub = max(radius * 0.08, 4)
            let back = geometry.point(atFraction: shown, radius: -hub * 1.6, centre: centre)
            let angle = geometry.radians(atFraction: shown)
            // Perpendicular to the needle: its half width at the hub.
            let nx = -Double.sin(angle) * hub * 0.45, ny = Double.cos(angle) * hub * 0.45
            needlePath.removeAll()
            needlePath.move(to: Point(x: back.x + nx, y: back.y + ny))
            needlePath.addLine(to: Point(x: tip.x, y: tip.y))
            needlePath.addLine(to: Point(x: back.x - nx, y: back.y - ny))
            needlePath.closeSubpath()
            canvas.fill(needlePath, color: indicatorColor)
            needlePath.removeAll()
            needlePath.addEllipse(in: Rect(x: centre.x - hub, y: centre.y - hub, width: 2 * hub, height: 2 * hub))
            canvas.fill(needlePath, color: scaleColor)
        }
    }
}

extension GaugeView: FrameClockClient {
    /// One frame of the sweep: the needle's old and new place are drawn again.
    public func frameClockTick(_ now: MonotonicInstant) -> Bool {
        let before = indicatorArea, shownBefore = animation.shown
        let moving = animation.tick(now, duration: Self.animationDuration)
        if indicator == .arc {
            setNeedsDisplay(arcArea(from: shownBefore, to: animation.shown))
        } else {
            setNeedsDisplay(before.union(indicatorArea))
        }
        return moving
    }
}
