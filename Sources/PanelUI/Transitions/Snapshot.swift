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

    /// Draws `view` and its subviews as the screen shows them, with the view's top-left
    /// corner at the snapshot's, over `background` (an opaque snapshot's pixels outside what
    /// the view paints). Returns false when the view is in no application with a display:
    /// then nothing is captured and the transition only keeps time.
    @discardableResult
    func capture(_ view: View, background: Color = .black) -> Bool {
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
        guard let pixels = bitmap?.pixels else { return false }
        let frame = view.presentationFrame
        let origin = (x: -frame.minX, y: -frame.minY)
        if isLayer {
            for row in 0 ..< height {
                pixels.address(x: 0, y: row).initializeMemory(as: UInt8.self, repeating: 0, count: width * 4)
            }
            var canvas = Canvas(layer: pixels)
            ViewRenderer.render(view, contentOrigin: origin, opacity: 255, into: &canvas)
        } else {
            var canvas = Canvas(pixels)
            canvas.clear(background)
            ViewRenderer.render(view, contentOrigin: origin, opacity: 255, into: &canvas)
        }
        return true
    }

    /// Lets the pixels go (a container that will not animate again soon).
    func release() { bitmap = nil }
}
