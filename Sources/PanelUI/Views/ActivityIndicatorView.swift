/// A spinner that shows work going on: UIKit's `UIActivityIndicatorView`.
///
/// Twelve spokes, one brighter than the rest, turning a spoke every 1/12 s while
/// ``isAnimating``. It moves on its own timer at 12 Hz (not the 60 Hz frame clock), and stops
/// it when it stops: an app with a stopped spinner keeps zero wake-ups. Hidden when stopped
/// while ``hidesWhenStopped`` (the default).
@MainActor
open class ActivityIndicatorView: View {
    /// Whether it is turning.
    public private(set) var isAnimating = false
    /// Whether it hides while stopped. Default true.
    open var hidesWhenStopped = true {
        didSet { if !isAnimating { isHidden = hidesWhenStopped } }
    }
    /// The spokes' colour. Default the palette's ``Palette/gray``.
    open var color: Color {
        get { _color.resolved(in: self) }
        set { setThemed(&_color, to: newValue) }
    }
    @exclusivity(unchecked) private var _color = Themed<ActivityIndicatorView, Color>(fallback: { $0.palette.gray })

    /// The bright spoke, 0…11.
    public private(set) var phase = 0
    private var timer: TimerHandle?
    private lazy var turn: @MainActor (TimerHandle) -> Void = { [weak self] _ in
        guard let self else { return }
        self.phase = (self.phase + 1) % 12
        self.setNeedsDisplay()
    }

    /// How often a spoke moves on.
    public static let interval = MonotonicDuration.nanoseconds(1_000_000_000 / 12)

    /// A 20-point spinner (UIKit's medium size) by default; hidden until started.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 20, height: 20)) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isHidden = true
    }

    open override var intrinsicContentSize: Size { Size(width: 20, height: 20) }

    /// Starts turning (and shows it).
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        scheduleTimer()
    }

    /// Stops turning (and hides it while ``hidesWhenStopped``).
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        cancelTimer()
        if hidesWhenStopped { isHidden = true }
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        cancelTimer()
        if isAnimating { scheduleTimer() }
    }

    private func scheduleTimer() {
        guard timer == nil, let application = window?.application else { return }
        timer = try? application.scheduleTimer(after: Self.interval, repeating: Self.interval, turn)
    }

    private func cancelTimer() {
        if let timer { window?.application?.cancelTimer(timer) }
        timer = nil
    }

    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let size = min(bounds.width, bounds.height)
        let cx = bounds.minX + bounds.width / 2
        let cy = bounds.minY + bounds.height / 2
        let inner = size * 0.22
        let outer = size * 0.46
        let width = max(size * 0.09, 1.5)
        for spoke in 0 ..< 12 {
            let (dx, dy) = Self.directions[spoke]
            // The bright spoke, then fading behind it.
            let age = (phase - spoke + 12) % 12
            let alpha = UInt8(255 - age * 17)
            canvas.drawLine(
                from: (cx + dx * inner, cy + dy * inner), to: (cx + dx * outer, cy + dy * outer), width: width,
                color: Color(red: color.red, green: color.green, blue: color.blue, alpha: alpha))
        }
    }

    /// Unit vectors of the twelve spokes, clockwise from the top (30° apart).
    private static let directions: [(Double, Double)] = [
        (0, -1), (0.5, -0.8660254), (0.8660254, -0.5), (1, 0), (0.8660254, 0.5), (0.5, 0.8660254),
        (0, 1), (-0.5, 0.8660254), (-0.8660254, 0.5), (-1, 0), (-0.8660254, -0.5), (-0.5, -0.8660254),
    ]
}
