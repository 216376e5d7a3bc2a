#if os(Linux)
public import Logging
public import MotionSensors
public import PanelBoards
public import PanelCore
public import PanelLinux
public import PanelPlatform

/// The board's accelerometer on the run loop: its INT1 line's edges and a sampling timer
/// (`RunLoopTimer`) drive a `MotionMonitor`; shakes reach the client as `DeviceInput`
/// shake presses (`motionBegan`/`motionEnded(.motionShake)` to the first responder). At rest
/// neither the line nor the timer wakes the loop. ``latest`` is the last sample: the panel's
/// tilt, for the app.
@MainActor
public final class LiveMotion<Bus: I2CBus> {
    /// The interrupt line (input, rising edges).
    public let line: LinuxGPIOLine
    /// The accelerometer's driver and shake detector.
    public private(set) var monitor: MotionMonitor<Bus>
    /// Samples read, and bus errors (each stops the sampling until the next interrupt).
    public private(set) var sampleCount: UInt64 = 0
    /// Failed reads of the accelerometer since the start.
    public private(set) var errorCount: UInt64 = 0
    private var timer: RunLoopTimer?
    private var lineSource: LinuxRunLoop.Source?
    private weak var runLoop: LinuxRunLoop?
    private weak var client: (any RunLoopClient)?
    private let logger: Logger
    private var reportedError = false

    /// The chip on `bus`, its INT1 on `line` (already requested with rising edges).
    public init(sensor: LIS3DH<Bus>, line: LinuxGPIOLine, shakeThreshold: Double = 1.0, logger: Logger) {
        var monitor = MotionMonitor(sensor: sensor, wakeThreshold: shakeThreshold / 2)
        monitor.detector.threshold = shakeThreshold
        self.monitor = monitor
        self.line = line
        self.logger = logger.subsystem("motion")
    }

    /// The last sample (the tilt at rest, or the latest while moved).
    public var latest: Acceleration? { monitor.latest }

    /// Starts the chip (its identity checked) and watches the line on `runLoop`.
    /// - Throws: `PanelKitError` (kind `.keys`): the chip does not answer or is another one;
    ///   the run loop refused a descriptor.
    public func start(on runLoop: LinuxRunLoop, client: any RunLoopClient) throws(PanelKitError) {
        do { try monitor.start(at: SystemClock().now) } catch { throw PanelKitError(.keys, "motion", error) }
        guard let edges = line.eventFileDescriptor else { throw PanelKitError(.keys, "motion: \(line.name) has no edge events") }
        self.runLoop = runLoop
        self.client = client
        do {
            timer = try RunLoopTimer(runLoop: runLoop) { [weak self] in self?.tick() }
            lineSource = try runLoop.add(fileDescriptor: edges) { [weak self] _ in self?.interrupted() }
        } catch {
            throw PanelKitError(.keys, "motion", error)
        }
        // Starting the monitor read INT1_SRC, so the line is low: the next motion makes an edge.
        // (An edge from before, buffered by the kernel, wakes one short sampling.)
    }

    private func interrupted() {
        var time = SystemClock().now
        do {
            while let edge = try line.waitForEdge(timeout: .zero) { time = edge.timestamp }
            if try monitor.interrupted(at: time) { timer?.arm(after: monitor.samplePeriod) }
        } catch {
            failed("\(error)")
        }
    }

    private func tick() {
        do {
            let result = try monitor.sample(at: SystemClock().now)
            sampleCount &+= 1
            reportedError = false
            if let event = result.event {
                client?.handle(.shake(event == .began ? .began : .ended, timestamp: monitor.latest?.timestamp ?? SystemClock().now))
            }
            if result.keepSampling { timer?.arm(after: monitor.samplePeriod) }
        } catch {
            failed("\(error)")
            // Stop sampling; a shake in progress is cancelled; the next interrupt starts again.
            if monitor.stop() { client?.handle(.shake(.cancelled, timestamp: SystemClock().now)) }
            do { _ = try monitor.sensor.acknowledgeInterrupt() } catch {}
        }
    }

    private func failed(_ message: String) {
        errorCount &+= 1
        guard !reportedError else { return }
        reportedError = true
        logger.warning("\(message); the accelerometer is read again at its next interrupt")
    }

    /// Reads the acceleration now (the tilt, on demand).
    /// - Throws: `MotionSensorError`.
    public func read() throws(MotionSensorError) -> Acceleration {
        try monitor.sensor.read(at: SystemClock().now)
    }

    /// Stops watching; a shake in progress is cancelled.
    public func stop() {
        timer?.stop()
        timer = nil
        if let lineSource { runLoop?.remove(lineSource) }
        lineSource = nil
        if monitor.stop() { client?.handle(.shake(.cancelled, timestamp: SystemClock().now)) }
    }
}
extension LiveMotion where Bus == LinuxI2CBus {
    /// The board's accelerometer: its bus opened, its interrupt line requested (rising edges).
    /// - Throws: `PanelKitError` (kind `.keys`): the bus cannot be opened, the line is
    ///   missing or in use (naming its consumer).
    public static func open(_ motion: Board.Motion, logger: Logger) throws(PanelKitError) -> LiveMotion<LinuxI2CBus> {
        let bus: LinuxI2CBus
        do { bus = try LinuxI2CBus(path: motion.bus) } catch { throw PanelKitError(.keys, "motion", error) }
        let line: LinuxGPIOLine
        do {
            line = try LiveInput.pin(motion.interrupt, .input(edges: .rising, bias: motion.interrupt.bias))
        } catch {
            throw PanelKitError(.keys, "motion.interrupt: \(error.description)")
        }
        return LiveMotion(
            sensor: LIS3DH(bus: bus, address: motion.address, range: motion.range(), rate: motion.rate), line: line,
            shakeThreshold: Double(motion.shakeThresholdMilliG) / 1000, logger: logger)
    }
}
#endif
