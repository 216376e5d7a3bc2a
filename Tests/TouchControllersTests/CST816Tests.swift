import PanelBench
import PanelCore
import Testing
import TouchControllers

/// A CST816 on a bench: emulator → driver → tracker → queue, with a consumer-side ledger.
struct CSTBench {
    let clock = ManualClock()
    let interrupt: MockLine
    let reset: MockLine?
    let chip: CST816Emulator
    let queue = EventQueue(capacity: 64)
    var pipeline: TouchPipeline<CST816<CST816Emulator, MockLine, MockLine, ManualClock>, ManualClock>
    var ledger = TouchLedger()

    init(
        chipID: UInt8 = 0xB4, withReset: Bool = true, configure: (inout CST816Configuration) -> Void = { _ in },
        beforeStart: (CST816Emulator, ManualClock) -> Void = { _, _ in }
    ) throws {
        interrupt = MockLine(name: "int", clock: clock, direction: .input)
        reset = withReset ? MockLine(name: "reset", clock: clock, direction: .output) : nil
        chip = CST816Emulator(chipID: chipID, interrupt: interrupt, reset: reset, clock: clock)
        try interrupt.configureAsInput(edges: .rising, bias: .asIs)
        var configuration = CST816Configuration(transform: panel)
        configure(&configuration)
        beforeStart(chip, clock)
        let driver = CST816(bus: chip, reset: reset, interrupt: interrupt, clock: clock, configuration: configuration)
        pipeline = TouchPipeline(source: driver, queue: queue, clock: clock)
        try pipeline.start()
    }

    mutating func play(_ script: TouchScript, settle: MonotonicDuration = .milliseconds(50)) {
        script.play(on: chip, clock: clock)
        pipeline.run(until: script.end(plus: settle), into: &ledger)
    }
}

func decodeCST(_ hex: String) throws(ProtocolViolation) -> (TouchFrame, CST816Gesture) {
    let bytes = hex.split(separator: " ").map { UInt8($0, radix: 16)! }
    var frame = TouchFrame()
    var failure: ProtocolViolation?
    var gesture = CST816Gesture.none
    bytes.withUnsafeBytes { raw in
        do throws(ProtocolViolation) { gesture = try CST816Report.decode(raw, transform: panel, into: &frame) } catch { failure = error }
    }
    if let failure { throw failure }
    return (frame, gesture)
}

@Suite("CST816 reports")
struct CST816ReportTests {
    @Test("a finger down decodes its 12-bit position as track 0")
    func fingerDown() throws {
        let (frame, gesture) = try decodeCST("00 01 01 2C 01 9A")
        #expect(gesture == .none)
        #expect(frame.count == 1)
        #expect(frame.contact(trackID: 0)?.position == Point(x: 300, y: 410))
        #expect(frame.contact(trackID: 0)?.phase == .moved)
    }

    @Test("a count of 0 is no finger, whatever the event and coordinates say, and carries the gesture")
    func noFinger() throws {
        let (frame, gesture) = try decodeCST("03 00 41 31 01 9F")
        #expect(frame.isEmpty)
        #expect(gesture == .swipeLeft)
    }

    @Test("a finger counted with the lift event ends the touch")
    func countedLift() throws {
        let (frame, _) = try decodeCST("05 01 41 31 0F FF")
        #expect(frame.contact(trackID: 0)?.phase == .ended)
    }

    @Test("two fingers on a single-touch part is a protocol violation")
    func twoFingers() {
        #expect(throws: ProtocolViolation.tooManyContacts(count: 2, maximum: 1)) { try decodeCST("00 02 80 10 00 10") }
    }

    @Test("all 0xFF, as after a reset, is a protocol violation")
    func garbage() {
        #expect(throws: ProtocolViolation.tooManyContacts(count: 15, maximum: 1)) { try decodeCST("FF FF FF FF FF FF") }
    }

    @Test("a finger beyond the controller's resolution is a protocol violation")
    func outOfRange() {
        #expect(throws: ProtocolViolation.coordinateOutOfRange(x: 4000, y: 10)) { try decodeCST("00 01 8F A0 00 0A") }
    }

    @Test("an unknown gesture code is kept, not refused")
    func unknownGesture() throws {
        #expect(try decodeCST("21 00 00 00 00 00").1 == .other(0x21))
    }
}

