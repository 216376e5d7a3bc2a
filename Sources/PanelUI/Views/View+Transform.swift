extension Rect {
    /// Where a view with this untransformed frame appears under `transform`, which acts about
    /// the frame's centre: the bounding box of the four corners.
    func transformedAboutCenter(by transform: AffineTransform) -> Rect {
        let half = Rect(x: -width / 2, y: -height / 2, width: width, height: height)
        return half.applying(transform).offsetBy(dx: midX, dy: midY)
    }
}

extension View {
    /// The area of the superview that the view and the subviews sticking out of it cover on
    /// screen, as shown (presentation values): what a change of transform must redraw.
    /// A transformed view's layer is sampled bilinearly, so its edges spread by up to a pixel
    /// of the layer past the view: the extent includes that pixel.
    var drawnExtentInSuperview: Rect {
        let shownFrame = presentationFrame
        let shownTransform = presentationTransform
        var extent = ViewRenderer.drawnExtent(of: self, size: shownFrame.size)
        if !shownTransform.isIdentity { extent = extent.insetBy(dx: -1, dy: -1) }
        return extent.applying(ViewRenderer.boundsToSuperview(self, frame: shownFrame, transform: shownTransform))
    }

    /// `area` (bounds coordinates) in the window's bounds coordinates, as the screen shows it
    /// through the transforms on the way: at each transformed view, grown by the layer pixel
    /// its sampling may spread, then mapped and boxed.
    func areaInWindow(_ area: Rect) -> Rect {
        var rect = area
        var current: View? = self
        while let view = current, !(view is Window) {
            let transform = view.presentationTransform
            if transform.isIdentity {
                let frame = view.presentationFrame
                rect = rect.offsetBy(dx: frame.minX - view.bounds.minX, dy: frame.minY - view.bounds.minY)
            } else {
                rect = rect.insetBy(dx: -1, dy: -1).applying(ViewRenderer.boundsToSuperview(view, frame: view.presentationFrame, transform: transform))
            }
            current = view.superview
        }
        return rect
    }

    /// The area of the superview the view covers: its frame, or for a transformed view
    /// ``drawnExtentInSuperview`` (what adding, removing, hiding or fading it must redraw), and
    /// its shadow.
    var displayedExtent: Rect {
        if hasTransform { return drawnExtentInSuperview }
        guard let shadow = shadowExtent else { return frame }
        let frame = self.frame
        return frame.union(shadow.offsetBy(dx: frame.minX - bounds.minX, dy: frame.minY - bounds.minY))
    }

    /// Redraws what the view covered before a change of transform (`old`) and what it covers now.
    func transformChanged(from old: Rect) {
        let now = drawnExtentInSuperview
        if let superview {
            superview.setNeedsDisplay(old)
            superview.setNeedsDisplay(now)
        } else {
            setNeedsDisplay()
            (self as? Window)?.invalidateScreen(old)
        }
    }
}
