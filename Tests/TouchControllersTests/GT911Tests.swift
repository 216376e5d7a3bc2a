import PanelBench
import PanelCore
import Testing
import TouchControllers

func bytes(_ hex: String) -> [UInt8] { hex.split(separator: " ").map { UInt8($0, radix: 16)! } }

func decodeGT(_ hex: String, max: Int = 5, transform: TouchscreenTransform = panel) throws(ProtocolViolation) -> TouchFrame {
    let b = bytes(hex)
    var frame = TouchFrame()
    var failure: ProtocolViolation?
    let n = Int(b[0] & 0x0F)
    b.withUnsafeBytes { raw in
        let slice = UnsafeRawBufferPointer(rebasing: raw[0 ..< min(raw.count, 2 + 8 * n)])
        do throws(ProtocolViolation) { try GT911Report.decode(slice, maxContacts: max, transform: transform, into: &frame) } catch { failure = error }
    }
    if let failure { throw failure }
    return frame
}

typealias GTDriver = GT911<GT911Emulator, MockLine, MockLine, ManualClock>

/// A GT911 on a bench: emulator, RESET and INT lines, clock, driver.
struct GTBench {
    let clock = ManualClock()
    let reset: MockLine
    let interrupt: MockLine
    let chip: GT911Emulator
    var driver: GTDriver

    init(address: I2CAddress = .gt911Primary, configure: (inout GTDriver.Configuration) -> Void = { _ in }) {
        reset = MockLine(name: "reset", clock: clock, direction: .output)
        interrupt = MockLine(name: "int", clock: clock, direction: .input)
        chip = GT911Emulator(interrupt: interrupt, reset: reset, clock: clock)
        var config = GTDriver.Configuration(transform: TouchscreenTransform(controllerWidth: 320, controllerHeight: 480))
        config.address = address
        configure(&config)
        driver = GT911(bus: chip, reset: reset, interrupt: interrupt, clock: clock, configuration: config)
    }
}

@Suite("GT911 report vectors (docs/controllers.md §5.2)")
struct GT911VectorTests {
    static let reports: [ReportVector] = [
        ReportVector(
            name: "G2 one finger down decodes its position and size", bytes: "81 00 78 00 C8 00 20 00 00 00", contacts: [DecodedContact(0, 120, 200, size: 32)]),
        ReportVector(
            name: "G3 a moving finger decodes its new position", bytes: "81 00 2C 01 9A 01 22 00 00 00", contacts: [DecodedContact(0, 300, 410, size: 34)]),
        ReportVector(
            name: "G4 two fingers decode as two contacts", bytes: "82 00 2E 01 9C 01 22 00 00 01 32 00 3C 00 18 00 00 00",
            contacts: [DecodedContact(0, 302, 412, size: 34), DecodedContact(1, 50, 60, size: 24)]),
        ReportVector(name: "G5 status 0x80 is a real frame with every finger lifted", bytes: "80 00 00 00 00 00 00 00 00 00", contacts: []),
    ]

    @Test("a well-formed GT911 report decodes to the contacts it describes", arguments: reports)
    func decodes(_ vector: ReportVector) throws {
        #expect(try decodeGT(vector.bytes).map(DecodedContact.init) == vector.contacts)
    }

    @Test("G6 a report with the key bit and no points carries the key byte")
    func keyOnly() throws {
        let frame = try decodeGT("90 01")
        #expect(frame.isEmpty && frame.keys == 0x01)
    }

    @Test("G7 the large-touch bit is reported with the contact")
    func largeTouch() throws {
        let frame = try decodeGT("C1 00 90 01 F0 00 9A 00 00 00", transform: TouchscreenTransform(controllerWidth: 800, controllerHeight: 480))
        #expect(frame.isLargeTouch && frame.map(DecodedContact.init) == [DecodedContact(0, 400, 240, size: 154)])
    }

