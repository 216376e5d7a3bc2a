/// Occlusion: an area hidden behind an opaque view is not drawn.
///
/// Before redrawing a dirty rectangle the display looks for the frontmost view that hides all
/// of it (``View/isOpaque``, or an opaque square background), untransformed, fully opaque
/// down its chain and not clipped away by an ancestor. The redraw then starts at that view:
/// the display's background, the windows behind and everything painted before it are skipped,
/// its ancestors draw only what they paint over their subviews (borders, focus rings), and what
/// comes after it in painter's order is drawn as usual. A screen that slides over another costs
/// one write per pixel, not one per layer.
extension ViewRenderer {
    /// The view the redraw of `rect` (screen pixels) starts at; nil: draw everything.
    static func cover(for rect: PixelRect, in windows: [Window]) -> View? {
        for window in windows.reversed() {
            if let found = cover(rect, view: window, origin: (0, 0)) { return found }
        }
        return nil
    }

    private static func cover(_ rect: PixelRect, view: View, origin: (x: Double, y: Double)) -> View? {
        guard !view.isHidden else { return nil }
        let presentation = view.presentation
        guard (presentation?.alpha ?? view.alpha) >= 1 else { return nil }
        if presentation?.transform.map({ !$0.isIdentity }) ?? view.hasTransform { return nil }
        let frame = presentation?.frame ?? view.untransformedFrame
        let screenX = origin.x + frame.minX
        let screenY = origin.y + frame.minY
        let pixels = PixelRect(snapping: Rect(x: screenX, y: screenY, width: frame.width, height: frame.height))
        let contains = pixels.contains(rect)
        // Inside a view that clips, nothing covers more than the view's own frame, nor its
        // rounded corners, which show what is behind.
        if view.clipsToBounds && !contains { return nil }
        if view.clipsToBounds && view.cornerRadius > 0 {
            let side = Int(min(view.cornerRadius, Double(min(pixels.width, pixels.height)) / 2).rounded(.up))
            let inner = pixels.insetBy(dx: side, dy: 0)
            let tall = pixels.insetBy(dx: 0, dy: side)
            if !inner.contains(rect) && !tall.contains(rect) { return nil }
        }
        let bounds = view.bounds
        let childOrigin = (x: screenX - bounds.minX, y: screenY - bounds.minY)
        let subviews = view.subviews
        var index = subviews.count - 1
        while index >= 0 {
            if let found = cover(rect, view: subviews[index], origin: childOrigin) { return found }
            index -= 1
        }
        return contains && view.coversFrameOpaquely ? view : nil
    }

    /// What a render skips while a cover is being looked for: a view that is neither the cover
    /// nor one of its ancestors is painted entirely before the cover, so not at all.
    static func isSkipped(_ view: View) -> Bool {
        guard let target = skipUntil else { return false }
        return view !== target && !target.isDescendant(of: view)
    }
}

extension ViewRenderer {
    /// Where `view` lies on the screen, in whole pixels, when the screen shows it as drawn by
    /// itself: visible and untransformed all the way up, fully opaque, its frame on whole
    /// pixels, and nothing drawn over any part of it (no later sibling of it or of an
    /// ancestor, no window in front). Then the screen's pixels there are the view's own and a
    /// transition may copy them instead of drawing the view again; otherwise nil.
    static func unobscuredScreenRect(of view: View) -> PixelRect? {
        guard let window = view.window, let application = window.application else { return nil }
        var x = 0.0, y = 0.0
        var current: View = view
        while true {
            guard !current.isHidden, current.presentationAlpha >= 1, current.presentationTransform.isIdentity else { return nil }
            let frame = current.presentationFrame
            x += frame.minX
            y += frame.minY
            guard let parent = current.superview else { break }
            x -= parent.bounds.minX
            y -= parent.bounds.minY
            current = parent
        }
        guard current === window else { return nil }
        let size = view.bounds.size
        guard x == x.rounded(), y == y.rounded(), size.width == size.width.rounded(), size.height == size.height.rounded() else { return nil }
        let rect = PixelRect(snapping: Rect(x: x, y: y, width: size.width, height: size.height))
        // Nothing painted after the view overlaps it.
        var child: View = view
        while let parent = child.superview {
            let siblings = parent.subviews
            if let index = siblings.firstIndex(where: { $0 === child }) {
                for later in siblings[(index + 1)...] where !later.isHidden && later.presentationAlpha > 0 {
                    let drawn = later.shadowExtent.map { later.bounds.union($0) } ?? later.bounds
                    let extent = later.convert(drawn, to: window).offsetBy(dx: window.frame.minX, dy: window.frame.minY)
                    if PixelRect(enclosing: extent).intersects(rect) { return nil }
                }
            }
            if parent.borderWidth > 0 || parent.isFocused || (parent.clipsToBounds && parent.cornerRadius > 0) { return nil }
            child = parent
        }
        let windows = application.windows
        if let index = windows.firstIndex(where: { $0 === window }) {
            for later in windows[(index + 1)...] where !later.isHidden && PixelRect(enclosing: later.frame).intersects(rect) {
                return nil
            }
        }
        return rect
    }
}
