/// Auto Layout on a view: its anchors, its constraints, and how it takes part (UIKit's
/// `UIView` constraint API).
extension View {
    /// Whether the view's frame, as set by code, is turned into constraints (UIKit's default,
    /// true): a view placed by frames that constraints refer to stays where its frame puts it.
    /// Set it false on every view that constraints place.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { autoLayout?.translatesAutoresizingMaskIntoConstraints ?? true }
        set {
            guard newValue != translatesAutoresizingMaskIntoConstraints else { return }
            autoLayoutState.translatesAutoresizingMaskIntoConstraints = newValue
            if let node = autoLayout?.node { node.engine?.translatesChanged(self, node) }
            if !newValue { setNeedsUpdateConstraints() }
        }
    }

    /// The constraints installed on this view: those whose items' nearest common ancestor it is.
    public var constraints: [LayoutConstraint] { autoLayout?.installed ?? [] }

    /// Activates `constraint` (UIKit's older `addConstraint(_:)`; prefer ``LayoutConstraint/isActive``).
    public func addConstraint(_ constraint: LayoutConstraint) { constraint.isActive = true }
    /// Activates each constraint.
    public func addConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }
    /// Deactivates `constraint`.
    public func removeConstraint(_ constraint: LayoutConstraint) { constraint.isActive = false }
    /// Deactivates each constraint.
    public func removeConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.deactivate(constraints) }

    // MARK: - Anchors

    /// The leading edge (the right one under a right-to-left language).
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    /// The trailing edge (the left one under a right-to-left language).
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    /// The left edge, whatever the language.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    /// The right edge, whatever the language.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    /// The horizontal centre.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    /// The top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    /// The vertical centre.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
    /// The baseline of the view's first line of text; the bottom edge for a view without text.
    public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .firstBaseline) }
    /// The baseline of the view's last line of text; the bottom edge for a view without text.
    public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .lastBaseline) }
    /// The width.
    public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    /// The height.
    public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }

    // MARK: - Hugging and compression resistance

    /// How strongly the view resists growing beyond its ``intrinsicContentSize`` along `axis`.
    /// Default ``LayoutPriority/defaultLow`` (250); a switch 750.
    public func contentHuggingPriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        let hugging = autoLayout?.hugging ?? (.defaultLow, .defaultLow)
        return axis == .horizontal ? hugging.horizontal : hugging.vertical
    }

    /// Sets how strongly the view resists growing beyond its intrinsic size along `axis`.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        guard priority != contentHuggingPriority(for: axis) else { return }
        let state = autoLayoutState
        if axis == .horizontal { state.hugging.horizontal = priority } else { state.hugging.vertical = priority }
        if let node = state.node { node.engine?.intrinsicChanged(self, node, prioritiesChanged: true) }
    }

    /// How strongly the view resists shrinking below its ``intrinsicContentSize`` along `axis`.
    /// Default ``LayoutPriority/defaultHigh`` (750).
    public func contentCompressionResistancePriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        let compression = autoLayout?.compression ?? (.defaultHigh, .defaultHigh)
        return axis == .horizontal ? compression.horizontal : compression.vertical
    }

    /// Sets how strongly the view resists shrinking below its intrinsic size along `axis`.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        guard priority != contentCompressionResistancePriority(for: axis) else { return }
        let state = autoLayoutState
        if axis == .horizontal { state.compression.horizontal = priority } else { state.compression.vertical = priority }
        if let node = state.node { node.engine?.intrinsicChanged(self, node, prioritiesChanged: true) }
    }

    // MARK: - Guides

    /// The guides added to the view (not the safe area or margins guides).
    public var layoutGuides: [LayoutGuide] { autoLayout?.guides ?? [] }

    /// Adds a guide to the view, to constrain like a subview.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView !== self else { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        autoLayoutState.guides.append(guide)
    }

    /// Removes a guide; the constraints on it are deactivated.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self else { return }
        deactivateConstraints { $0 === guide }
        autoLayout?.guides.removeAll { $0 === guide }
        window?.layoutEngineStorage?.release(guide)
        guide.owningView = nil
    }

    /// The part of the view not covered by the screen's unusable edges
    /// (``Window/screenSafeAreaInsets``) nor by its controllers' ``ViewController/additionalSafeAreaInsets``.
    public var safeAreaLayoutGuide: LayoutGuide {
        if let guide = autoLayout?.safeAreaGuide { return guide }
        let guide = LayoutGuide(role: .safeArea)
        guide.owningView = self
        autoLayoutState.safeAreaGuide = guide
        return guide
    }

    /// The view's bounds inside its ``layoutMargins`` (and, by default, its safe area).
    public var layoutMarginsGuide: LayoutGuide {
        if let guide = autoLayout?.marginsGuide { return guide }
        let guide = LayoutGuide(role: .margins)
        guide.owningView = self
        autoLayoutState.marginsGuide = guide
        return guide
    }

    /// How far the view's edges lie outside the safe area, in its own coordinates: where the
    /// screen's unusable edges and the controllers' additional insets overlap it.
    public var safeAreaInsets: EdgeInsets {
        guard let window else { return .zero }
        var safe = window.bounds.inset(by: window.screenSafeAreaInsets)
        var ancestor: View? = self
        var chain: [View] = []
        while let view = ancestor, view !== window {
            chain.append(view)
            ancestor = view.superview
        }
        for view in chain.reversed() {
            if let extra = view.viewController?.additionalSafeAreaInsets, extra != .zero {
                safe = safe.intersection(view.convert(view.bounds, to: window).inset(by: extra))
            }
        }
        let mine = convert(bounds, to: window)
        // The unusable edges are strips of the screen: the part of a view past the screen's
        // edge (content scrolled away, or below the fold) is off the screen, not in them. So a
        // scroll view's content keeps its insets however tall it grows or far it scrolls.
        let screen = window.bounds
        let (top, left) = (max(mine.minY, screen.minY), max(mine.minX, screen.minX))
        let (bottom, right) = (min(mine.maxY, screen.maxY), min(mine.maxX, screen.maxX))
        return EdgeInsets(
            top: min(max(safe.minY - top, 0), mine.height), left: min(max(safe.minX - left, 0), mine.width),
            bottom: min(max(bottom - safe.maxY, 0), mine.height), right: min(max(right - safe.maxX, 0), mine.width))
    }

    /// Room inside the view's edges that content keeps to, by leading and trailing: leading is
    /// the right edge under a right-to-left language. Default 8 points on every side (a
    /// ``StackView``'s: none).
    public var directionalLayoutMargins: DirectionalEdgeInsets {
        get { autoLayout?.directionalLayoutMargins ?? View.defaultLayoutMargins }
        set {
            guard newValue != directionalLayoutMargins else { return }
            autoLayoutState.directionalLayoutMargins = newValue
            layoutMarginsDidChange()
        }
    }

    /// The margins by left and right, for the view's direction now.
    public var layoutMargins: EdgeInsets {
        get { directionalLayoutMargins.resolved(for: effectiveUserInterfaceLayoutDirection) }
        set { directionalLayoutMargins = newValue.directional(for: effectiveUserInterfaceLayoutDirection) }
    }

    /// Whether ``layoutMarginsGuide`` also keeps inside the safe area. Default true.
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { autoLayout?.insetsLayoutMarginsFromSafeArea ?? true }
        set {
            guard newValue != insetsLayoutMarginsFromSafeArea else { return }
            autoLayoutState.insetsLayoutMarginsFromSafeArea = newValue
            layoutMarginsDidChange()
        }
    }

    static let defaultLayoutMargins = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)

    /// The margins guide's insets: the margins, plus the safe area when it counts.
    var marginsGuideInsets: EdgeInsets {
        var insets = layoutMargins
        if insetsLayoutMarginsFromSafeArea {
            let safe = safeAreaInsets
            insets = EdgeInsets(
                top: insets.top + safe.top, left: insets.left + safe.left, bottom: insets.bottom + safe.bottom, right: insets.right + safe.right)
        }
        return insets
    }

    /// The margins changed: the view lays out again, and the guide follows.
    func layoutMarginsDidChange() {
        setNeedsLayout()
        if let guide = autoLayout?.marginsGuide, let node = guide.layoutNode { node.engine?.guideInsetsChanged(node) }
    }

    // MARK: - Updating constraints

    /// Asks for ``updateConstraints()`` before the next layout.
    public func setNeedsUpdateConstraints() {
        autoLayoutState.needsUpdateConstraints = true
        if let window { window.layoutEngine.needsConstraintUpdate(self) }
    }

    /// Whether ``updateConstraints()`` is pending.
    public func needsUpdateConstraints() -> Bool { autoLayout?.needsUpdateConstraints ?? false }

    /// Runs the pending ``updateConstraints()`` of this view and its subviews now (subviews first).
    public func updateConstraintsIfNeeded() {
        for subview in subviews { subview.updateConstraintsIfNeeded() }
        guard let state = autoLayout, state.needsUpdateConstraints else { return }
        state.needsUpdateConstraints = false
        viewController?.updateViewConstraints()
        updateConstraints()
    }

    // MARK: - Fitting

    /// The size the view's constraints give it, as close to `targetSize` as they allow
    /// (``LayoutPriority/fittingSizeLevel``): ``View/layoutFittingCompressedSize`` for the
    /// smallest, ``View/layoutFittingExpandedSize`` for the largest.
    public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the view's constraints give it, pulled towards `targetSize` at the priorities
    /// given: `.required` holds that width (or height) exactly, as a table cell's width is.
    public func systemLayoutSizeFitting(
        _ targetSize: Size, withHorizontalFittingPriority horizontal: LayoutPriority, verticalFittingPriority vertical: LayoutPriority
    ) -> Size {
        LayoutEngine.fittingSize(of: self, target: targetSize, horizontal: horizontal, vertical: vertical)
    }

    /// The smallest size: what ``systemLayoutSizeFitting(_:)`` is usually asked for.
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// The largest size.
    public static let layoutFittingExpandedSize = Size(width: 100_000, height: 100_000)

    // MARK: - Leaving a hierarchy

    /// Deactivates the constraints above the view that name it or a view below it: they would
    /// have no common ancestor once it leaves `parent` (as UIKit does on removal).
    func deactivateConstraintsLeavingWith(_ parent: View) {
        var ancestor: View? = parent
        while let view = ancestor {
            if let installed = view.autoLayout?.installed, !installed.isEmpty {
                for constraint in installed where constraint.names(aViewIn: self) {
                    constraint.isActive = false
                }
            }
            ancestor = view.superview
        }
    }

    /// Deactivates the constraints installed here whose items `matches`.
    func deactivateConstraints(where matches: (AnyObject) -> Bool) {
        var ancestor: View? = self
        while let view = ancestor {
            for constraint in view.autoLayout?.installed ?? [] {
                if let first = constraint.first, matches(first) {
                    constraint.isActive = false
                } else if let second = constraint.second, matches(second) {
                    constraint.isActive = false
                }
            }
            ancestor = view.superview
        }
    }
}

extension LayoutConstraint {
    /// A direction of layout: UIKit's `NSLayoutConstraint.Axis`.
    public enum Axis: Sendable, Hashable {
        case horizontal, vertical
    }

    /// Whether an item is `root` or lies below it.
    func names(aViewIn root: View) -> Bool {
        for item in [first, second] {
            guard let view = item?.layoutView else { continue }
            if view === root || view.isDescendant(of: root) { return true }
        }
        return false
    }
}
