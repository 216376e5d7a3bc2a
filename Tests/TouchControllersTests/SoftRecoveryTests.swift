import PanelBench
import PanelCore
import Testing
import TouchControllers

/// A recovery re-probes the chip without a reset first, and pays a reset and its start-up wait
/// only when the chip does not answer as itself.
@Suite("Recovery re-probes before it resets")
struct SoftRecoveryTests {
    @Test("an FT6x06 that answers its re-probe after a NAK burst is not reset, and the recovery takes no start-up wait")
    func ftTransientBurst() throws {
        var bench = try FTBench()
        let resets = bench.reset.history.count
        bench.chip.faults.nakBursts = 2  // the next read and the first re-probe
        let started = bench.clock.now
        try bench.pipeline.source.recover()
        #expect(bench.reset.history.count == resets)
        #expect(bench.clock.now - started < .milliseconds(20))
    }

    @Test("an FT6x06 whose re-probes all fail is reset and waits its start-up time")
    func ftHungChip() throws {
        var bench = try FTBench()
        let resets = bench.reset.history.count
        bench.chip.faults.nakBursts = 4  // every re-probe
        let started = bench.clock.now
        try bench.pipeline.source.recover()
        #expect(bench.reset.history.count == resets + 2)  // asserted and released
        #expect(bench.clock.now - started >= .milliseconds(300))
    }

    @Test("an FT6x06 that answers as another chip is reset")
    func ftAnswersAsOther() throws {
        var bench = try FTBench()
        let resets = bench.reset.history.count
        bench.chip.faults.garbageReads = 4  // 0xFF for the chip ID: not the FT6336U it was
        try bench.pipeline.source.recover()
        #expect(bench.reset.history.count == resets + 2)
    }

    @Test("an FT6x06 recovered by a re-probe reads the next touch")
    func ftReadsAfterReprobe() throws {
        var bench = try FTBench()
        bench.chip.faults.nakBursts = 1
        try bench.pipeline.source.recover()
        let script = TouchScript(ScriptedFinger(1).down(at: Point(x: 60, y: 60), after: .milliseconds(5)).hold(for: .milliseconds(50)).lift())
        script.play(on: bench.chip, clock: bench.clock)
        bench.run(until: script.end(plus: .milliseconds(100)))
        let ids = bench.ledger.identities
        #expect(ids.count == 1)
        #expect(bench.ledger.phases(of: ids[0]).first == .began && bench.ledger.phases(of: ids[0]).last == .ended)
    }

    @Test("a GT911 that answers its re-probe after a NAK burst is not reset, and the recovery takes no strap sequence")
    func gtTransientBurst() throws {
        var bench = try GT911Bench()
        let resets = bench.reset.history.count
        bench.chip.faults.nakBursts = 2
        let started = bench.clock.now
        try bench.pipeline.source.recover()
        #expect(bench.reset.history.count == resets)
        #expect(bench.clock.now - started < .milliseconds(20))
    }

    @Test("a GT911 whose re-probes all fail runs the reset and strap sequence again")
    func gtHungChip() throws {
        var bench = try GT911Bench()
        let resets = bench.reset.history.count
        bench.chip.faults.nakBursts = 4
        try bench.pipeline.source.recover()
        #expect(bench.reset.history.count > resets)
    }

    @Test("a recovery policy of no re-probes resets at once, as before")
    func noReprobes() throws {
        let clock = ManualClock()
        let interrupt = MockLine(name: "int", clock: clock, direction: .input)
        let reset = MockLine(name: "reset", clock: clock, direction: .output)
        let chip = FT6x06Emulator(interrupt: interrupt, reset: reset, clock: clock)
        try interrupt.configureAsInput(edges: .rising, bias: .asIs)
        var configuration = FT6x06<FT6x06Emulator, MockLine, MockLine, ManualClock>.Configuration(transform: panel)
        configuration.recovery.reprobes = 0
        var driver = FT6x06(bus: chip, reset: reset, interrupt: interrupt, clock: clock, configuration: configuration)
        try driver.start()
        let resets = reset.history.count
        try driver.recover()
        #expect(reset.history.count == resets + 2)
    }
}

/// After a failed read, the panel is checked again within a poll period instead of at the next
/// interrupt; once a read works and no finger is down it sleeps on its interrupt again.
@Suite("A failed read is checked again without waiting for an interrupt")
struct FailedReadRecheckTests {
    /// A finger lands and its report's read fails (one NAK).
    func failedRead() throws -> FTBench {
        var bench = try FTBench()
        bench.chip.faults.nakBursts = 1
        bench.chip.touch(finger: 0, x: 50, y: 50)
        bench.chip.report()
        bench.pipeline.step(timeout: .milliseconds(10))
        #expect(bench.pipeline.statistics.errors == 1)
        return bench
    }

    @Test("after a failed read, the next step reads within a poll period with no new interrupt")
    func rechecksAfterFailure() throws {
        var bench = try failedRead()
        let reads = bench.pipeline.statistics.reports + bench.pipeline.statistics.emptyReads
        let started = bench.clock.now
        bench.pipeline.step(timeout: .milliseconds(1000))
        #expect(bench.pipeline.statistics.reports + bench.pipeline.statistics.emptyReads == reads + 1)
        #expect(bench.clock.now - started <= .milliseconds(10))
        #expect(bench.pipeline.statistics.consecutiveFailures == 0)
    }

    @Test("once reads work again and the finger has lifted, an idle panel sleeps on its interrupt again")
    func sleepsAgainAfterRecheck() throws {
        var bench = try failedRead()
        bench.pipeline.step(timeout: .milliseconds(1000))  // the re-check reads the finger
        bench.chip.lift(finger: 0)
        bench.chip.report()
        bench.pipeline.step(timeout: .milliseconds(10))  // the lift
        bench.pipeline.run(until: bench.clock.now + .milliseconds(100), into: &bench.ledger)
        let reads = bench.pipeline.statistics.reports + bench.pipeline.statistics.emptyReads
        let started = bench.clock.now
        bench.pipeline.step(timeout: .milliseconds(1000))
        #expect(bench.pipeline.statistics.reports + bench.pipeline.statistics.emptyReads == reads)
        #expect(bench.clock.now - started == .milliseconds(1000))
    }
}
