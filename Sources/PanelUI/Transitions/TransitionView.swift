/// The screen during a transition: snapshots put at their places of the moment, dimmed or
/// faded, one copy per pixel. It lies over the views that take part (which are hidden under
/// it), is opaque, so nothing behind it is drawn, and takes the touches that land on it, so
/// the moving screens cannot be touched during a transition that the finger does not drive.
@MainActor
final class TransitionView: View {
    /// One snapshot on the screen.
    struct Placement {
        var snapshot: Snapshot
        /// Where its top-left corner is, in this view's coordinates.
        var origin = Point.zero
        /// 255 as captured; less darkens it toward black.
        var brightness: UInt8 = 255
        /// 255 replaces what is under it; less mixes it in.
        var opacity: UInt8 = 255
        /// The part of this view it may paint; nil: all of it.
        var clip: Rect?
        /// Whether it is drawn at all.
        var isShown = true
    }

    /// The snapshots, back to front.
    var placements: [Placement] = []
    /// What fills the view before the snapshots (where none lies).
    var fill: Color? = .black

    override init(frame: Rect) {
        super.init(frame: frame)
        isOpaque = true
    }

    /// Moves the placements to their places for a new frame and redraws.
    func update(_ body: (inout [Placement]) -> Void) {
        body(&placements)
        setNeedsDisplay()
    }

    /// Leaves the screen to `shown`: this view goes and `shown` is no longer hidden. When
    /// `unchanged` (the screen already shows what `shown` draws), the redraws that causes
    /// inside `area`'s part of the screen (this view's when nil) are ignored, so nothing is
    /// drawn again.
    func makeWay(for shown: View?, unchanged: Bool, area: View? = nil) {
        let swap = { [self] in
            removeFromSuperview()
            shown?.isHidden = false
        }
        if unchanged, let display = window?.application?.display, let screenRect = ViewRenderer.unobscuredScreenRect(of: area ?? self) {
            display.ignoringDamage(inside: screenRect, swap)
        } else {
            swap()
        }
    }

    override func draw(_ rect: Rect, in canvas: inout Canvas) {
        if let fill, !(canvas.opacity == 255 && firstPlacementCovers()) { canvas.fill(PixelRect(snapping: bounds), color: fill) }
        for placement in placements where placement.isShown {
            guard let pixels = placement.snapshot.pixels else { continue }
            let origin = (x: PixelRect.snapped(placement.origin.x), y: PixelRect.snapped(placement.origin.y))
            if let clip = placement.clip { canvas.pushClip(PixelRect(snapping: clip)) }
            if placement.snapshot.isLayer {
                canvas.composite(pixels, at: origin, opacity: placement.opacity)
            } else {
                canvas.blit(pixels, at: origin, brightness: placement.brightness, opacity: placement.opacity)
            }
            if placement.clip != nil { canvas.popClip() }
        }
    }

    /// Whether the back snapshot replaces every pixel of the view (opaque, unclipped, over all
    /// of it): the fill under it would never show.
    private func firstPlacementCovers() -> Bool {
        guard let first = placements.first(where: \.isShown), let pixels = first.snapshot.pixels,
            !first.snapshot.isLayer, first.opacity == 255, first.clip == nil
        else { return false }
        let area = PixelRect(snapping: bounds)
        let x = PixelRect.snapped(first.origin.x)
        let y = PixelRect.snapped(first.origin.y)
        return x <= area.x && y <= area.y && x + pixels.width >= area.x + area.width && y + pixels.height >= area.y + area.height
    }
}
