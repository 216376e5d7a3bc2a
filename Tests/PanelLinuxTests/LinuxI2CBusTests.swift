#if os(Linux)
import Glibc
import Testing
import TouchControllers
import CPanelLinux
import PanelCore
@testable import PanelLinux

@Suite("LinuxI2CBus")
struct LinuxI2CBusTests {
    @Test("errno values map to I2C error kinds as the kernel's fault codes define them")
    func errnoMapping() {
        #expect(LinuxI2CBus.kind(forErrno: ENXIO) == .noAcknowledgeAddress)
        #expect(LinuxI2CBus.kind(forErrno: EREMOTEIO) == .noAcknowledgeUnknown)
        #expect(LinuxI2CBus.kind(forErrno: ETIMEDOUT) == .timeout)
        #expect(LinuxI2CBus.kind(forErrno: EAGAIN) == .arbitrationLoss)
        #expect(LinuxI2CBus.kind(forErrno: EIO) == .bus)
        #expect(LinuxI2CBus.kind(forErrno: EPROTO) == .bus)
        #expect(LinuxI2CBus.kind(forErrno: EOVERFLOW) == .overrun)
        #expect(LinuxI2CBus.kind(forErrno: EBUSY) == .busy)
        #expect(LinuxI2CBus.kind(forErrno: EOPNOTSUPP) == .unsupported)
        #expect(LinuxI2CBus.kind(forErrno: ENOMEM) == .other)
    }

    @Test("a missing bus is refused, and the message names the Raspberry Pi setting that enables it")
    func missingBus() {
        #expect(throws: I2CBusOpenError.busNotFound(path: "/dev/i2c-97")) { try LinuxI2CBus(bus: 97) }
        let message = I2CBusOpenError.busNotFound(path: "/dev/i2c-1").description
        #expect(message.contains("raspi-config nonint do_i2c 0") && message.contains("dtparam=i2c_arm=on"))
    }

    @Test("a file that is not an I2C adapter is refused as one")
    func notAnAdapter() {
        #expect(throws: I2CBusOpenError.notAnI2CAdapter(path: "/dev/null")) { try LinuxI2CBus(path: "/dev/null") }
    }

    @Test("the error messages name the group to join, the driver to unbind and the address strap")
    func messages() {
        #expect(I2CBusOpenError.permissionDenied(path: "/dev/i2c-1").description.contains("usermod -aG i2c"))
        let owned = I2CBusOpenError.ownedByKernelDriver(path: "/dev/i2c-1", address: .ft6x06, driver: "edt_ft5x06").description
        #expect(owned.contains("edt_ft5x06 already owns the touch controller at 0x38 on /dev/i2c-1"))
        #expect(owned.contains("echo 1-0038 | sudo tee /sys/bus/i2c/drivers/edt_ft5x06/unbind"))
        #expect(owned.contains("linux,evdev"))
        let missing = I2CBusOpenError.noDevice(path: "/dev/i2c-1", address: .gt911Primary, error: I2CError(.noAcknowledgeAddress))
        #expect(missing.description.contains("address strap"))
        #expect(missing.description.contains("i2cdetect -y 1"))
    }

    #if DEBUG
    /// A fake adapter: `open` gives descriptor 99, `I2C_FUNCS` reports `functions`, and
    /// `transfer` answers every other call.
    private func adapter(
        functions: UInt, transfer: @escaping (MockingDriver.Call) -> Result<Int32, Errno>? = { _ in .success(0) }
    ) -> MockingDriver {
        MockingDriver { call in
            switch call.kind {
            case .open: return .success(99)
            case .close: return .success(0)
            case .ioctl where call.request == UInt(I2C_FUNCS):
                call.argument!.storeBytes(of: functions, as: UInt.self)
                return .success(0)
            default: return transfer(call)
            }
        }
    }

    @Test("opening without permission says which group to join")
    func permissionDenied() {
        let driver = MockingDriver { call in call.kind == .open ? .failure(Errno(rawValue: EACCES)) : nil }
        MockingDriver.$current.withValue(driver) {
            #expect(throws: I2CBusOpenError.permissionDenied(path: "/dev/i2c-1")) { try LinuxI2CBus(bus: 1) }
        }
    }

