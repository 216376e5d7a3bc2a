#if os(Linux)
import Glibc
import Logging
import PanelLinuxPlatform
import Testing
import MotionSensors
import PanelBench
import PanelCore
import PanelKit
import PanelPlatform
@testable import PanelLinux

@Suite("The accelerometer's interrupt on the kernel (gpio-sim line 4), the chip emulated", .enabled(if: Testbed.isAvailable), .serialized)
@MainActor
struct KernelMotionTests {
    /// An emulated LIS3DH whose INT1 is gpio-sim line 4 (the test drives it), watched by a
    /// started `LiveMotion` on a run loop, its inputs recorded.
    private func started(logger: Logger) throws -> (LIS3DHEmulator, LiveMotion<LIS3DHEmulator>, InputRecorder, AppLoop) {
        Testbed.pull(4, up: false)
        let chip = LIS3DHEmulator()
        let line = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(4), activeLow: false, direction: .input(edges: .rising, bias: .asIs))
        Testbed.waitForEdgeDetection(4)
        let motion = LiveMotion(sensor: LIS3DH(bus: chip), line: line, logger: logger)
        let recorder = InputRecorder()
        let loop = try AppLoop(queueSignal: nil, clock: SystemClock())
        try motion.start(on: loop.loop, client: recorder)
        return (chip, motion, recorder, loop)
    }

    @Test("INT1 rising wakes the sampling, a shake reaches the client, and once still nothing wakes the loop")
    func interruptShakeAndSleep() throws {
        let (chip, motion, recorder, loop) = try started(logger: .silent)
        defer { motion.stop() }

        // At rest: no sampling, no wake-ups.
        loop.turn(timeout: .zero)
        let restWakeups = loop.statistics.wakeups
        loop.turn(timeout: .milliseconds(300))
        #expect(loop.statistics.wakeups == restWakeups)

        // A hand on it: the chip latches and raises INT1 (the test drives the line for it).
        chip.set(x: 1.8, y: 0, z: 1)
        Testbed.pull(4, up: true)
        loop.turn(timeout: .milliseconds(100))
        #expect(!chip.isInterruptLatched, "the interrupt was acknowledged")
        Testbed.pull(4, up: false)
        // Shaken at 4 Hz for a second, then still.
        let start = Testbed.now()
        while Testbed.now() - start < .milliseconds(3_000) {
            let t = (Testbed.now() - start).nanoseconds / 1_000_000
            chip.set(x: t < 1000 ? ((t / 125) % 2 == 0 ? 1.8 : -1.8) : 0, y: 0, z: 1)
            loop.turn(timeout: .milliseconds(5))
        }
        let shakes = recorder.inputs.map(\.description)
        #expect(shakes == ["shake began", "shake ended"])
        #expect(motion.sampleCount > 50)
        #expect(!motion.monitor.isSampling)

        // Still again: the timer is off.
        loop.turn(timeout: .zero)
        let stillWakeups = loop.statistics.wakeups
        loop.turn(timeout: .milliseconds(300))
        #expect(loop.statistics.wakeups == stillWakeups)
    }

    @Test("a bus error while shaking cancels the shake, is logged once, stops the sampling, and the next interrupt reads again")
    func busErrorWhileShaking() throws {
        let log = LogCapture()
        let (chip, motion, recorder, loop) = try started(logger: log.logger())
        defer { motion.stop() }
        let shake = { (milliseconds: Int64) in
            let start = Testbed.now()
            while Testbed.now() - start < .milliseconds(milliseconds) {
                let t = (Testbed.now() - start).nanoseconds / 1_000_000
                chip.set(x: (t / 125) % 2 == 0 ? 1.8 : -1.8, y: 0, z: 1)
                loop.turn(timeout: .milliseconds(5))
            }
        }

        // Shaken until the shake is reported.
        chip.set(x: 1.8, y: 0, z: 1)
        Testbed.pull(4, up: true)
        loop.turn(timeout: .milliseconds(100))
        Testbed.pull(4, up: false)
        shake(800)
        #expect(recorder.inputs.map(\.description) == ["shake began"])

        // The chip stops answering (a loose cable): the shake is cancelled, one warning, and
        // nothing samples a dead bus.
        chip.nakBursts = 1_000_000
        shake(300)
        #expect(recorder.inputs.map(\.description) == ["shake began", "shake cancelled"])
        #expect(motion.errorCount == 1)
        #expect(!motion.monitor.isSampling)
        #expect(log.lines.count == 1)
        #expect(log.lines.first?.contains("the accelerometer is read again at its next interrupt") == true)
        loop.turn(timeout: .zero)
        let deadWakeups = loop.statistics.wakeups
        loop.turn(timeout: .milliseconds(300))
        #expect(loop.statistics.wakeups == deadWakeups, "a dead bus is not polled")

        // It answers again; its next interrupt starts the sampling, and a shake is seen again.
        chip.nakBursts = 0
        chip.set(x: 1.8, y: 0, z: 1)
        Testbed.pull(4, up: true)
        loop.turn(timeout: .milliseconds(100))
        Testbed.pull(4, up: false)
        shake(800)
        #expect(recorder.inputs.map(\.description) == ["shake began", "shake cancelled", "shake began"])
        #expect(motion.errorCount == 1)
        #expect(log.lines.count == 1)
    }
}
#endif
