/// A rectangle on screen that draws and handles touches: UIKit's `UIView`.
///
/// Geometry follows UIKit: ``frame`` is in the superview's coordinates, ``bounds`` is the view's
/// own coordinate system (a non-zero bounds origin shifts the content and is honoured by
/// hit-testing and conversion), ``center`` is the frame's centre, and ``transform`` scales,
/// moves or turns the view about that centre.
///
/// Subclass and override ``hitTest(_:with:)``, ``point(inside:with:)``, ``layoutSubviews()``, the
/// responder methods, and the hierarchy hooks (``willMove(toSuperview:)`` …) as in UIKit.
///
/// Unlike UIKit, the geometry and colour properties (``frame``, ``bounds``, ``center``,
/// ``transform``, ``alpha``, ``backgroundColor``, the border and corner, and the controls' tint
/// colours and values) are `final`: an overridable property's in-place mutation
/// (`view.frame.origin.x += 1`) goes through a dynamically dispatched accessor whose frame is
/// allocated on the heap, and PanelKit allocates nothing in steady state. React to geometry in
/// ``layoutSubviews()`` and draw in ``draw(_:in:)`` instead of overriding them.
@MainActor
open class View: Responder {
    // MARK: - Geometry

    // The fields hit-testing reads for every sibling it scans are exempt from dynamic
    // exclusivity checks (`@exclusivity(unchecked)`): they are plain values, read and written
    // only on the main actor, never accessed in place across a call. The checks cost more than
    // the rest of the scan (see BENCHMARKS.md).
    @exclusivity(unchecked) private var frameOrigin: Point
    @exclusivity(unchecked) private var _bounds: Rect

    /// The view's rectangle in its superview's coordinates. Setting it keeps the bounds origin
    /// and takes the size. While ``transform`` is not the identity, it is the smallest
    /// rectangle holding the transformed view (UIKit calls it undefined then); setting it then
    /// moves the centre to the new rectangle's centre and keeps the bounds.
    public final var frame: Rect {
        get {
            let untransformed = Rect(origin: frameOrigin, size: _bounds.size)
            return hasTransform ? untransformed.transformedAboutCenter(by: _transform) : untransformed
        }
        set {
            let newFrame = newValue.standardized
            if hasTransform {
                setUntransformedFrame(
                    Rect(
                        x: newFrame.midX - _bounds.width / 2, y: newFrame.midY - _bounds.height / 2, width: _bounds.width,
                        height: _bounds.height))
            } else {
                setUntransformedFrame(newFrame)
            }
        }
    }

    /// The frame as it would be without the transform: where the centre and the bounds size
    /// put the view (what frame animations move).
    var untransformedFrame: Rect { Rect(origin: frameOrigin, size: _bounds.size) }

    private func setUntransformedFrame(_ newFrame: Rect) {
        let old = untransformedFrame
        guard newFrame != old else { return }
        let oldExtent = displayedExtent
        if ViewAnimation.recording != nil { recordAnimated(.frame(from: presentationFrame, to: newFrame)) }
        frameOrigin = newFrame.origin
        let sizeChanged = _bounds.size != newFrame.size
        _bounds.size = newFrame.size
        geometryChanged(oldExtent: oldExtent, sizeChanged: sizeChanged)
        if sizeChanged, _window === self, let window = self as? Window { window.sizeDidChange(from: old.size) }
        // A frame-based view that constraints refer to moves the variables they see.
        if let node = autoLayout?.node { node.engine?.frameChanged(self, node) }
    }

    /// The view's own coordinate system: its origin is the point shown at the frame's top-left
    /// corner; its size is the frame's size.
    public final var bounds: Rect {
        get { _bounds }
        set {
            let old = displayedExtent
            let newBounds = newValue.standardized
            guard newBounds != _bounds else { return }
            let sizeChanged = _bounds.size != newBounds.size
            let oldSize = _bounds.size
            // UIKit keeps the centre fixed when the bounds size changes.
            let center = self.center
            _bounds = newBounds
            frameOrigin = Point(x: center.x - newBounds.width / 2, y: center.y - newBounds.height / 2)
            geometryChanged(oldExtent: old, sizeChanged: sizeChanged)
            setNeedsDisplay()
            if sizeChanged, _window === self, let window = self as? Window { window.sizeDidChange(from: oldSize) }
            if let node = autoLayout?.node { node.engine?.frameChanged(self, node) }
        }
    }

    /// The centre of ``frame``, in the superview's coordinates.
    public final var center: Point {
        get { Point(x: frameOrigin.x + _bounds.width / 2, y: frameOrigin.y + _bounds.height / 2) }
        set {
            setUntransformedFrame(
                Rect(
                    x: newValue.x - _bounds.width / 2, y: newValue.y - _bounds.height / 2,
                    width: _bounds.width, height: _bounds.height))
        }
    }

