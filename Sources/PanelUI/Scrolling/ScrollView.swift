/// A view that scrolls its content: UIKit's `UIScrollView`.
///
/// The content is the scroll view's subviews, laid out in a space of ``contentSize``; the
/// ``contentOffset`` is the bounds origin, so the visible part is `bounds`. A pan recognizer of
/// its own (``panGestureRecognizer``) drags it; when the finger lifts, the content decelerates
/// at ``decelerationRate`` per millisecond, rubber-bands past the edges with UIKit's constant
/// 0.55 and springs back (``bounces``), or snaps to a page (``isPagingEnabled``). Motion runs on
/// the application's ``FrameClock`` and stops it when the content comes to rest.
///
/// Touches and the content, as in UIKit:
/// - ``delaysContentTouches`` (default true): a new touch reaches the content only after
///   150 ms without enough movement to scroll (or when it lifts first), so a flick that starts
///   on a button scrolls and the button never sees it, while a tap still fires it.
/// - ``canCancelContentTouches`` (default true): when a drag begins after the content already
///   has the touch, the content gets `touchesCancelled` (a control `touchCancel`) if
///   ``touchesShouldCancel(in:)`` agrees; it says no for a ``Control`` (UIKit's default), and
///   then the scroll view does not scroll.
/// - A scroll view that can only scroll along one axis does not begin a drag along the other,
///   so a horizontal scroll view inside a vertical one (or the reverse) works.
@MainActor
open class ScrollView: View {
    /// The size of the content, in points.
    public final var contentSize = Size.zero {
        didSet { updateIndicators() }
    }
    /// Extra room around the content, in points.
    public final var contentInset = EdgeInsets.zero {
        didSet { updateIndicators() }
    }
    /// The point of the content shown at the top-left corner: the bounds origin. Setting it
    /// stops any motion.
    public final var contentOffset: Point {
        get { bounds.origin }
        set {
            stopMotion()
            moveContent(to: newValue)
        }
    }
    /// The delegate (held weakly).
    public weak var delegate: (any ScrollViewDelegate)?
    /// Whether the user can scroll. Default true.
    public var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    /// Whether the content rubber-bands past its edges and springs back. Default true.
    public var bounces = true
    /// Whether a vertical drag bounces even when the content fits. Default false.
    public var alwaysBounceVertical = false
    /// Whether a horizontal drag bounces even when the content fits. Default false.
    public var alwaysBounceHorizontal = false
    /// Whether scrolling stops on multiples of the bounds size. Default false.
    public var isPagingEnabled = false
    /// How quickly a flick slows down. Default ``DecelerationRate/normal`` (0.998 per ms).
    public var decelerationRate = DecelerationRate.normal
    /// Whether the indicators show while scrolling. Default true.
    public var showsVerticalScrollIndicator = true
    /// Whether the horizontal indicator shows while scrolling.
    public var showsHorizontalScrollIndicator = true
    /// Whether new touches are held from the content for 150 ms. Default true.
    public var delaysContentTouches: Bool {
        get { scrollPan.delaysContentTouches }
        set { scrollPan.delaysContentTouches = newValue }
    }
    /// Whether a drag may take touches the content already has. Default true.
    public var canCancelContentTouches = true
    /// The recognizer that drags the content.
    public var panGestureRecognizer: PanGestureRecognizer { scrollPan }
    /// Whether a finger is dragging the content.
    public internal(set) var isDragging = false
    /// Whether the content is moving on its own after a drag (decelerating, bouncing, snapping).
    public internal(set) var isDecelerating = false

    let scrollPan = ScrollPanGestureRecognizer()
    let verticalIndicator = ScrollIndicator()
    let horizontalIndicator = ScrollIndicator()
    /// The motion in progress on each axis (nil: none).
    var motion: (x: AxisMotion?, y: AxisMotion?, animated: Bool)?
    /// When the indicators began to fade out (nil: not fading).
    var fadeStart: MonotonicInstant?
    /// The view's one registration with the frame clock while it moves or its indicators fade
    /// (the view is the client: no closure, so a flick allocates nothing).
    var frameHandle: FrameClock.Handle?
    var dragStartOffset = Point.zero

    public override init(frame: Rect) {
        super.init(frame: frame)
        clipsToBounds = true
        scrollPan.addTarget(self, action: .method("handlePan", ScrollView.handlePan))
        scrollPan.delegate = self
        addGestureRecognizer(scrollPan)
        for indicator in [verticalIndicator, horizontalIndicator] { super.addSubview(indicator) }
    }