    @Test("the transfer method follows I2C_FUNCS: I2C_RDWR for plain I2C, SMBus otherwise, refusal when neither")
    func methodSelection() {
        MockingDriver.$current.withValue(adapter(functions: UInt(I2C_FUNC_I2C | I2C_FUNC_SMBUS_READ_I2C_BLOCK))) {
            #expect((try? LinuxI2CBus(bus: 1))?.method == .combined)
        }
        MockingDriver.$current.withValue(adapter(functions: UInt(I2C_FUNC_SMBUS_READ_I2C_BLOCK | I2C_FUNC_SMBUS_WRITE_I2C_BLOCK))) {
            #expect((try? LinuxI2CBus(bus: 1))?.method == .smbus)
        }
        MockingDriver.$current.withValue(adapter(functions: UInt(I2C_FUNC_SMBUS_BYTE))) {
            #expect(throws: I2CBusOpenError.unsupportedAdapter(path: "/dev/i2c-1", functionality: UInt(I2C_FUNC_SMBUS_BYTE))) {
                try LinuxI2CBus(bus: 1)
            }
        }
    }

    @Test("a register read is one I2C_RDWR ioctl: a write message, then a read message with a repeated start")
    func combinedTransfer() throws {
        var seen: [(UInt16, UInt16, UInt16, UInt8)] = []
        let driver = adapter(functions: UInt(I2C_FUNC_I2C)) { call in
            guard call.kind == .ioctl, call.request == UInt(I2C_RDWR) else { return nil }
            let data = call.argument!.load(as: i2c_rdwr_ioctl_data.self)
            for i in 0 ..< Int(data.nmsgs) {
                let m = data.msgs[i]
                seen.append((m.addr, m.flags, m.len, m.buf[0]))
                if m.flags & UInt16(I2C_M_RD) != 0 { for j in 0 ..< Int(m.len) { m.buf[j] = UInt8(0xA0 + j) } }
            }
            return .success(Int32(data.nmsgs))
        }
        try MockingDriver.$current.withValue(driver) {
            var bus = try LinuxI2CBus(bus: 1)
            var register: UInt8 = 0x02
            var out = [UInt8](repeating: 0, count: 4)
            try withUnsafeBytes(of: &register) { reg in
                try out.withUnsafeMutableBytes { try bus.writeRead(to: .ft6x06, reg, into: $0) }
            }
            #expect(out == [0xA0, 0xA1, 0xA2, 0xA3])
            try bus.write(to: .ft6x06, bytes: [0xA5, 0x00])
        }
        #expect(seen.count == 3)
        #expect(seen[0].0 == 0x38 && seen[0].1 == 0 && seen[0].2 == 1 && seen[0].3 == 0x02)
        #expect(seen[1].0 == 0x38 && seen[1].1 == UInt16(I2C_M_RD) && seen[1].2 == 4)
        #expect(seen[2].1 == 0 && seen[2].2 == 2 && seen[2].3 == 0xA5)
        #expect(driver.trace.filter { $0.kind == .ioctl && $0.request == UInt(I2C_RDWR) }.count == 2)
    }

    @Test("on an SMBus-only adapter a register read is an I2C-block read, and the address is selected once")
    func smbusTransfer() throws {
        let driver = adapter(functions: UInt(I2C_FUNC_SMBUS_READ_I2C_BLOCK | I2C_FUNC_SMBUS_WRITE_I2C_BLOCK)) { call in
            switch call.kind {
            case .smbusReadBlock:
                for i in 0 ..< call.length { call.argument!.storeBytes(of: UInt8(call.request) + UInt8(i), toByteOffset: i, as: UInt8.self) }
                return .success(Int32(call.length))
            default: return .success(0)
            }
        }
        try MockingDriver.$current.withValue(driver) {
            var bus = try LinuxI2CBus(bus: 0)
            var out = [UInt8](repeating: 0, count: 15)
            try out.withUnsafeMutableBytes { try bus.readRegisters(.ft6x06, register: 0x10, into: $0) }
            #expect(out.first == 0x10 && out.last == 0x1E)
            try out.withUnsafeMutableBytes { try bus.readRegisters(.ft6x06, register: 0x00, into: $0) }
            try bus.write(to: .ft6x06, bytes: [0xA5, 0x00, 0x01])
            // GT911's 16-bit register pointer cannot be expressed as SMBus.
            var pointer: (UInt8, UInt8) = (0x81, 0x4E)
            #expect(throws: I2CError(.unsupported, address: .gt911Primary, code: EOPNOTSUPP)) {
                try withUnsafeBytes(of: &pointer) { reg in
                    try out.withUnsafeMutableBytes { try bus.writeRead(to: .gt911Primary, reg, into: $0) }
                }
            }
        }
        let selects = driver.trace.filter { $0.kind == .ioctl && $0.request == UInt(I2C_SLAVE) }
        #expect(selects.count == 1)
        #expect(driver.trace.filter { $0.kind == .smbusReadBlock }.count == 2)
        #expect(driver.trace.filter { $0.kind == .smbusWriteBlock }.count == 1)
    }

    @Test(
        "a failed transfer is an I2CError with its kind, the address and the errno; a short SMBus block is a bus error",
        arguments: [
            (Result<Int32, Errno>.failure(Errno(rawValue: ENXIO)), I2CError(.noAcknowledgeAddress, address: .ft6x06, code: ENXIO)),
            (.failure(Errno(rawValue: ETIMEDOUT)), I2CError(.timeout, address: .ft6x06, code: ETIMEDOUT)),
            (.success(3), I2CError(.bus, address: .ft6x06, code: EIO)),
        ])
    func transferErrors(answer: Result<Int32, Errno>, expected: I2CError) throws {
        let driver = adapter(functions: UInt(I2C_FUNC_SMBUS_READ_I2C_BLOCK)) { call in
            call.kind == .smbusReadBlock ? answer : .success(0)
        }
        try MockingDriver.$current.withValue(driver) {
            var bus = try LinuxI2CBus(bus: 0)
            var out = [UInt8](repeating: 0, count: 8)
            #expect(throws: expected) {
                try out.withUnsafeMutableBytes { try bus.readRegisters(.ft6x06, register: 0, into: $0) }
            }
        }
    }

    @Test("a call interrupted by a signal (EINTR) is made again, not reported")
    func interruptedCallsAreRetried() throws {
        var interruptions = 2
        let driver = adapter(functions: UInt(I2C_FUNC_I2C)) { call in
            guard call.request == UInt(I2C_RDWR) else { return nil }
            if interruptions > 0 {
                interruptions -= 1
                return .failure(Errno(rawValue: EINTR))
            }
            return .success(1)
        }
        try MockingDriver.$current.withValue(driver) {
            var bus = try LinuxI2CBus(bus: 1)
            try bus.write(to: .ft6x06, bytes: [0x00])
        }
        #expect(driver.trace.filter { $0.request == UInt(I2C_RDWR) }.count == 3)
    }

    @Test("claiming an address a kernel driver holds (EBUSY) names the problem")
    func claimBusy() throws {
        let driver = adapter(functions: UInt(I2C_FUNC_I2C)) { call in
            call.request == UInt(I2C_SLAVE) ? .failure(Errno(rawValue: EBUSY)) : .success(0)
        }
        try MockingDriver.$current.withValue(driver) {
            let bus = try LinuxI2CBus(bus: 1)
            #expect(throws: I2CBusOpenError.ownedByKernelDriver(path: "/dev/i2c-1", address: .ft6x06, driver: nil)) {
                try bus.claim(.ft6x06)
            }
        }
    }
    #endif
}