    @Test("G8 fifteen points on a five-point part is refused as too many contacts")
    func tooManyPoints() {
        #expect(throws: ProtocolViolation.tooManyContacts(count: 15, maximum: 5)) { try decodeGT("8F FF FF FF FF FF FF FF FF FF") }
    }

    @Test("G1 a polled read of a report that is not ready returns nothing and does not clear the status")
    func notReady() throws {
        var bench = GTBench()
        try bench.driver.start()
        let before = bench.chip.transactions
        #expect(try bench.driver.readFrame() == nil)
        #expect(bench.chip.transactions == before + 1)  // one status read, no clearing write
    }
}

@Suite("GT911 configuration block (docs/controllers.md §5.3)")
struct GT911ConfigTests {
    @Test("the real factory dump checks out with checksum 0x21 and reads back fresh 0")
    func dump() {
        let block = GT911ConfigBlock(bytes: GT911Emulator.factoryConfiguration)
        #expect(block.computedChecksum == 0x21 && block.storedChecksum == 0x21 && block.isChecksumValid)
        #expect(block.fresh == 0 && block.version == 0x61)
        #expect(block.xResolution == 320 && block.yResolution == 480 && block.touchNumber == 5)
        #expect(block.interruptTrigger == 1 && !block.swapsXY)
    }

    @Test("derived variants: X2Y gives 0x19, two touches 0x24, swapped resolution stays 0x21")
    func variants() {
        var x2y = GT911ConfigBlock(bytes: GT911Emulator.factoryConfiguration)
        x2y.bytes[6] = 0x3D
        #expect(x2y.computedChecksum == 0x19)
        var two = GT911ConfigBlock(bytes: GT911Emulator.factoryConfiguration)
        two.bytes[5] = 2
        #expect(two.computedChecksum == 0x24)
        var swapped = GT911ConfigBlock(bytes: GT911Emulator.factoryConfiguration)
        swapped.bytes[1 ... 4] = [0xE0, 0x01, 0x40, 0x01]
        #expect(swapped.computedChecksum == 0x21)
        two.seal()
        #expect(two.isChecksumValid && two.fresh == 1)
    }

    @Test("the variant table matches product IDs leniently")
    func table() {
        #expect(GT911Variant.forProductID("911")?.maxContacts == 5)
        #expect(GT911Variant.forProductID("9")?.name == "GT911")
        #expect(GT911Variant.forProductID("9271")?.maxContacts == 10)
        #expect(GT911Variant.forProductID("967")?.configLength == 228)
        #expect(GT911Variant.forProductID("1151")?.checksum == .sixteenBit)
        #expect(GT911Variant.forProductID("XYZ") == nil)
    }
}

