import PanelBench
import PanelCore
import Testing
import TouchControllers

/// An FT6336U on a bench, wired through the whole input path: emulator → driver → tracker →
/// queue, with a consumer-side ledger.
struct FTBench {
    let clock = ManualClock()
    let interrupt: MockLine
    let reset: MockLine
    let chip: FT6x06Emulator
    let queue: EventQueue
    var pipeline: TouchPipeline<FT6x06<FT6x06Emulator, MockLine, MockLine, ManualClock>, ManualClock>
    var ledger = TouchLedger()

    init(queueCapacity: Int = 64, watchdog: MonotonicDuration? = .milliseconds(500)) throws {
        interrupt = MockLine(name: "int", clock: clock, direction: .input)
        reset = MockLine(name: "reset", clock: clock, direction: .output)
        chip = FT6x06Emulator(interrupt: interrupt, reset: reset, clock: clock)
        queue = EventQueue(capacity: queueCapacity)
        // The board's backend requests the active-low INT line for (logical) rising edges.
        try interrupt.configureAsInput(edges: .rising, bias: .asIs)
        let driver = FT6x06(bus: chip, reset: reset, interrupt: interrupt, clock: clock, configuration: .init(transform: panel))
        pipeline = TouchPipeline(source: driver, queue: queue, clock: clock, tracker: TouchTracker(watchdogTimeout: watchdog))
        try pipeline.start()
    }

    mutating func run(until end: MonotonicInstant) {
        pipeline.run(until: end, into: &ledger)
    }
}

struct GT911Bench {
    let clock = ManualClock()
    let interrupt: MockLine
    let reset: MockLine
    let chip: GT911Emulator
    let queue = EventQueue(capacity: 64)
    var pipeline: TouchPipeline<GT911<GT911Emulator, MockLine, MockLine, ManualClock>, ManualClock>
    var ledger = TouchLedger()

    init(watchdog: MonotonicDuration? = .milliseconds(200)) throws {
        interrupt = MockLine(name: "int", clock: clock, direction: .input)
        reset = MockLine(name: "reset", clock: clock, direction: .output)
        chip = GT911Emulator(interrupt: interrupt, reset: reset, clock: clock)
        let driver = GT911(bus: chip, reset: reset, interrupt: interrupt, clock: clock, configuration: .init(transform: panel))
        pipeline = TouchPipeline(source: driver, queue: queue, clock: clock, tracker: TouchTracker(watchdogTimeout: watchdog))
        try pipeline.start()
    }

    mutating func run(until end: MonotonicInstant) {
        pipeline.run(until: end, into: &ledger)
    }
}

@Suite("Scripted gestures end to end")
struct EndToEndTests {
    @Test("an FT6x06 tap is exactly began then ended, at the finger's position")
    func ftTap() throws {
        var bench = try FTBench()
        let script = TouchScript(ScriptedFinger(1).down(at: Point(x: 120, y: 200), after: .milliseconds(3)).hold(for: .milliseconds(60)).lift())
        script.play(on: bench.chip, clock: bench.clock)
        bench.run(until: script.end(plus: .milliseconds(100)))
        #expect(bench.ledger.events.map(\.phase) == [.began, .ended])
        #expect(bench.ledger.events.allSatisfy { $0.position == Point(x: 120, y: 200) })
        #expect(bench.ledger.violations.isEmpty && bench.ledger.active.isEmpty)
    }

    @Test("an FT6x06 drag moves monotonically and ends where the finger lifted")
    func ftDrag() throws {
        var bench = try FTBench()
        let script = TouchScript(
            ScriptedFinger(1).down(at: Point(x: 20, y: 100), after: .milliseconds(5))
                .move(to: Point(x: 300, y: 100), over: .milliseconds(200)).lift())
        script.play(on: bench.chip, clock: bench.clock)
        bench.run(until: script.end(plus: .milliseconds(100)))
        let events = bench.ledger.events
        #expect(events.first?.phase == .began && events.last?.phase == .ended)
        let moves = events.dropFirst().dropLast()
        #expect(moves.count >= 15 && moves.allSatisfy { $0.phase == .moved })
        let xs = events.map(\.position.x)
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(abs(events.last!.position.x - 300) <= 15)
    }

