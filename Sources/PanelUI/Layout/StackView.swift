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

    /// How the length along the axis is shared.
    public enum Distribution: Sendable, Hashable {
        /// Intrinsic lengths; the room left over (or missing) goes to the views without an
        /// intrinsic length, shared equally, or to the last view when all have one.
        case fill
        /// Every view the same length, filling the stack.
        case fillEqually
        /// Intrinsic lengths, the room left over shared out as equal gaps (at least ``spacing``).
        case equalSpacing
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
        setNeedsLayout()
    }

    /// Takes a view out of the line; it stays a subview (as in UIKit).
    public func removeArrangedSubview(_ view: View) {
        arrangedSubviews.removeAll { $0 === view }
        setNeedsLayout()
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
        for view in shown {
            let size = view.intrinsicContentSize
            along += max(length(of: size), 0)
            across = max(across, crossLength(of: size))
        }
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
        var gap = spacing
        if distribution == .equalSpacing && shown.count > 1 {
            gap = max(spacing, (available - lengths.reduce(0, +)) / Double(shown.count - 1))
        }
        var position = axis == .horizontal ? box.minX : box.minY
        for (view, length) in zip(shown, lengths) {
            let natural = crossLength(of: view.intrinsicContentSize)
            let thickness = alignment == .fill || natural < 0 ? crossAvailable : min(natural, crossAvailable)
            let crossStart = axis == .horizontal ? box.minY : box.minX
            let offset: Double
            switch alignment {
            case .fill, .leading: offset = 0
            case .center: offset = ((crossAvailable - thickness) / 2).rounded(.down)
            case .trailing: offset = crossAvailable - thickness
            }
            // Under a right-to-left language the row runs from the right, and a column's
            // leading edge is its right one.
            view.frame = flippedForLayoutDirection(
                axis == .horizontal
                    ? Rect(x: position, y: crossStart + offset, width: length, height: thickness)
                    : Rect(x: crossStart + offset, y: position, width: thickness, height: length))
            position += length + gap
        }
    }

    /// Each view's length along the axis for `distribution`.
    private func mainLengths(of views: [View], available: Double) -> [Double] {
        let gaps = spacing * Double(views.count - 1)
        if distribution == .fillEqually {
            let each = max((available - gaps) / Double(views.count), 0)
            return Array(repeating: each, count: views.count)
        }
        var lengths = views.map { length(of: $0.intrinsicContentSize) }
        guard distribution == .fill else { return lengths.map { max($0, 0) } }
        let flexible = lengths.indices.filter { lengths[$0] < 0 }
        let fixed = lengths.filter { $0 >= 0 }.reduce(0, +)
        let left = available - gaps - fixed
        if flexible.isEmpty {
            lengths[lengths.count - 1] = max(lengths[lengths.count - 1] + left, 0)
        } else {
            for index in flexible { lengths[index] = max(left / Double(flexible.count), 0) }
        }
        return lengths
    }

    private func length(of size: Size) -> Double { axis == .horizontal ? size.width : size.height }
    private func crossLength(of size: Size) -> Double { axis == .horizontal ? size.height : size.width }
}