    /// Whether the content may be cancelled for a drag that begins on `view` (it has the touch
    /// already). Default: true, except for a ``Control``, which keeps its touch (UIKit).
    open func touchesShouldCancel(in view: View) -> Bool {
        !(view is Control)
    }

    /// Moves the content to `offset`: at once, or animated (a spring that settles in about
    /// half a second; ``ScrollViewDelegate/scrollViewDidEndScrollingAnimation(_:)`` at the end).
    public func setContentOffset(_ offset: Point, animated: Bool) {
        guard animated, let application = window?.application else {
            contentOffset = offset
            return
        }
        stopMotion()
        let now = application.clock.now
        let current = contentOffset
        startMotion(
            x: AxisMotion(springFrom: current.x, to: offset.x, velocity: 0, at: now),
            y: AxisMotion(springFrom: current.y, to: offset.y, velocity: 0, at: now), animated: true)
    }

    /// Scrolls the least distance that brings `rect` (in the content's coordinates: the scroll
    /// view's own) into sight, within the content's limits; nothing if it is in sight already.
    /// UIKit's `scrollRectToVisible(_:animated:)`. Where `rect` is larger than the view, its
    /// top-left corner is brought into sight.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        let size = bounds.size
        var offset = contentOffset
        let insets = contentInset
        let visibleHeight = size.height - insets.top - insets.bottom
        let visibleWidth = size.width - insets.left - insets.right
        if rect.maxY > offset.y + insets.top + visibleHeight { offset.y = rect.maxY - visibleHeight - insets.top }
        if rect.minY < offset.y + insets.top { offset.y = rect.minY - insets.top }
        if rect.maxX > offset.x + insets.left + visibleWidth { offset.x = rect.maxX - visibleWidth - insets.left }
        if rect.minX < offset.x + insets.left { offset.x = rect.minX - insets.left }
        let low = minimumContentOffset
        let high = maximumContentOffset
        offset = Point(x: min(max(offset.x, low.x), high.x), y: min(max(offset.y, low.y), high.y))
        guard offset != contentOffset else { return }
        setContentOffset(offset, animated: animated)
    }

    // MARK: - Geometry

    /// The smallest content offset at rest: the insets.
    public var minimumContentOffset: Point { Point(x: -contentInset.left, y: -contentInset.top) }

    /// The largest content offset at rest: the content's far edge (plus inset) at the bounds'.
    public var maximumContentOffset: Point {
        let low = minimumContentOffset
        return Point(
            x: max(contentSize.width + contentInset.right - bounds.width, low.x),
            y: max(contentSize.height + contentInset.bottom - bounds.height, low.y))
    }

    /// Whether the content is wider than the view (or bounces horizontally anyway).
    var scrollsHorizontally: Bool {
        contentSize.width + contentInset.left + contentInset.right > bounds.width || alwaysBounceHorizontal
    }

    /// Whether the content is taller than the view (or bounces vertically anyway).
    var scrollsVertically: Bool {
        contentSize.height + contentInset.top + contentInset.bottom > bounds.height || alwaysBounceVertical
    }

    /// Sets the bounds origin, keeps the indicators on the visible edges, asks for layout (a
    /// list brings in the rows that came into view) and tells the delegate.
    func moveContent(to offset: Point) {
        guard offset != bounds.origin else { return }
        bounds = Rect(origin: offset, size: bounds.size)
        updateIndicators()
        setNeedsLayout()
        delegate?.scrollViewDidScroll(self)
    }

    /// The scroll view's own pan: see `panShouldBegin()` (ScrollView+Dragging.swift). Other
    /// recognizers: the view's answer (A29). The scroll view is also its pan's delegate.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        recognizer === scrollPan ? panShouldBegin() : super.gestureRecognizerShouldBegin(recognizer)
    }

    // MARK: - Subviews

    /// Content subviews go below the indicators.
    open override func didAddSubview(_ subview: View) {
        super.didAddSubview(subview)
        guard subview !== verticalIndicator, subview !== horizontalIndicator else { return }
        super.bringSubviewToFront(horizontalIndicator)
        super.bringSubviewToFront(verticalIndicator)
    }
}

extension ScrollView: GestureRecognizerDelegate {}
