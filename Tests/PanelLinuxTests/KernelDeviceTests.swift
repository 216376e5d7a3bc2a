#if os(Linux)
import Glibc
import PanelPlatform
import Testing
import PanelCore
import PanelGraphics
import PanelBench
import TouchControllers
@testable import PanelLinux

// These run on a real kernel: `scripts/test-kernel` boots the testbed (QEMU, Debian's kernel,
// i2c-stub, i2c-regstub, gpio-sim, vfb, uinput) and runs this bundle inside it, once built
// against libgpiod 1.6 and once against libgpiod 2. Outside the VM they are skipped.

private let panel = TouchscreenTransform(controllerWidth: 800, controllerHeight: 480)

@Suite("I2C on the kernel", .enabled(if: Testbed.isAvailable), .serialized)
struct KernelI2CTests {
    @Test("the FT6x06 driver reads a touch through i2c-stub's SMBus block reads")
    func ft6x06OverSMBus() throws {
        var bus = try LinuxI2CBus(path: Testbed.smbusBus)
        #expect(bus.method == .smbus)
        #expect(!bus.functionality.contains(.i2c))
        // Load the chip's registers through SMBus block writes (i2c-stub keeps them).
        let image = ft6x06Registers(touchAt: (300, 200))
        for start in stride(from: 0, to: 256, by: 32) {
            try bus.write(to: .ft6x06, bytes: [UInt8(start)] + image[start ..< min(start + 32, 256)])
        }
        var driver = FT6x06(
            bus: bus, reset: nil as NoLine?, interrupt: nil as NoLine?, clock: SystemClock(),
            configuration: .init(transform: panel))
        try driver.start()
        #expect(driver.info?.chip == .ft6336u)
        let frame = try #require(try driver.readFrame())
        #expect(frame.count == 1)
        #expect(frame[0].position == Point(x: 300, y: 200))
    }

    @Test("the FT6x06 driver reads a touch through one I2C_RDWR transfer on the raw bus")
    func ft6x06OverI2CReadWrite() throws {
        Testbed.loadRegisters(0x38, at: 0, ft6x06Registers(touchAt: (640, 90)))
        let bus = try LinuxI2CBus(path: Testbed.rawBus)
        #expect(bus.method == .combined)
        var driver = FT6x06(
            bus: bus, reset: nil as NoLine?, interrupt: nil as NoLine?, clock: SystemClock(),
            configuration: .init(transform: panel))
        try driver.start()
        let frame = try #require(try driver.readFrame())
        #expect(frame.count == 1)
        #expect(frame[0].position == Point(x: 640, y: 90))
    }

    @Test("the GT911 driver straps its address with the reset and INT lines, reads status and points through I2C_RDWR and clears 0x814E")
    func gt911OverI2CReadWrite() throws {
        let chip = GT911Emulator()
        chip.touch(finger: 0, x: 123, y: 456)
        chip.report()
        // Identification and configuration first; the report once the driver is up.
        let image = (0x8040 ..< 0x8200).map { chip.register(UInt16($0)) }
        Testbed.loadRegisters(0x5D, at: 0x8040, Array(image[0 ..< 0x814E - 0x8040]))

        let bus = try LinuxI2CBus(path: Testbed.rawBus)
        let reset = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(1), activeLow: true, direction: .output(initial: .low))
        let interrupt = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(0), direction: .input(edges: .rising, bias: .disabled))
        var driver = GT911(
            bus: bus, reset: reset, interrupt: interrupt, clock: SystemClock(),
            configuration: .init(transform: TouchscreenTransform(controllerWidth: 320, controllerHeight: 480)))
        try driver.start()
        let info = try #require(driver.info)
        #expect(info.xResolution == 320 && info.yResolution == 480)
        #expect(info.productID == "911")
        #expect(info.address == .gt911Primary)
        // The strap: INT was driven low while RESET rose, so the line ends as an input again.
        #expect(!interrupt.isOutput)
        #expect(Testbed.value(1) == 1, "reset released: the active-low line is driven high")
        Testbed.loadRegisters(0x5D, at: 0x814E, Array(image[(0x814E - 0x8040)...]))
        #expect(Testbed.registers(0x5D, at: 0x814E, count: 1)[0] & 0x80 != 0)
        let frame = try #require(try driver.readFrame())
        #expect(frame.count == 1)
        #expect(frame[0].position == Point(x: 123, y: 456))
        #expect(Testbed.registers(0x5D, at: 0x814E, count: 1) == [0], "the driver acknowledged the report")
    }

    @Test("the errors a user meets: no such bus, nothing at the address, a kernel driver that owns the chip")
    func userErrors() throws {
        #expect(throws: I2CBusOpenError.busNotFound(path: "/dev/i2c-9")) { try LinuxI2CBus(bus: 9) }
        #expect(I2CBusOpenError.busNotFound(path: "/dev/i2c-9").description.contains("raspi-config"))

        let raw = try LinuxI2CBus(path: Testbed.rawBus)
        let missing = I2CAddress(0x50)
        do {
            try raw.probe(missing)
            Issue.record("nothing is at 0x50, the probe must fail")
        } catch {
            guard case .noDevice(_, let address, let cause) = error else { Issue.record("\(error)"); return }
            #expect(address == missing)
            #expect(cause.kind == .noAcknowledgeAddress)
            #expect(error.description.contains("address strap"))
        }
        try raw.probe(.ft6x06)

        // Bind a kernel driver (at24) to the chip at 0x5d on the stub bus, as edt-ft5x06 would be.
        let bus = Testbed.smbusBusNumber
        Testbed.write("/sys/bus/i2c/devices/i2c-\(bus)/new_device", text: "24c02 0x5d")
        defer { Testbed.write("/sys/bus/i2c/devices/i2c-\(bus)/delete_device", text: "0x5d") }
        var stub = try LinuxI2CBus(path: Testbed.smbusBus)
        #expect(stub.kernelDriver(boundTo: .gt911Primary) == "at24")
        do {
            try stub.claim(.gt911Primary)
            Issue.record("a bound kernel driver must be reported")
        } catch {
            #expect(error == .ownedByKernelDriver(path: Testbed.smbusBus, address: .gt911Primary, driver: "at24"))
            #expect(error.description.contains("/sys/bus/i2c/drivers/at24/unbind"))
            #expect(error.description.contains("linux,evdev"))
        }
        // The SMBus transfer path selects the address and hits the same refusal.
        var buffer = [UInt8](repeating: 0, count: 4)
        #expect(throws: I2CError(.busy, address: .gt911Primary, code: EBUSY)) {
            try buffer.withUnsafeMutableBytes { try stub.readRegisters(.gt911Primary, register: 0, into: $0) }
        }
    }
}