@Suite("CST816 driver")
struct CST816DriverTests {
    @Test("start resets the chip, identifies a CST816S and keeps it awake with interrupts on touch and change")
    func start() throws {
        let bench = try CSTBench()
        let info = try #require(bench.pipeline.source.info)
        #expect(info.chip == .cst816s)
        #expect(info.address == .cst816)
        #expect(bench.chip.register(CST816Register.disableAutoSleep) == 1)
        #expect(bench.chip.register(CST816Register.interruptControl) == 0x60)
    }

    @Test("the CST816T, CST816D and CST716 are told apart by their chip ID")
    func family() throws {
        for (id, chip) in [(UInt8(0xB5), CST816Chip.cst816t), (0xB6, .cst816d), (0x20, .cst716)] {
            #expect(try CSTBench(chipID: id).pipeline.source.info?.chip == chip)
        }
    }

    @Test("an unknown chip ID is refused unless the board accepts it")
    func unknownChip() throws {
        #expect(throws: TouchSourceError.unexpectedChipID(register: 0xA7, value: [0x42])) { try CSTBench(chipID: 0x42) }
        #expect(try CSTBench(chipID: 0x42) { $0.acceptUnknownChip = true }.pipeline.source.info?.chip == .unknown(0x42))
    }

    @Test("a tap through the interrupt is exactly began then ended, at the finger's position")
    func tap() throws {
        var bench = try CSTBench()
        bench.play(TouchScript(ScriptedFinger(1).down(at: Point(x: 120, y: 200)).hold(for: .milliseconds(60)).lift()))
        let identity = try #require(bench.ledger.identities.first)
        #expect(bench.ledger.phases(of: identity) == [.began, .ended])
        #expect(bench.ledger.events.first?.position == Point(x: 120, y: 200))
        #expect(bench.ledger.violations.isEmpty)
        #expect(bench.pipeline.source.lastGesture == .singleTap)
    }

    @Test("a second finger is not seen by the single-touch chip")
    func secondFinger() throws {
        var bench = try CSTBench()
        bench.play(
            TouchScript(
                ScriptedFinger(1).down(at: Point(x: 50, y: 50)).hold(for: .milliseconds(100)).lift(),
                ScriptedFinger(2).down(at: Point(x: 200, y: 300), after: .milliseconds(20)).hold(for: .milliseconds(40)).lift()))
        #expect(bench.ledger.identities.count == 1)
        #expect(bench.ledger.violations.isEmpty)
    }

    @Test("the chip's own gesture reaches the driver: a swipe to the left")
    func swipe() throws {
        var bench = try CSTBench()
        bench.play(TouchScript(ScriptedFinger(1).down(at: Point(x: 250, y: 200)).move(to: Point(x: 60, y: 210), over: .milliseconds(150)).lift()))
        #expect(bench.pipeline.source.lastGesture == .swipeLeft)
        #expect(bench.chip.gestures == [.swipeLeft])
    }

    @Test("a finger held past the long-press tick is reported as a long press while it stays down")
    func longPress() throws {
        var bench = try CSTBench()
        bench.play(TouchScript(ScriptedFinger(1).down(at: Point(x: 100, y: 100)).hold(for: .milliseconds(1200)).lift()))
        #expect(bench.chip.gestures.first == .longPress)
    }

    @Test("a chip asleep without a reset line fails to start with an error that names the reset line and the touch that wakes it")
    func asleepWithoutReset() throws {
        do {
            _ = try CSTBench(withReset: false, beforeStart: { _, clock in clock.advance(by: .milliseconds(3_000)) })
            Issue.record("a sleeping chip started")
        } catch let error as TouchSourceError {
            guard case .device(let description) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(description.contains("RST line"))
            #expect(description.contains("touch the panel"))
        }
    }

    @Test("with a reset line the driver wakes a chip that had fallen asleep")
    func asleepWithReset() throws {
        let bench = try CSTBench(beforeStart: { chip, clock in
            clock.advance(by: .milliseconds(3_000))
            #expect(chip.isAsleep)
        })
        #expect(bench.pipeline.source.info?.chip == .cst816s)
    }