    @exclusivity(unchecked) private var _transform = AffineTransform.identity
    /// Whether ``transform`` is not the identity: hit-testing reads it for every view it scans,
    /// and takes the plain path when it is false.
    @exclusivity(unchecked) private(set) var hasTransform = false

    /// Scales, moves or turns the view and its subviews about its centre, as UIKit's
    /// `transform`: drawing, hit-testing, `convert(_:to:)` and ``frame`` follow it;
    /// ``bounds`` and ``center`` do not change. Animatable. A transform that cannot be inverted
    /// (a zero scale, or a number that is not finite) makes the view invisible and untouchable
    /// until it is replaced. Default `AffineTransform/identity`.
    public final var transform: AffineTransform {
        get { _transform }
        set {
            guard newValue != _transform else { return }
            if ViewAnimation.recording != nil { recordAnimated(.transform(TransformInterpolation(from: presentationTransform, to: newValue))) }
            let old = drawnExtentInSuperview
            _transform = newValue
            hasTransform = !newValue.isIdentity
            transformChanged(from: old)
        }
    }

    /// Redraws the area the view covered (`oldExtent`: its frame, or for a transformed view
    /// ``drawnExtentInSuperview``) and the area it covers now, and asks for layout.
    private func geometryChanged(oldExtent: Rect, sizeChanged: Bool) {
        if sizeChanged { setNeedsLayout() }
        superview?.setNeedsLayout()
        if let superview {
            superview.setNeedsDisplay(oldExtent)
            superview.setNeedsDisplay(displayedExtent)
        } else {
            setNeedsDisplay()
            (self as? Window)?.invalidateScreen(oldExtent)
        }
    }

    // MARK: - Appearance that affects touches

