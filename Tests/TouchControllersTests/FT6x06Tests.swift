import PanelBench
import PanelCore
import PanelTestKit
import Testing
import TouchControllers

let panel = TouchscreenTransform(controllerWidth: 320, controllerHeight: 480)

func decodeFT(_ hex: String, max: Int = 2) throws(ProtocolViolation) -> TouchFrame {
    let bytes = hex.split(separator: " ").map { UInt8($0, radix: 16)! }
    var frame = TouchFrame()
    var failure: ProtocolViolation?
    bytes.withUnsafeBytes { raw in
        do throws(ProtocolViolation) { try FT6x06Report.decode(raw, maxContacts: max, transform: panel, into: &frame) } catch { failure = error }
    }
    if let failure { throw failure }
    return frame
}

/// What a decoded contact says, in the terms the vectors give.
struct DecodedContact: Equatable, Sendable, CustomStringConvertible {
    var trackID: UInt8
    var x: Double, y: Double
    var size: UInt16?
    var weight: UInt16?

    init(_ trackID: UInt8, _ x: Double, _ y: Double, size: UInt16? = nil, weight: UInt16? = nil) {
        self.trackID = trackID
        self.x = x
        self.y = y
        self.size = size
        self.weight = weight
    }

    init(_ contact: Contact) {
        self.init(contact.trackID, contact.position.x, contact.position.y, size: contact.size, weight: contact.weight)
    }

    var description: String { "#\(trackID) (\(x), \(y)) size \(size.map(String.init) ?? "-") weight \(weight.map(String.init) ?? "-")" }
}

/// One report and what it must decode to.
struct ReportVector: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: String
    var contacts: [DecodedContact]
    var testDescription: String { name }
}

/// One malformed report and the violation it must be refused with.
struct MalformedVector: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: String
    var violation: ProtocolViolation
    var testDescription: String { name }
}

@Suite("FT6x06 report vectors (docs/controllers.md §5.1)")
struct FT6x06VectorTests {
    static let reports: [ReportVector] = [
        ReportVector(name: "F1 a report with no touch decodes to no contacts", bytes: "00 00 00 FF FF FF FF FF FF FF FF FF FF FF FF", contacts: []),
        ReportVector(
            name: "F2 one finger down decodes its position, weight and area", bytes: "00 00 01 00 78 00 C8 18 10 FF FF FF FF FF FF",
            contacts: [DecodedContact(0, 120, 200, size: 1, weight: 0x18)]),
        ReportVector(
            name: "F3 the same finger moving decodes its new position", bytes: "00 00 01 81 2C 01 9A 1A 10 FF FF FF FF FF FF",
            contacts: [DecodedContact(0, 300, 410, size: 1, weight: 0x1A)]),
        ReportVector(
            name: "F4 two fingers decode as two contacts", bytes: "00 00 02 81 2C 01 9A 1A 10 00 32 10 3C 10 10",
            contacts: [DecodedContact(0, 300, 410, size: 1, weight: 0x1A), DecodedContact(1, 50, 60, size: 1, weight: 0x10)]),
        ReportVector(
            name: "F5 a second finger left out of the count is not decoded", bytes: "00 00 01 81 2E 01 9C 1A 10 40 34 10 3D 00 00",
            contacts: [DecodedContact(0, 302, 412, size: 1, weight: 0x1A)]),
        ReportVector(
            name: "F6 a count of 0 decodes to no contacts, whatever the records say", bytes: "00 00 00 41 31 01 9F 00 00 FF FF FF FF FF FF", contacts: []),
    ]

    static let malformed: [MalformedVector] = [
        MalformedVector(
            name: "F7 all 0xFF after a reset is too many contacts", bytes: "FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF",
            violation: .tooManyContacts(count: 15, maximum: 2)),
        MalformedVector(
            name: "F8 a counted record with ID 0xF is an invalid ID", bytes: "00 00 01 C0 00 F0 00 00 00 FF FF FF FF FF FF", violation: .invalidTrackID(0x0F)),
        MalformedVector(
            name: "two records with one ID are a duplicate", bytes: "00 00 02 80 10 00 10 00 00 80 20 00 20 00 00", violation: .duplicateTrackID(0)),
        MalformedVector(
            name: "a coordinate beyond the resolution is out of range", bytes: "00 00 01 8F A0 00 10 00 00 FF FF FF FF FF FF",
            violation: .coordinateOutOfRange(x: 4000, y: 16)),
    ]

