import PanelBench
import PanelCore
import PanelPlatform
import Testing

/// Runs `motion` until `end`; what it delivered.
private func run(_ motion: BenchMotion, _ clock: ManualClock, until end: MonotonicInstant) -> [String] {
    runPolling(clock, until: end, motion.poll)
}

@Suite("The accelerometer on the bench: an emulated LIS3DH through the real driver and shake detector")
struct BenchMotionTests {
    @Test("a shake of the board is one shake that begins and ends, through the chip's interrupt and samples")
    func shake() throws {
        let clock = ManualClock()
        let motion = try BenchMotion(clock: clock)
        motion.scheduleShake(at: clock.now + .milliseconds(100), for: .milliseconds(600))
        let delivered = run(motion, clock, until: clock.now + .milliseconds(2500))
        #expect(delivered == ["shake began", "shake ended"])
        #expect(motion.sampleCount > 0)
        #expect(motion.deadline == nil, "the sampling settled and waits for the next interrupt")
    }

    @Test("a board at rest wakes nothing: no interrupt, no sample")
    func rest() throws {
        let clock = ManualClock()
        let motion = try BenchMotion(clock: clock)
        #expect(run(motion, clock, until: clock.now + .milliseconds(1000)).isEmpty)
        #expect(motion.sampleCount == 0)
    }

    @Test("a bus that stops answering mid-shake cancels the shake once and waits for the next interrupt")
    func busErrorCancels() throws {
        let clock = ManualClock()
        let motion = try BenchMotion(clock: clock)
        motion.scheduleShake(at: clock.now + .milliseconds(100), for: .milliseconds(1500))
        var delivered = run(motion, clock, until: clock.now + .milliseconds(600))
        #expect(delivered == ["shake began"])
        motion.chip.nakBursts = 1
        delivered += run(motion, clock, until: clock.now + .milliseconds(20))
        #expect(delivered == ["shake began", "shake cancelled"])
        #expect(motion.errorCount == 1)
    }
}
