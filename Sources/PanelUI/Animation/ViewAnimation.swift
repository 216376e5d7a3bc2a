/// What the screen shows of a view while an animation moves it: the presentation values,
/// which the renderer draws in place of the view's own (UIKit's presentation layer). The view's
/// properties already hold the animation's end values, so reading them, laying out and
/// hit-testing use where the view is going, as in UIKit.
final class ViewPresentation {
    var frame: Rect?
    var alpha: Double?
    var backgroundColor: Color??
    var transform: AffineTransform?

    var isEmpty: Bool { frame == nil && alpha == nil && backgroundColor == nil && transform == nil }
}

/// A property an animation moves, with its start and end values.
enum AnimatedValue {
    case frame(from: Rect, to: Rect)
    case alpha(from: Double, to: Double)
    case backgroundColor(from: Color?, to: Color?)
    case transform(TransformInterpolation)

    var key: Int {
        switch self {
        case .frame: 0
        case .alpha: 1
        case .backgroundColor: 2
        case .transform: 3
        }
    }
}

/// One call of `View.animate`: the changes its closure made, timed and driven by the frame
/// clock until they end (or are taken over by a later animation of the same property).
@MainActor
final class ViewAnimation {
    /// The animation whose closure is running (its property changes are recorded).
    static var recording: ViewAnimation?

    struct Track {
        /// Held weakly: a view that goes away mid-animation simply drops out of it.
        weak var view: View?
        var value: AnimatedValue
    }

    let duration: Double
    let delay: Double
    let curve: AnimationCurve
    let completion: ((Bool) -> Void)?
    var tracks: [Track] = []
    var start = MonotonicInstant.zero
    var interrupted = false

    init(duration: Double, delay: Double, curve: AnimationCurve, completion: ((Bool) -> Void)?) {
        self.duration = duration.isFinite ? max(duration, 0) : 0
        self.delay = delay.isFinite ? max(delay, 0) : 0
        self.curve = curve
        self.completion = completion
    }

    /// A property of `view` changed inside the closure: it will move from what the screen
    /// shows now to its new value.
    func record(_ view: View, _ value: AnimatedValue) {
        if let index = tracks.firstIndex(where: { $0.view === view && $0.value.key == value.key }) {
            // Set twice in one closure: from the first start to the last end.
            switch (tracks[index].value, value) {
            case (.frame(let from, _), .frame(_, let to)): tracks[index].value = .frame(from: from, to: to)
            case (.alpha(let from, _), .alpha(_, let to)): tracks[index].value = .alpha(from: from, to: to)
            case (.backgroundColor(let from, _), .backgroundColor(_, let to)): tracks[index].value = .backgroundColor(from: from, to: to)
            case (.transform(let first), .transform(let last)):
                tracks[index].value = .transform(TransformInterpolation(from: first.from, to: last.to))
            default: break
            }
            return
        }
        tracks.append(Track(view: view, value: value))
    }

    /// Starts the recorded tracks on the application's frame clock (at once: the values shown
    /// are the start values until the delay is over).
    func run() {
        guard !tracks.isEmpty, duration > 0 || delay > 0,
            let application = tracks.lazy.compactMap({ $0.view?.window?.application }).first
        else {
            completion?(true)
            return
        }
        start = application.clock.now + .nanoseconds(Int64(delay * 1_000_000_000))
        for track in tracks {
            ViewAnimation.take(over: track, by: self)
            show(track, progress: 0)
        }
        application.frameClock.add { [self] now in step(now) }
    }

    /// A later animation moves a property an earlier one was moving: the earlier one lets go
    /// of it and, with nothing left, ends unfinished.
    private static var running: [ViewAnimation] = []

    private static func take(over track: Track, by animation: ViewAnimation) {
        for other in running where other !== animation {
            other.tracks.removeAll { $0.view === track.view && $0.value.key == track.value.key }
            if other.tracks.isEmpty { other.interrupted = true }
        }
        if !running.contains(where: { $0 === animation }) { running.append(animation) }
    }

    private func step(_ now: MonotonicInstant) -> Bool {
        if interrupted || tracks.isEmpty {
            finish(false)
            return false
        }
        let elapsed = Double((now - start).nanoseconds) / 1_000_000_000
        let fraction = duration > 0 ? elapsed / duration : (elapsed >= 0 ? 1 : 0)
        let progress = curve.progress(at: fraction)
        for track in tracks { show(track, progress: fraction >= 1 ? 1 : progress) }
        guard fraction >= 1 else { return true }
        for track in tracks { track.view?.endPresentation(of: track.value) }
        finish(true)
        return false
    }

    private func finish(_ finished: Bool) {
        ViewAnimation.running.removeAll { $0 === self }
        completion?(finished)
    }