@Suite("GT911 driver")
struct GT911DriverTests {
    @Test(
        "the reset and strap sequence for 0x5D follows the documented timings",
        arguments: [(I2CAddress.gt911Primary, LogicLevel.low), (I2CAddress.gt911Alternate, LogicLevel.high)])
    func strap(address: I2CAddress, level: LogicLevel) throws {
        var bench = GTBench(address: address)
        try bench.driver.start()
        #expect(bench.chip.address == address)
        #expect(bench.driver.info?.address == address)
        #expect(bench.chip.timingViolations.isEmpty)
        #expect(bench.clock.sleeps.prefix(4) == [.milliseconds(20), .milliseconds(2), .milliseconds(10), .milliseconds(50)])
        let ops = bench.interrupt.history.map(\.operation).filter { if case .deviceDrove = $0 { false } else { true } }
        #expect(
            Array(ops.prefix(5)) == [
                .configuredOutput(.low), .set(level), .set(.low), .configuredInput(.falling, .disabled), .configuredInput(.falling, .disabled),
            ])
        let resets = bench.reset.history
        #expect(resets.map(\.operation) == [.set(.high), .set(.low)])
        #expect(resets[1].time - resets[0].time == .milliseconds(22))
        let info = try #require(bench.driver.info)
        #expect(info.productID == "911" && info.firmwareVersion == 0x1060 && info.configVersion == 0x61)
        #expect(info.xResolution == 320 && info.yResolution == 480 && info.maxContacts == 5)
    }

    @Test("with INT not wired the chip's random address is found by falling back to the other one")
    func fallback() throws {
        let clock = ManualClock()
        let reset = MockLine(name: "reset", clock: clock, direction: .output)
        let chip = GT911Emulator(reset: reset, clock: clock)
        chip.floatingStrapAddress = .gt911Alternate
        var config = GT911<GT911Emulator, MockLine, NoLine, ClockAlias>.Configuration(transform: panel)
        config.address = .gt911Primary
        var driver = GT911<GT911Emulator, MockLine, NoLine, ClockAlias>(bus: chip, reset: reset, interrupt: nil, clock: clock, configuration: config)
        try driver.start()
        #expect(driver.info?.address == .gt911Alternate)
        config.allowAddressFallback = false
        var strict = GT911<GT911Emulator, MockLine, NoLine, ClockAlias>(bus: chip, reset: reset, interrupt: nil, clock: clock, configuration: config)
        #expect(throws: TouchSourceError.noDevice(addresses: [.gt911Primary], underlying: I2CError(.noAcknowledgeAddress, address: .gt911Primary))) {
            try strict.start()
        }
    }

    @Test("a configuration block with a bad checksum is a typed error after one re-read")
    func badChecksum() {
        var corrupted = GT911Emulator.factoryConfiguration
        corrupted[184] = 0x22
        let clock = ManualClock()
        let chip = GT911Emulator(configuration: corrupted, clock: clock)
        var driver = GT911(bus: chip, clock: clock, configuration: .init(transform: panel))
        #expect(throws: TouchSourceError.checksumMismatch(expected: 0x21, found: 0x22)) { try driver.start() }
    }

    @Test("a new configuration is written sealed, taken by the chip, and the factory block is kept")
    func writeConfig() throws {
        var wanted = GT911Emulator.factoryConfiguration
        wanted[0] = 0x62
        wanted[5] = 2
        var bench = GTBench { $0.configurationToWrite = wanted }
        try bench.driver.start()
        #expect(bench.chip.configurationsAccepted == 1)
        #expect(bench.chip.configVersion == 0x62)
        #expect(bench.chip.register(0x8100) == 0)
        #expect(bench.driver.factoryConfiguration?.version == 0x61)
        #expect(bench.driver.info?.maxContacts == 2)
    }

    @Test("a configuration with a lower version is refused before anything is written")
    func lowerVersion() {
        var wanted = GT911Emulator.factoryConfiguration
        wanted[0] = 0x41
        var bench = GTBench { $0.configurationToWrite = wanted }
        #expect(throws: TouchSourceError.self) { try bench.driver.start() }
        #expect(bench.chip.configurationsAccepted == 0 && bench.chip.configurationsIgnored == 0)
    }

    @Test("the emulated firmware ignores a block written without a valid checksum or fresh flag")
    func firmwareRules() throws {
        let clock = ManualClock()
        let chip = GT911Emulator(clock: clock)
        var raw = [UInt8](GT911Emulator.factoryConfiguration)
        raw[0] = 0x70
        raw[185] = 1  // fresh, but the checksum is now wrong
        var bus = chip
        try bus.write(to: .gt911Primary, bytes: [0x80, 0x47] + raw)
        #expect(chip.configurationsIgnored == 1 && chip.configVersion == 0x61)
    }

    @Test("the status is cleared after every read, and uncleared status repeats the interrupt without new data")
    func statusRules() throws {
        var bench = GTBench()
        try bench.driver.start()
        bench.chip.touch(finger: 1, x: 10, y: 20)
        bench.chip.report()
        #expect(bench.chip.status == 0x81)
        bench.chip.touch(finger: 1, x: 30, y: 20)
        bench.chip.report()  // not cleared: no update, another interrupt
        #expect(bench.chip.repeatedInterrupts == 1)
        _ = try bench.driver.waitForData(timeout: .milliseconds(1), contactsDown: false)
        let f = try #require(try bench.driver.readFrame())
        #expect(f[0].position == Point(x: 10, y: 20))
        #expect(bench.chip.status == 0)
    }

    @Test("a buffer-ready bit lagging the interrupt by 8 ms is waited for, and the report read")
    func readyBitIsWaitedFor() throws {
        var bench = GTBench()
        try bench.driver.start()
        bench.chip.faults.readyDelay = .milliseconds(8)
        bench.chip.touch(finger: 1, x: 10, y: 20)
        bench.chip.report()
        #expect(try bench.driver.waitForData(timeout: .milliseconds(5), contactsDown: false) != .timeout)
        #expect(try bench.driver.readFrame()?.count == 1)
    }

    @Test("a buffer-ready bit 30 ms late makes a spurious interrupt: nothing read, counted, the status not cleared")
    func lateReadyBitIsSpurious() throws {
        var bench = GTBench()
        try bench.driver.start()
        bench.chip.faults.readyDelay = .milliseconds(30)
        bench.chip.touch(finger: 1, x: 10, y: 20)
        bench.chip.report()
        _ = try bench.driver.waitForData(timeout: .milliseconds(5), contactsDown: false)
        let frame = try bench.driver.readFrame()
        #expect(frame == nil && bench.driver.spuriousInterrupts == 1 && bench.chip.status & 0x80 != 0)
    }

    @Test("a malformed report still clears the status register")
    func malformedClears() throws {
        // A driver told to read two points meets a chip reporting three.
        let bench = GTBench()
        var b = GTDriver.Configuration(transform: panel)
        b.maxContacts = 2
        b.garbageTolerance = 0
        var narrow = GT911(bus: bench.chip, reset: MockLine?.none, interrupt: MockLine?.none, clock: bench.clock, configuration: b)
        try narrow.start()
        bench.chip.touch(finger: 1, x: 1, y: 1)
        bench.chip.touch(finger: 2, x: 2, y: 2)
        bench.chip.touch(finger: 3, x: 3, y: 3)
        bench.chip.report()
        #expect(throws: TouchSourceError.self) { try narrow.readFrame() }
        #expect(bench.chip.status == 0)
    }

    @Test("a chip put to sleep NAKs until a restart wakes it")
    func sleepWake() throws {
        var bench = GTBench()
        try bench.driver.start()
        try bench.driver.sleep()
        #expect(bench.chip.isAsleep)
        try bench.driver.start()
        #expect(!bench.chip.isAsleep && bench.driver.info != nil)
    }
}

typealias ClockAlias = ManualClock

@Suite("GT911 emulator timing")
struct GT911EmulatorTimingTests {
    @Test("a buffer-ready bit that lags the interrupt by a report period or more still becomes ready", arguments: [10, 12, 25])
    func lagPastThePeriod(milliseconds: Int64) throws {
        var panel = try EmulatedGT911Panel(width: 320, height: 480)
        panel.chip.faults.readyDelay = .milliseconds(milliseconds)
        let tap = TouchScript(ScriptedFinger(1).down(at: Point(x: 100, y: 100)).hold(for: .milliseconds(200)).lift())
        tap.play(on: panel.chip, clock: panel.clock)
        var phases: [TouchPhase] = []
        let queue = panel.queue
        panel.run(until: tap.end(plus: .milliseconds(200))) {
            while case .frame(let frame)? = queue.pop() {
                for contact in frame where contact.phase != .moved && contact.phase != .stationary { phases.append(contact.phase) }
            }
        }
        #expect(phases == [.began, .ended])
    }
}
