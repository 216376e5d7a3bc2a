import MotionSensors
import PanelBench
import PanelCore
import Testing

@Suite("Motion monitor: the accelerometer sleeps until its motion interrupt, samples while moved, sleeps again")
struct MotionMonitorTests {
    /// A started monitor of an emulated chip whose INT1 drives a mock line.
    private func started() throws -> (MotionMonitor<LIS3DHEmulator>, LIS3DHEmulator, MockLine, ManualClock) {
        let clock = ManualClock()
        let chip = LIS3DHEmulator()
        let line = MockLine(name: "INT1", clock: clock)
        chip.interruptLine = line
        var monitor = MotionMonitor(sensor: LIS3DH(bus: chip))
        try monitor.start(at: clock.now)
        return (monitor, chip, line, clock)
    }

    @Test("the motion interrupt is armed latched, on any axis, at half the shake threshold")
    func interruptArmed() throws {
        let (_, chip, _, _) = try started()
        #expect(chip.register(0x30) == 0x2A)
        #expect(chip.register(0x22) == 0x40)
        #expect(chip.register(0x24) == 0x08)
        #expect(chip.register(0x32) == 31)  // 0.5 g at 16 mg a step
    }

    @Test("a panel at rest raises no interrupt and nothing samples")
    func restIsQuiet() throws {
        let (monitor, chip, line, _) = try started()
        chip.set(x: 0.02, y: 0, z: 1)
        #expect(line.effectiveLevel == .low)
        #expect(!monitor.isSampling)
    }

    @Test("a hand on the panel raises INT1, held until the interrupt is acknowledged")
    func motionRaisesInterrupt() throws {
        var (monitor, chip, line, clock) = try started()
        chip.set(x: 0.9, y: 0, z: 1)
        #expect(line.effectiveLevel == .high)
        #expect(try monitor.interrupted(at: clock.now))
        #expect(line.effectiveLevel == .low)
        #expect(monitor.isSampling)
    }

    @Test("sampling after the interrupt finds the shake's beginning and end, then stops once still for the settle time")
    func shakeThenSleep() throws {
        var (monitor, chip, _, clock) = try started()
        chip.set(x: 1.8, y: 0, z: 1)
        _ = try monitor.interrupted(at: clock.now)
        var events: [ShakeDetector.Event] = []
        var stoppedAt: Int64?
        for tick in 0 ..< 400 where stoppedAt == nil {
            let t = Int64(tick) * 10
            chip.set(x: t < 1000 ? ((t / 125) % 2 == 0 ? 1.8 : -1.8) : 0, y: 0, z: 1)
            clock.advance(by: .milliseconds(10))
            let result = try monitor.sample(at: clock.now)
            if let event = result.event { events.append(event) }
            if !result.keepSampling { stoppedAt = t }
        }
        #expect(events == [.began, .ended])
        let stopped = try #require(stoppedAt)
        // The last peak at ~1 s; the shake ends 0.4 s later; sampling 1 s after the last motion.
        #expect(stopped >= 1900 && stopped <= 2100, "stopped at \(stopped) ms")
        #expect(!monitor.isSampling)
    }

    @Test("a knock wakes the sampling but is not a shake, and sampling stops once still")
    func knockIsNotAShake() throws {
        var (monitor, chip, _, clock) = try started()
        chip.set(x: 1.5, y: 0, z: 1)
        _ = try monitor.interrupted(at: clock.now)
        var events: [ShakeDetector.Event] = []
        var kept = true
        for tick in 0 ..< 200 where kept {
            chip.set(x: tick == 0 ? 1.5 : 0, y: 0, z: 1)
            clock.advance(by: .milliseconds(10))
            let result = try monitor.sample(at: clock.now)
            if let event = result.event { events.append(event) }
            kept = result.keepSampling
        }
        #expect(events.isEmpty)
        #expect(!kept)
    }

    @Test("the latest sample is the panel's tilt, read at start")
    func tiltAtStart() throws {
        let (monitor, _, _, _) = try started()
        let latest = try #require(monitor.latest)
        #expect(abs(latest.z - 1) < 0.01)
    }

    @Test("stopping (the app, or a bus error) keeps the detector's settings: a board's threshold still holds after it")
    func stopKeepsDetectorSettings() throws {
        var (monitor, chip, _, clock) = try started()
        monitor.detector.threshold = 1.5
        monitor.detector.peaks = 4
        monitor.detector.quietTime = .milliseconds(250)
        chip.set(x: 1.8, y: 0, z: 1)
        _ = try monitor.interrupted(at: clock.now)
        _ = monitor.stop()
        #expect(monitor.detector.threshold == 1.5)
        #expect(monitor.detector.peaks == 4)
        #expect(monitor.detector.quietTime == .milliseconds(250))
    }
}