    @Test("a well-formed FT6x06 report decodes to the contacts it describes", arguments: reports)
    func decodes(_ vector: ReportVector) throws {
        #expect(try decodeFT(vector.bytes).map(DecodedContact.init) == vector.contacts)
    }

    @Test("a malformed FT6x06 report is refused with the violation that names its fault", arguments: malformed)
    func refuses(_ vector: MalformedVector) {
        #expect(throws: vector.violation) { try decodeFT(vector.bytes) }
    }

    @Test("a finger missing from the count is released by the tracker where it last was")
    func vanishedFingerIsReleased() throws {
        var tracker = TouchTracker()
        var out: [TouchFrame] = []
        tracker.process(try decodeFT("00 00 02 81 2C 01 9A 1A 10 00 32 10 3C 10 10")) { out.append($0) }
        tracker.process(try decodeFT("00 00 01 81 2E 01 9C 1A 10 40 34 10 3D 00 00")) { out.append($0) }
        let released = out[1].contact(trackID: 1)
        #expect(released?.phase == .ended && released?.position == Point(x: 50, y: 60))
    }
}

@Suite("FT6x06 driver")
struct FT6x06DriverTests {
    @Test("start identifies the chip, reads versions and applies the board's settings in that order")
    func startSequence() throws {
        let bus = MockI2CBus([
            .writeRead(0x38, [0xA3], reply: [0x64]),
            .writeRead(0x38, [0xA8], reply: [0x11]),
            .writeRead(0x38, [0xA6], reply: [0x02]),
            .writeRead(0x38, [0xA1], reply: [0x30, 0x03]),
            .write(0x38, [0x86, 0x00]),
            .write(0x38, [0xA4, 0x01]),
            .write(0x38, [0x80, 0x80]),
            .write(0x38, [0x88, 0x0A]),
            .writeRead(0x38, [0x00], reply: [0, 0, 1, 0x00, 0x78, 0x00, 0xC8, 0x18, 0x10, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
        ])
        var config = FT6x06<MockI2CBus, NoLine, NoLine, ManualClock>.Configuration(transform: panel)
        config.interruptMode = .pulse
        config.threshold = 128
        config.reportRate = 10
        var driver = FT6x06(bus: bus, clock: ManualClock(), configuration: config)
        try driver.start()
        let info = try #require(driver.info)
        #expect(info.chip == .ft6336u && info.vendorID == 0x11 && info.firmwareVersion == 2)
        #expect(info.libraryVersion == 0x3003 && info.maxContacts == 2)
        let frame = try #require(try driver.readFrame())
        #expect(frame[0].position == Point(x: 120, y: 200))
        bus.verify()
    }

    @Test("a five-point FT5x06 frame is read in one 33-byte combined transfer")
    func fivePoint() throws {
        var reply = [UInt8](repeating: 0xFF, count: 33)
        reply[0] = 0; reply[1] = 0; reply[2] = 0
        let bus = MockI2CBus([
            .writeRead(0x38, [0xA3], reply: [0x55]), .writeRead(0x38, [0xA8], reply: [0x79]),
            .writeRead(0x38, [0xA6], reply: [0x01]), .writeRead(0x38, [0xA1], reply: [0, 1]),
            .write(0x38, [0x86, 0x00]),
            .writeRead(0x38, [0x00], reply: reply),
        ])
        var driver = FT6x06(bus: bus, clock: ManualClock(), configuration: .init(transform: panel))
        try driver.start()
        #expect(driver.info?.maxContacts == 5)
        #expect(try driver.readFrame()?.isEmpty == true)
        bus.verify()
    }

    @Test("no device at the address is a typed error naming the address")
    func noDevice() {
        let bus = MockI2CBus([.writeRead(0x38, [0xA3], reply: [0]).failing(.noAcknowledgeAddress)])
        var driver = FT6x06(bus: bus, clock: ManualClock(), configuration: .init(transform: panel))
        #expect(throws: TouchSourceError.noDevice(addresses: [.ft6x06], underlying: I2CError(.noAcknowledgeAddress, address: .ft6x06))) {
            try driver.start()
        }
        bus.verify()
    }

    @Test("an unknown chip ID is refused unless the board accepts clones")
    func unknownChip() throws {
        let clock = ManualClock()
        let chip = FT6x06Emulator(chipID: 0x99, clock: clock)
        var driver = FT6x06(bus: chip, clock: clock, configuration: .init(transform: panel))
        #expect(throws: TouchSourceError.unexpectedChipID(register: 0xA3, value: [0x99])) { try driver.start() }
        var config = FT6x06<FT6x06Emulator, NoLine, NoLine, ManualClock>.Configuration(transform: panel)
        config.acceptUnknownChip = true
        var lenient = FT6x06(bus: chip, clock: clock, configuration: config)
        try lenient.start()
        #expect(lenient.info?.chip == .unknown(0x99))
    }

    @Test("reset is held for 6 ms and the first access waits the datasheet's 300 ms")
    func resetTimings() throws {
        let clock = ManualClock()
        let reset = MockLine(name: "reset", clock: clock, direction: .output)
        let chip = FT6x06Emulator(reset: reset, clock: clock)
        var driver = FT6x06(bus: chip, reset: reset, interrupt: NoLine?.none, clock: clock, configuration: .init(transform: panel))
        try driver.start()
        #expect(reset.history.map(\.operation) == [.set(.high), .set(.low)])
        #expect(reset.history[1].time - reset.history[0].time == .milliseconds(6))
        #expect(clock.sleeps.prefix(2) == [.milliseconds(6), .milliseconds(300)])
    }

    @Test("garbage on the first reads after reset is dropped silently, later garbage is an error")
    func garbageAfterReset() throws {
        let clock = ManualClock()
        let chip = FT6x06Emulator(clock: clock)
        var driver = FT6x06(bus: chip, clock: clock, configuration: .init(transform: panel))
        try driver.start()
        chip.faults.garbageReads = 2
        #expect(try driver.readFrame() == nil)
        #expect(try driver.readFrame() == nil)
        #expect(driver.discardedReports == 2)
        #expect(try driver.readFrame()?.isEmpty == true)
        chip.faults.garbageReads = 1
        #expect(throws: TouchSourceError.protocolViolation(.tooManyContacts(count: 15, maximum: 2))) { try driver.readFrame() }
    }

    @Test("a touch shorter than the report period is unseen by a sampling chip and reported down then up by an integrating one")
    func shortTouches() throws {
        for integrating in [false, true] {
            let clock = ManualClock()
            let chip = FT6x06Emulator(clock: clock)
            chip.reportsShortTouches = integrating
            var driver = FT6x06(bus: chip, clock: clock, configuration: .init(transform: panel))
            try driver.start()
            chip.touch(finger: 1, x: 100, y: 200)
            chip.lift(finger: 1)
            chip.report()
            let first = try #require(try driver.readFrame())
            chip.report()
            let second = try #require(try driver.readFrame())
            if integrating {
                #expect(first.count == 1)
                #expect(first.contact(trackID: 0)?.phase == .moved)
                #expect(first.contact(trackID: 0)?.position == Point(x: 100, y: 200))
                // TD_STATUS 0 with the lift record: every finger released (F6).
                #expect(second.isEmpty)
                #expect(chip.register(3) >> 6 == 1)
                #expect(!chip.hasActivity)
            } else {
                #expect(first.isEmpty)
                #expect(second.isEmpty)
            }
        }
    }

    @Test("hibernation makes the chip NAK until a reset")
    func hibernate() throws {
        let clock = ManualClock()
        let chip = FT6x06Emulator(clock: clock)
        var driver = FT6x06(bus: chip, clock: clock, configuration: .init(transform: panel))
        try driver.start()
        try driver.hibernate()
        #expect(chip.isHibernating)
        #expect(throws: TouchSourceError.bus(I2CError(.noAcknowledgeAddress, address: .ft6x06))) { try driver.readFrame() }
    }
}