@Suite("GPIO on the kernel", .enabled(if: Testbed.isAvailable), .serialized)
struct KernelGPIOTests {
    @Test("edges from gpio-sim arrive through libgpiod with the kernel's timestamps and sequence numbers")
    func edges() throws {
        print("libgpiod API v\(LinuxGPIOLine.libgpiodAPI) (\(LinuxGPIOLine.libgpiodVersion))")
        Testbed.pull(0, up: true)
        let line = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(0), direction: .input(edges: .both, bias: .pullUp))
        Testbed.waitForEdgeDetection(0)
        #expect(try line.level() == .high)
        #expect(try line.waitForEdge(timeout: .zero) == nil, "no edge yet")

        let before = Testbed.now()
        Testbed.pull(0, up: false)
        let falling = try #require(try line.waitForEdge(timeout: .milliseconds(5_000)))
        let after = Testbed.now()
        #expect(falling.kind == .falling)
        #expect(falling.timestamp >= before && falling.timestamp <= after)
        Testbed.pull(0, up: true)
        let rising = try #require(try line.waitForEdge(timeout: .milliseconds(5_000)))
        #expect(rising.kind == .rising)
        #expect(rising.sequence == falling.sequence + 1)
        #expect(rising.timestamp > falling.timestamp)
        #expect(try line.level() == .high)
    }

    @Test("an active-low input inverts levels and edges")
    func activeLowInput() throws {
        Testbed.pull(0, up: true)
        let line = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(0), activeLow: true, direction: .input(edges: .rising, bias: .asIs))
        Testbed.waitForEdgeDetection(0)
        #expect(try line.level() == .low)
        Testbed.pull(0, up: false)  // electrically falling = logically rising: the FT6x06 INT
        let edge = try #require(try line.waitForEdge(timeout: .milliseconds(5_000)))
        #expect(edge.kind == .rising)
        Testbed.pull(0, up: true)
    }

    @Test("the reset line's driven level is seen by the simulator, inverted when active-low")
    func outputs() throws {
        let reset = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(1), direction: .output(initial: .high))
        #expect(Testbed.value(1) == 1)
        try reset.set(.low)
        #expect(Testbed.value(1) == 0)
        let inverted = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(3), activeLow: true, direction: .output(initial: .high))
        #expect(Testbed.value(3) == 0)
        try inverted.set(.low)
        #expect(Testbed.value(3) == 1)
        #expect(throws: GPIOError.self) { _ = try reset.waitForEdge(timeout: .zero) }
    }

    @Test("a line switches from output to edge input and back (the GT911 address strap)")
    func reconfiguration() throws {
        Testbed.pull(6, up: true)
        let line = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(6), direction: .output(initial: .low))
        #expect(Testbed.value(6) == 0)
        try line.configureAsInput(edges: .falling, bias: .disabled)
        #expect(!line.isOutput)
        Testbed.waitForEdgeDetection(6)
        // gpio-sim keeps the level the line last drove until its pull changes (libgpiod 2
        // switches in place; libgpiod 1 re-requests, and release restores the pull): raise it
        // first, as the chip's pull-up would, then pull it down.
        Testbed.pull(6, up: true)
        #expect(try line.level() == .high)
        Testbed.pull(6, up: false)
        #expect(try line.waitForEdge(timeout: .milliseconds(5_000))?.kind == .falling)
        try line.configureAsOutput(initial: .high)
        #expect(Testbed.value(6) == 1)
        #expect(throws: GPIOError.self) { try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(6), direction: .output(initial: .low)) }
    }

    @Test("released lines can be requested again")
    func release() throws {
        do { _ = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(7), direction: .output(initial: .high)) }
        let again = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(7), direction: .output(initial: .low))
        #expect(Testbed.value(7) == 0)
        _ = again
    }

    @Test("a line in use names its consumer; a missing line, a missing chip and a missing name are reported")
    func errors() throws {
        let holder = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(4), consumer: "other-app", direction: .input(edges: .none, bias: .asIs))
        do {
            _ = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(4), direction: .input(edges: .falling, bias: .asIs))
            Issue.record("the line is held")
        } catch {
            #expect(error.kind == .lineBusy)
            #expect(error.detail == "other-app")
            #expect(error.description.contains("\"other-app\""))
        }
        _ = holder
        do {
            _ = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(99), direction: .output(initial: .low))
            Issue.record("the chip has 8 lines")
        } catch {
            #expect(error.kind == .lineNotFound)
        }
        do {
            _ = try LinuxGPIOLine(chip: "/dev/gpiochip9", line: .offset(0), direction: .output(initial: .low))
            Issue.record("no such chip")
        } catch {
            #expect(error.kind == .chipNotFound)
            #expect(error.description.contains("gpiodetect"))
        }
        do {
            _ = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .name("NO_SUCH_LINE"), direction: .output(initial: .low))
            Issue.record("no such line name")
        } catch {
            #expect(error.kind == .lineNotFound)
        }
    }

    @Test("lines are found by name and chips by label")
    func lookup() throws {
        let line = try LinuxGPIOLine(chip: "testbed-gpio", line: .name("TP_RST"), direction: .output(initial: .high))
        #expect(line.offset == 1)
        #expect(line.chipPath == Testbed.gpioChip)
        #expect(Testbed.value(1) == 1)
    }

    @Test("a thread waiting for an edge is woken by its interruptor")
    func interruptor() throws {
        let line = try LinuxGPIOLine(chip: Testbed.gpioChip, line: .offset(5), direction: .input(edges: .falling, bias: .asIs))
        let signal = try WakeSignal()
        line.interruptor = signal
        signal.raise()
        let start = Testbed.now()
        #expect(try line.waitForEdge(timeout: nil) == nil)
        #expect(Testbed.now() - start < .milliseconds(1_000))
    }
}

