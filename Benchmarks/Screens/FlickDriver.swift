public import PanelBench
public import PanelUI

/// A finger that flicks vertically through an application's real dispatch, on a manual clock:
/// a report every 10 ms, each handled and drawn as it arrives; then the glide's frames, one
/// frame-clock interval each. The fling benchmarks (grid, picker) share it.
@MainActor
public final class FlickDriver {
    /// The application the finger touches.
    public let application: Application
    /// The clock reports and frames advance.
    public let clock: ManualClock
    /// The x every report is at.
    public let x: Double
    private var identity: UInt32 = 1

    /// A finger on `application` at `x`, on `clock`.
    public init(application: Application, clock: ManualClock, x: Double) {
        self.application = application
        self.clock = clock
        self.x = x
    }

    private func report(_ y: Double, _ phase: TouchPhase) {
        clock.advance(by: .milliseconds(10))
        var frame = TouchFrame(timestamp: clock.now)
        _ = frame.append(Contact(trackID: 0, position: Point(x: x, y: y), phase: phase, identity: identity))
        application.handle(frame)
        application.runOnce()
    }

    /// A flick: down at `from`, `steps` moves of `step` points, and a lift where it ended.
    public func flick(from: Double, step: Double, steps: Int) {
        report(from, .began)
        for i in 1 ... max(steps, 1) { report(from + Double(i) * step, .moved) }
        report(from + Double(max(steps, 1)) * step, .ended)
        identity += 1
    }

    /// Whether the glide still runs.
    public var isGliding: Bool { application.frameClock.isRunning }

    /// One frame of the glide: the clock moves one frame-clock interval and the application runs
    /// once.
    public func frame() {
        clock.advance(by: FrameClock.interval)
        application.runOnce()
    }
}
