/// Drives a transition's progress on the application's frame clock: from one progress to
/// another over a duration along a curve, calling `update` each frame and `completion` once at
/// the end. An interactive transition sets the progress from the finger instead, then runs the
/// rest of the way (``run(to:duration:)``) when the finger lifts.
///
/// The frame clock holds the animator only while it runs; its closures hold their container
/// weakly, so nothing keeps a finished transition's screens alive.
@MainActor
final class TransitionAnimator: FrameClockClient {
    private let application: Application?
    private let curve: AnimationCurve
    private var start = MonotonicInstant.zero
    private var duration = 0.0
    private var from = 0.0
    private var to = 1.0
    private var running = false
    /// Where the transition is: 0 at its start, 1 at its end.
    private(set) var progress = 0.0
    /// Shows a progress on the screen.
    let update: @MainActor (Double) -> Void
    /// Runs once, with whether the transition reached 1 (false: it went back to 0).
    private var completion: (@MainActor (Bool) -> Void)?
    /// Runs one frame after the completion, when the last frame has been on screen: a
    /// container swaps its snapshots for the real views then (without drawing them again).
    var afterLastFrame: (@MainActor () -> Void)?
    private var lingering = false

    init(
        application: Application?, curve: AnimationCurve = .easeInOut, update: @escaping @MainActor (Double) -> Void,
        completion: @escaping @MainActor (Bool) -> Void
    ) {
        self.application = application
        self.curve = curve
        self.update = update
        self.completion = completion
    }

    /// Shows `progress` now (an interactive transition following the finger); a number that
    /// is not finite counts as 0, and the value is kept within 0…1.
    func setProgress(_ value: Double) {
        progress = value.isFinite ? min(max(value, 0), 1) : 0
        update(progress)
    }

    /// Runs from the progress shown now to `target` (0 or 1) over `duration` seconds, then
    /// completes. Without an application (or a duration) it completes at once.
    func run(to target: Double, duration: Double) {
        from = progress
        to = target
        self.duration = duration.isFinite ? max(duration, 0) : 0
        guard let application, self.duration > 0, from != to else {
            finish()
            runAfterLastFrame()
            return
        }
        start = application.clock.now
        if !running {
            running = true
            application.frameClock.add(self)
        }
    }

    /// Starts a running transition's clock again, from now, at the progress it was run from:
    /// for a frame that its owner spent getting ready (drawing a screen into a snapshot), so
    /// that the motion starts after it, smoothly, with the whole duration to come.
    func restartClock() {
        guard running, let application else { return }
        start = application.clock.now
        progress = from
    }

    /// Stops without completing: nothing more is called (its owner ended the transition itself).
    func cancel() {
        running = false
        lingering = false
        completion = nil
        afterLastFrame = nil
    }

    func frameClockTick(_ now: MonotonicInstant) -> Bool {
        if lingering {
            lingering = false
            running = false
            runAfterLastFrame()
            return false
        }
        guard running else { return false }
        let elapsed = Double((now - start).nanoseconds) / 1_000_000_000
        let fraction = min(max(elapsed / duration, 0), 1)
        progress = from + (to - from) * curve.progress(at: fraction)
        if fraction >= 1 {
            progress = to
            finish()
            guard running, afterLastFrame != nil else {
                running = false
                return false
            }
            lingering = true
            return true
        }
        update(progress)
        return true
    }

    private func runAfterLastFrame() {
        let after = afterLastFrame
        afterLastFrame = nil
        after?()
    }

    private func finish() {
        progress = to
        update(progress)
        let completion = self.completion
        self.completion = nil
        completion?(to >= 1)
    }
}
