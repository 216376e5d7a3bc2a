#if os(Linux)
import Glibc
import PanelPlatform
import Testing
import PanelBench
import PanelBoards
import PanelControllers
import PanelCore
import TouchControllers
@testable import PanelCommands
@testable import PanelLinux

// The third controller on a real kernel: a CST816 at 0x15 on i2c-stub (SMBus) and on
// i2c-regstub (I2C_RDWR), its RST and INT on gpio-sim, as scripts/kernel-testbed sets them up.

private let round = TouchscreenTransform(controllerWidth: 240, controllerHeight: 280)

/// A CST816S's 256 registers with one finger down at `point` (the emulator's own image).
private func cst816Registers(touchAt point: (Int, Int)) -> [UInt8] {
    let chip = CST816Emulator()
    chip.touch(finger: 0, x: point.0, y: point.1)
    chip.report()
    return (0 ..< 256).map { chip.register(UInt8($0)) }
}

@Suite("CST816 on the kernel", .enabled(if: Testbed.isAvailable), .serialized)
@MainActor
struct KernelCST816Tests {
    @Test("the CST816 driver identifies the chip, keeps it awake and reads a touch through i2c-stub's SMBus transfers")
    func overSMBus() throws {
        var bus = try LinuxI2CBus(path: Testbed.smbusBus)
        let image = cst816Registers(touchAt: (200, 150))
        for start in stride(from: 0, to: 256, by: 32) {
            try bus.write(to: .cst816, bytes: [UInt8(start)] + image[start ..< min(start + 32, 256)])
        }
        var driver = CST816(bus: bus, clock: SystemClock(), configuration: .init(transform: round))
        try driver.start()
        #expect(driver.info?.chip == .cst816s)
        let frame = try #require(try driver.readFrame())
        #expect(frame.count == 1)
        #expect(frame[0].position == Point(x: 200, y: 150))
        var check = try LinuxI2CBus(path: Testbed.smbusBus)
        #expect(try check.readRegister(.cst816, register: CST816Register.disableAutoSleep) == 1, "DisAutoSleep written over the bus")
    }

    @Test("the CST816 driver pulses RST on gpio-sim, then reads the report an INT edge announces in one I2C_RDWR transfer")
    func overI2CReadWriteWithLines() throws {
        Testbed.loadRegisters(0x15, at: 0, cst816Registers(touchAt: (17, 260)))
        Testbed.pull(0, up: true)
        let bus = try LinuxI2CBus(path: Testbed.rawBus)
        #expect(bus.method == .combined)
        let reset = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(1), activeLow: true, direction: .output(initial: .low))
        let interrupt = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(0), activeLow: true, direction: .input(edges: .rising, bias: .asIs))
        Testbed.waitForEdgeDetection(0)
        var driver = CST816(bus: bus, reset: reset, interrupt: interrupt, clock: SystemClock(), configuration: .init(transform: round))
        try driver.start()
        #expect(driver.info?.chip == .cst816s)
        #expect(Testbed.value(1) == 1, "reset released: the active-low line is driven high")
        #expect(try driver.waitForData(timeout: .zero, contactsDown: false) == .timeout, "no edge yet")
        Testbed.pull(0, up: false)  // the chip pulls INT low: a logical rising edge
        guard case .interrupt = try driver.waitForData(timeout: .milliseconds(5_000), contactsDown: false) else {
            Issue.record("the INT edge did not wake the driver")
            return
        }
        Testbed.pull(0, up: true)
        let frame = try #require(try driver.readFrame())
        #expect(frame[0].position == Point(x: 17, y: 260))
        #expect(Testbed.registers(0x15, at: Int(CST816Register.disableAutoSleep), count: 1) == [1])
    }

    @Test("probe and monitor find a CST816 board's chip through the registry on the kernel's bus")
    func probeAndMonitor() throws {
        var bus = try LinuxI2CBus(path: Testbed.smbusBus)
        let image = cst816Registers(touchAt: (120, 140))
        for start in stride(from: 0, to: 256, by: 32) {
            try bus.write(to: .cst816, bytes: [UInt8(start)] + image[start ..< min(start + 32, 256)])
        }
        let json = """
            {"model": "a round 240×280 module", "touch": {"compatible": "hynitron,cst816s", "bus": "\(Testbed.smbusBus)",
             "touchscreen-size-x": 240, "touchscreen-size-y": 280, "poll-interval-ms": 5},
             "display": {"device": "memory", "width": 240, "height": 280}}
            """
        let path = "boards/cst816-probe.json"
        let board = try Board(json: json, path: path, name: "cst816-probe", controllers: .standard)
        try Probe.probe(board, registry: .standard)
        var positions: [Point] = []
        let summary = try collectFrames(
            board: board, script: nil, duration: 0.3, count: 3, onFrame: { frame, _ in positions += frame.map(\.position) })
        #expect(summary.identification.first?.hasPrefix("chip: CST816S (Hynitron) at 0x15") == true)
        #expect(positions.first == Point(x: 120, y: 140))
    }
}
#endif
