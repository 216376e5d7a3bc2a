/// A chart of live samples: LVGL's `lv_chart`, line or bar, several series, a fixed or
/// automatic value range, axes with ticks, labels and grid lines.
///
/// Every series keeps ``pointCount`` samples in a ring buffer, so a sample arrives in O(1) and
/// without allocating (``ChartSeries/append(_:)``). In ``UpdateMode/shift`` mode the newest
/// sample is at the right and the plot scrolls left; in ``UpdateMode/circular`` mode a sweep
/// writes over the oldest samples from left to right, with a gap after the newest, and only the
/// few columns around it are drawn again. A pan or tap on the plot puts a cursor on the nearest
/// sample, shows the values under it, and tells the ``delegate``.
///
/// Bad numbers never trap: a NaN or infinite sample is a gap in the line; a point count,
/// value range or axis setting out of bounds is refused with a ``ScaleError`` or clamped, as
/// each property says.
@MainActor
open class ChartView: View {
    /// A chart: its visible series' newest values ("Temperature 21.5"), updating often.
    open override var accessibilityDefaults: AccessibilityDescription {
        var values: [String] = []
        for series in series where !series.isHidden {
            if let newest = series.newest { values.append("\(series.name) \(AccessibilityDescription.number(newest))") }
        }
        return AccessibilityDescription(
            isElement: true, label: "Chart", value: values.isEmpty ? "no data" : values.joined(separator: ", "), traits: [.image, .updatesFrequently])
    }

    /// How the samples are drawn.
    public enum Kind: Sendable, Hashable {
        /// A line through the samples of each series.
        case line
        /// A bar per sample, the series' bars side by side.
        case bar
        /// One bar per sample position, the series' samples stacked on each other in the order
        /// the series were added (the first at the bottom): positive samples up from zero,
        /// negative ones down. An automatic range fits the stacks' totals.
        case stackedBar
    }

    /// Where a new sample goes.
    public enum UpdateMode: Sendable, Hashable {
        /// The newest sample at the right edge; the older ones move left (the whole plot is
        /// drawn again).
        case shift
        /// A sweep from left to right over the oldest samples, as a patient monitor draws;
        /// only the columns around the newest sample are drawn again.
        case circular
    }

    /// Where the value axis's ends come from.
    public enum ValueRange: Sendable, Equatable {
        /// Fitted to the samples, on round numbers.
        case automatic
        /// Fixed ends, lower first. Samples outside are cut off at the plot's edge.
        case fixed(lower: Double, upper: Double)
    }

    /// The point counts a chart accepts.
    nonisolated public static let pointCountRange = 1 ... 1_000_000
    /// The colours given to series in turn when none is named.
    public static let seriesColors: [Color] = [
        Color(rgb: 0xF44336), Color(rgb: 0x2196F3), Color(rgb: 0x4CAF50), Color(rgb: 0xFF9800), Color(rgb: 0x9C27B0), Color(rgb: 0x009688),
    ]

