/// Draws an application's windows into a `Framebuffer`, only where something changed.
///
/// Views report changes with ``View/setNeedsDisplay()`` (appearance, text, control state),
/// and frame, visibility and hierarchy changes report the old and new areas themselves. The
/// display collects those areas in screen pixels in a `DirtyRegion`; ``render(_:)``
/// redraws each dirty rectangle — clear to ``backgroundColor``, then every visible window back
/// to front, each view's background, content (``View/draw(_:in:)``), subviews and border,
/// skipping what lies outside the rectangle — and presents exactly those rectangles. A pressed
/// button therefore shows on the next frame, and costs only its own pixels.
///
/// With a ``rotation`` the UI is drawn upright into a shadow bitmap and the dirty rectangles
/// are turned into the framebuffer, the same way `TouchscreenTransform` turns touches, so a
/// touch lands on what is drawn under the finger. Where the display turns the image itself
/// (`Framebuffer/rotateInHardware(_:)`: a DRM plane that can rotate 180°), the UI is drawn
/// straight into the framebuffer and the turn costs nothing.
///
/// Occlusion: a dirty rectangle hidden behind an opaque view (``View/isOpaque``, or an opaque
/// background with square corners) is drawn from that view on: nothing behind it is painted.
///
/// Alpha: a view's ``View/alpha`` multiplies the alpha of everything it and its subviews draw
/// (there is no off-screen group compositing, so overlapping translucent subviews show
/// through each other).
@MainActor
public final class Display {
    /// Where frames go.
    public let framebuffer: any Framebuffer
    /// How the UI is turned on the panel.
    public let rotation: Rotation
    /// Whether the display hardware turns the image (no shadow bitmap, no turned copies).
    public let isRotatedInHardware: Bool
    /// The UI's size in points (= pixels): the framebuffer's, swapped for 90° and 270°.
    public let size: Size
    /// The colour behind every window. Default black.
    public var backgroundColor = Color.black {
        didSet { if backgroundColor != oldValue { setNeedsDisplay() } }
    }

    private let shadow: Bitmap?
    /// The working memory of the paths drawn on this display, kept across frames.
    let scratch = ScratchSpace()
    private var damage: DirtyRegion
    private let uiBounds: PixelRect
    /// Frames drawn and presented so far.
    public private(set) var framesRendered = 0
    /// What is drawn over every window, last, in each dirty rectangle (the canvas is clipped to
    /// it): a system indicator no view can cover, such as the remote-support server's "Remote
    /// session" badge. Package access: an app can neither set nor clear it.
    package var overlay: ((inout Canvas) -> Void)?
    /// Called after each frame is presented, with the rectangles presented (UI points, the UI
    /// upright) and the pixels they were drawn in: a mirror of the screen (the remote-support
    /// server) copies them from there. Nil, the default, costs a frame nothing.
    package var didPresent: ((DirtyRegion, PixelBuffer) -> Void)?

    /// A display on `framebuffer`, its UI turned by `rotation` (as the board's touch
    /// transform is). The first render draws everything.
    public init(framebuffer: any Framebuffer, rotation: Rotation = .degrees0) {
        self.framebuffer = framebuffer
        self.rotation = rotation
        isRotatedInHardware = rotation != .degrees0 && framebuffer.rotateInHardware(rotation)
        let g = framebuffer.geometry
        let quarterTurn = !isRotatedInHardware && (rotation == .degrees90 || rotation == .degrees270)
        let width = quarterTurn ? g.height : g.width
        let height = quarterTurn ? g.width : g.height
        size = Size(width: Double(width), height: Double(height))
        uiBounds = PixelRect(x: 0, y: 0, width: width, height: height)
        shadow = rotation == .degrees0 || isRotatedInHardware ? nil : Bitmap(width: width, height: height, format: g.format)
        damage = DirtyRegion(bounds: uiBounds)
        damage.markFullFrame()
    }

    /// The UI's bounds in points, for sizing windows.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// Schedules a full redraw.
    public func setNeedsDisplay() { damage.markFullFrame() }

