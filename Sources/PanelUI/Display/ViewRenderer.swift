/// The walk over a view tree that draws it.
@MainActor
enum ViewRenderer {
    /// The view the redraw in progress starts at (ViewRenderer+Cover.swift): until it is
    /// reached, views painted before it are skipped and its ancestors paint only what lies over
    /// their subviews.
    static var skipUntil: View?

    /// Draws `view` (whose superview's bounds origin sits at `contentOrigin` on screen) and its
    /// subviews.
    static func render(_ view: View, contentOrigin: (x: Double, y: Double), opacity: UInt8, into canvas: inout Canvas) {
        guard !view.isHidden, !isSkipped(view) else { return }
        // The presentation values while an animation moves the view, else its own.
        let presentation = view.presentation
        let viewAlpha = presentation?.alpha ?? view.alpha
        guard viewAlpha > 0 else { return }
        let transformed = presentation?.transform.map { !$0.isIdentity } ?? view.hasTransform
        if transformed {
            renderTransformed(view, contentOrigin: contentOrigin, opacity: opacity, into: &canvas)
            return
        }
        if view.transformLayer != nil { view.transformLayer = nil }
        renderUntransformed(view, contentOrigin: contentOrigin, opacity: opacity, into: &canvas)
    }

    /// Draws `view` and its subviews as if its transform were the identity. With
    /// `alphaApplied` the view's own alpha is left out (a group layer applies it).
    static func renderUntransformed(
        _ view: View, contentOrigin: (x: Double, y: Double), opacity: UInt8, alphaApplied: Bool = false, into canvas: inout Canvas
    ) {
        let presentation = view.presentation
        let viewAlpha = alphaApplied ? 1 : (presentation?.alpha ?? view.alpha)
        if !alphaApplied && viewAlpha < 1 && view.allowsGroupOpacity && !view.subviews.isEmpty {
            renderGrouped(view, contentOrigin: contentOrigin, opacity: opacity, into: &canvas)
            return
        }
        if view.groupLayer != nil && !alphaApplied { view.groupLayer = nil }
        let frame = presentation?.frame ?? view.untransformedFrame
        let screenX = contentOrigin.x + frame.minX
        let screenY = contentOrigin.y + frame.minY
        let pixels = PixelRect(snapping: Rect(x: screenX, y: screenY, width: frame.width, height: frame.height))
        let viewOpacity = combinedOpacity(opacity, viewAlpha)
        guard viewOpacity > 0 else { return }
        // A shadow lies under the view: nothing of it shows while the redraw has not yet
        // reached the cover (the view is the cover or one of its ancestors).
        if view.castsShadow && skipUntil == nil {
            drawShadow(of: view, at: pixels, opacity: viewOpacity, into: &canvas)
        }
        let clips = view.clipsToBounds
        if clips && view.cornerRadius > 0 {
            canvas.translation = (0, 0)
            canvas.withRoundedClip(pixels, radius: view.cornerRadius) { canvas in
                guard !canvas.clipRect.isEmpty else { return }
                renderContent(view, pixels: pixels, screen: (screenX, screenY), opacity: viewOpacity, into: &canvas)
            }
            canvas.translation = (0, 0)
            canvas.pushClip(pixels)
            defer { canvas.popClip() }
            renderOverlays(view, pixels: pixels, opacity: viewOpacity, into: &canvas)
            return
        }
        if clips {
            canvas.translation = (0, 0)
            canvas.pushClip(pixels)
        }
        defer { if clips { canvas.popClip() } }
        if clips && canvas.clipRect.isEmpty { return }
        renderContent(view, pixels: pixels, screen: (screenX, screenY), opacity: viewOpacity, into: &canvas)
        renderOverlays(view, pixels: pixels, opacity: viewOpacity, into: &canvas)
    }

    /// The background, the view's own drawing and its subviews.
    private static func renderContent(
        _ view: View, pixels: PixelRect, screen: (x: Double, y: Double), opacity viewOpacity: UInt8, into canvas: inout Canvas
    ) {
        let bounds = view.bounds
        let touchesClip = pixels.intersects(canvas.clipRect)
        // An ancestor of the cover paints nothing under it; the cover starts the redraw.
        let beneathCover = skipUntil != nil && skipUntil !== view
        if skipUntil === view { skipUntil = nil }
        if touchesClip && !beneathCover {
            canvas.translation = (pixels.x, pixels.y)
            canvas.opacity = viewOpacity
            if let background = view.presentationBackgroundColor {
                fillBackground(background, of: view, at: pixels, screen: screen, into: &canvas)
            }
            // Content in bounds coordinates.
            let bx = PixelRect.snapped(bounds.minX)
            let by = PixelRect.snapped(bounds.minY)
            canvas.translation = (pixels.x - bx, pixels.y - by)
            let dirty = canvas.localClipRect.intersection(PixelRect(x: bx, y: by, width: pixels.width, height: pixels.height))
            if !dirty.isEmpty {
                // Content is clipped to the bounds, so invalidating the bounds always suffices.
                canvas.pushClip(dirty)
                // @Observable properties read while drawing are tracked: a change redraws the view.
                view.observing(.display) { view.draw(dirty.rect, in: &canvas) }
                canvas.popClip()
            }
        }
        let subviews = view.subviews
        if !subviews.isEmpty {
            let origin = (x: screen.x - bounds.minX, y: screen.y - bounds.minY)
            for subview in subviews {
                render(subview, contentOrigin: origin, opacity: viewOpacity, into: &canvas)
            }
        }
    }

    /// What is drawn over the subviews: the border and the focus ring.
    private static func renderOverlays(_ view: View, pixels: PixelRect, opacity viewOpacity: UInt8, into canvas: inout Canvas) {
        let touchesClip = pixels.intersects(canvas.clipRect)
        let local = PixelRect(x: 0, y: 0, width: pixels.width, height: pixels.height)
        if touchesClip && view.borderWidth > 0 {
            canvas.translation = (pixels.x, pixels.y)
            canvas.opacity = viewOpacity
            canvas.strokeRoundedRect(
                local, radius: view.cornerRadius, width: PixelRect.coordinate(view.borderWidth.rounded()), color: view.borderColor)
        }
        if touchesClip && (view.isFocused || view.isAccessibilityFocused) {
            // The focus ring inside the view's edge, over everything: 3 px of orange, 1 px of white.
            canvas.translation = (pixels.x, pixels.y)
            canvas.opacity = viewOpacity
            let radius = max(view.cornerRadius, 4)
            let palette = view.palette
            canvas.strokeRoundedRect(local, radius: radius, width: 3, color: palette.focusRing)
            let inner = PixelRect(x: 3, y: 3, width: max(local.width - 6, 0), height: max(local.height - 6, 0))
            canvas.strokeRoundedRect(inner, radius: max(radius - 3, 0), width: 1, color: palette.background)
        }
    }
}