    @Test("a two-finger pinch on an FT6x06 gives two touches, each began, moved and ended once")
    func ftPinch() throws {
        var bench = try FTBench()
        let script = TouchScript(
            ScriptedFinger(1).down(at: Point(x: 100, y: 240), after: .milliseconds(5)).move(to: Point(x: 20, y: 240), over: .milliseconds(100)).lift(),
            ScriptedFinger(2).down(at: Point(x: 200, y: 240), after: .milliseconds(5)).move(to: Point(x: 300, y: 240), over: .milliseconds(100)).lift())
        script.play(on: bench.chip, clock: bench.clock)
        bench.run(until: script.end(plus: .milliseconds(100)))
        let ids = bench.ledger.identities
        #expect(ids.count == 2)
        for id in ids {
            let phases = bench.ledger.phases(of: id)
            #expect(phases.first == .began && phases.last == .ended && phases.filter { $0 == .began || $0 == .ended }.count == 2)
        }
        #expect(bench.ledger.violations.isEmpty)
    }

    @Test("a GT911 swipe is began, moves, ended with the 0x80 release frame")
    func gtSwipe() throws {
        var bench = try GT911Bench()
        let script = TouchScript(
            ScriptedFinger(1).down(at: Point(x: 160, y: 400), after: .milliseconds(5))
                .move(to: Point(x: 160, y: 80), over: .milliseconds(120)).lift())
        script.play(on: bench.chip, clock: bench.clock)
        bench.run(until: script.end(plus: .milliseconds(100)))
        let phases = bench.ledger.events.map(\.phase)
        #expect(phases.first == .began && phases.last == .ended)
        #expect(phases.dropFirst().dropLast().allSatisfy { $0 == .moved })
        #expect(bench.ledger.violations.isEmpty && bench.ledger.active.isEmpty)
        #expect(bench.pipeline.statistics.errors == 0)
        #expect(bench.chip.status == 0)
    }

    @Test("an FT6x06 that never reports the lift still releases the touch (stuck-touch fix)")
    func ftMissedLift() throws {
        var bench = try FTBench()
        bench.chip.faults.missLiftEvents = true
        let script = TouchScript(ScriptedFinger(1).down(at: Point(x: 50, y: 50), after: .milliseconds(5)).hold(for: .milliseconds(40)).lift())
        script.play(on: bench.chip, clock: bench.clock)
        bench.run(until: script.end(plus: .milliseconds(100)))
        #expect(bench.ledger.events.map(\.phase) == [.began, .ended])
    }

    @Test("a GT911 that never sends the release frame has its touch cancelled by the watchdog")
    func gtMissedLift() throws {
        var bench = try GT911Bench(watchdog: .milliseconds(150))
        bench.chip.faults.missLiftEvents = true
        let script = TouchScript(ScriptedFinger(1).down(at: Point(x: 50, y: 50), after: .milliseconds(5)).hold(for: .milliseconds(40)).lift())
        script.play(on: bench.chip, clock: bench.clock)
        bench.run(until: script.end(plus: .milliseconds(400)))
        #expect(bench.ledger.events.map(\.phase) == [.began, .cancelled])
        #expect(bench.pipeline.statistics.watchdogCancels == 1)
    }

    @Test("a burst of NAKs cancels the touch, re-probes the controller without a reset and carries on")
    func nakBurstRecovery() throws {
        var bench = try FTBench()
        let script = TouchScript(ScriptedFinger(1).down(at: Point(x: 60, y: 60), after: .milliseconds(5)).hold(for: .milliseconds(800)).lift())
        script.play(on: bench.chip, clock: bench.clock)
        bench.run(until: bench.clock.now + .milliseconds(100))
        bench.chip.faults.nakBursts = 3
        bench.run(until: script.end(plus: .milliseconds(100)))
        let stats = bench.pipeline.statistics
        #expect(stats.errors == 3 && stats.recoveries == 1)
        let ids = bench.ledger.identities
        #expect(ids.count == 2)
        #expect(bench.ledger.phases(of: ids[0]) == [.began, .cancelled])
        #expect(bench.ledger.phases(of: ids[1]) == [.began, .ended])
        #expect(bench.reset.history.count == 2)  // the start's reset only: the chip answered its re-probe
    }

