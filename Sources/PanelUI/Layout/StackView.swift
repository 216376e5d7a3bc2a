/// A view that lines up its arranged subviews in a row or a column: UIKit's `UIStackView`.
///
/// A row runs from the leading edge: the right under a right-to-left language
/// (``View/effectiveUserInterfaceLayoutDirection``), as UIKit's does.
///
/// Along the ``axis`` each arranged view gets its intrinsic length (``View/intrinsicContentSize``)
/// and the views are ``spacing`` apart; ``distribution`` says what happens to the room left
/// over (or missing), ``alignment`` how each view sits across the axis. Hidden arranged views
/// take no room. Layout runs once per frame, in the layout pass, whenever an arranged view is
/// added, removed, hidden or changes its intrinsic size.
@MainActor
open class StackView: View {
    /// The direction views are lined up in.
    public enum Axis: Sendable, Hashable {
        case horizontal, vertical
    }

    /// How the length along the axis is shared, as UIStackView's distributions.
    public enum Distribution: Sendable, Hashable {
        /// Intrinsic lengths. Room left over goes to the views that hug their length least
        /// (``View/contentHuggingPriority(for:)``): views without an intrinsic length first,
        /// shared equally; among views of one priority, the last. Room missing is taken from the
        /// views that resist compression least (``View/contentCompressionResistancePriority(for:)``),
        /// the last of them first.
        case fill
        /// Every view the same length, filling the stack.
        case fillEqually
        /// Lengths in proportion to the intrinsic ones, filling the stack.
        case fillProportionally
        /// Intrinsic lengths, the room left over shared out as equal gaps (at least ``spacing``).
        case equalSpacing
        /// Intrinsic lengths, placed so that their centres are equally far apart, the first
        /// view at the leading edge and the last at the trailing one; gaps stay at least
        /// ``spacing``.
        case equalCentering
    }

    /// How views sit across the axis.
    public enum Alignment: Sendable, Hashable {
        /// As wide (or tall) as the stack.
        case fill
        /// At the top (horizontal stacks) or the leading edge (vertical stacks: the left, or the
        /// right under a right-to-left language), at their intrinsic size.
        case leading
        /// Centred, at their intrinsic size.
        case center
        /// At the bottom or the trailing edge, at their intrinsic size.
        case trailing
        /// Horizontal stacks: at their intrinsic heights, their first lines of text on one
        /// baseline (a view without text has its baseline at its bottom). A vertical stack
        /// treats it as ``leading``, as UIKit does.
        case firstBaseline
        /// As ``firstBaseline``, with the last lines of text on one baseline.
        case lastBaseline

        /// At the top of a horizontal stack: UIKit's `.top`, the same as ``leading``.
        public static let top = Alignment.leading
        /// At the bottom of a horizontal stack: UIKit's `.bottom`, the same as ``trailing``.
        public static let bottom = Alignment.trailing
    }

    /// Row or column. Default horizontal.
    public var axis = Axis.horizontal {
        didSet { if axis != oldValue { setNeedsLayout() } }
    }
    /// The gap between views, in points. Default 0.
    public var spacing = 0.0 {
        didSet { if spacing != oldValue { setNeedsLayout() } }
    }
    /// Default ``Distribution/fill``.
    public var distribution = Distribution.fill {
        didSet { if distribution != oldValue { setNeedsLayout() } }
    }
    /// Default ``Alignment/fill``.
    public var alignment = Alignment.fill {
        didSet { if alignment != oldValue { setNeedsLayout() } }
    }
    /// The views lined up, in order (each is also a subview).
    public private(set) var arrangedSubviews: [View] = []

    /// A stack of `views`.
    public init(arrangedSubviews views: [View] = [], frame: Rect = .zero) {
        super.init(frame: frame)
        directionalLayoutMargins = .zero
        for view in views { addArrangedSubview(view) }
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
        directionalLayoutMargins = .zero
    }

