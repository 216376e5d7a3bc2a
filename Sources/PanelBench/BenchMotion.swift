public import MotionSensors
public import PanelCore
public import PanelPlatform

/// A board's accelerometer on the bench: an emulated LIS3DH whose INT1 is an emulated line,
/// read by the real driver and ``MotionMonitor`` (wake-up interrupt, sampling, the shake
/// detector) in virtual time, as PanelKit's `LiveMotion` reads the chip on a board. A script
/// shakes it (``scheduleShake(at:for:peak:frequency:)``); what it delivers is what the board
/// would.
public final class BenchMotion {
    /// The emulated chip.
    public let chip: LIS3DHEmulator
    /// Its INT1 line.
    public let line: MockLine
    /// The driver and the shake detector.
    public private(set) var monitor: MotionMonitor<LIS3DHEmulator>
    /// Samples read, and reads that failed.
    public private(set) var sampleCount: UInt64 = 0
    public private(set) var errorCount: UInt64 = 0
    private let clock: ManualClock
    private var nextSample: MonotonicInstant?

    /// An accelerometer at `address`, sampling at `rate` Hz while it moves; a shake is a swing
    /// past `shakeThreshold` g.
    /// - Throws: ``MotionSensorError`` when the emulated chip does not start (it always does).
    public init(
        clock: ManualClock, address: I2CAddress = LIS3DH<LIS3DHEmulator>.defaultAddress, range: LIS3DH<LIS3DHEmulator>.Range = .g4,
        rate: Int = 100, shakeThreshold: Double = 1.0
    ) throws(MotionSensorError) {
        self.clock = clock
        chip = LIS3DHEmulator(address: address)
        line = MockLine(name: "motion", clock: clock)
        line.recordsHistory = false
        // A mock line takes any configuration; only injected errors fail it.
        try? line.configureAsInput(edges: .rising, bias: .asIs)
        chip.interruptLine = line
        var monitor = MotionMonitor(sensor: LIS3DH(bus: chip, address: address, range: range, rate: rate), wakeThreshold: shakeThreshold / 2)
        monitor.detector.threshold = shakeThreshold
        try monitor.start(at: clock.now)
        self.monitor = monitor
    }

    /// Schedules a shake: from `start`, the board swings along x at `frequency` Hz with peaks
    /// of `peak` g for `duration`, then rests flat (1 g on z).
    public func scheduleShake(at start: MonotonicInstant, for duration: MonotonicDuration, peak: Double = 2.5, frequency: Double = 5) {
        let chip = self.chip
        let step = MonotonicDuration.milliseconds(5)
        var offset = MonotonicDuration.zero
        while offset < duration {
            let t = Double(offset.nanoseconds) / 1e9
            // A square-ish swing: sign of the sine, so that every half period crosses the threshold.
            let phase = (t * frequency).truncatingRemainder(dividingBy: 1)
            let x = phase < 0.5 ? peak : -peak
            clock.schedule(at: start + offset) { _ in chip.set(x: x, y: 0, z: 1) }
            offset = offset + step
        }
        clock.schedule(at: start + duration) { _ in chip.set(x: 0, y: 0, z: 1) }
    }

    /// When the monitor next samples; nil while the board rests (it waits for the interrupt).
    public var deadline: MonotonicInstant? { nextSample }

    /// Handles the interrupt edges and the samples due up to now, delivering the shakes they
    /// decide. A failed read stops the sampling, cancels a shake in progress and waits for the
    /// next interrupt, as on a board.
    public func poll(_ deliver: (DeviceInput) -> Void) {
        while let edge = try? line.waitForEdge(timeout: .zero) {
            do {
                if try monitor.interrupted(at: edge.timestamp) { nextSample = edge.timestamp + monitor.samplePeriod }
            } catch {
                errorCount &+= 1
            }
        }
        while let due = nextSample, due <= clock.now {
            do {
                let tick = try monitor.sample(at: due)
                sampleCount &+= 1
                if let event = tick.event { deliver(.shake(event == .began ? .began : .ended, timestamp: due)) }
                nextSample = tick.keepSampling ? due + monitor.samplePeriod : nil
            } catch {
                errorCount &+= 1
                nextSample = nil
                if monitor.stop() { deliver(.shake(.cancelled, timestamp: due)) }
                _ = try? monitor.sensor.acknowledgeInterrupt()
            }
        }
    }

    /// Stops sampling; a shake in progress is cancelled (the session is stopping).
    public func cancel(_ deliver: (DeviceInput) -> Void) {
        nextSample = nil
        if monitor.stop() { deliver(.shake(.cancelled, timestamp: clock.now)) }
    }
}