    @Test("garbage after the recovery reset and stale reports lose no touch")
    func garbageAndStale() throws {
        var bench = try FTBench()
        bench.chip.faults.garbageReadsAfterReset = 2
        bench.chip.faults.staleReports = 3
        try bench.pipeline.source.recover()
        let script = TouchScript(
            ScriptedFinger(1).down(at: Point(x: 10, y: 10), after: .milliseconds(5)).move(to: Point(x: 90, y: 10), over: .milliseconds(80)).lift())
        script.play(on: bench.chip, clock: bench.clock)
        bench.run(until: script.end(plus: .milliseconds(100)))
        #expect(bench.ledger.events.first?.phase == .began && bench.ledger.events.last?.phase == .ended)
        #expect(bench.ledger.violations.isEmpty)
        #expect(bench.pipeline.statistics.errors == 0)
    }

    @Test("a flood of moves into a small queue is coalesced: nothing lost, the touch ends where the finger lifted")
    func floodCoalesces() throws {
        var bench = try FTBench(queueCapacity: 4)
        let script = TouchScript(
            ScriptedFinger(1).down(at: Point(x: 10, y: 10), after: .milliseconds(5)).move(to: Point(x: 300, y: 400), over: .milliseconds(300)).lift())
        script.play(on: bench.chip, clock: bench.clock)
        // The consumer is stalled for the whole gesture, then drains.
        while bench.clock.now < script.end(plus: .milliseconds(100)) { bench.pipeline.step(timeout: .milliseconds(20)) }
        bench.ledger.drain(bench.queue)
        #expect(bench.queue.coalescedCount > 20)
        #expect(bench.ledger.events.first?.phase == .began)
        #expect(bench.ledger.violations.isEmpty && bench.ledger.active.isEmpty)
        let last = try #require(bench.ledger.events.last)
        #expect(last.phase == .ended)
        // Where the chip last sampled the finger: within one 10 ms report of the end of the path.
        #expect(last.position.distance(to: Point(x: 300, y: 400)) < 17)
    }

    @Test("two fingers flooding a stalled consumer each begin and end exactly once, none cancelled")
    func floodTwoFingers() throws {
        var bench = try FTBench(queueCapacity: 4)
        let script = TouchScript(
            ScriptedFinger(1).down(at: Point(x: 10, y: 10), after: .milliseconds(5)).move(to: Point(x: 300, y: 400), over: .milliseconds(300)).lift(),
            ScriptedFinger(2).down(at: Point(x: 300, y: 10), after: .milliseconds(50)).move(to: Point(x: 10, y: 400), over: .milliseconds(100)).lift())
        script.play(on: bench.chip, clock: bench.clock)
        while bench.clock.now < script.end(plus: .milliseconds(100)) { bench.pipeline.step(timeout: .milliseconds(20)) }
        bench.ledger.drain(bench.queue)
        let q = bench.queue
        #expect(q.overflowCount == 0 && bench.ledger.overflows == 0)
        #expect(bench.ledger.violations.isEmpty && bench.ledger.active.isEmpty)
        #expect(bench.ledger.identities.count == 2)
        for id in bench.ledger.identities {
            #expect(bench.ledger.phases(of: id).first == .began && bench.ledger.phases(of: id).last == .ended)
        }
    }
}

