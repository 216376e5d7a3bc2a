/// A row of segments, one of them selected: UIKit's `UISegmentedControl`.
///
/// A touch highlights the segment under it; lifting on a segment selects it and sends
/// `valueChanged` (only when the selection changed). A momentary control selects nothing and
/// sends `valueChanged` for every segment tapped, with ``selectedSegmentIndex`` set to it while
/// the actions run. Disabled segments ignore touches.
@MainActor
open class SegmentedControl: Control {
    /// A segmented control: named by its segments ("Day, Week, Month"), its value the
    /// selected segment's title.
    open override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = titles.joined(separator: ", ")
        description.value = titleForSegment(at: selectedSegmentIndex)
        return description
    }

    /// UIKit's `UISegmentedControl.noSegment`.
    public static let noSegment = -1

    private var titles: [String]
    private var disabledSegments: Set<Int> = []
    /// The segment under a tracked touch.
    private var pressedSegment: Int?

    /// The selected segment, or ``noSegment``. Setting an index outside the segments selects
    /// none. Setting it in code sends no action.
    open var selectedSegmentIndex = SegmentedControl.noSegment {
        didSet {
            if selectedSegmentIndex < 0 || selectedSegmentIndex >= titles.count { selectedSegmentIndex = Self.noSegment }
            if selectedSegmentIndex != oldValue { setNeedsDisplay() }
        }
    }
    /// Whether a tap only sends `valueChanged` without keeping a selection. Default false.
    open var isMomentary = false
    /// The colour of the selected segment and the outline. Default the ``View/tintColor`` (the
    /// palette's ``Palette/tintFill`` under the selected title).
    public final var selectedSegmentTintColor: Color {
        get { _selectedSegmentTintColor.resolved(in: self) }
        set { setThemed(&_selectedSegmentTintColor, to: newValue) }
    }
    @exclusivity(unchecked) var _selectedSegmentTintColor = Themed<SegmentedControl, Color>(fallback: { $0.tintColor })
    /// The title font. Default `Font/body`.
    open var font = Font.body {
        didSet { setNeedsDisplay() }
    }

    /// A control with one segment per title, none selected.
    public init(items: [String], frame: Rect = .zero) {
        titles = items
        super.init(frame: frame)
        cornerRadius = 8
        // Drawn 32 points tall, as UIKit's; touched in 44 (the accessibility minimum).
        minimumTouchTarget = Size(width: 44, height: 44)
    }

    /// How many segments there are.
    public var numberOfSegments: Int { titles.count }

    /// The title of segment `index` (nil outside the segments).
    public func titleForSegment(at index: Int) -> String? { titles.indices.contains(index) ? titles[index] : nil }

    /// Replaces the title of segment `index` (nothing happens outside the segments).
    public func setTitle(_ title: String, forSegmentAt index: Int) {
        guard titles.indices.contains(index) else { return }
        titles[index] = title
        setNeedsDisplay()
    }

    /// Inserts a segment at `index` (clamped to the valid range).
    public func insertSegment(withTitle title: String, at index: Int) {
        let at = min(max(index, 0), titles.count)
        titles.insert(title, at: at)
        if selectedSegmentIndex >= at { selectedSegmentIndex += 1 }
        disabledSegments = Set(disabledSegments.map { $0 >= at ? $0 + 1 : $0 })
        setNeedsDisplay()
    }

    /// Removes segment `index` (nothing happens outside the segments); a removed selection
    /// selects none.
    public func removeSegment(at index: Int) {
        guard titles.indices.contains(index) else { return }
        titles.remove(at: index)
        if selectedSegmentIndex == index { selectedSegmentIndex = Self.noSegment } else if selectedSegmentIndex > index { selectedSegmentIndex -= 1 }
        disabledSegments = Set(disabledSegments.compactMap { $0 == index ? nil : ($0 > index ? $0 - 1 : $0) })
        setNeedsDisplay()
    }

    /// Enables or disables one segment.
    public func setEnabled(_ enabled: Bool, forSegmentAt index: Int) {
        if enabled { disabledSegments.remove(index) } else { disabledSegments.insert(index) }
        setNeedsDisplay()
    }

    /// Whether segment `index` takes touches.
    public func isEnabledForSegment(at index: Int) -> Bool { !disabledSegments.contains(index) }

    /// Each segment's rectangle, in bounds coordinates: equal widths, the first at the leading
    /// end (the right under a right-to-left language).
    public func frameForSegment(at index: Int) -> Rect {
        let width = bounds.width / Double(max(titles.count, 1))
        return flippedForLayoutDirection(Rect(x: bounds.minX + Double(index) * width, y: bounds.minY, width: width, height: bounds.height))
    }

    /// The segment at `point` (bounds coordinates), if any.
    public func segment(at point: Point) -> Int? {
        guard !titles.isEmpty, bounds.contains(point) else { return nil }
        let along = isRightToLeft ? bounds.maxX - point.x : point.x - bounds.minX
        let index = Int(along / (bounds.width / Double(titles.count)))
        return min(max(index, 0), titles.count - 1)
    }

    open override var intrinsicContentSize: Size {
        let font = scaledFont(self.font)
        let widest = titles.map { font.width(of: $0) }.max() ?? 0
        return Size(width: Double((widest + 24) * max(titles.count, 1)), height: max(Double(font.lineHeight) + 12, 32))
    }

    // MARK: - Tracking

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        pressedSegment = enabledSegment(at: touch.location(in: self))
        setNeedsDisplay()
        return pressedSegment != nil
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        let under = enabledSegment(at: touch.location(in: self))
        if under != pressedSegment {
            pressedSegment = under
            setNeedsDisplay()
        }
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        let chosen = touch.flatMap { enabledSegment(at: $0.location(in: self)) }
        pressedSegment = nil
        setNeedsDisplay()
        guard let chosen else { return }
        if isMomentary {
            selectedSegmentIndex = chosen
            sendActions(for: .valueChanged, with: event)
            selectedSegmentIndex = Self.noSegment
        } else if chosen != selectedSegmentIndex {
            selectedSegmentIndex = chosen
            sendActions(for: .valueChanged, with: event)
        }
    }

    open override func cancelTracking(with event: Event?) {
        pressedSegment = nil
        setNeedsDisplay()
        super.cancelTracking(with: event)
    }

    private func enabledSegment(at point: Point) -> Int? {
        guard let index = segment(at: point), isEnabledForSegment(at: index) else { return nil }
        return index
    }

    // MARK: - Drawing

    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let box = PixelRect(snapping: bounds)
        let palette = self.palette
        let tint = isEnabled ? selectedSegmentTintColor : palette.border
        let selectedFill = isEnabled ? _selectedSegmentTintColor.given ?? tintFillColor : palette.border
        canvas.fillRoundedRect(box, radius: cornerRadius, color: palette.secondaryBackground)
        for index in titles.indices {
            let segment = PixelRect(snapping: frameForSegment(at: index))
            let selected = index == selectedSegmentIndex
            if selected || index == pressedSegment {
                let fill = selected ? selectedFill : tint.withAlphaComponent(0.15)
                canvas.pushClip(segment)
                canvas.fillRoundedRect(box, radius: cornerRadius, color: fill)
                canvas.popClip()
            }
            if index > 0 {
                let divider = isRightToLeft ? segment.maxX - 1 : segment.x
                canvas.fill(PixelRect(x: divider, y: box.y, width: 1, height: box.height), color: tint)
            }
            var color = selected ? palette.onTint : tint
            if !isEnabledForSegment(at: index) { color = palette.disabledLabel }
            canvas.drawText(titles[index], in: segment.insetBy(dx: 4, dy: 0), font: scaledFont(font), color: color, alignment: .center)
        }
        canvas.strokeRoundedRect(box, radius: cornerRadius, width: 1, color: tint)
    }
}