    @Test("kept awake, the chip answers long after the last touch")
    func keptAwake() throws {
        var bench = try CSTBench()
        bench.clock.advance(by: .milliseconds(10_000))
        #expect(!bench.chip.isAsleep)
        bench.play(TouchScript(ScriptedFinger(1).down(at: Point(x: 10, y: 10)).hold(for: .milliseconds(30)).lift()))
        #expect(bench.ledger.identities.count == 1)
        #expect(bench.pipeline.statistics.errors == 0)
    }

    @Test("with auto-sleep on, the chip sleeps after its timeout and the next touch wakes it and is read")
    func autoSleep() throws {
        var bench = try CSTBench { $0.autoSleep = true }
        #expect(bench.chip.register(CST816Register.disableAutoSleep) == 0)
        bench.pipeline.run(until: bench.clock.now + .milliseconds(3_000), into: &bench.ledger)
        #expect(bench.chip.isAsleep)
        bench.play(TouchScript(ScriptedFinger(1).down(at: Point(x: 80, y: 90)).hold(for: .milliseconds(50)).lift()))
        let identity = try #require(bench.ledger.identities.first)
        #expect(bench.ledger.phases(of: identity) == [.began, .ended])
        #expect(bench.pipeline.statistics.errors == 0)
    }

    @Test("a CST816D asleep is not woken by a touch: only a reset wakes it")
    func cst816dStaysAsleep() throws {
        let clock = ManualClock()
        let chip = CST816Emulator(chipID: 0xB6, clock: clock)
        clock.advance(by: .milliseconds(3_000))
        chip.touch(finger: 1, x: 10, y: 10)
        #expect(chip.isAsleep)
        chip.report()
        #expect(chip.reports == 0)
    }

    @Test("auto-sleep without an interrupt line is refused: a sleeping chip cannot be polled")
    func autoSleepNeedsInterrupt() throws {
        let clock = ManualClock()
        var configuration = CST816Configuration(transform: panel)
        configuration.autoSleep = true
        var driver = CST816(bus: CST816Emulator(clock: clock), clock: clock, configuration: configuration)
        #expect(throws: TouchSourceError.self) { try driver.start() }
    }

    @Test("a burst of NAKs is recovered by a re-probe, without a reset")
    func recovery() throws {
        var bench = try CSTBench()
        var resets = 0
        bench.reset?.observe { _, level in if level == .high { resets += 1 } }
        bench.chip.faults.nakBursts = 2
        try bench.pipeline.source.recover()
        #expect(resets == 0)
        #expect(bench.chip.register(CST816Register.disableAutoSleep) == 1)
    }

    @Test("garbage on the first reads after reset is dropped silently, later garbage is an error")
    func garbageAfterReset() throws {
        let clock = ManualClock()
        let chip = CST816Emulator(clock: clock)
        var driver = CST816(bus: chip, clock: clock, configuration: .init(transform: panel))
        try driver.start()
        chip.faults.garbageReads = 2
        #expect(try driver.readFrame() == nil)
        #expect(try driver.readFrame() == nil)
        #expect(driver.discardedReports == 2)
        #expect(try driver.readFrame()?.isEmpty == true)
        chip.faults.garbageReads = 1
        #expect(throws: TouchSourceError.protocolViolation(.tooManyContacts(count: 15, maximum: 1))) { try driver.readFrame() }
    }

    @Test("a missed lift is ended by the polled report that counts no finger")
    func missedLift() throws {
        var bench = try CSTBench()
        bench.chip.faults.missLiftEvents = true
        bench.play(TouchScript(ScriptedFinger(1).down(at: Point(x: 30, y: 40)).hold(for: .milliseconds(40)).lift()))
        let identity = try #require(bench.ledger.identities.first)
        #expect(bench.ledger.phases(of: identity) == [.began, .ended])
    }

    @Test("hibernation puts the chip in deep sleep, where it NAKs until a reset")
    func hibernate() throws {
        let clock = ManualClock()
        let chip = CST816Emulator(clock: clock)
        var driver = CST816(bus: chip, clock: clock, configuration: .init(transform: panel))
        try driver.start()
        try driver.hibernate()
        #expect(chip.isInDeepSleep)
        #expect(throws: TouchSourceError.bus(I2CError(.noAcknowledgeAddress, address: .cst816))) { try driver.readFrame() }
    }
}
