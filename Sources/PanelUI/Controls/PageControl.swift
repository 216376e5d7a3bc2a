/// A row of dots, one per page, the current one darker: UIKit's `UIPageControl`.
///
/// A tap on the left of the current dot goes back a page, on its right forward a page; either
/// changes ``currentPage`` and sends `valueChanged`. A knob or the arrow keys adjust it too
/// when it has the focus. Page numbers outside 0 ..< ``numberOfPages`` are clamped.
@MainActor
open class PageControl: Control {
    /// A page control: "Page", its value which page of how many, adjustable.
    open override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = "Page"
        if numberOfPages > 0 { description.value = "page \(currentPage + 1) of \(numberOfPages)" }
        return description
    }

    /// The dot's diameter and the distance between dot centres, UIKit's.
    static let dotSize = 7.0
    static let dotPitch = 16.0

    /// How many dots. Negative numbers count as 0.
    public var numberOfPages = 0 {
        didSet {
            if numberOfPages < 0 { numberOfPages = 0 }
            if numberOfPages != oldValue {
                currentPage = min(currentPage, max(numberOfPages - 1, 0))
                setNeedsDisplay()
            }
        }
    }
    /// The page shown, from 0.
    public var currentPage = 0 {
        didSet {
            let clamped = min(max(currentPage, 0), max(numberOfPages - 1, 0))
            if clamped != currentPage { currentPage = clamped }
            if currentPage != oldValue { setNeedsDisplay() }
        }
    }
    /// Whether the control hides itself with one page. Default false.
    public var hidesForSinglePage = false {
        didSet { setNeedsDisplay() }
    }
    /// The other dots' colour.
    public var pageIndicatorTintColor = Color(red: 0, green: 0, blue: 0, alpha: 60) {
        didSet { setNeedsDisplay() }
    }
    /// The current dot's colour.
    public var currentPageIndicatorTintColor = Color(red: 0, green: 0, blue: 0, alpha: 200) {
        didSet { setNeedsDisplay() }
    }

    /// A page control.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 120, height: 26)) {
        super.init(frame: frame)
        // Drawn 26 points tall, as UIKit's; touched in 44 (the accessibility minimum).
        minimumTouchTarget = Size(width: 44, height: 44)
    }

    /// A dot cell per page and a margin.
    open override var intrinsicContentSize: Size {
        Size(width: Double(numberOfPages) * Self.dotPitch + 16, height: 26)
    }

    /// The size that shows `pageCount` dots.
    public func size(forNumberOfPages pageCount: Int) -> Size {
        Size(width: Double(max(pageCount, 0)) * Self.dotPitch + 16, height: 26)
    }

    /// True: a knob or the arrows turn the pages.
    open override var isAdjustable: Bool { true }

    /// Moves ``currentPage`` by `detents`, clamped, and sends `valueChanged` when it changed.
    open override func adjust(byDetents detents: Int) {
        let old = currentPage
        // Clamped before adding, so no count of detents overflows.
        let room = detents > 0 ? max(numberOfPages - 1 - currentPage, 0) : currentPage
        let step = Int(min(detents.magnitude, UInt(room)))
        currentPage += detents > 0 ? step : -step
        if currentPage != old { sendActions(for: .valueChanged) }
    }

    /// A tap left of the current dot goes back a page, right of it forward.
    open override func didTouchUpInside(with event: Event?) {
        guard let touch = event?.allTouches.first(where: { $0.view === self }) ?? event?.allTouches.first else { return }
        let x = touch.location(in: self).x
        let centre = dotsOrigin + Double(currentPage) * Self.dotPitch + Self.dotPitch / 2
        adjust(byDetents: x < centre ? -1 : 1)
    }

    /// Where the first dot's cell starts, the row centred.
    private var dotsOrigin: Double { ((bounds.width - Double(numberOfPages) * Self.dotPitch) / 2).rounded() }

    /// Draws the dots, the current one darker.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        guard numberOfPages > 0, !(hidesForSinglePage && numberOfPages == 1) else { return }
        let y = ((bounds.height - Self.dotSize) / 2).rounded()
        let origin = dotsOrigin
        // As many dots as fit; a huge page count does not draw past the bounds.
        let fitting = min(numberOfPages, Int(max(bounds.width / Self.dotPitch, 0)) + 1)
        for page in 0 ..< fitting {
            let x = origin + Double(page) * Self.dotPitch + (Self.dotPitch - Self.dotSize) / 2
            let color = page == currentPage ? currentPageIndicatorTintColor : pageIndicatorTintColor
            canvas.fillEllipse(in: PixelRect(snapping: Rect(x: x, y: y, width: Self.dotSize, height: Self.dotSize)), color: color)
        }
    }
}