@Suite("Boards without an interrupt line")
struct PollingTests {
    @Test("an FT6x06 with no INT line is polled every 10 ms and still sees the whole tap")
    func ftPolling() throws {
        let clock = ManualClock()
        let chip = FT6x06Emulator(clock: clock)
        let queue = EventQueue(capacity: 16)
        var pipeline = TouchPipeline(source: FT6x06(bus: chip, clock: clock, configuration: .init(transform: panel)), queue: queue, clock: clock)
        try pipeline.start()
        clock.clearSleeps()
        let script = TouchScript(ScriptedFinger(1).down(at: Point(x: 30, y: 40), after: .milliseconds(3)).hold(for: .milliseconds(50)).lift())
        script.play(on: chip, clock: clock)
        var ledger = TouchLedger()
        pipeline.run(until: script.end(plus: .milliseconds(50)), into: &ledger, stepTimeout: .milliseconds(100))
        #expect(ledger.events.map(\.phase) == [.began, .ended])
        #expect(clock.sleeps.allSatisfy { $0 == .milliseconds(10) })
    }

    @Test("a GT911 with neither INT nor RESET wired is found at its current address and polled")
    func gtPolling() throws {
        let clock = ManualClock()
        let chip = GT911Emulator(address: .gt911Alternate, clock: clock)
        let queue = EventQueue(capacity: 16)
        var pipeline = TouchPipeline(source: GT911(bus: chip, clock: clock, configuration: .init(transform: panel)), queue: queue, clock: clock)
        try pipeline.start()
        #expect(pipeline.source.info?.address == .gt911Alternate)
        let script = TouchScript(
            ScriptedFinger(1).down(at: Point(x: 30, y: 40), after: .milliseconds(3)).move(to: Point(x: 30, y: 140), over: .milliseconds(50)).lift())
        script.play(on: chip, clock: clock)
        var ledger = TouchLedger()
        pipeline.run(until: script.end(plus: .milliseconds(50)), into: &ledger, stepTimeout: .milliseconds(100))
        #expect(ledger.events.first?.phase == .began && ledger.events.last?.phase == .ended)
        #expect(ledger.violations.isEmpty && pipeline.statistics.errors == 0)
    }

    @Test("the chip's configured resolution replaces the board's controller resolution")
    func chipResolution() throws {
        let clock = ManualClock()
        let chip = GT911Emulator(clock: clock)
        // The board says 4096×4096 controller units on an 800×480 panel; the chip says 320×480.
        var config = GT911<GT911Emulator, NoLine, NoLine, ManualClock>.Configuration(
            transform: TouchscreenTransform(controllerWidth: 4096, controllerHeight: 4096, panelWidth: 800, panelHeight: 480))
        config.garbageTolerance = 0
        var driver = GT911(bus: chip, clock: clock, configuration: config)
        try driver.start()
        chip.touch(finger: 1, x: 319, y: 479)
        chip.report()
        let frame = try #require(try driver.readFrame())
        #expect(frame[0].position == Point(x: 799, y: 479))
    }
}

@Suite("Recovery leaves no stale interrupts behind")
struct RecoveryStaleEdgeTests {
    /// Steps the pipeline until `end`, collecting every frame the queue hands out.
    func collect(_ bench: inout FTBench, until end: MonotonicInstant, into frames: inout [TouchFrame]) {
        let queue = bench.queue
        while bench.clock.now < end {
            bench.pipeline.step(timeout: .milliseconds(20))
            while let item = queue.pop() { if case .frame(let f) = item { frames.append(f) } }
        }
    }

    @Test("after a recovery reset, frame timestamps never go backwards and no extra touch appears")
    func noStaleEdges() throws {
        var bench = try FTBench()
        let script = TouchScript(ScriptedFinger(1).down(at: Point(x: 60, y: 60), after: .milliseconds(5)).hold(for: .milliseconds(900)).lift())
        script.play(on: bench.chip, clock: bench.clock)
        var frames: [TouchFrame] = []
        collect(&bench, until: bench.clock.now + .milliseconds(100), into: &frames)
        // The input thread stalls for 60 ms: six interrupts queue up on the line, then the bus fails.
        bench.clock.advance(by: .milliseconds(60))
        bench.chip.faults.nakBursts = 3
        collect(&bench, until: script.end(plus: .milliseconds(100)), into: &frames)
        #expect(bench.pipeline.statistics.recoveries == 1)
        for (a, b) in zip(frames, frames.dropFirst()) {
            #expect(b.timestamp >= a.timestamp, "a frame at \(b.timestamp) follows one at \(a.timestamp)")
        }
        var began = 0
        for frame in frames { for contact in frame where contact.phase == .began { began += 1 } }
        #expect(began == 2, "the touch before the recovery, and the same finger found again after it")
    }

