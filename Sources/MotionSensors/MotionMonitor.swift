public import PanelCore

/// An accelerometer watched the way a panel that runs for years needs: asleep until the chip's
/// wake-on-motion interrupt, then sampled at the chip's rate while something moves, shakes
/// detected (``ShakeDetector``), and back to sleep once it has been still for ``settleTime``.
/// At rest nothing runs and nothing wakes the host.
///
/// The caller owns the interrupt line and the sampling timer: it calls ``interrupted(at:)`` on
/// the INT1 edge and starts a timer of ``samplePeriod`` when told to; calls ``sample(at:)``
/// on each tick and stops the timer when told to.
public struct MotionMonitor<Bus: I2CBus> {
    /// What a sample asks of the caller.
    public struct Tick: Sendable, Hashable {
        /// A shake began or ended with this sample.
        public var event: ShakeDetector.Event?
        /// Whether to keep sampling (false: stop the timer; wait for the interrupt).
        public var keepSampling: Bool
    }

    public var sensor: LIS3DH<Bus>
    public var detector = ShakeDetector()
    /// Still for this long (no motion over the threshold, no shake), sampling stops.
    public var settleTime = MonotonicDuration.milliseconds(1_000)
    /// The interrupt's threshold, in g: the shake threshold by default.
    public let wakeThreshold: Double
    /// Whether it is sampling.
    public private(set) var isSampling = false
    /// The last sample (the panel's tilt, for the app), or nil before the first.
    public private(set) var latest: Acceleration?
    private var samplingSince: MonotonicInstant = .zero

    /// A monitor of `sensor` (started by ``start()``).
    public init(sensor: LIS3DH<Bus>, wakeThreshold: Double? = nil) {
        self.sensor = sensor
        self.wakeThreshold = wakeThreshold ?? ShakeDetector().threshold * 0.5
    }

    /// The time between samples: the chip's output rate.
    public var samplePeriod: MonotonicDuration { .nanoseconds(1_000_000_000 / Int64(max(sensor.rate, 1))) }

    /// Starts the chip (its identity checked), arms the motion interrupt and takes one sample
    /// (the tilt at rest).
    /// - Throws: ``MotionSensorError``: no answer, or another chip.
    public mutating func start(at time: MonotonicInstant) throws(MotionSensorError) {
        try sensor.start()
        try sensor.enableMotionInterrupt(threshold: wakeThreshold)
        latest = try sensor.read(at: time)
        try sensor.acknowledgeInterrupt()
    }

    /// INT1 rose: acknowledges it (lowering the latched line). Returns true when the caller
    /// should start the sampling timer (it was not sampling).
    /// - Throws: ``MotionSensorError/bus(address:_:)``.
    public mutating func interrupted(at time: MonotonicInstant) throws(MotionSensorError) -> Bool {
        try sensor.acknowledgeInterrupt()
        samplingSince = time
        guard !isSampling else { return false }
        isSampling = true
        // The last sample was taken at rest (at start, or when the last sampling settled).
        if let latest { detector.resume(gravityFrom: latest, at: time) }
        return true
    }

    /// A sampling tick: reads a sample and feeds the detector.
    /// - Throws: ``MotionSensorError/bus(address:_:)`` (the caller keeps sampling, or stops
    ///   and waits for the next interrupt).
    public mutating func sample(at time: MonotonicInstant) throws(MotionSensorError) -> Tick {
        let sample = try sensor.read(at: time)
        latest = sample
        let event = detector.add(sample)
        let lastMotion = max(detector.lastMotion ?? samplingSince, samplingSince)
        let keep = detector.isShaking || time - lastMotion < settleTime
        if !keep {
            isSampling = false
            // An interrupt latched while sampling would hold the line high: no new edge would
            // come. Lower it before waiting for the next one.
            try sensor.acknowledgeInterrupt()
        }
        return Tick(event: event, keepSampling: keep)
    }

    /// Stops sampling (the app is stopping): returns true when a shake was in progress, for
    /// the caller to cancel.
    public mutating func stop() -> Bool {
        isSampling = false
        let shaking = detector.isShaking
        detector.reset()
        return shaking
    }
}