    private func show(_ track: Track, progress p: Double) {
        guard let view = track.view else { return }
        switch track.value {
        case .frame(let from, let to):
            view.present(
                frame: Rect(
                    x: from.minX + (to.minX - from.minX) * p, y: from.minY + (to.minY - from.minY) * p,
                    width: from.width + (to.width - from.width) * p, height: from.height + (to.height - from.height) * p))
        case .alpha(let from, let to):
            view.present(alpha: from + (to - from) * p)
        case .backgroundColor(let from, let to):
            view.present(backgroundColor: Self.mix(from, to, p))
        case .transform(let interpolation):
            view.present(transform: interpolation.value(at: p))
        }
    }

    /// A colour part way from `a` to `b` (nil: clear, so its channels fade with its alpha).
    static func mix(_ a: Color?, _ b: Color?, _ p: Double) -> Color? {
        if a == nil && b == nil { return nil }
        let from = a ?? Color(red: b!.red, green: b!.green, blue: b!.blue, alpha: 0)
        let to = b ?? Color(red: from.red, green: from.green, blue: from.blue, alpha: 0)
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
            let value = Double(x) + (Double(y) - Double(x)) * min(max(p, 0), 1)
            return UInt8(min(max(value.rounded(), 0), 255))
        }
        return Color(
            red: channel(from.red, to.red), green: channel(from.green, to.green), blue: channel(from.blue, to.blue), alpha: channel(from.alpha, to.alpha))
    }
}

extension View {
    /// Animates the changes `animations` makes to views' ``frame``, ``center``, ``alpha``,
    /// ``backgroundColor`` and ``transform``: UIKit's `UIView.animate(withDuration:delay:options:animations:completion:)`.
    ///
    /// The properties take their new values at once (reading them, layout and hit-testing see
    /// the end state); the screen shows them moving there over `duration` seconds after
    /// `delay`, along the options' curve, on the application's frame clock, which stops when
    /// nothing moves. `completion` gets true when the animation ran to its end, false when a
    /// later animation of the same properties took over. Views in no application's window
    /// change at once and `completion` runs before this returns.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(duration: duration, delay: delay, curve: options.curve, animations: animations, completion: completion)
    }

    /// The same with a spring (UIKit's `usingSpringWithDamping:initialSpringVelocity:`): damping 1
    /// arrives without overshoot, lower values overshoot and settle within the duration.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, usingSpringWithDamping damping: Double, initialSpringVelocity velocity: Double,
        options: AnimationOptions = [], animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(
            duration: duration, delay: delay, curve: .spring(damping: damping, initialVelocity: velocity), animations: animations,
            completion: completion)
    }

    private static func animate(duration: Double, delay: Double, curve: AnimationCurve, animations: () -> Void, completion: ((Bool) -> Void)?) {
        let animation = ViewAnimation(duration: duration, delay: delay, curve: curve, completion: completion)
        let outer = ViewAnimation.recording
        ViewAnimation.recording = animation
        animations()
        ViewAnimation.recording = outer
        animation.run()
    }

    // MARK: - Presentation

    /// The untransformed frame the screen shows (the animated one while an animation moves the view).
    var presentationFrame: Rect { presentation?.frame ?? untransformedFrame }
    /// The transform the screen shows.
    var presentationTransform: AffineTransform { presentation?.transform ?? transform }
    /// The area of the superview the view covers on screen as shown: the shown frame, or
    /// while a transform is shown, ``drawnExtentInSuperview``.
    var presentationExtent: Rect {
        presentationTransform.isIdentity ? presentationFrame : drawnExtentInSuperview
    }
    /// The alpha the screen shows.
    var presentationAlpha: Double { presentation?.alpha ?? alpha }
    /// The background colour the screen shows.
    var presentationBackgroundColor: Color? {
        if let shown = presentation?.backgroundColor { return shown }
        return shownBackgroundColor
    }

    func present(frame shown: Rect) {
        let old = presentationExtent
        presentationState.frame = shown
        superview?.setNeedsDisplay(old.union(presentationExtent))
    }

    func present(alpha shown: Double) {
        presentationState.alpha = shown
        superview?.setNeedsDisplay(presentationExtent)
    }

    func present(transform shown: AffineTransform) {
        let old = drawnExtentInSuperview
        presentationState.transform = shown
        transformChanged(from: old)
    }

    func present(backgroundColor shown: Color?) {
        presentationState.backgroundColor = .some(shown)
        setNeedsDisplay()
    }

    /// The animation of `value` ended: the screen shows the view's own value again.
    func endPresentation(of value: AnimatedValue) {
        guard let presentation else { return }
        let shown = presentationExtent
        switch value {
        case .frame: presentation.frame = nil
        case .alpha: presentation.alpha = nil
        case .backgroundColor: presentation.backgroundColor = nil
        case .transform: presentation.transform = nil
        }
        if presentation.isEmpty { self.presentation = nil }
        superview?.setNeedsDisplay(shown.union(displayedExtent))
        setNeedsDisplay()
    }

    private var presentationState: ViewPresentation {
        if let presentation { return presentation }
        let made = ViewPresentation()
        presentation = made
        return made
    }

    /// Inside an animation closure: records the change so it is animated from what is shown.
    func recordAnimated(_ value: AnimatedValue) {
        ViewAnimation.recording?.record(self, value)
    }
}
