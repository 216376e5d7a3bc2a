/// A bar that fills as a task progresses: UIKit's `UIProgressView` (default style).
///
/// ``progress`` runs from 0 to 1; values outside are clamped and NaN counts as 0.
/// ``setProgress(_:animated:)`` slides the fill on the frame clock.
@MainActor
open class ProgressView: View {
    /// A progress bar: how far, as a percentage, updating often.
    open override var accessibilityDefaults: AccessibilityDescription {
        AccessibilityDescription(isElement: true, value: AccessibilityDescription.percent(Double(progress)), traits: .updatesFrequently)
    }

    /// How far the task is, 0…1.
    open var progress: Float {
        get { Float(animation.target) }
        set { setProgress(newValue, animated: false) }
    }
    /// The filled part's colour. Default the ``View/tintColor``.
    open var progressTintColor: Color {
        get { _progressTintColor.resolved(in: self) }
        set { setThemed(&_progressTintColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _progressTintColor = Themed<ProgressView, Color>(fallback: { $0.tintColor })
    /// The unfilled part's colour. Default the palette's ``Palette/fill`` (light grey).
    open var trackTintColor: Color {
        get { _trackTintColor.resolved(in: self) }
        set { setThemed(&_trackTintColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _trackTintColor = Themed<ProgressView, Color>(fallback: { $0.palette.fill })

    /// What is drawn (part way while an animated change runs).
    private var animation = ProgressAnimation()

    /// How long an animated change takes.
    public static let animationDuration = 0.25

    /// A bar 4 points tall (UIKit's height) by default.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 200, height: 4)) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 4) }

    /// Sets the progress (clamped to 0…1, NaN as 0), sliding the fill there over 0.25 s when
    /// `animated` and the view is in an application's window.
    open func setProgress(_ progress: Float, animated: Bool) {
        animation.set(Double(progress), animated: animated, view: self, client: self)
    }

    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let box = PixelRect(snapping: bounds)
        let radius = Double(box.height) / 2
        canvas.fillRoundedRect(box, radius: radius, color: trackTintColor)
        let filled = Int((Double(box.width) * animation.shown).rounded())
        guard filled > 0 else { return }
        // It fills from the leading edge: the right under a right-to-left language.
        let start = isRightToLeft ? box.maxX - filled : box.x
        canvas.pushClip(PixelRect(x: start, y: box.y, width: filled, height: box.height))
        canvas.fillRoundedRect(box, radius: radius, color: progressTintColor)
        canvas.popClip()
    }
}

extension ProgressView: FrameClockClient {
    /// One frame of the bar's slide to its new progress; true while it is still moving.
    public func frameClockTick(_ now: MonotonicInstant) -> Bool {
        let moving = animation.tick(now, duration: Self.animationDuration)
        setNeedsDisplay()
        return moving
    }
}
