public import PanelCore

/// Tells a shake from gravity, a tilt or a knock, from accelerometer samples.
///
/// Gravity is tracked by a slow low-pass filter (time constant ``gravityTimeConstant``); what
/// is left is the motion. A shake **begins** when the motion exceeds ``threshold`` at least
/// ``peaks`` times, each peak at least ``minimumPeakSpacing`` after the last, within
/// ``window`` (a back-and-forth, not one knock), and **ends** once the motion has stayed below
/// the threshold for ``quietTime``. Defaults (1.0 g, 3 peaks within 0.6 s, quiet for 0.4 s) follow
/// what phones treat as a deliberate shake; a tap on the panel's glass or a door slammed
/// nearby is one peak and does not count.
///
/// Feed it samples at any steady rate (50–400 Hz); it allocates nothing.
public struct ShakeDetector: Sendable {
    public enum Event: Sendable, Hashable { case began, ended }

    public var threshold = 1.0
    public var peaks = 3
    public var window = MonotonicDuration.milliseconds(600)
    public var minimumPeakSpacing = MonotonicDuration.milliseconds(60)
    public var quietTime = MonotonicDuration.milliseconds(400)
    public var gravityTimeConstant = MonotonicDuration.milliseconds(500)

    /// Whether a shake is going on.
    public private(set) var isShaking = false
    private var gravity: (x: Double, y: Double, z: Double)?
    private var lastSample: MonotonicInstant?
    private var peakTimes = InlineArray<8, MonotonicInstant>(repeating: .zero)
    private var peakCount = 0
    private var lastAbove: MonotonicInstant = .zero

    /// When the motion last exceeded the threshold (nil: not since the detector started).
    public var lastMotion: MonotonicInstant? { lastAbove == .zero ? nil : lastAbove }

    public init() {}

    /// Forgets the samples, the peaks and a shake in progress (sampling stopped), keeping the
    /// settings.
    public mutating func reset() {
        isShaking = false
        gravity = nil
        lastSample = nil
        peakCount = 0
        lastAbove = .zero
    }

    /// Sampling starts again after a pause (a wake-on-motion interrupt): gravity is taken
    /// from `rest`, a sample from before the motion, as of `time`, and the old peaks are
    /// forgotten. (Taking the first new sample as gravity would count the motion that woke the
    /// sampling as gravity, and its end as motion.)
    public mutating func resume(gravityFrom rest: Acceleration, at time: MonotonicInstant) {
        gravity = rest.x.isFinite && rest.y.isFinite && rest.z.isFinite ? (rest.x, rest.y, rest.z) : nil
        lastSample = gravity == nil ? nil : time
        peakCount = 0
    }

    /// One sample; returns the event it completes, if any. Non-finite samples (a broken
    /// read) are ignored.
    public mutating func add(_ sample: Acceleration) -> Event? {
        guard sample.x.isFinite, sample.y.isFinite, sample.z.isFinite else { return nil }
        let now = sample.timestamp
        guard var g = gravity, let last = lastSample, now > last else {
            gravity = (sample.x, sample.y, sample.z)
            lastSample = now
            return nil
        }
        let dt = Double((now - last).nanoseconds) / 1e9
        let tau = Double(gravityTimeConstant.nanoseconds) / 1e9
        let alpha = min(max(dt / (tau + dt), 0), 1)
        g.x += alpha * (sample.x - g.x)
        g.y += alpha * (sample.y - g.y)
        g.z += alpha * (sample.z - g.z)
        gravity = g
        lastSample = now
        let (mx, my, mz) = (sample.x - g.x, sample.y - g.y, sample.z - g.z)
        let motion = (mx * mx + my * my + mz * mz).squareRoot()

        if motion > threshold {
            lastAbove = now
            if !isShaking { notePeak(at: now) }
            if !isShaking, peakCount >= peaks {
                isShaking = true
                peakCount = 0
                return .began
            }
        } else if isShaking, now - lastAbove >= quietTime {
            isShaking = false
            return .ended
        }
        return nil
    }

    private mutating func notePeak(at now: MonotonicInstant) {
        // Drop peaks that left the window.
        var kept = 0
        for i in 0 ..< peakCount where now - peakTimes[i] <= window {
            peakTimes[kept] = peakTimes[i]
            kept += 1
        }
        peakCount = kept
        if peakCount > 0, now - peakTimes[peakCount - 1] < minimumPeakSpacing { return }
        if peakCount == 8 {
            for i in 0 ..< 7 { peakTimes[i] = peakTimes[i + 1] }
            peakCount = 7
        }
        peakTimes[peakCount] = now
        peakCount += 1
    }
}
