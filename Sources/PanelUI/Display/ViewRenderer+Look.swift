/// The layer look: shadows under views and subtrees faded as one (group opacity).
extension ViewRenderer {
    /// `opacity` (0…255) times `alpha` (0…1), rounded.
    static func combinedOpacity(_ opacity: UInt8, _ alpha: Double) -> UInt8 {
        let a = alpha >= 1 ? 255 : UInt32((max(alpha, 0) * 255).rounded())
        return UInt8((UInt32(opacity) * min(a, 255) + 127) / 255)
    }

    /// Draws `view`'s shadow, the view at `pixels` on screen, with the view's opacity.
    static func drawShadow(of view: View, at pixels: PixelRect, opacity: UInt8, into canvas: inout Canvas) {
        let shadow = view.shadow
        let offset = (x: PixelRect.snapped(shadow.offset.width), y: PixelRect.snapped(shadow.offset.height))
        // The shadow's extent first: a shadow far from the redraw costs nothing, not even its mask.
        let bounds = view.bounds
        guard let area = view.shadowExtent else { return }
        let extent = PixelRect(enclosing: area.offsetBy(dx: Double(pixels.x) - bounds.minX, dy: Double(pixels.y) - bounds.minY))
        guard extent.intersects(canvas.clipRect) else { return }
        let mask = view.shadowMask(width: pixels.width, height: pixels.height)
        canvas.translation = (pixels.x, pixels.y)
        canvas.opacity = opacity
        var color = shadow.color
        color.alpha = UInt8((Double(color.alpha) * shadow.opacity).rounded())
        // Where the view's opaque background will cover the shadow, it is not drawn at all.
        // The box inside its rounded corners (their curve passes within 0.3 r of a corner), and
        // the rows between the corners, whole width.
        var hole = PixelRect.zero
        var rows = PixelRect.zero
        if shadow.path == nil, opacity == 255, let background = view.presentationBackgroundColor, background.alpha == 255 {
            let radius = min(max(view.cornerRadius, 0), Double(min(pixels.width, pixels.height)) / 2)
            let inset = Int((radius * 0.3).rounded(.up))
            let whole = PixelRect(x: 0, y: 0, width: pixels.width, height: pixels.height)
            hole = whole.insetBy(dx: inset, dy: inset)
            rows = whole.insetBy(dx: 0, dy: Int(radius.rounded(.up)))
        }
        let origin = shadow.path == nil ? offset : (offset.x - PixelRect.snapped(bounds.minX), offset.y - PixelRect.snapped(bounds.minY))
        canvas.drawShadow(mask, at: origin, color: color, hole: hole, rows: rows)
    }

    /// Draws `view` and its subviews opaque into an off-screen layer, then puts the layer on
    /// screen at the view's alpha: the subtree fades as one.
    static func renderGrouped(_ view: View, contentOrigin: (x: Double, y: Double), opacity: UInt8, into canvas: inout Canvas) {
        let frame = view.presentationFrame
        let bounds = view.bounds
        let extent = drawnExtent(of: view, size: frame.size)
            .offsetBy(dx: contentOrigin.x + frame.minX - bounds.minX, dy: contentOrigin.y + frame.minY - bounds.minY)
        let needed = PixelRect(enclosing: extent).intersection(canvas.clipRect)
        guard !needed.isEmpty else { return }
        let width = min(needed.width, Canvas.maximumLayerSide)
        let height = min(needed.height, Canvas.maximumLayerSide)
        let (bitmap, layer) = clearedLayer(kept: view.groupLayer, width: width, height: height)
        view.groupLayer = bitmap
        var layerCanvas = Canvas(layer: layer)
        layerCanvas.scratch = canvas.scratch
        renderUntransformed(
            view, contentOrigin: (contentOrigin.x - Double(needed.x), contentOrigin.y - Double(needed.y)), opacity: 255, alphaApplied: true,
            into: &layerCanvas)
        canvas.translation = (0, 0)
        canvas.opacity = combinedOpacity(opacity, view.presentationAlpha)
        canvas.drawLayer(layer, at: (needed.x, needed.y))
    }
}
