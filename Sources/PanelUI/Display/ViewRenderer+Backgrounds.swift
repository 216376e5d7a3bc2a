/// Backgrounds hidden by their own subviews are not painted.
///
/// A screen is usually a stack of opaque views: a root filled with the page colour, a header,
/// a content view and a tab bar over it, each filled again. Before a view fills its background,
/// the parts its opaque, square, untransformed subviews will cover are taken out of the area to
/// fill; only what is left is painted (nothing, when they tile it). LVGL's widgets demo is
/// painted about once per pixel this way instead of three times.
extension ViewRenderer {
    /// The most pieces the area left to fill is cut into before the cut is given up (the whole
    /// background is then painted, as before).
    static let maximumBackgroundPieces = 16

    /// Fills `view`'s background (the view at `pixels`; its bounds origin at `screen`), except
    /// where its subviews cover it.
    static func fillBackground(_ background: Color, of view: View, at pixels: PixelRect, screen: (x: Double, y: Double), into canvas: inout Canvas) {
        let local = PixelRect(x: 0, y: 0, width: pixels.width, height: pixels.height)
        let visible = pixels.intersection(canvas.clipRect)
        var pieces = InlineArray<16, PixelRect>(repeating: .zero)
        pieces[0] = visible
        var count = visible.isEmpty ? 0 : 1
        let bounds = view.bounds
        var cut = false
        for subview in view.subviews where count > 0 && coversOpaquely(subview) {
            let frame = subview.untransformedFrame
            let covered = PixelRect(
                snapping: Rect(x: screen.x + frame.minX - bounds.minX, y: screen.y + frame.minY - bounds.minY, width: frame.width, height: frame.height))
            guard covered.intersects(visible) else { continue }
            var next = InlineArray<16, PixelRect>(repeating: .zero)
            var nextCount = 0
            var overflow = false
            for i in 0 ..< count {
                let piece = pieces[i]
                guard piece.intersects(covered) else {
                    if nextCount == maximumBackgroundPieces { overflow = true; break }
                    next[nextCount] = piece
                    nextCount += 1
                    continue
                }
                let c = piece.intersection(covered)
                // Above, below, left and right of the covered part.
                let parts: InlineArray<4, PixelRect> = [
                    PixelRect(x: piece.x, y: piece.y, width: piece.width, height: c.y - piece.y),
                    PixelRect(x: piece.x, y: c.maxY, width: piece.width, height: piece.maxY - c.maxY),
                    PixelRect(x: piece.x, y: c.y, width: c.x - piece.x, height: c.height),
                    PixelRect(x: c.maxX, y: c.y, width: piece.maxX - c.maxX, height: c.height),
                ]
                for k in parts.indices where !parts[k].isEmpty {
                    if nextCount == maximumBackgroundPieces { overflow = true; break }
                    next[nextCount] = parts[k]
                    nextCount += 1
                }
                if overflow { break }
            }
            if overflow { break }
            pieces = next
            count = nextCount
            cut = true
        }
        canvas.translation = (pixels.x, pixels.y)
        guard cut else {
            canvas.fillRoundedRect(local, radius: view.cornerRadius, color: background)
            return
        }
        for i in 0 ..< count {
            canvas.pushClip(pieces[i].offsetBy(dx: -pixels.x, dy: -pixels.y))
            canvas.fillRoundedRect(local, radius: view.cornerRadius, color: background)
            canvas.popClip()
        }
    }

    /// Whether `view` will paint every pixel of its frame opaquely in this redraw.
    private static func coversOpaquely(_ view: View) -> Bool {
        guard !view.isHidden, !isSkipped(view), view.presentationAlpha >= 1, view.presentationTransform.isIdentity else { return false }
        if let presentation = view.presentation, presentation.frame != nil { return false }
        return view.coversFrameOpaquely
    }
}