    /// Lines, bars or stacked bars. Default lines.
    public var kind = Kind.line {
        didSet { if kind != oldValue { seriesChangedRange() } }
    }
    /// Shift or circular. Default shift.
    public var updateMode = UpdateMode.shift {
        didSet { layoutChanged() }
    }
    /// How many samples each series keeps and the plot shows. Default 100; set it with
    /// ``setPointCount(_:)``.
    public private(set) var pointCount = 100
    /// The value range asked for; set it with ``setValueRange(lower:upper:)`` or
    /// ``setAutomaticValueRange()``. Default 0…100.
    public private(set) var valueRange = ValueRange.fixed(lower: 0, upper: 100)
    /// The ends the value axis shows now: the fixed range, or the automatic one fitted to the
    /// samples.
    public private(set) var shownRange = (lower: 0.0, upper: 100.0)
    /// The horizontal axis: sample positions. Default: 5 major ticks with grid lines, no labels.
    public var xAxis = ChartAxis() {
        didSet { layoutChanged() }
    }
    /// The vertical axis: values. Default: 5 labelled major ticks with grid lines.
    public var yAxis = ChartAxis() {
        didSet {
            if yAxis.majorTickCount != oldValue.majorTickCount, case .automatic = valueRange { fitAutomaticRange() }
            layoutChanged()
        }
    }
    /// The series, in drawing order.
    public private(set) var series: [ChartSeries] = []
    /// The colour of the plot area (nil: the view's background shows). Default nil.
    public var plotBackgroundColor: Color? {
        didSet { setNeedsDisplay() }
    }
    /// The grid lines' colour. Default the palette's ``Palette/fill``.
    public var gridColor: Color {
        get { _gridColor.resolved(in: self) }
        set { setThemed(&_gridColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _gridColor = Themed<ChartView, Color>(fallback: { $0.palette.fill })
    /// The axis lines' and ticks' colour. Default the palette's ``Palette/secondaryGray``.
    public var axisColor: Color {
        get { _axisColor.resolved(in: self) }
        set { setThemed(&_axisColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _axisColor = Themed<ChartView, Color>(fallback: { $0.palette.secondaryGray })
    /// The labels' colour. Default the palette's ``Palette/secondaryLabel``.
    public var labelColor: Color {
        get { _labelColor.resolved(in: self) }
        set { setThemed(&_labelColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _labelColor = Themed<ChartView, Color>(fallback: { $0.palette.secondaryLabel })
    /// The labels' font. Default `Font.caption`.
    public var labelFont = Font.caption {
        didSet { layoutChanged() }
    }
    /// Told when a finger moves the cursor.
    public weak var delegate: (any ChartViewDelegate)?
    /// The sample position the cursor is on, if any.
    public private(set) var cursorSlot: Int?

    /// The automatic range's data ends (finite samples of visible series), kept up to date by
    /// appends so that fitting costs a full scan only when an extreme sample drops out.
    var dataBounds: (lower: Double, upper: Double)?
    /// Label widths and the plot rectangle, worked out when the size, range or axes change.
    var metrics: Metrics?
    /// The pixel rows of the samples being drawn: scratch kept between frames, so drawing
    /// allocates nothing once it has grown to the point count.
    var plotted: [Double] = []

    let cursorPan = PanGestureRecognizer()
    let cursorTap = TapGestureRecognizer()

    /// A chart of 100 points from 0 to 100 with no series, on white.
    public override init(frame: Rect) {
        super.init(frame: frame)
        paletteBackground = \.background
        xAxis.showsLabels = false
        cursorPan.minimumTranslation = 2
        cursorPan.name = "chartCursor"
        cursorPan.addTarget(
            nil,
            action: .closure("chartCursor") { [weak self] sender, _ in
                guard let self, let pan = sender as? PanGestureRecognizer else { return }
                switch pan.state {
                case .began, .changed: self.moveCursor(to: pan.location(in: self))
                default: break
                }
            })
        addGestureRecognizer(cursorPan)
        cursorTap.name = "chartTap"
        cursorTap.addTarget(
            nil,
            action: .closure("chartTap") { [weak self] sender, _ in
                guard let self, let tap = sender as? TapGestureRecognizer else { return }
                self.moveCursor(to: tap.location(in: self))
            })
        addGestureRecognizer(cursorTap)
    }

    /// 320 × 200 points.
    open override var intrinsicContentSize: Size { Size(width: 320, height: 200) }

    /// Draws the grid, the axes and their labels, the series and the cursor, each only where
    /// the canvas's clip reaches (an appended sample redraws the plot in shift mode and a few
    /// columns in circular mode).
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        drawChart(in: &canvas)
    }

    // MARK: - Series

    /// Adds a series of ``pointCount`` empty samples, in `color` (default: the next of
    /// ``seriesColors``), and returns it.
    @discardableResult
    public func addSeries(name: String = "", color: Color? = nil) -> ChartSeries {
        let added = ChartSeries(
            name: name, color: color ?? Self.seriesColors[series.count % Self.seriesColors.count], capacity: pointCount, chart: self)
        series.append(added)
        setNeedsDisplay()
        return added
    }

    /// Takes `removed` off the chart (it keeps its samples but no longer draws).
    public func removeSeries(_ removed: ChartSeries) {
        guard let index = series.firstIndex(where: { $0 === removed }) else { return }
        series.remove(at: index)
        removed.chart = nil
        seriesChangedRange()
    }

    /// Makes every series keep `count` samples (the newest are kept). Throws
    /// ``ScaleError/pointCountOutOfRange(_:)`` outside ``pointCountRange``, changing nothing.
    public func setPointCount(_ count: Int) throws(ScaleError) {
        guard Self.pointCountRange.contains(count) else { throw .pointCountOutOfRange(count) }
        guard count != pointCount else { return }
        pointCount = count
        for s in series { s.resize(to: count) }
        if let slot = cursorSlot, slot >= count { cursorSlot = nil }
        seriesChangedRange()
    }

    // MARK: - Value range

    /// Fixes the value axis from `lower` to `upper`. Throws, changing nothing, when an end is
    /// not finite (``ScaleError/nonFiniteRange(lower:upper:)``), when they are equal
    /// (``ScaleError/emptyRange(_:)``) or when `lower` is above `upper`
    /// (``ScaleError/reversedRange(lower:upper:)``: use ``ChartAxis/isReversed`` to turn an axis
    /// over).
    public func setValueRange(lower: Double, upper: Double) throws(ScaleError) {
        _ = try ScaleRange(lower: lower, upper: upper)
        valueRange = .fixed(lower: lower, upper: upper)
        shownRange = (lower, upper)
        layoutChanged()
    }

    /// Fits the value axis to the samples from now on, on round numbers: the range grows and
    /// shrinks as they do. With no finite sample it shows 0…1; a flat series gets one unit
    /// either side. Samples beyond ±10¹⁵ count as ±10¹⁵.
    public func setAutomaticValueRange() {
        valueRange = .automatic
        dataBounds = scanDataBounds()
        fitAutomaticRange()
        layoutChanged()
    }

    // MARK: - Geometry

    /// The plot area (inside the axes), in the view's coordinates.
    public var plotRect: Rect {
        let m = currentMetrics()
        return Rect(x: Double(m.plot.x), y: Double(m.plot.y), width: Double(m.plot.width), height: Double(m.plot.height))
    }

    /// The x of sample position `slot` in the view's coordinates (the centre of its bar, for bars).
    public func x(forSlot slot: Int) -> Double {
        let plot = currentMetrics().plot
        switch kind {
        case .line:
            guard pointCount > 1 else { return Double(plot.x) + Double(plot.width) / 2 }
            return Double(plot.x) + 0.5 + Double(slot) * Double(max(plot.width - 1, 0)) / Double(pointCount - 1)
        case .bar, .stackedBar:
            return Double(plot.x) + (Double(slot) + 0.5) * Double(plot.width) / Double(pointCount)
        }
    }

    /// The y of `value` in the view's coordinates (outside the plot for values out of range;
    /// not finite for a value that is not).
    public func y(forValue value: Double) -> Double {
        let plot = currentMetrics().plot
        let span = shownRange.upper - shownRange.lower
        let fraction = (value - shownRange.lower) / span
        let height = Double(plot.height)
        return yAxis.isReversed ? Double(plot.y) + fraction * height : Double(plot.maxY) - fraction * height
    }

    /// The sample position nearest to `x` (the view's coordinates), clamped to the plot.
    public func slot(nearestTo x: Double) -> Int {
        let plot = currentMetrics().plot
        guard x.isFinite, pointCount > 1 else { return 0 }
        let position: Double
        switch kind {
        case .line: position = (x - Double(plot.x) - 0.5) * Double(pointCount - 1) / Double(max(plot.width - 1, 1))
        case .bar, .stackedBar: position = (x - Double(plot.x)) * Double(pointCount) / Double(max(plot.width, 1)) - 0.5
        }
        return Int(min(max(position.rounded(), 0), Double(pointCount - 1)))
    }

    // MARK: - Cursor

    /// Puts the cursor on `slot` (nil takes it away; a slot outside the points is clamped),
    /// without telling the delegate.
    public func setCursor(slot: Int?) {
        let clamped = slot.map { min(max($0, 0), pointCount - 1) }
        guard clamped != cursorSlot else { return }
        cursorSlot = clamped
        setNeedsDisplay(plotArea(expandedBy: 0))
    }

    /// The value of `series` under the cursor (nil without a cursor or a sample there).
    public func cursorValue(of series: ChartSeries) -> Double? {
        guard let slot = cursorSlot else { return nil }
        let value = series.value(atSlot: slot, mode: updateMode)
        return value.isFinite ? value : nil
    }

    func moveCursor(to location: Point) {
        let plot = currentMetrics().plot
        guard location.y >= Double(plot.y) - 20, location.y <= Double(plot.maxY) + 20 else { return }
        let slot = slot(nearestTo: location.x)
        guard slot != cursorSlot else { return }
        setCursor(slot: slot)
        delegate?.chartView(self, didMoveCursorTo: slot)
    }

    // MARK: - Changes

    /// A sample arrived: the range is refitted if it must be, and only what changed is marked
    /// for drawing.
    func seriesAppended(_ changed: ChartSeries, slot: Int, value: Double, dropped: Double) {
        guard !changed.isHidden else { return }
        if case .automatic = valueRange {
            let clampedValue = Self.clampForRange(value)
            if kind == .stackedBar {
                // A stack's total changed: the totals are scanned again (stacked charts are short).
                dataBounds = scanDataBounds()
            } else if dropped.isFinite, let bounds = dataBounds, Self.clampForRange(dropped) <= bounds.lower || Self.clampForRange(dropped) >= bounds.upper {
                dataBounds = scanDataBounds()
            } else if value.isFinite {
                dataBounds = dataBounds.map { (min($0.lower, clampedValue), max($0.upper, clampedValue)) } ?? (clampedValue, clampedValue)
            }
            let before = shownRange
            fitAutomaticRange()
            if before != shownRange {
                layoutChanged()
                return
            }
        }
        switch updateMode {
        case .shift:
            setNeedsDisplay(plotArea(expandedBy: maximumLineWidth / 2 + 1))
        case .circular:
            let reach = maximumLineWidth / 2 + 2
            let left = x(forSlot: max(slot - 1, 0)) - reach
            let right = x(forSlot: min(slot + 1, pointCount - 1)) + reach
            if let cursor = cursorSlot, abs(cursor - slot) <= 1 {
                setNeedsDisplay(plotArea(expandedBy: reach))
            } else {
                let area = plotArea(expandedBy: reach)
                setNeedsDisplay(Rect(x: left, y: area.minY, width: right - left, height: area.height))
            }
        }
    }

    /// A series was hidden, shown, emptied or removed: the range may change, and everything
    /// is drawn again.
    func seriesChangedRange() {
        if case .automatic = valueRange {
            dataBounds = scanDataBounds()
            fitAutomaticRange()
        }
        layoutChanged()
    }

    func layoutChanged() {
        metrics = nil
        setNeedsDisplay()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let m = metrics, m.size != bounds.size { metrics = nil }
    }

    var maximumLineWidth: Double {
        series.reduce(0) { max($0, $1.isHidden ? 0 : $1.lineWidth) }
    }

    /// The plot rectangle grown by `margin` up and down (lines on the edge show whole).
    func plotArea(expandedBy margin: Double) -> Rect {
        let plot = plotRect
        return Rect(x: plot.minX, y: plot.minY - margin, width: plot.width, height: plot.height + 2 * margin)
    }

    // MARK: - Automatic range

    static func clampForRange(_ value: Double) -> Double { min(max(value, -1e15), 1e15) }

    /// The ends of the finite samples of the visible series; for stacked bars, of the stacks
    /// (zero, and each position's sum of positive and of negative samples).
    func scanDataBounds() -> (lower: Double, upper: Double)? {
        var lower = Double.infinity, upper = -Double.infinity
        if kind == .stackedBar {
            guard series.contains(where: { !$0.isHidden && $0.count > 0 }) else { return nil }
            lower = 0
            upper = 0
            for slot in 0 ..< pointCount {
                var positive = 0.0, negative = 0.0
                for s in series where !s.isHidden {
                    let v = Self.clampForRange(s.value(atSlot: slot, mode: updateMode))
                    guard v.isFinite else { continue }
                    if v >= 0 { positive += v } else { negative += v }
                }
                lower = min(lower, negative)
                upper = max(upper, positive)
            }
            return (Self.clampForRange(lower), Self.clampForRange(upper))
        }
        for s in series where !s.isHidden {
            for v in s.storage where v.isFinite {
                lower = min(lower, Double(v))
                upper = max(upper, Double(v))
            }
        }
        guard lower <= upper else { return nil }
        return (Self.clampForRange(lower), Self.clampForRange(upper))
    }

    /// Sets ``shownRange`` to round numbers around the data: the axis's major ticks a 1, 2,
    /// 2.5 or 5 times a power of ten apart.
    func fitAutomaticRange() {
        guard case .automatic = valueRange else { return }
        guard var (lower, upper) = dataBounds else {
            shownRange = (0, 1)
            return
        }
        if lower == upper {
            lower -= 1
            upper += 1
        }
        let intervals = Double(yAxis.majorTickCount - 1)
        var spacing = Self.roundSpacing(atLeast: (upper - lower) / intervals)
        // The round start may leave the top uncovered: take the next spacing up until it fits.
        for _ in 0 ..< 8 {
            let start = (lower / spacing).rounded(.down) * spacing
            if start + spacing * intervals >= upper {
                shownRange = (start, start + spacing * intervals)
                return
            }
            spacing = Self.roundSpacing(atLeast: spacing * 1.01)
        }
        shownRange = (lower, upper)
    }

    /// The smallest of 1, 2, 2.5 and 5 times a power of ten that is at least `value` (> 0).
    static func roundSpacing(atLeast value: Double) -> Double {
        guard value.isFinite, value > 0 else { return 1 }
        var power = 1.0
        while power * 10 <= value { power *= 10 }
        while power > value { power /= 10 }
        let wanted = value * (1 - 1e-12)
        if power >= wanted { return power }
        if power * 2 >= wanted { return power * 2 }
        if power * 2.5 >= wanted { return power * 2.5 }
        if power * 5 >= wanted { return power * 5 }
        return power * 10
    }
}