    /// Hidden views are not drawn and not hit-tested, nor are their subviews. (Not `open`, nor
    /// are ``alpha`` and ``isUserInteractionEnabled``: hit-testing reads all three for every
    /// view it scans, and a call per read would double its cost; override ``hitTest(_:with:)``
    /// or ``point(inside:with:)`` to change what is hit.)
    @exclusivity(unchecked) public var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            invalidateInSuperview()
            if let window = self as? Window { window.visibilityChanged() }
            // A hidden arranged view gives its room back (and takes it again when shown).
            if let stack = superview as? StackView, stack.arrangedSubviews.contains(where: { $0 === self }) {
                stack.arrangementChanged()
            }
        }
    }

    /// Opacity 0…1. Views with alpha below 0.01 are not hit-tested (E10: exactly 0.01 is).
    @exclusivity(unchecked) public final var alpha = 1.0 {
        didSet {
            guard alpha != oldValue else { return }
            if ViewAnimation.recording != nil { recordAnimated(.alpha(from: presentation?.alpha ?? oldValue, to: alpha)) }
            invalidateInSuperview()
        }
    }

    /// Whether a view with an ``alpha`` below 1 fades with its subviews as one layer
    /// (CALayer's `allowsGroupOpacity`): the subtree is drawn opaque off screen, then put on
    /// screen at the view's alpha, so overlapping subviews do not show through each other.
    /// Default false, unlike iOS: each view then fades on its own (its alpha multiplies its
    /// subviews'), which needs no off-screen pixels on a panel's small memory. The off-screen
    /// layer is kept while the view stays faded, so a fade allocates once.
    @exclusivity(unchecked) public final var allowsGroupOpacity = false {
        didSet { if allowsGroupOpacity != oldValue && alpha < 1 { invalidateInSuperview() } }
    }

    /// Whether touches may hit this view and its subviews. Default true (false for `Label` and
    /// `ImageView`).
    @exclusivity(unchecked) public var isUserInteractionEnabled = true

    /// Whether the view can take the focus (arrows, select, an encoder); false by default,
    /// true for enabled controls.
    open var canBecomeFocused: Bool { false }
    /// Where the view comes in next/previous focus order (an encoder's detents, next and
    /// previous presses), as HTML's `tabindex`: views with an order come first, lowest first,
    /// then the rest in reading order (top to bottom, then left to right). nil (the default):
    /// reading order. Arrows still move to the nearest view in their direction.
    @exclusivity(unchecked) public var focusOrder: Int?
    /// Whether the view has the focus (its window's ``Window/focusedView``): it shows a focus
    /// ring.
    @exclusivity(unchecked) public internal(set) var isFocused = false {
        didSet { if isFocused != oldValue { setNeedsDisplay() } }
    }
    /// Whether a screen reader is on this element (``ScreenReader/focusedElement``): it is
    /// outlined like the focus, for a sighted helper.
    @exclusivity(unchecked) public internal(set) var isAccessibilityFocused = false {
        didSet { if isAccessibilityFocused != oldValue { setNeedsDisplay() } }
    }

    /// Whether the view receives every touch that starts in it, rather than only the first of a
    /// multi-touch sequence (A10). Default false.
    @exclusivity(unchecked) open var isMultipleTouchEnabled = false

    /// Whether the view, while tracking a touch, keeps every other view of its window from
    /// receiving touches, and receives a touch only when no other view of the window is
    /// tracking one (A11). Recognizers ignore it. Default false.
    @exclusivity(unchecked) open var isExclusiveTouch = false

    /// Whether drawing of the view's content and subviews is clipped to its bounds, with the
    /// corners rounded to ``cornerRadius`` (CALayer's `masksToBounds`), anti-aliased. As in
    /// UIKit, it clips the view's own shadow away too: put a shadow on a container of the
    /// clipped view. It does not affect hit-testing: a point outside a view's bounds never hits
    /// it or its subviews (A8).
    @exclusivity(unchecked) open var clipsToBounds = false {
        didSet { if clipsToBounds != oldValue { setNeedsDisplay() } }
    }

    // MARK: - Appearance

    /// The colour filling the bounds (inside ``cornerRadius``) before ``draw(_:in:)``. Default
    /// nil: nothing is filled and what is behind shows through.
    public final var backgroundColor: Color? {
        didSet {
            guard backgroundColor != oldValue else { return }
            if ViewAnimation.recording != nil {
                let shown = presentation?.backgroundColor ?? .some(oldValue)
                recordAnimated(.backgroundColor(from: shown ?? nil, to: backgroundColor))
            }
            setNeedsDisplay()
        }
    }

    /// Whether the view paints every pixel of its bounds opaquely (UIKit's `isOpaque` hint):
    /// the display then draws nothing of what lies behind it. A view with an opaque
    /// ``backgroundColor`` and no ``cornerRadius`` counts as opaque without it. Default false
    /// (UIKit's default is true, but there it only tunes blending); set it only on a view whose
    /// ``draw(_:in:)`` covers its bounds, or what is behind it shows stale pixels.
    @exclusivity(unchecked) public var isOpaque = false {
        didSet { if isOpaque != oldValue { setNeedsDisplay() } }
    }

    /// Whether the view hides everything behind its frame: ``isOpaque``, or an opaque
    /// background with square corners, as the screen shows it now.
    var coversFrameOpaquely: Bool {
        if isOpaque { return true }
        guard cornerRadius == 0, let background = presentationBackgroundColor else { return false }
        return background.alpha == 255
    }

    /// The radius of the rounded corners of the background, the border, the shadow and (with
    /// ``clipsToBounds``) the clip, in points. Default 0. A radius larger than half the
    /// shorter side draws as half of it (a capsule or a circle); one below zero or not finite
    /// is reported (`UsageWarning`) and taken as 0.
    @exclusivity(unchecked) public final var cornerRadius = 0.0 {
        didSet {
            if !cornerRadius.isFinite || cornerRadius < 0 {
                UsageWarning.report(
                    "cornerRadius",
                    "\(cornerRadius) is not a radius, so the corners are square: give a finite radius of 0 or more")
                cornerRadius = 0
            }
            if cornerRadius != oldValue { setNeedsDisplay() }
        }
    }

    /// The width of the border drawn inside the bounds, above the content and the subviews (as
    /// CALayer draws it), rounded to whole pixels. Default 0: no border.
    @exclusivity(unchecked) public final var borderWidth = 0.0 {
        didSet { if borderWidth != oldValue { setNeedsDisplay() } }
    }

    /// The border's colour. Default black, or the palette's colour named by
    /// ``paletteBorder``.
    public final var borderColor: Color {
        get { _borderColor.resolved(in: self) }
        set { setThemed(&_borderColor, to: newValue) }
    }
    /// The border colour the app set, if any, else the palette's role.
    @exclusivity(unchecked) var _borderColor = Themed<View, Color>(fallback: { $0.paletteBorderColor })

    /// The view's traits changed (light or dark, contrast, size classes when the window is
    /// resized or turned, text size): UIKit's `traitCollectionDidChange`.
    /// The view draws again in any case; override to update what it keeps of its look (call
    /// super). Colours set through ``applyTheme(_:)`` are updated without it.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection) {}

    /// The view's ``tintColor`` changed (set on it or an ancestor): UIKit's
    /// `tintColorDidChange`. The view draws again in any case; override to update what it
    /// keeps of its tint (call super).
    open func tintColorDidChange() {}

    /// Draws the view's content over its background, in bounds coordinates: the canvas is
    /// translated so that (0, 0) is the bounds origin, and clipped to the area being redrawn
    /// (`rect`, in bounds coordinates), which never extends past the bounds. Default: nothing.
    /// Override to draw custom content; call ``View/setNeedsDisplay()`` or
    /// ``View/setNeedsDisplay(_:)`` when it changes.
    open func draw(_ rect: Rect, in canvas: inout Canvas) {}

    /// A number to find the view with ``viewWithTag(_:)``. Default 0.
    @exclusivity(unchecked) open var tag = 0

    // MARK: - Hierarchy

    /// The view that contains this one.
    public var superview: View? { _superview }
    // The references up the tree are unowned and unchecked, yet never dangle: a view's
    // superview holds it (in `subviews`) for as long as `_superview` names it, and clears it
    // when it lets go (`detach(_:)`, or its own `deinit`); a view's `_window` is set only while
    // the view is in that window's tree, and a window's `deinit` clears it in the whole tree.
    // So they read like weak references to apps, without weak references' cost: every read of
    // a weak reference, and every retain and release of a weakly referenced object, goes
    // through a side table, and dispatch reads them on every touch.
    @exclusivity(unchecked) private unowned(unsafe) var _superview: View?
    /// The contained views, back to front.
    @exclusivity(unchecked) public private(set) var subviews: [View] = []
    @exclusivity(unchecked) unowned(unsafe) var _window: Window?
    /// The view controller whose root view this is.
    weak var viewController: ViewController?
    /// Auto Layout's state for the view (View+AutoLayout.swift), made when first used.
    @exclusivity(unchecked) var autoLayout: AutoLayoutState?

    /// The window the view is in, or nil.
    public var window: Window? { _window }

    /// Creates a view with a frame.
    public init(frame: Rect = .zero) {
        let frame = frame.standardized
        frameOrigin = frame.origin
        _bounds = Rect(origin: .zero, size: frame.size)
        super.init()
    }

    /// Lets go of the subviews: those that live on (an app still holds them) no longer have a
    /// superview, and when this is a window, nothing in its tree is in a window any more.
    isolated deinit {
        autoLayout?.viewIsGoing(self)
        let leavingWindow = _window === self
        for subview in subviews {
            subview._superview = nil
            if leavingWindow { subview.clearWindowRecursively() }
        }
    }

    private func clearWindowRecursively() {
        _window = nil
        for subview in subviews { subview.clearWindowRecursively() }
    }

    /// Adds `view` on top of the other subviews (moving it from its old superview).
    open func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in ``subviews`` (clamped to the valid range).
    ///
    /// Adding a view to itself or to one of its own subviews (a cycle), or adding a ``Window``,
    /// is a mistake that is reported (`UsageWarning`) and ignored.
    open func insertSubview(_ view: View, at index: Int) {
        if view === self || isDescendant(of: view) {
            UsageWarning.report(
                "addSubview(_:)",
                "adding \(type(of: view)) to \(type(of: self)) would make a cycle in the view tree, so it was not added: a view cannot contain itself or an ancestor"
            )
            return
        }
        if view is Window {
            UsageWarning.report("addSubview(_:)", "a Window cannot be a subview, so it was not added: add it to the application (application.addWindow(_:))")
            return
        }
        if view.superview === self {
            let current = subviews.firstIndex { $0 === view }!
            subviews.remove(at: current)
            subviews.insert(view, at: min(max(index, 0), subviews.count))
            setNeedsDisplay(view.displayedExtent)
            return
        }
        let newWindow = _window
        view.willMove(toSuperview: self)
        if view.window !== newWindow { view.propagateWillMove(toWindow: newWindow) }
        if let old = view.superview {
            view.deactivateConstraintsLeavingWith(old)
            old.detach(view)
        }
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view._superview = self
        if view.needsLayout || view.subtreeNeedsLayout {
            subtreeNeedsLayout = true
            markAncestorsForLayout()
        }
        if view.needsUpdateProperties || view.subtreeNeedsUpdateProperties { markSubtreeForPropertyUpdate() }
        view.updateWindow(newWindow)
        didAddSubview(view)
        view.didMoveToSuperview()
        view.refreshAppearanceAfterMove()
        setNeedsLayout()
        setNeedsDisplay(view.displayedExtent)
    }

    /// Inserts `view` just above `sibling`. A `sibling` that is not a subview is a mistake that
    /// is reported (`UsageWarning`) and ignored.
    open func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else {
            UsageWarning.report(
                "insertSubview(_:aboveSubview:)", "the sibling \(type(of: sibling)) is not a subview of \(type(of: self)), so nothing was inserted")
            return
        }
        insertSubview(view, at: isBefore(view, index) ? index : index + 1)
    }

    /// Inserts `view` just below `sibling`. A `sibling` that is not a subview is a mistake that
    /// is reported (`UsageWarning`) and ignored.
    open func insertSubview(_ view: View, belowSubview sibling: View) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else {
            UsageWarning.report(
                "insertSubview(_:belowSubview:)", "the sibling \(type(of: sibling)) is not a subview of \(type(of: self)), so nothing was inserted")
            return
        }
        insertSubview(view, at: isBefore(view, index) ? index - 1 : index)
    }

    /// Whether `view` is already a subview, below position `index`.
    private func isBefore(_ view: View, _ index: Int) -> Bool {
        guard view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) else { return false }
        return current < index
    }

    /// Removes the view from its superview (and its window: touches on it are cancelled, A39).
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        deactivateConstraintsLeavingWith(parent)
        willMove(toSuperview: nil)
        if _window != nil { propagateWillMove(toWindow: nil) }
        parent.detach(self)
        updateWindow(nil)
        didMoveToSuperview()
    }

    private func detach(_ view: View) {
        willRemoveSubview(view)
        if let index = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: index)
        }
        view._superview = nil
        setNeedsLayout()
        setNeedsDisplay(view.displayedExtent)
    }

    /// Swaps the subviews at two indices.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        subviews.swapAt(index1, index2)
        setNeedsDisplay(subviews[index1].displayedExtent.union(subviews[index2].displayedExtent))
    }

    /// Moves a subview to the front (the end of ``subviews``).
    open func bringSubviewToFront(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: index))
        setNeedsDisplay(view.displayedExtent)
    }

    /// Moves a subview to the back (the start of ``subviews``).
    open func sendSubviewToBack(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: index), at: 0)
        setNeedsDisplay(view.displayedExtent)
    }

    /// Whether this view is `view` or inside it.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// This view or the first descendant (depth first, back to front) with `tag`.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    private func propagateWillMove(toWindow window: Window?) {
        willMove(toWindow: window)
        for subview in subviews { subview.propagateWillMove(toWindow: window) }
    }

    func updateWindow(_ newWindow: Window?) {
        let oldWindow = _window
        guard oldWindow !== newWindow else { return }
        oldWindow?.layoutEngineStorage?.subtreeLeft(self)
        setWindowRecursively(newWindow, leaving: oldWindow)
        oldWindow?.viewsLeftWindow()
        if let newWindow { LayoutEngine.subtreeJoined(self, newWindow) }
    }

    private func setWindowRecursively(_ newWindow: Window?, leaving oldWindow: Window?) {
        if let oldWindow, oldWindow.firstResponder === self {
            oldWindow.firstResponder = nil
        }
        if let controller = viewController, let oldWindow, oldWindow.firstResponder === controller {
            oldWindow.firstResponder = nil
        }
        _window = newWindow
        for subview in subviews { subview.setWindowRecursively(newWindow, leaving: oldWindow) }
        didMoveToWindow()
        if newWindow != nil { setNeedsDisplay() }
    }

    /// Called before the view moves to a new superview (nil when it is removed).
    open func willMove(toSuperview newSuperview: View?) {}
    /// Called after the view moved to a new superview (or was removed).
    open func didMoveToSuperview() {}
    /// Called before the view (or an ancestor) moves to another window.
    open func willMove(toWindow newWindow: Window?) {}
    /// Called after the view (or an ancestor) moved to another window.
    open func didMoveToWindow() {}
    /// Called after a subview was added.
    open func didAddSubview(_ subview: View) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: View) {}

    // MARK: - Responder

    /// The view controller whose root view this is, else the superview (A12).
    open override var next: Responder? {
        if let viewController { return viewController }
        return superview
    }

    override var firstResponderWindow: Window? { _window }

    // MARK: - Coordinates

    /// Converts a point from this view's bounds coordinates to `view`'s (window coordinates when
    /// `view` is nil). Works between any two views, in one window or several.
    public func convert(_ point: Point, to view: View?) -> Point {
        let screen = convertToScreen(point)
        if let view { return view.convertFromScreen(screen) }
        return rootView.convertFromScreen(screen)
    }

    /// Converts a point from `view`'s bounds coordinates (window coordinates when nil) to this
    /// view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        if let view { return convertFromScreen(view.convertToScreen(point)) }
        return convertFromScreen(rootView.convertToScreen(point))
    }

    /// Converts a rectangle from this view's bounds coordinates to `view`'s: the smallest
    /// rectangle holding its converted corners when a transform lies between the two.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let target = view ?? rootView
        guard hasTransformInChain || target.hasTransformInChain else {
            return Rect(origin: convert(rect.origin, to: view), size: rect.size)
        }
        return Self.boundingBox(of: rect) { convert($0, to: view) }
    }

    /// Converts a rectangle from `view`'s bounds coordinates to this view's (a bounding box
    /// when a transform lies between the two).
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        let source = view ?? rootView
        guard hasTransformInChain || source.hasTransformInChain else {
            return Rect(origin: convert(rect.origin, from: view), size: rect.size)
        }
        return Self.boundingBox(of: rect) { convert($0, from: view) }
    }

    private static func boundingBox(of rect: Rect, mapping map: (Point) -> Point) -> Rect {
        let r = rect.standardized
        let corners = (
            map(Point(x: r.minX, y: r.minY)), map(Point(x: r.maxX, y: r.minY)), map(Point(x: r.minX, y: r.maxY)),
            map(Point(x: r.maxX, y: r.maxY))
        )
        let minX = min(min(corners.0.x, corners.1.x), min(corners.2.x, corners.3.x))
        let maxX = max(max(corners.0.x, corners.1.x), max(corners.2.x, corners.3.x))
        let minY = min(min(corners.0.y, corners.1.y), min(corners.2.y, corners.3.y))
        let maxY = max(max(corners.0.y, corners.1.y), max(corners.2.y, corners.3.y))
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether this view or an ancestor has a transform.
    private var hasTransformInChain: Bool {
        var current: View? = self
        while let view = current {
            if view.hasTransform { return true }
            current = view.superview
        }
        return false
    }

    /// Maps a point in bounds coordinates to screen coordinates: through every superview, then
    /// the root's frame (a window's frame is on the screen).
    func convertToScreen(_ point: Point) -> Point {
        var p = point
        var current: View? = self
        while let view = current {
            p = view.convertToSuperview(p)
            current = view.superview
        }
        return p
    }

    /// The inverse of ``convertToScreen(_:)``: from the root down.
    func convertFromScreen(_ point: Point) -> Point {
        convertFromSuperview(superview?.convertFromScreen(point) ?? point)
    }

    /// A point in bounds coordinates, in the superview's bounds coordinates.
    @inline(__always)
    func convertToSuperview(_ p: Point) -> Point {
        guard hasTransform else {
            return Point(x: p.x + frameOrigin.x - _bounds.origin.x, y: p.y + frameOrigin.y - _bounds.origin.y)
        }
        let turned = Point(x: p.x - _bounds.midX, y: p.y - _bounds.midY).applying(_transform)
        return Point(x: turned.x + frameOrigin.x + _bounds.width / 2, y: turned.y + frameOrigin.y + _bounds.height / 2)
    }

    /// A point in the superview's bounds coordinates, in this view's; a transform that cannot
    /// be inverted gives a point that is in no view (NaN).
    @inline(__always)
    func convertFromSuperview(_ p: Point) -> Point {
        if _slowPath(hasTransform) { return convertThroughTransform(fromSuperview: p) }
        return Point(x: p.x - frameOrigin.x + _bounds.origin.x, y: p.y - frameOrigin.y + _bounds.origin.y)
    }

    /// Out of line, so that the hit-test scan, which inlines ``convertFromSuperview(_:)`` for
    /// every sibling, stays as small as it was before views had transforms.
    @inline(never)
    private func convertThroughTransform(fromSuperview p: Point) -> Point {
        guard _transform.isInvertible else { return Point(x: Double.nan, y: Double.nan) }
        let relative = Point(x: p.x - frameOrigin.x - _bounds.width / 2, y: p.y - frameOrigin.y - _bounds.height / 2)
        let local = relative.applying(_transform.inverted())
        return Point(x: local.x + _bounds.midX, y: local.y + _bounds.midY)
    }

    /// The top ancestor (the window, if any).
    var rootView: View {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    // MARK: - Hit-testing

    /// The deepest visible, interactive descendant (or this view) that contains `point`, given
    /// in this view's bounds coordinates (A8):
    /// nil if the view is hidden, has user interaction disabled, has alpha below 0.01, or
    /// ``point(inside:with:)`` is false; otherwise the first non-nil answer of the subviews,
    /// front-most first, else the view itself. Override to redirect touches.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point, with: event) else {
            return nil
        }
        // The scan holds the subviews array (a copy: a handler that rearranges the subviews
        // does not disturb it), which keeps every element alive, so each subview is called
        // through a borrowed reference: a retain and a release per sibling would cost more
        // than the rest of its test (see BENCHMARKS.md).
        let list = subviews
        var index = list.count - 1
        while index >= 0 {
            let hit = withBorrowed(Unmanaged.passUnretained(list[index])) { subview in
                subview.hitTest(subview.convertFromSuperview(point), with: event)
            }
            if let hit { return hit }
            index -= 1
        }
        return self
    }

    /// Whether `point` (in bounds coordinates) is inside the view: in ``bounds``, minimum edges
    /// included, maximum edges excluded. Override to grow or shrink the touch area (for example
    /// to make a small button answer in 44×44).
    open func point(inside point: Point, with event: Event?) -> Bool {
        boundsContain(point)
    }

    /// Whether `point` is in the bounds, minimum edges included: the bounds are kept
    /// standardized (every setter standardizes), so no edge needs its sign checked, which
    /// hit-testing does for every sibling it scans.
    @inline(__always) final func boundsContain(_ point: Point) -> Bool {
        let b = _bounds
        return point.x >= b.origin.x && point.x < b.origin.x + b.size.width && point.y >= b.origin.y && point.y < b.origin.y + b.size.height
    }

    // MARK: - Gesture recognizers

    /// The gesture recognizers attached to this view, in the order they were added.
    @exclusivity(unchecked) public private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The context menus on this view (kept alive by it, as UIKit's interactions are).
    var contextMenus: [ContextMenu] = []

    /// Attaches a recognizer (detaching it from its previous view). A recognizer added while a
    /// touch is down ignores that touch (E3).
    open func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if recognizer.view === self { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.attach(to: self)
    }

    /// Detaches a recognizer.
    open func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        gestureRecognizers.remove(at: index)
        recognizer.attach(to: nil)
    }

    /// Whether `recognizer` may leave the possible state when that would cancel this view's
    /// touches (A29). Default true; standard controls refuse their ancestors' default gestures.
    open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }

    // MARK: - Accessibility (Accessibility/View+Accessibility.swift)

    /// What the app set about the view's accessibility; nil until it sets something.
    var accessibilityOverrides: AccessibilityOverrides?
    /// The app's appearance settings for the view (View+Appearance.swift); nil until it makes one.
    @exclusivity(unchecked) var appearanceOverrides: AppearanceOverrides?

    /// How the view describes itself to a screen reader where the app has not: override to
    /// describe a custom view from its state (read `super.accessibilityDefaults` to start from
    /// the inherited description). Default: not an element, nothing to say.
    open var accessibilityDefaults: AccessibilityDescription { AccessibilityDescription() }

    /// Activates the element, as a screen reader's double tap or select key does; returns
    /// whether it did something. Default false.
    open func accessibilityActivate() -> Bool { false }

    /// Raises an adjustable element's value by one step, as a reader's up key does. Default:
    /// nothing.
    open func accessibilityIncrement() {}

    /// Lowers an adjustable element's value by one step. Default: nothing.
    open func accessibilityDecrement() {}

    /// Goes back, as a screen reader's back key does: a navigation stack pops, an alert
    /// cancels. The reader asks the element it is on, then each superview, until one returns
    /// true. Default false.
    open func accessibilityPerformEscape() -> Bool { false }

    // MARK: - Layout

    /// Whether ``layoutSubviews()`` will run at the next layout pass.
    @exclusivity(unchecked) public private(set) var needsLayout = true {
        didSet { if needsLayout { markAncestorsForLayout() } }
    }

    /// Whether ``updateProperties()`` will run at the next update pass (View+UpdateProperties.swift).
    @exclusivity(unchecked) public internal(set) var needsUpdateProperties = true
    /// Whether some descendant needs its properties updated.
    @exclusivity(unchecked) var subtreeNeedsUpdateProperties = false
    /// The passes whose @Observable reads are being tracked now (View+Observation.swift).
    @exclusivity(unchecked) var observedPasses = ObservedPasses()

    /// Whether some descendant needs layout: the layout pass visits only the branches that
    /// lead to one, so a frame that changes nothing costs nothing, however many views there are.
    @exclusivity(unchecked) private var subtreeNeedsLayout = false

    /// Asks for ``layoutSubviews()`` at the next layout pass (the end of the run-loop turn).
    public func setNeedsLayout() { needsLayout = true }

    /// Sets ``subtreeNeedsLayout`` up the chain, stopping at the first ancestor that has it
    /// (its own ancestors have it too, or are in the middle of laying it out).
    private func markAncestorsForLayout() {
        var ancestor = superview
        while let view = ancestor, !view.subtreeNeedsLayout {
            view.subtreeNeedsLayout = true
            ancestor = view.superview
        }
    }

    /// Runs ``layoutSubviews()`` now if a layout is pending, then does the same for the subviews.
    public func layoutIfNeeded() {
        // Constraints first: the window's engine moves the views they place (LayoutEngine.swift),
        // then frame-based layouts run, as often as they move views constraints refer to.
        if let engine = _window?.layoutEngineStorage, engine.needsApply, !engine.isApplying {
            engine.layout(from: self)
            return
        }
        layoutSubtreeIfNeeded()
    }

    /// ``layoutIfNeeded()`` without the engine: this view's pending layouts and its subviews'.
    func layoutSubtreeIfNeeded() {
        guard needsLayout || subtreeNeedsLayout else { return }
        subtreeNeedsLayout = false
        if needsLayout {
            needsLayout = false
            // A controller's root view tells its controller around its own layout (UIKit's
            // viewWillLayoutSubviews and viewDidLayoutSubviews).
            let controller = viewController
            // @Observable properties read here are tracked: a change lays the view out again.
            observing(.layout) {
                controller?.viewWillLayoutSubviews()
                layoutSubviews()
                controller?.viewDidLayoutSubviews()
            }
        }
        var index = 0
        while index < subviews.count {
            subviews[index].layoutSubtreeIfNeeded()
            index += 1
        }
    }

    /// What the screen shows while an animation moves the view (ViewAnimation.swift).
    @exclusivity(unchecked) var presentation: ViewPresentation?

    /// The off-screen pixels a transformed view is drawn into before they are put on screen
    /// through its transform (kept while it stays transformed, so a moving view allocates
    /// nothing per frame; see ViewRenderer+Transform.swift).
    @exclusivity(unchecked) var transformLayer: Bitmap?

    /// The shadow's settings (View+Shadow.swift) and its blurred mask, kept while the shadow
    /// and the view's size stay the same.
    @exclusivity(unchecked) var shadow = ViewShadow()
    @exclusivity(unchecked) var shadowMask: ShadowMask?

    /// The off-screen pixels a faded subtree is drawn into when it fades as one
    /// (``allowsGroupOpacity``; kept while it stays faded).
    @exclusivity(unchecked) var groupLayer: Bitmap?

    /// Lays out the subviews. Default: nothing. Override to position subviews from ``View/bounds``.
    open func layoutSubviews() {}

    /// Override to add or change the view's constraints in one place, and call `super` last
    /// (View+AutoLayout.swift). It runs before layout in the turn after
    /// ``setNeedsUpdateConstraints()``, and once when a view placed by constraints first joins
    /// a window. Default: nothing.
    open func updateConstraints() {}

    /// Where the first (or last) baseline lies for Auto Layout: a fraction of the height plus
    /// an offset from the top. Default: the bottom edge, as for a view without text.
    func baselineLayout(last: Bool) -> (heightFraction: Double, offset: Double) { (1, 0) }

    /// Override to set properties (texts, colours, values) from the app's models. It runs before
    /// layout in the turn after ``setNeedsUpdateProperties()``, once when the view first joins a
    /// window's pass, and again whenever an `@Observable` property it read changes. A
    /// controller's root view runs its controller's ``ViewController/updateProperties()`` first.
    /// Default: nothing.
    open func updateProperties() {}

    /// The size the view's content needs (IntrinsicContentSize.swift); ``View/noIntrinsicMetric``
    /// along an axis where it has no preference. Default: none on either axis.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    // MARK: - Display

    /// The part of the view that must be redrawn, in bounds coordinates (empty when clean).
    @exclusivity(unchecked) public private(set) var dirtyRect = Rect.zero

    /// Whether anything of the view must be redrawn.
    public var needsDisplay: Bool { !dirtyRect.isEmpty }

    /// Marks the whole view for redraw, and its shadow.
    public func setNeedsDisplay() {
        if let extent = shadowExtent { setNeedsDisplay(_bounds.union(extent)) } else { setNeedsDisplay(_bounds) }
    }

    /// Marks part of the view (bounds coordinates) for redraw; the window collects the union.
    public func setNeedsDisplay(_ rect: Rect) {
        // Not clipped to the bounds: subviews may draw outside them (clipsToBounds false).
        let area = rect.standardized
        guard !area.isEmpty else { return }
        dirtyRect = dirtyRect.union(area)
        if let window = _window {
            window.invalidate(windowArea(of: area, in: window))
        }
    }

    /// `area` (bounds coordinates) in `window`'s bounds coordinates: one walk up the tree
    /// adding offsets, unless a transform is shown on the way (then ``areaInWindow(_:)``).
    private func windowArea(of area: Rect, in window: Window) -> Rect {
        var x = area.origin.x
        var y = area.origin.y
        var current: View = self
        while current !== window {
            if current.hasTransform || current.presentation != nil { return areaInWindow(area) }
            x += current.frameOrigin.x - current._bounds.origin.x
            y += current.frameOrigin.y - current._bounds.origin.y
            guard let parent = current.superview else { break }
            current = parent
        }
        return Rect(x: x, y: y, width: area.width, height: area.height)
    }

    /// Marks the view clean (the renderer calls this after drawing it).
    public func clearNeedsDisplay() { dirtyRect = .zero }

    private func invalidateInSuperview() {
        if let superview { superview.setNeedsDisplay(displayedExtent) } else { setNeedsDisplay() }
    }
}

/// Calls `body` with `object` at +0 (no retain or release), for an object the caller keeps
/// alive by other means. Written here, in a Swift 6 module, because the same closure passed
/// straight to the standard library (a Swift 5 module) gets a dynamic main-actor check on
/// every call.
@inline(__always)
func withBorrowed<T: AnyObject, R>(_ object: Unmanaged<T>, _ body: (T) -> R) -> R {
    object._withUnsafeGuaranteedRef(body)
}
