import RealModule

/// Progress as a ring that fills clockwise from the top: a circular `ProgressView` (LVGL's
/// `lv_arc` used as an indicator). ``progress`` runs from 0 to 1; values outside are clamped and
/// NaN counts as 0. ``setProgress(_:animated:)`` sweeps the ring on the frame clock.
@MainActor
open class ProgressRing: View {
    /// A progress ring: how far, as a percentage, updating often.
    open override var accessibilityDefaults: AccessibilityDescription {
        AccessibilityDescription(isElement: true, value: AccessibilityDescription.percent(Double(progress)), traits: .updatesFrequently)
    }

    /// How far the task is, 0…1: a `Float`, as ``ProgressView``'s and UIKit's `progress` are.
    open var progress: Float {
        get { Float(animation.target) }
        set { setProgress(newValue, animated: false) }
    }
    /// The filled arc's colour. Default the ``View/tintColor``.
    public var progressTintColor: Color {
        get { _progressTintColor.resolved(in: self) }
        set { setThemed(&_progressTintColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _progressTintColor = Themed<ProgressRing, Color>(fallback: { $0.tintColor })
    /// The ring under it. Default the palette's ``Palette/fill`` (light grey).
    public var trackTintColor: Color {
        get { _trackTintColor.resolved(in: self) }
        set { setThemed(&_trackTintColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _trackTintColor = Themed<ProgressRing, Color>(fallback: { $0.palette.fill })
    /// The ring's width in points (clamped to 1…half the side). Default 6.
    public var lineWidth = 6.0 {
        didSet {
            lineWidth = lineWidth.isFinite ? max(lineWidth, 1) : 6
            setNeedsDisplay()
        }
    }

    private var animation = ProgressAnimation()

    /// How long an animated change takes.
    public static let animationDuration = 0.3

    /// A ring 44 points across by default.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 44, height: 44)) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// 44 × 44 points.
    open override var intrinsicContentSize: Size { Size(width: 44, height: 44) }

    /// Sets the progress (clamped, NaN as 0), sweeping there over 0.3 s when `animated` and
    /// the ring is in an application's window.
    open func setProgress(_ progress: Float, animated: Bool) {
        animation.set(Double(progress), animated: animated, view: self, client: self)
    }

    /// Draws the track and the filled arc, with round ends.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let side = min(bounds.width, bounds.height)
        let width = min(lineWidth, side / 2)
        let radius = (side - width) / 2
        guard radius > 0 else { return }
        let centre = Point(x: bounds.width / 2, y: bounds.height / 2)
        var track = Path()
        track.addEllipse(in: Rect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius))
        canvas.stroke(track, width: width, color: trackTintColor)
        let shown = animation.shown
        guard shown > 0 else { return }
        var arc = Path()
        let top = -Double.pi / 2
        arc.addArc(center: centre, radius: radius, startAngle: top, endAngle: top + 2 * Double.pi * shown)
        canvas.stroke(arc, width: width, color: progressTintColor, cap: shown < 1 ? .round : .butt)
    }
}

extension ProgressRing: FrameClockClient {
    /// One frame of the sweep to the new progress; true while it still moves.
    public func frameClockTick(_ now: MonotonicInstant) -> Bool {
        let moving = animation.tick(now, duration: Self.animationDuration)
        setNeedsDisplay()
        return moving
    }
}