    /// Adds a view at the end of the line (and as a subview).
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts a view into the line at `index` (and as a subview).
    public func insertArrangedSubview(_ view: View, at index: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(index, 0), arrangedSubviews.count))
        if view.superview !== self { addSubview(view) }
        arrangementChanged()
    }

    /// Takes a view out of the line; it stays a subview (as in UIKit).
    public func removeArrangedSubview(_ view: View) {
        arrangedSubviews.removeAll { $0 === view }
        arrangementChanged()
    }

    /// The views lined up changed (one added, removed, hidden or shown): the stack lays out
    /// again, and its own intrinsic size, theirs summed, is new.
    func arrangementChanged() {
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// A subview removed from the stack leaves the line too.
    open override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    /// The lengths of the visible arranged views along the axis and their total with spacing;
    /// across it, the largest.
    open override var intrinsicContentSize: Size {
        let shown = arrangedSubviews.filter { !$0.isHidden }
        var along = 0.0
        var across = 0.0
        var above = 0.0
        var below = 0.0
        let baselines = axis == .horizontal && (alignment == .firstBaseline || alignment == .lastBaseline)
        for view in shown {
            let size = view.intrinsicContentSize
            along += max(length(of: size), 0)
            across = max(across, crossLength(of: size))
            if baselines {
                let (fraction, offset) = view.baselineLayout(last: alignment == .lastBaseline)
                let thickness = max(crossLength(of: size), 0)
                let drop = thickness * fraction + offset
                (above, below) = (max(above, drop), max(below, thickness - drop))
            }
        }
        if baselines { across = max(across, above + below) }
        along += spacing * Double(max(shown.count - 1, 0))
        let m = layoutMargins
        return axis == .horizontal
            ? Size(width: along + m.left + m.right, height: across + m.top + m.bottom)
            : Size(width: across + m.left + m.right, height: along + m.top + m.bottom)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let shown = arrangedSubviews.filter { !$0.isHidden }
        guard !shown.isEmpty else { return }
        // Laid out from the leading edge, then mirrored under a right-to-left language.
        let m = directionalLayoutMargins
        let box = Rect(
            x: m.leading, y: m.top, width: max(bounds.width - m.leading - m.trailing, 0), height: max(bounds.height - m.top - m.bottom, 0))
        let available = axis == .horizontal ? box.width : box.height
        let crossAvailable = axis == .horizontal ? box.height : box.width
        let lengths = mainLengths(of: shown, available: available)
        let starts = mainStarts(lengths: lengths, available: available)
        let across = crossPlacements(of: shown, available: crossAvailable)
        let mainOrigin = axis == .horizontal ? box.minX : box.minY
        let crossOrigin = axis == .horizontal ? box.minY : box.minX
        for index in shown.indices {
            let (offset, thickness) = across[index]
            let position = mainOrigin + starts[index]
            // Under a right-to-left language the row runs from the right, and a column's
            // leading edge is its right one.
            shown[index].frame = flippedForLayoutDirection(
                axis == .horizontal
                    ? Rect(x: position, y: crossOrigin + offset, width: lengths[index], height: thickness)
                    : Rect(x: crossOrigin + offset, y: position, width: thickness, height: lengths[index]))
        }
    }

    /// Each view's length along the axis for `distribution`.
    private func mainLengths(of views: [View], available: Double) -> [Double] {
        let gaps = spacing * Double(views.count - 1)
        let naturals = views.map { length(of: $0.intrinsicContentSize) }
        switch distribution {
        case .fillEqually:
            let each = max((available - gaps) / Double(views.count), 0)
            return Array(repeating: each, count: views.count)
        case .fillProportionally:
            let lengths = naturals.map { max($0, 0) }
            let total = lengths.reduce(0, +)
            guard total > 0 else { return Array(repeating: max((available - gaps) / Double(views.count), 0), count: views.count) }
            let scale = max(available - gaps, 0) / total
            return lengths.map { $0 * scale }
        case .equalSpacing, .equalCentering:
            return naturals.map { max($0, 0) }
        case .fill:
            return filledLengths(of: views, naturals: naturals, room: available - gaps)
        }
    }

    /// ``Distribution/fill``: intrinsic lengths, the difference from `room` given to (or
    /// taken from) the views by their hugging (or compression resistance) priorities.
    private func filledLengths(of views: [View], naturals: [Double], room: Double) -> [Double] {
        var lengths = naturals.map { max($0, 0) }
        let flexible = naturals.indices.filter { naturals[$0] < 0 }
        var left = room - lengths.reduce(0, +)
        if left >= 0 {
            if !flexible.isEmpty {
                for index in flexible { lengths[index] = left / Double(flexible.count) }
                return lengths
            }
            // The view hugging least stretches; among equals, the last.
            let axis = layoutAxis
            let loosest = views.indices.min { views[$0].contentHuggingPriority(for: axis) < views[$1].contentHuggingPriority(for: axis) }!
            let priority = views[loosest].contentHuggingPriority(for: axis)
            let stretched = views.indices.last { views[$0].contentHuggingPriority(for: axis) == priority }!
            lengths[stretched] += left
            return lengths
        }
        // Too long: the views that resist least give way first, the last of them first, each
        // down to nothing before the next.
        let axis = layoutAxis
        let order = views.indices.sorted { a, b in
            let (pa, pb) = (views[a].contentCompressionResistancePriority(for: axis), views[b].contentCompressionResistancePriority(for: axis))
            return pa != pb ? pa < pb : a > b
        }
        for index in order where left < 0 {
            let taken = min(lengths[index], -left)
            lengths[index] -= taken
            left += taken
        }
        return lengths
    }

    /// Where each view starts along the axis, from the leading edge of the content.
    private func mainStarts(lengths: [Double], available: Double) -> [Double] {
        let count = lengths.count
        var gaps = Array(repeating: spacing, count: max(count - 1, 0))
        if count > 1 {
            let total = lengths.reduce(0, +)
            switch distribution {
            case .equalSpacing:
                gaps = Array(repeating: max(spacing, (available - total) / Double(count - 1)), count: count - 1)
            case .equalCentering:
                // Centres `step` apart from the first view's to the last's, but never closer
                // than `spacing` between neighbours' edges.
                let span = available - lengths[0] / 2 - lengths[count - 1] / 2
                var step = span / Double(count - 1)
                for index in 0 ..< count - 1 { step = max(step, spacing + (lengths[index] + lengths[index + 1]) / 2) }
                gaps = (0 ..< count - 1).map { step - (lengths[$0] + lengths[$0 + 1]) / 2 }
            case .fill, .fillEqually, .fillProportionally:
                break
            }
        }
        var starts: [Double] = []
        starts.reserveCapacity(count)
        var position = 0.0
        for index in 0 ..< count {
            starts.append(position)
            position += lengths[index] + (index < count - 1 ? gaps[index] : 0)
        }
        return starts
    }

    /// Each view's offset and thickness across the axis, for ``alignment``.
    private func crossPlacements(of views: [View], available: Double) -> [(offset: Double, thickness: Double)] {
        let baselines = axis == .horizontal && (alignment == .firstBaseline || alignment == .lastBaseline)
        var placements = views.map { view -> (offset: Double, thickness: Double) in
            let natural = crossLength(of: view.intrinsicContentSize)
            let thickness = alignment == .fill || natural < 0 ? available : min(natural, available)
            switch alignment {
            case .fill, .leading, .firstBaseline, .lastBaseline: return (0, thickness)
            case .center: return (((available - thickness) / 2).rounded(.down), thickness)
            case .trailing: return (available - thickness, thickness)
            }
        }
        guard baselines else { return placements }
        // Each view's baseline below its top; the views move down so that all meet the lowest.
        let drops = views.indices.map { index -> Double in
            let (fraction, offset) = views[index].baselineLayout(last: alignment == .lastBaseline)
            return placements[index].thickness * fraction + offset
        }
        let line = drops.max() ?? 0
        for index in placements.indices { placements[index].offset = line - drops[index] }
        return placements
    }

    private var layoutAxis: LayoutConstraint.Axis { axis == .horizontal ? .horizontal : .vertical }
    private func length(of size: Size) -> Double { axis == .horizontal ? size.width : size.height }
    private func crossLength(of size: Size) -> Double { axis == .horizontal ? size.height : size.width }
}
