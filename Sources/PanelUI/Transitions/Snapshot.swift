/// A view drawn once into pixels, to be put on the screen at a new place each frame of a
/// transition (``TransitionView``) instead of being drawn again.
///
/// An opaque snapshot holds the display's pixel format, so putting it on the screen is a row
/// copy; a layer snapshot (``isLayer``) holds premultiplied ARGB with the view's transparent
/// parts (a card's rounded corners) and is blended. The pixels are kept and reused by the next
/// capture of the same size, so a container's transitions allocate only the first time.
@MainActor
final class Snapshot {
    /// Whether the snapshot keeps transparency (premultiplied ARGB) instead of the display's format.
    let isLayer: Bool
    private(set) var bitmap: Bitmap?

    init(isLayer: Bool = false) {
        self.isLayer = isLayer
    }

    /// The pixels, while a capture holds them.
    var pixels: PixelBuffer? { bitmap?.pixels }

    /// The columns drawn so far by ``prepare(_:background:)`` and ``drawColumns(of:_:)``.
    private(set) var drawnColumns = 0 ..< 0
    private var background = Color.black

    /// Draws `view` and its subviews as the screen shows them, with the view's top-left
    /// corner at the snapshot's, over `background` (an opaque snapshot's pixels outside what
    /// the view paints). Returns false when the view is in no application with a display:
    /// then nothing is captured and the transition only keeps time.
    @discardableResult
    func capture(_ view: View, background: Color = .black) -> Bool {
        guard prepare(view, background: background) else { return false }
        drawColumns(of: view, 0 ..< (bitmap?.width ?? 0))
        return true
    }

    /// Copies `view` from the screen when the screen shows it unobscured and up to date,
    /// drawing again only what the display has still to redraw there; else draws it all.
    /// A screen that is about to leave costs a copy, not a redraw.
    @discardableResult
    func captureFromScreen(_ view: View, background: Color = .black) -> Bool {
        guard !isLayer, let display = view.window?.application?.display, prepare(view, background: background),
            let pixels = bitmap?.pixels, let rect = ViewRenderer.unobscuredScreenRect(of: view),
            display.copyShownPixels(rect, into: pixels, at: (0, 0))
        else {
            return capture(view, background: background)
        }
        // What changed since the last frame is drawn over the copy.
        for damaged in display.dirtyRegion where damaged.intersects(rect) {
            let local = damaged.intersection(rect).offsetBy(dx: -rect.x, dy: -rect.y)
            draw(view, clippedTo: local)
        }
        drawnColumns = 0 ..< pixels.width
        clearChanges(in: view)
        return true
    }

    /// Makes the pixels ready for `view`'s size, with nothing drawn yet (``drawColumns(of:_:)``
    /// draws them as the transition needs them). Returns false without a display.
    @discardableResult
    func prepare(_ view: View, background: Color = .black) -> Bool {
        drawnColumns = 0 ..< 0
        self.background = background
        guard let format = view.window?.application?.display?.framebuffer.geometry.format else {
            bitmap = nil
            return false
        }
        let size = view.bounds.size
        let width = min(max(Int(size.width.rounded()), 0), Canvas.maximumLayerSide)
        let height = min(max(Int(size.height.rounded()), 0), Canvas.maximumLayerSide)
        guard width > 0, height > 0 else {
            bitmap = nil
            return false
        }
        let pixelFormat = isLayer ? PixelFormat.argb8888 : format
        if let kept = bitmap, kept.width == width, kept.height == height, kept.format == pixelFormat {
        } else {
            bitmap = Bitmap(width: width, height: height, format: pixelFormat)
        }
        clearChanges(in: view)
        return true
    }

    /// Draws the columns of `range` that are not drawn yet (the part of a screen sliding in
    /// that has come into sight), so a screen is drawn once, a strip at a time.
    func drawColumns(of view: View, _ range: Range<Int>) {
        guard let pixels = bitmap?.pixels else { return }
        let wanted = max(range.lowerBound, 0) ..< min(range.upperBound, pixels.width)
        guard !wanted.isEmpty else { return }
        if drawnColumns.isEmpty {
            draw(view, clippedTo: PixelRect(x: wanted.lowerBound, y: 0, width: wanted.count, height: pixels.height))
            drawnColumns = wanted
            return
        }
        if wanted.lowerBound < drawnColumns.lowerBound {
            draw(view, clippedTo: PixelRect(x: wanted.lowerBound, y: 0, width: drawnColumns.lowerBound - wanted.lowerBound, height: pixels.height))
        }
        if wanted.upperBound > drawnColumns.upperBound {
            draw(view, clippedTo: PixelRect(x: drawnColumns.upperBound, y: 0, width: wanted.upperBound - drawnColumns.upperBound, height: pixels.height))
        }
        drawnColumns = min(wanted.lowerBound, drawnColumns.lowerBound) ..< max(wanted.upperBound, drawnColumns.upperBound)
    }

    /// Whether every column is drawn.
    var isComplete: Bool { drawnColumns.count == (bitmap?.width ?? 0) && !drawnColumns.isEmpty }

    /// Draws `view` (its own `isHidden` ignored: a screen under a transition is hidden) into
    /// the pixels of `clip`.
    private func draw(_ view: View, clippedTo clip: PixelRect) {
        guard let pixels = bitmap?.pixels, !clip.isEmpty else { return }
        let frame = view.presentationFrame
        let origin = (x: -frame.minX, y: -frame.minY)
        if isLayer {
            for row in clip.y ..< clip.maxY {
                pixels.address(x: clip.x, y: row).initializeMemory(as: UInt8.self, repeating: 0, count: clip.width * 4)
            }
            var canvas = Canvas(layer: pixels)
            canvas.pushClip(clip)
            ViewRenderer.renderUntransformed(view, contentOrigin: origin, opacity: 255, into: &canvas)
            canvas.popClip()
        } else {
            var canvas = Canvas(pixels)
            canvas.pushClip(clip)
            canvas.fill(clip, color: background)
            ViewRenderer.renderUntransformed(view, contentOrigin: origin, opacity: 255, into: &canvas)
            canvas.popClip()
        }
    }

    /// Forgets the views' requests for display, so ``hasChanged(_:)`` sees the ones made after.
    private func clearChanges(in view: View) {
        view.clearNeedsDisplay()
        for subview in view.subviews { clearChanges(in: subview) }
    }

    /// Whether a view of `view`'s tree asked to be drawn again since the snapshot was prepared
    /// (then the snapshot no longer shows it as it is).
    static func hasChanged(_ view: View) -> Bool {
        if view.needsDisplay { return true }
        for subview in view.subviews where hasChanged(subview) { return true }
        return false
    }

    /// Lets the pixels go (a container that will not animate again soon).
    func release() { bitmap = nil }
}