    @Test("a line with edges queued before the reset has none left once the driver has started")
    func startDiscardsQueuedEdges() throws {
        var bench = try FTBench()
        bench.interrupt.devicePulse(active: .low, width: .microseconds(100))
        bench.clock.advance(by: .milliseconds(1))
        bench.interrupt.devicePulse(active: .low, width: .microseconds(100))
        bench.clock.advance(by: .milliseconds(1))
        #expect(bench.interrupt.pendingEdges > 0)
        try bench.pipeline.source.recover()
        #expect(bench.interrupt.pendingEdges == 0)
    }
}

@Suite("A dead bus is retried with a bounded backoff")
struct DeadBusBackoffTests {
    /// An FT6x06 with an interrupt line and no reset line, as on the PiTFT.
    func bench() throws -> (ManualClock, FT6x06Emulator, TouchPipeline<FT6x06<FT6x06Emulator, NoLine, MockLine, ManualClock>, ManualClock>) {
        let clock = ManualClock()
        clock.recordsSleeps = false
        let interrupt = MockLine(name: "int", clock: clock, direction: .input)
        let chip = FT6x06Emulator(interrupt: interrupt, clock: clock)
        try interrupt.configureAsInput(edges: .rising, bias: .asIs)
        let driver = FT6x06(bus: chip, interrupt: interrupt, clock: clock, configuration: .init(transform: panel))
        var pipeline = TouchPipeline(source: driver, queue: EventQueue(capacity: 64), clock: clock)
        try pipeline.start()
        return (clock, chip, pipeline)
    }

    @Test("with the bus dead, ten seconds cost a bounded number of attempts, at most one a second once backed off")
    func boundedAttempts() throws {
        var (clock, chip, pipeline) = try bench()
        chip.faults.nakBursts = Int.max
        let held = TouchScript(ScriptedFinger(1).down(at: Point(x: 50, y: 50)).hold(for: .milliseconds(20_000)).lift())
        held.play(on: chip, clock: clock)
        let start = clock.now
        var steps = 0
        while clock.now - start < .milliseconds(10_000) && steps < 100_000 {
            pipeline.step(timeout: .milliseconds(20))
            steps += 1
        }
        #expect(clock.now - start >= .milliseconds(10_000), "the pipeline spun: \(steps) steps without time passing")
        #expect(chip.transactions <= 60, "\(chip.transactions) bus transactions in 10 s")
        #expect(pipeline.statistics.backoff == .milliseconds(1000))
        #expect(pipeline.statistics.lastError != nil)
    }

    @Test("when the bus comes back, the pipeline recovers within the backoff and touches flow again")
    func recoversWhenTheBusReturns() throws {
        var (clock, chip, pipeline) = try bench()
        chip.faults.nakBursts = Int.max
        let held = TouchScript(ScriptedFinger(1).down(at: Point(x: 50, y: 50)).hold(for: .milliseconds(3000)).lift())
        held.play(on: chip, clock: clock)
        var steps = 0
        let start = clock.now
        while clock.now - start < .milliseconds(5000) && steps < 100_000 { pipeline.step(timeout: .milliseconds(20)); steps += 1 }
        chip.faults.nakBursts = 0
        let back = clock.now
        let script = TouchScript(ScriptedFinger(1).down(at: Point(x: 50, y: 50), after: .milliseconds(1200)).hold(for: .milliseconds(100)).lift())
        script.play(on: chip, clock: clock)
        var ledger = TouchLedger()
        steps = 0
        while clock.now < script.end(plus: .milliseconds(100)) && steps < 100_000 {
            pipeline.step(timeout: .milliseconds(20))
            ledger.drain(pipeline.queue)
            steps += 1
        }
        #expect(pipeline.statistics.backoff == .zero, "still backing off \(clock.now - back) after the bus returned")
        #expect(ledger.events.map(\.phase) == [.began, .ended])
    }
}
