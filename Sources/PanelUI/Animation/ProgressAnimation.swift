/// A value from 0 to 1 that a view shows moving to its target on the frame clock (a progress
/// bar's fill, a ring's sweep): the target, what is shown now, and the slide between them.
@MainActor
struct ProgressAnimation {
    /// Where the value is going (what the view reports).
    private(set) var target = 0.0
    /// What is drawn now.
    private(set) var shown = 0.0
    private var from = 0.0
    private var start = MonotonicInstant.zero
    private var handle: FrameClock.Handle?

    /// Whether a slide is under way.
    var isMoving: Bool { handle != nil }

    /// Sets the target (clamped to 0…1, NaN as 0); starts a slide on `client`'s
    /// frame clock when `animated` and `view` is in an application's window, else shows it at
    /// once (and asks the whole view to redraw, unless `redrawing` is false: the view marks
    /// what changed itself).
    mutating func set(_ value: Double, animated: Bool, view: View, client: any FrameClockClient, redrawing: Bool = true) {
        let clamped = value.isNaN ? 0 : min(max(value, 0), 1)
        target = clamped
        if let handle { view.window?.application?.frameClock.remove(handle) }
        handle = nil
        guard animated, let application = view.window?.application, shown != clamped else {
            shown = clamped
            if redrawing { view.setNeedsDisplay() }
            return
        }
        from = shown
        start = application.clock.now
        handle = application.frameClock.add(client)
    }

    /// One frame of the slide over `duration` seconds; returns whether it still moves.
    mutating func tick(_ now: MonotonicInstant, duration: Double) -> Bool {
        let fraction = Double((now - start).nanoseconds) / 1_000_000_000 / duration
        let done = fraction >= 1 || !fraction.isFinite
        shown = done ? target : from + (target - from) * AnimationCurve.easeInOut.progress(at: fraction)
        if done { handle = nil }
        return !done
    }
}