@Suite("Framebuffer on the kernel", .enabled(if: Testbed.isAvailable), .serialized)
struct KernelFramebufferTests {
    @Test("LinuxFramebuffer maps vfb's /dev/fb0, draws, and the device reads back what was drawn")
    func drawAndReadBack() throws {
        let fb = try LinuxFramebuffer(path: "/dev/fb0")
        #expect(fb.geometry.width == 800 && fb.geometry.height == 480)
        fb.withBackBuffer { buffer in
            var canvas = Canvas(buffer)
            canvas.fill(PixelRect(x: 0, y: 0, width: 800, height: 480), color: Color(rgb: 0x000000))
            canvas.fill(PixelRect(x: 100, y: 50, width: 200, height: 100), color: Color(rgb: 0xFF8000))
            canvas.fill(PixelRect(x: 700, y: 400, width: 10, height: 10), color: Color(rgb: 0x00FF00))
        }
        var region = DirtyRegion(bounds: PixelRect(x: 0, y: 0, width: 800, height: 480))
        region.add(PixelRect(x: 0, y: 0, width: 800, height: 480))
        try fb.present(region)
        let expected = fb.screenshot()
        // Read /dev/fb0 through read(2), not the mapping.
        let rowBytes = fb.geometry.strideBytes
        let raw = Testbed.read("/dev/fb0", count: rowBytes * 480)
        #expect(raw.count == rowBytes * 480)
        func pixel(_ x: Int, _ y: Int) -> Color {
            let o = y * rowBytes + x * 4
            let word = UInt32(raw[o]) | UInt32(raw[o + 1]) << 8 | UInt32(raw[o + 2]) << 16 | UInt32(raw[o + 3]) << 24
            return fb.geometry.format.decode(word)
        }
        #expect(pixel(150, 100) == Color(rgb: 0xFF8000))
        #expect(pixel(705, 405) == Color(rgb: 0x00FF00))
        #expect(pixel(10, 10) == Color(rgb: 0x000000))
        var mismatches = 0
        for y in stride(from: 0, to: 480, by: 7) {
            for x in stride(from: 0, to: 800, by: 5) where pixel(x, y) != expected.color(x: x, y: y) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
#endif
