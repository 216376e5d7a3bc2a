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
        // Inside a view that clips, nothing covers more than the view's own frame.
        if view.clipsToBounds && !contains { return nil }
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