    /// Schedules a redraw of a screen area (UI coordinates, pixels).
    public func setNeedsDisplay(_ rect: PixelRect) {
        if let ignored = ignoredArea, ignored.contains(rect) { return }
        damage.add(rect)
    }

    /// While ``ignoringDamage(inside:_:)`` runs, the area whose new damage is ignored.
    private var ignoredArea: PixelRect?

    /// What the next ``render(_:)`` will redraw.
    public var dirtyRegion: DirtyRegion { damage }

    /// Copies what the screen shows in `rect` (UI pixels, as drawn before any rotation) into
    /// `target` at `origin`, as of the last ``render(_:)``: the pixels a screen transition
    /// starts from, without drawing them again. Returns false when `target` has another pixel
    /// format; the part of `rect` outside the UI is not copied.
    func copyShownPixels(_ rect: PixelRect, into target: PixelBuffer, at origin: (x: Int, y: Int)) -> Bool {
        let area = rect.intersection(uiBounds)
        guard target.format == framebuffer.geometry.format else { return false }
        guard !area.isEmpty else { return true }
        let tx = origin.x + area.x - rect.x
        let count = min(area.width, target.width - tx)
        guard tx >= 0, count > 0 else { return true }
        func copy(from source: PixelBuffer) {
            for row in 0 ..< area.height {
                let ty = origin.y + area.y - rect.y + row
                guard ty >= 0, ty < target.height else { continue }
                target.address(x: tx, y: ty).copyMemory(from: source.address(x: area.x, y: area.y + row), byteCount: count * source.format.bytesPerPixel)
            }
        }
        if let shadow {
            copy(from: shadow.pixels)
        } else {
            framebuffer.withBackBuffer { copy(from: $0) }
        }
        return true
    }

    /// Runs `body` with the redraws it asks for wholly inside `rect` (UI pixels) ignored: the
    /// screen already shows there what a redraw would draw (a transition's last frame, which
    /// is the new screen, as its views take the snapshot's place). Damage from before stays,
    /// and so does any that reaches outside `rect`.
    func ignoringDamage(inside rect: PixelRect, _ body: () -> Void) {
        let outer = ignoredArea
        ignoredArea = rect
        defer { ignoredArea = outer }
        body()
    }

    /// Redraws the dirty areas of `windows` (back to front, as ``Application/windows``) and
    /// presents them. Returns false when nothing was dirty.
    @discardableResult
    public func render(_ windows: [Window]) throws(FramebufferError) -> Bool {
        guard !damage.isEmpty else { return false }
        let region = damage
        damage.removeAll()
        if let shadow {
            var canvas = Canvas(shadow.pixels)
            canvas.scratch = scratch
            draw(region, windows: windows, into: &canvas)
            let source = shadow.pixels
            let rotation = self.rotation
            let turned = framebuffer.withBackBuffer { pixels in
                var turned = DirtyRegion(bounds: pixels.bounds)
                for rect in region {
                    turned.add(pixels.copyRotated(rect, from: source, rotation: rotation))
                }
                return turned
            }
            try framebuffer.present(turned)
            didPresent?(region, source)
        } else {
            framebuffer.withBackBuffer { pixels in
                var canvas = Canvas(pixels)
                canvas.scratch = scratch
                draw(region, windows: windows, into: &canvas)
            }
            try framebuffer.present(region)
            if let didPresent { framebuffer.withFrontBuffer { didPresent(region, $0) } }
        }
        framesRendered += 1
        return true
    }

    private func draw(_ region: DirtyRegion, windows: [Window], into canvas: inout Canvas) {
        for rect in region {
            canvas.translation = (0, 0)
            canvas.opacity = 255
            canvas.pushClip(rect)
            let cover = ViewRenderer.cover(for: rect, in: windows)
            if cover == nil { canvas.fill(rect, color: backgroundColor) }
            ViewRenderer.skipUntil = cover
            for window in windows {
                ViewRenderer.render(window, contentOrigin: (0, 0), opacity: 255, into: &canvas)
            }
            ViewRenderer.skipUntil = nil
            if let overlay {
                canvas.translation = (0, 0)
                canvas.opacity = 255
                overlay(&canvas)
            }
            canvas.popClip()
        }
    }
}
