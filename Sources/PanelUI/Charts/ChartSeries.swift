/// One line (or set of bars) of a ``ChartView``: its name, colour and samples.
///
/// The samples live in a ring buffer of the chart's ``ChartView/pointCount``, made when the
/// series is added: ``append(_:)`` writes over the oldest sample in O(1) and allocates nothing.
/// They are kept as 32-bit floats (seven significant digits, finer than any plot's pixels, and
/// half the memory): a sample that is NaN or infinite, or beyond ±3.4 × 10³⁸, is a gap in the
/// line.
@MainActor
public final class ChartSeries {
    /// The name the cursor shows beside the value.
    public let name: String
    /// The line's or bars' colour.
    public var color: Color {
        didSet { chart?.setNeedsDisplay() }
    }
    /// The line's width in points (clamped to 0.5…20; not finite counts as 2). Default 2.
    public var lineWidth = 2.0 {
        didSet {
            lineWidth = lineWidth.isFinite ? min(max(lineWidth, 0.5), 20) : 2
            chart?.setNeedsDisplay()
        }
    }
    /// The area between the line and the bottom of the plot, filled with a gradient from
    /// `top` (at the plot's top edge) down to `bottom` (at its bottom edge): LVGL's chart
    /// area, usually the series' colour fading to clear. nil (the default): no area. Line
    /// charts only; a gap in the samples is a gap in the area.
    public var areaColors: (top: Color, bottom: Color)? {
        didSet {
            areaGradient = areaColors.map { LinearGradient(start: .zero, end: Point(x: 0, y: 1), from: $0.top, to: $0.bottom) }
            chart?.setNeedsDisplay()
        }
    }
    /// ``areaColors`` as a gradient, made once; its ends are moved to the plot when drawn.
    var areaGradient: LinearGradient?

    /// Whether the series is left out of the drawing (its samples are still kept).
    public var isHidden = false {
        didSet { chart?.seriesChangedRange() }
    }

    /// The chart the series belongs to (nil once removed).
    public internal(set) weak var chart: ChartView?
    /// The ring: `storage[next]` is the oldest sample (the next to be overwritten).
    var storage: [Float]
    /// Where the next sample goes.
    var next = 0
    /// How many samples have been appended, up to the capacity.
    public private(set) var count = 0

    init(name: String, color: Color, capacity: Int, chart: ChartView) {
        self.name = name
        self.color = color
        self.chart = chart
        storage = Array(repeating: .nan, count: capacity)
    }

    /// How many samples the series keeps (the chart's point count).
    public var capacity: Int { storage.count }

    /// The newest sample, if any.
    public var newest: Double? {
        guard count > 0 else { return nil }
        return Double(storage[next == 0 ? storage.count - 1 : next - 1])
    }

    /// Adds `value` as the newest sample, dropping the oldest when the series is full. O(1); no
    /// allocation. NaN or infinity is a gap.
    public func append(_ value: Double) {
        let slot = next
        let dropped = Double(storage[slot])
        // Beyond a float's range the sample becomes infinite: a gap, like any other.
        storage[slot] = Float(value)
        next = slot + 1 == storage.count ? 0 : slot + 1
        count = min(count + 1, storage.count)
        chart?.seriesAppended(self, slot: slot, value: Double(storage[slot]), dropped: dropped)
    }

    /// Forgets every sample.
    public func removeAll() {
        for i in storage.indices { storage[i] = .nan }
        next = 0
        count = 0
        chart?.seriesChangedRange()
    }

    /// The sample drawn at position `slot` (0 = the left edge) in `mode`: in shift mode the
    /// oldest sample is at the left and the newest at the right; in circular mode sample n sits at
    /// slot n of the ring. NaN where there is no sample.
    public func value(atSlot slot: Int, mode: ChartView.UpdateMode) -> Double {
        guard slot >= 0, slot < storage.count else { return .nan }
        switch mode {
        case .shift:
            let i = next + slot
            return Double(storage[i >= storage.count ? i - storage.count : i])
        case .circular:
            return Double(storage[slot])
        }
    }

    /// Makes the ring `capacity` long, keeping the newest samples (in order).
    func resize(to capacity: Int) {
        var kept = [Float](repeating: .nan, count: capacity)
        let keep = min(count, capacity)
        for k in 0 ..< keep {
            // k-th newest.
            var i = next - 1 - k
            if i < 0 { i += storage.count }
            kept[keep - 1 - k] = storage[i]
        }
        storage = kept
        count = keep
        next = keep == capacity ? 0 : keep
    }
}
