import PanelBench
import PanelCore
import PanelTestKit
import Testing
import TouchControllers

/// The GT911 driver at the level of bus transactions: every read and write, in order, against
/// the mock bus (embedded-hal-mock style), for a board with neither reset nor INT wired.
@Suite("GT911 bus transactions")
struct GT911BusTests {
    typealias Driver = GT911<MockI2CBus, NoLine, NoLine, ManualClock>

    /// The factory block, as the chip returns it.
    static let block = GT911Emulator.factoryConfiguration
    /// Product ID "911", firmware 0x1060.
    static let productID: [UInt8] = [0x39, 0x31, 0x31, 0x00, 0x60, 0x10]

    /// The transactions of a start at 0x5D: probe, identify, read the configuration, clear the
    /// status.
    static func startSequence(at address: UInt8 = 0x5D) -> [MockI2CBus.Expectation] {
        [
            .writeRead(address, [0x81, 0x40], reply: [0x39]),
            .writeRead(address, [0x81, 0x40], reply: productID),
            .writeRead(address, [0x80, 0x47], reply: block),
            .write(address, [0x81, 0x4E, 0x00]),
        ]
    }

    static func driver(_ bus: MockI2CBus, configure: (inout Driver.Configuration) -> Void = { _ in }) -> Driver {
        var configuration = Driver.Configuration(transform: TouchscreenTransform(controllerWidth: 320, controllerHeight: 480))
        configure(&configuration)
        return GT911(bus: bus, clock: ManualClock(), configuration: configuration)
    }

    /// The first read of a report: `status`, one record for track 0 at (x, y), and the first
    /// byte of the next record (its track ID, `next`).
    static func head(status: UInt8, x: UInt8 = 0, y: UInt8 = 0, next: UInt8 = 0) -> [UInt8] {
        [status, 0x00, x, 0x00, y, 0x00, 0x10, 0x00, 0x00, next]
    }

    @Test("start probes, identifies the part, reads the configuration block and clears the status, in that order")
    func start() throws {
        let bus = MockI2CBus(Self.startSequence())
        var driver = Self.driver(bus)
        try driver.start()
        let info = try #require(driver.info)
        #expect(info.productID == "911" && info.firmwareVersion == 0x1060 && info.address == .gt911Primary)
        bus.verify()
    }

    @Test("one finger is read in one transfer of status and first record, then the status is cleared")
    func oneFinger() throws {
        let bus = MockI2CBus(
            Self.startSequence() + [
                .writeRead(0x5D, [0x81, 0x4E], reply: Self.head(status: 0x81, x: 100, y: 200)),
                .write(0x5D, [0x81, 0x4E, 0x00]),
            ])
        var driver = Self.driver(bus)
        try driver.start()
        let frame = try #require(try driver.readFrame())
        #expect(frame.count == 1 && frame[0].trackID == 0)
        bus.verify()
    }

    @Test("three fingers take a second read of the remaining records from 0x8158, then the clear")
    func threeFingers() throws {
        // The rest of the second record (its track ID 1 came with the first read), the third
        // record (track ID 2) and the key byte.
        var rest = [UInt8](repeating: 0, count: 2 + 8 * 3 - 10)
        rest[7] = 0x02
        let bus = MockI2CBus(
            Self.startSequence() + [
                .writeRead(0x5D, [0x81, 0x4E], reply: Self.head(status: 0x83, x: 10, y: 10, next: 0x01)),
                .writeRead(0x5D, [0x81, 0x58], reply: rest),
                .write(0x5D, [0x81, 0x4E, 0x00]),
            ])
        var driver = Self.driver(bus)
        try driver.start()
        let frame = try #require(try driver.readFrame())
        #expect(frame.count == 3)
        bus.verify()
    }

    @Test("a polled read of a buffer that is not ready reads the status once and does not clear it")
    func notReady() throws {
        let bus = MockI2CBus(
            Self.startSequence() + [
                .writeRead(0x5D, [0x81, 0x4E], reply: Self.head(status: 0x00))
            ])
        var driver = Self.driver(bus)
        try driver.start()
        #expect(try driver.readFrame() == nil)
        bus.verify()
    }

    @Test("sleep writes the screen-off command 5 to 0x8040")
    func sleep() throws {
        let bus = MockI2CBus(Self.startSequence() + [.write(0x5D, [0x80, 0x40, 0x05])])
        var driver = Self.driver(bus)
        try driver.start()
        try driver.sleep()
        bus.verify()
    }

    @Test("a probe NAK at 0x5D moves every later transaction to 0x14")
    func fallback() throws {
        let bus = MockI2CBus(
            [.writeRead(0x5D, [0x81, 0x40], reply: [0]).failing(.noAcknowledgeAddress)]
                + Self.startSequence(at: 0x14))
        var driver = Self.driver(bus)
        try driver.start()
        #expect(driver.info?.address == .gt911Alternate)
        bus.verify()
    }

    @Test("a bus failure while reading a report is a bus error naming the address")
    func readFailure() throws {
        let bus = MockI2CBus(
            Self.startSequence() + [
                .writeRead(0x5D, [0x81, 0x4E], reply: Self.head(status: 0x81)).failing(.timeout)
            ])
        var driver = Self.driver(bus)
        try driver.start()
        #expect(throws: TouchSourceError.bus(I2CError(.timeout, address: .gt911Primary))) { try driver.readFrame() }
        bus.verify()
    }

    @Test("a configuration write sends the sealed block after the start's read, waits, and reads it back")
    func writeConfiguration() throws {
        var wanted = Self.block
        wanted[0] = Self.block[0] &+ 1
        var sealed = GT911ConfigBlock(bytes: wanted)
        sealed.seal()
        var applied = sealed
        applied.fresh = 0
        let bus = MockI2CBus([
            .writeRead(0x5D, [0x81, 0x40], reply: [0x39]),
            .writeRead(0x5D, [0x81, 0x40], reply: Self.productID),
            .writeRead(0x5D, [0x80, 0x47], reply: Self.block),
            .write(0x5D, [0x80, 0x47] + sealed.bytes),
            .writeRead(0x5D, [0x80, 0x47], reply: applied.bytes),
            .write(0x5D, [0x81, 0x4E, 0x00]),
        ])
        var driver = Self.driver(bus) { $0.configurationToWrite = wanted }
        try driver.start()
        #expect(driver.currentConfiguration?.version == wanted[0])
        bus.verify()
    }
}