@Suite("GPIO and evdev errors off the board")
struct LinuxDeviceErrorTests {
    @Test("a GPIO chip that does not exist is reported as such, with the tool that lists chips")
    func missingChip() throws {
        do {
            _ = try LinuxGPIOLine(chip: "/dev/gpiochip97", line: .offset(0), direction: .output(initial: .low))
            Issue.record("no such chip")
        } catch {
            #expect(error.kind == .chipNotFound)
            #expect(error.description.contains("gpiodetect"))
        }
        #expect(throws: GPIOError.self) { try LinuxGPIOLine.resolveChip("no-such-label") }
        #expect(try LinuxGPIOLine.resolveChip("3") == "/dev/gpiochip3")
        #expect(try LinuxGPIOLine.resolveChip("gpiochip4") == "/dev/gpiochip4")
    }

    @Test("GPIO messages name the consumer of a busy line and the group to join")
    func gpioMessages() {
        #expect(GPIOError(.lineBusy, line: "gpiochip0:17", detail: "edt-ft5x06").description.contains("by \"edt-ft5x06\""))
        #expect(GPIOError(.permissionDenied, line: "gpiochip0").description.contains("`gpio` group"))
    }

    @Test("a missing input device fails start with a message that says where to look")
    func missingEvdev() {
        let source = EvdevTouchSource(path: "/dev/input/event97")
        #expect(throws: TouchSourceError.self) { try source.start() }
        #expect(source.lastDeviceError == .deviceNotFound(path: "/dev/input/event97"))
        #expect(EvdevError.permissionDenied(path: "/dev/input/event1").description.contains("`input` group"))
        #expect(throws: TouchSourceError.notStarted) { _ = try source.readFrame() }
        #expect(EvdevTouchSource.discover(name: "PanelKit no such device") == nil)
    }

    @Test("the libgpiod API in use is reported")
    func libgpiodVersion() {
        #expect(LinuxGPIOLine.libgpiodAPI == 1 || LinuxGPIOLine.libgpiodAPI == 2)
        #expect(LinuxGPIOLine.libgpiodVersion.hasPrefix("\(LinuxGPIOLine.libgpiodAPI)."))
    }
}
#endif
