/// Transformed views: drawn upright into an off-screen layer, then put on screen through their
/// transform (bilinear sampling, so scaled and turned edges are smooth).
///
/// Only the part of the view that lands in the area being redrawn is drawn into the layer,
/// and the layer is kept on the view while it stays transformed: an animated scale or turn
/// allocates nothing per frame. A layer side is capped at ``Canvas/maximumLayerSide`` pixels;
/// what a view would need beyond that (a huge view shown very small) is not drawn.
extension ViewRenderer {
    static func renderTransformed(_ view: View, contentOrigin: (x: Double, y: Double), opacity: UInt8, into canvas: inout Canvas) {
        let transform = view.presentationTransform
        guard transform.isInvertible else { return }
        let frame = view.presentationFrame
        let boundsToDevice = boundsToSuperview(view, frame: frame, transform: transform)
            .concatenating(AffineTransform(translationX: contentOrigin.x, y: contentOrigin.y))
        // The part of the view (bounds coordinates) that lands in the clip, with a pixel of
        // margin for the bilinear taps at its edge.
        let clipInBounds = canvas.clipRect.rect.applying(boundsToDevice.inverted())
        let needed = clipInBounds.intersection(drawnExtent(of: view, size: frame.size))
        guard !needed.isEmpty else { return }
        let minX = PixelRect.coordinate(needed.minX.rounded(.down) - 1)
        let minY = PixelRect.coordinate(needed.minY.rounded(.down) - 1)
        let width = min(PixelRect.coordinate(needed.maxX.rounded(.up) + 1) - minX, Canvas.maximumLayerSide)
        let height = min(PixelRect.coordinate(needed.maxY.rounded(.up) + 1) - minY, Canvas.maximumLayerSide)
        guard width > 0, height > 0 else { return }
        let layer = layerPixels(for: view, width: width, height: height)
        var layerCanvas = Canvas(layer: layer)
        layerCanvas.scratch = canvas.scratch
        // The bounds point (minX, minY) at the layer's top-left pixel.
        let bounds = view.bounds
        // Faded as one (group opacity): drawn opaque, and the layer put down at the view's alpha.
        let alpha = view.presentationAlpha
        let grouped = view.allowsGroupOpacity && alpha < 1
        renderUntransformed(
            view, contentOrigin: (Double(-minX) + bounds.minX - frame.minX, Double(-minY) + bounds.minY - frame.minY),
            opacity: grouped ? 255 : opacity, alphaApplied: grouped, into: &layerCanvas)
        canvas.translation = (0, 0)
        canvas.opacity = grouped ? combinedOpacity(opacity, alpha) : 255
        canvas.drawLayer(layer, origin: (minX, minY), transform: boundsToDevice)
    }

    /// Maps `view`'s bounds coordinates to its superview's, for a shown frame and transform:
    /// the transform acts about the frame's centre.
    static func boundsToSuperview(_ view: View, frame: Rect, transform: AffineTransform) -> AffineTransform {
        let bounds = view.bounds
        return AffineTransform(translationX: -(bounds.minX + frame.width / 2), y: -(bounds.minY + frame.height / 2))
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: frame.midX, y: frame.midY))
    }

    /// The area (bounds coordinates) that `view` and its subviews draw into: its bounds, and
    /// its shadow and the subviews that stick out of them, unless it clips to them.
    static func drawnExtent(of view: View, size: Size) -> Rect {
        let bounds = view.bounds
        var extent = Rect(origin: bounds.origin, size: size)
        if view.clipsToBounds { return extent }
        if let shadow = view.shadowExtent { extent = extent.union(shadow) }
        for subview in view.subviews where !subview.isHidden {
            let frame = subview.presentationFrame
            let inSubview = drawnExtent(of: subview, size: frame.size)
            extent = extent.union(inSubview.applying(boundsToSuperview(subview, frame: frame, transform: subview.presentationTransform)))
        }
        return extent
    }

    /// `width` × `height` transparent pixels from the view's layer, which grows when it must.
    private static func layerPixels(for view: View, width: Int, height: Int) -> PixelBuffer {
        let (bitmap, pixels) = clearedLayer(kept: view.transformLayer, width: width, height: height)
        view.transformLayer = bitmap
        return pixels
    }

    /// `width` × `height` transparent pixels at the top left of `kept`, or of a new bitmap
    /// when it is too small: rounded up, and never smaller than before, so a layer that changes
    /// size as its view moves settles after a few frames.
    static func clearedLayer(kept: Bitmap?, width: Int, height: Int) -> (Bitmap, PixelBuffer) {
        let bitmap: Bitmap
        if let kept, kept.width >= width, kept.height >= height {
            bitmap = kept
        } else {
            func roundedUp(_ n: Int) -> Int { (n + 31) & ~31 }
            bitmap = Bitmap(width: max(roundedUp(width), kept?.width ?? 0), height: max(roundedUp(height), kept?.height ?? 0), format: .argb8888)
        }
        let stride = bitmap.pixels.strideBytes
        let base = bitmap.pixels.baseAddress
        for row in 0 ..< height {
            (base + row * stride).initializeMemory(as: UInt8.self, repeating: 0, count: width * 4)
        }
        return (bitmap, PixelBuffer(baseAddress: base, width: width, height: height, strideBytes: stride, format: .argb8888))
    }
}
