#if os(Linux)
import CPanelLinux
import Glibc
import PanelCore

/// The devices `scripts/kernel-testbed` sets up inside the VM, and the backdoors the tests use
/// to play the chip: gpio-sim's pull files, i2c-regstub's debugfs register files.
///
/// The suites that use it are enabled only inside the testbed (`TESTBED=1`); `scripts/test-kernel`
/// runs them there, with the libgpiod v1 build and with the v2 build.
enum Testbed {
    static var isAvailable: Bool { getenv("TESTBED") != nil }

    static func env(_ name: String) -> String {
        guard let value = getenv(name) else { return "" }
        return String(cString: value)
    }

    /// `/dev/i2c-N` of i2c-stub (SMBus only; chips 0x38, 0x5d and 0x15).
    static var smbusBus: String { env("TESTBED_I2C_DEV") }
    /// `/dev/i2c-N` of i2c-regstub (full I2C; 0x38 and 0x15 with 8-bit, 0x5d with 16-bit registers).
    static var rawBus: String { env("TESTBED_I2C_RAW_DEV") }
    static var smbusBusNumber: Int { Int(env("TESTBED_I2C_BUS")) ?? -1 }
    static var gpioChip: String { env("TESTBED_GPIOCHIP") }
    static var gpioSysfs: String { env("TESTBED_GPIO_SYSFS") }

    // MARK: Files

    static func write(_ path: String, _ bytes: [UInt8], at offset: Int = 0) {
        let fd = open(path, O_WRONLY)
        precondition(fd >= 0, "open \(path): errno \(errno)")
        defer { close(fd) }
        let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
        precondition(n == bytes.count, "write \(path): errno \(errno)")
    }

    static func write(_ path: String, text: String) { write(path, Array(text.utf8)) }

    static func read(_ path: String, count: Int, at offset: Int = 0) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        precondition(fd >= 0, "open \(path): errno \(errno)")
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
        return Array(bytes.prefix(max(0, n)))
    }

    static func readText(_ path: String) -> String {
        String(decoding: read(path, count: 65536), as: UTF8.self)
    }

    // MARK: I2C chips (i2c-regstub backdoor)

    static func registerFile(_ address: UInt8) -> String {
        "/sys/kernel/debug/i2c-regstub/0x" + (address < 0x10 ? "0" : "") + String(address, radix: 16)
    }

    /// Loads registers of a raw-bus chip without moving its register pointer.
    static func loadRegisters(_ address: UInt8, at register: Int, _ bytes: [UInt8]) {
        write(registerFile(address), bytes, at: register)
    }

    static func registers(_ address: UInt8, at register: Int, count: Int) -> [UInt8] {
        read(registerFile(address), count: count, at: register)
    }

    // MARK: GPIO (gpio-sim)

    /// Sets the simulated input level of a line (an edge when it changes).
    static func pull(_ line: Int, up: Bool) {
        write("\(gpioSysfs)/sim_gpio\(line)/pull", text: up ? "pull-up" : "pull-down")
    }

    /// The level a program drives on a line.
    static func value(_ line: Int) -> Int {
        Int(readText("\(gpioSysfs)/sim_gpio\(line)/value").prefix(1)) ?? -1
    }

    /// Waits until the line's edge interrupt is requested (the chardev marks the line used
    /// before it requests the IRQ; an edge in between is lost).
    static func waitForEdgeDetection(_ line: Int) {
        for _ in 0 ..< 200 {
            for row in readText("/proc/interrupts").split(separator: "\n") {
                let fields = row.split(separator: " ")
                if let i = fields.firstIndex(of: "irq_sim"), i + 1 < fields.count, fields[i + 1] == Substring(String(line)) {
                    return
                }
            }
            usleep(10_000)
        }
    }

    static func now() -> MonotonicInstant {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return MonotonicInstant(nanoseconds: UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec))
    }
}
#endif
