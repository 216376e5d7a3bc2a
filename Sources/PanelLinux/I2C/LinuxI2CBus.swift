#if os(Linux)
import Glibc
import CPanelLinux
public import PanelCore

/// An I2C adapter through the kernel's i2c-dev interface (`/dev/i2c-N`).
///
/// Opening checks the adapter's `I2C_FUNCS` and picks how transfers are made:
/// - **`I2C_RDWR`** (``Method/combined``) when the adapter does plain I2C: every call is one
///   ioctl, a write-then-read is one transaction with a repeated START, any length;
/// - **SMBus** (``Method/smbus``) when it only speaks SMBus (some SoC and USB adapters, and the
///   kernel's i2c-stub): a register read becomes an SMBus I2C-block read through libi2c (one
///   command byte, at most 32 bytes), a write an SMBus block write. A transfer SMBus cannot
///   express throws ``I2CError/Kind/unsupported``.
///
/// Errno values become ``I2CError`` kinds (``kind(forErrno:)``): `ENXIO` → no acknowledge on the
/// address, `EREMOTEIO` → no acknowledge, `ETIMEDOUT` → timeout, `EAGAIN` → arbitration lost,
/// `EIO`/`EPROTO` → bus error, `EBUSY` → a kernel driver owns the address, `EOPNOTSUPP` →
/// unsupported.
///
/// `I2C_RDWR` does not look at kernel drivers; call ``claim(_:)`` (or ``probe(_:)``) before
/// talking to a chip to learn whether `edt-ft5x06` or `goodix` already owns it.
///
/// Not thread-safe: one thread (the input thread) uses a bus. Transfers allocate nothing.
public final class LinuxI2CBus: I2CBus {
    /// How transfers are made.
    public enum Method: Sendable, Hashable, CustomStringConvertible {
        /// `I2C_RDWR` messages (plain I2C with repeated STARTs).
        case combined
        /// SMBus transactions through libi2c.
        case smbus

        public var description: String { self == .combined ? "I2C_RDWR" : "SMBus" }
    }

    /// What the adapter can do (`I2C_FUNCS`).
    public struct Functionality: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Plain I2C messages (`I2C_FUNC_I2C`): `I2C_RDWR` works.
        public static let i2c = Functionality(rawValue: UInt(I2C_FUNC_I2C))
        /// 10-bit addresses.
        public static let tenBitAddresses = Functionality(rawValue: UInt(I2C_FUNC_10BIT_ADDR))
        /// SMBus I2C-block reads.
        public static let smbusReadI2CBlock = Functionality(rawValue: UInt(I2C_FUNC_SMBUS_READ_I2C_BLOCK))
        /// SMBus I2C-block writes.
        public static let smbusWriteI2CBlock = Functionality(rawValue: UInt(I2C_FUNC_SMBUS_WRITE_I2C_BLOCK))
        /// SMBus "send byte".
        public static let smbusWriteByte = Functionality(rawValue: UInt(I2C_FUNC_SMBUS_WRITE_BYTE))
        /// SMBus "receive byte".
        public static let smbusReadByte = Functionality(rawValue: UInt(I2C_FUNC_SMBUS_READ_BYTE))
    }

    /// The device path.
    public let path: String
    /// The adapter number (N in `/dev/i2c-N`), when the path has one.
    public let busNumber: Int?
    /// What the adapter can do.
    public let functionality: Functionality
    /// How transfers are made.
    public let method: Method

    private let fd: Int32
    /// Two preallocated messages and the ioctl argument that points at them.
    private let messages: UnsafeMutablePointer<i2c_msg>
    private let request: UnsafeMutablePointer<i2c_rdwr_ioctl_data>
    /// The address last set with `I2C_SLAVE` (SMBus path).
    private var selected: I2CAddress?

    private static let setAddress: UInt = UInt(I2C_SLAVE)
    private static let readWrite: UInt = UInt(I2C_RDWR)
    private static let functions: UInt = UInt(I2C_FUNCS)

    /// Opens `/dev/i2c-<bus>`.
    public convenience init(bus: Int) throws(I2CBusOpenError) {
        try self.init(path: "/dev/i2c-\(bus)")
    }

    /// Opens an i2c-dev node and reads what the adapter can do.
    /// - Parameters:
    ///   - path: the device, e.g. `/dev/i2c-1`.
    ///   - method: force a transfer method (tests); by default `I2C_RDWR` when the adapter
    ///     supports plain I2C, otherwise SMBus.
    /// - Throws: ``I2CBusOpenError``: no such bus (I2C not enabled), permission denied, not an
    ///   I2C adapter, or an adapter with neither plain I2C nor SMBus block reads.
    public init(path: String, method: Method? = nil) throws(I2CBusOpenError) {
        self.path = path
        self.busNumber = Int(busSuffix(path) ?? "")
        let fd: Int32
        switch Syscall.open(path, flags: O_RDWR) {
        case .success(let value): fd = value
        case .failure(let e) where e.rawValue == ENOENT || e.rawValue == ENODEV || e.rawValue == ENXIO:
            throw .busNotFound(path: path)
        case .failure(let e) where e.rawValue == EACCES || e.rawValue == EPERM:
            throw .permissionDenied(path: path)
        case .failure(let e):
            throw .systemCallFailed(path: path, call: "open", errno: e.rawValue)
        }
        var funcs: UInt = 0
        switch Syscall.ioctl(fd, Self.functions, &funcs) {
        case .success: break
        case .failure(let e):
            Syscall.close(fd)
            if e.rawValue == ENOTTY || e.rawValue == EINVAL { throw .notAnI2CAdapter(path: path) }
            throw .systemCallFailed(path: path, call: "ioctl(I2C_FUNCS)", errno: e.rawValue)
        }
        let functionality = Functionality(rawValue: funcs)
        let chosen: Method
        if let method {
            chosen = method
        } else if functionality.contains(.i2c) {
            chosen = .combined
        } else if functionality.contains(.smbusReadI2CBlock) {
            chosen = .smbus
        } else {
            Syscall.close(fd)
            throw .unsupportedAdapter(path: path, functionality: funcs)
        }
        self.fd = fd
        self.functionality = functionality
        self.method = chosen
        messages = .allocate(capacity: 2)
        messages.initialize(repeating: i2c_msg(), count: 2)
        request = .allocate(capacity: 1)
        request.initialize(to: i2c_rdwr_ioctl_data(msgs: messages, nmsgs: 0))
    }

    deinit {
        Syscall.close(fd)
        messages.deallocate()
        request.deallocate()
    }

    // MARK: - Chips and kernel drivers

    /// The name of the kernel driver bound to `address` on this bus (`edt_ft5x06`, `Goodix-TS`),
    /// read from sysfs; nil when none is bound or the bus number is unknown.
    public func kernelDriver(boundTo address: I2CAddress) -> String? {
        guard let busNumber else { return nil }
        return Self.kernelDriver(bus: busNumber, address: address)
    }

    /// Reads `/sys/bus/i2c/devices/<bus>-00XX/driver` (a symlink whose last component is the
    /// driver's name).
    static func kernelDriver(bus: Int, address: I2CAddress, sysfs: String = "/sys/bus/i2c/devices") -> String? {
        let link = "\(sysfs)/\(bus)-00\(hex(address.rawValue, digits: 2).lowercased())/driver"
        var buffer = [CChar](repeating: 0, count: 512)
        let n = readlink(link, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let target = String(decoding: buffer[0 ..< n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return target.split(separator: "/").last.map(String.init)
    }

    /// Claims `address` for this process with `I2C_SLAVE` (without force), which the kernel
    /// refuses while a kernel driver is bound to the chip.
    /// - Throws: ``I2CBusOpenError/ownedByKernelDriver(path:address:driver:)`` naming the driver.
    public func claim(_ address: I2CAddress) throws(I2CBusOpenError) {
        switch Syscall.ioctl(fd, Self.setAddress, value: UInt(address.rawValue)) {
        case .success:
            selected = address
        case .failure(let e) where e.rawValue == EBUSY:
            selected = nil
            throw .ownedByKernelDriver(path: path, address: address, driver: kernelDriver(boundTo: address))
        case .failure(let e):
            selected = nil
            throw .systemCallFailed(path: path, call: "ioctl(I2C_SLAVE)", errno: e.rawValue)
        }
    }

    /// Checks that a chip answers at `address`: claims it (see ``claim(_:)``), then reads one
    /// byte from register 0.
    /// - Throws: ``I2CBusOpenError/ownedByKernelDriver(path:address:driver:)`` or
    ///   ``I2CBusOpenError/noDevice(path:address:error:)``.
    public func probe(_ address: I2CAddress) throws(I2CBusOpenError) {
        try claim(address)
        var register: UInt8 = 0
        var value: UInt8 = 0
        do {
            try withUnsafeBytes(of: &register) { (out) throws(I2CError) in
                try withUnsafeMutableBytes(of: &value) { (into) throws(I2CError) in
                    try writeRead(to: address, out, into: into)
                }
            }
        } catch {
            throw .noDevice(path: path, address: address, error: error)
        }
    }

    // MARK: - I2CBus

    public func write(to address: I2CAddress, _ bytes: UnsafeRawBufferPointer) throws(I2CError) {
        switch method {
        case .combined:
            messages[0] = Self.message(address, flags: 0, bytes.baseAddress, count: bytes.count)
            try transfer(address, count: 1)
        case .smbus:
            try select(address)
            let result: Result<Int32, Errno>
            if bytes.count == 1 {
                result = Syscall.smbusWriteByte(fd, bytes[0])
            } else if bytes.count >= 2 && bytes.count <= 33 && functionality.contains(.smbusWriteI2CBlock) {
                result = Syscall.smbusWriteBlock(fd, command: bytes[0], UnsafeRawBufferPointer(rebasing: bytes[1...]))
            } else {
                throw I2CError(.unsupported, address: address, code: EOPNOTSUPP)
            }
            if case .failure(let e) = result { throw Self.error(e, address) }
        }
    }

    public func read(from address: I2CAddress, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        switch method {
        case .combined:
            messages[0] = Self.message(address, flags: UInt16(I2C_M_RD), buffer.baseAddress, count: buffer.count)
            try transfer(address, count: 1)
        case .smbus:
            // SMBus has no bare multi-byte read.
            throw I2CError(.unsupported, address: address, code: EOPNOTSUPP)
        }
    }

    public func writeRead(
        to address: I2CAddress, _ bytes: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer
    ) throws(I2CError) {
        switch method {
        case .combined:
            messages[0] = Self.message(address, flags: 0, bytes.baseAddress, count: bytes.count)
            messages[1] = Self.message(address, flags: UInt16(I2C_M_RD), buffer.baseAddress, count: buffer.count)
            try transfer(address, count: 2)
        case .smbus:
            guard bytes.count == 1, buffer.count <= 32 else {
                throw I2CError(.unsupported, address: address, code: EOPNOTSUPP)
            }
            try smbusBlockRead(address, command: bytes[0], into: buffer)
        }
    }

    // MARK: - Transfers

    private func smbusBlockRead(_ address: I2CAddress, command: UInt8, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        if buffer.isEmpty { return }
        try select(address)
        switch Syscall.smbusReadBlock(fd, command: command, into: buffer) {
        case .success(let n) where Int(n) == buffer.count:
            return
        case .success:
            // A short block is a partial transfer: a failure by the bus contract.
            throw I2CError(.bus, address: address, code: EIO)
        case .failure(let e):
            throw Self.error(e, address)
        }
    }

    private func select(_ address: I2CAddress) throws(I2CError) {
        if selected == address { return }
        switch Syscall.ioctl(fd, Self.setAddress, value: UInt(address.rawValue)) {
        case .success: selected = address
        case .failure(let e):
            selected = nil
            throw Self.error(e, address)
        }
    }

    private func transfer(_ address: I2CAddress, count: UInt32) throws(I2CError) {
        request.pointee.nmsgs = count
        switch Syscall.ioctl(fd, Self.readWrite, UnsafeMutableRawPointer(request)) {
        case .success(let n) where n == Int32(count):
            return
        case .success:
            throw I2CError(.bus, address: address, code: EIO)
        case .failure(let e):
            throw Self.error(e, address)
        }
    }

    private static func message(_ address: I2CAddress, flags: UInt16, _ base: UnsafeRawPointer?, count: Int) -> i2c_msg {
        precondition(count <= Int(UInt16.max), "an I2C message carries at most 65535 bytes")
        return i2c_msg(
            addr: UInt16(address.rawValue), flags: flags, len: UInt16(count),
            buf: UnsafeMutablePointer(mutating: base?.assumingMemoryBound(to: UInt8.self)))
    }

    private static func error(_ errno: Errno, _ address: I2CAddress) -> I2CError {
        I2CError(kind(forErrno: errno.rawValue), address: address, code: errno.rawValue)
    }

    /// The bus-level meaning of an errno from an i2c-dev transfer (the kernel's
    /// Documentation/i2c/fault-codes.rst).
    public static func kind(forErrno code: Int32) -> I2CError.Kind {
        switch code {
        case ENXIO: .noAcknowledgeAddress
        case EREMOTEIO: .noAcknowledgeUnknown
        case ETIMEDOUT: .timeout
        case EAGAIN: .arbitrationLoss
        case EIO, EPROTO, EBADMSG: .bus
        case EOVERFLOW: .overrun
        case EBUSY: .busy
        case EOPNOTSUPP, ENOTTY: .unsupported
        default: .other
        }
    }

}

/// The N of `/dev/i2c-N`.
private func busSuffix(_ path: String) -> Substring? {
    guard let dash = path.lastIndex(of: "-") else { return nil }
    return path[path.index(after: dash)...]
}

/// Why an I2C bus or chip could not be used. Each message is one line that names the cause and
/// the fix.
public enum I2CBusOpenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device node does not exist: I2C is not enabled, or i2c-dev is not loaded.
    case busNotFound(path: String)
    /// The process may not open the node.
    case permissionDenied(path: String)
    /// The node is not an i2c-dev adapter.
    case notAnI2CAdapter(path: String)
    /// The adapter does neither plain I2C nor SMBus block reads.
    case unsupportedAdapter(path: String, functionality: UInt)
    /// A kernel driver is bound to the chip.
    case ownedByKernelDriver(path: String, address: I2CAddress, driver: String?)
    /// Nothing answers at the address.
    case noDevice(path: String, address: I2CAddress, error: I2CError)
    /// Another system call failed.
    case systemCallFailed(path: String, call: String, errno: Int32)

    public var description: String {
        switch self {
        case .busNotFound(let path):
            return
                "\(path) does not exist: I2C is not enabled — on a Raspberry Pi run `sudo raspi-config nonint do_i2c 0` (or add `dtparam=i2c_arm=on` to /boot/firmware/config.txt) and reboot; elsewhere `sudo modprobe i2c-dev`, and check the bus number with `i2cdetect -l`"
        case .permissionDenied(let path):
            return
                "permission denied opening \(path): add the user to the `i2c` group (`sudo usermod -aG i2c $USER`, then log in again) or install PanelKit's udev rules (`scripts/install`)"
        case .notAnI2CAdapter(let path):
            return "\(path) is not an I2C adapter (I2C_FUNCS failed): check the path in the board file"
        case .unsupportedAdapter(let path, let functionality):
            return "\(path) supports neither plain I2C nor SMBus block reads (I2C_FUNCS 0x\(hex(functionality, digits: 8))): use another I2C bus"
        case .ownedByKernelDriver(let path, let address, let driver):
            let name = driver ?? "a kernel driver"
            let node = Self.node(path, address)
            let unbind = driver.map { " or `echo \(node) | sudo tee /sys/bus/i2c/drivers/\($0)/unbind`" } ?? ""
            return
                "\(name) already owns the touch controller at \(address) on \(path): remove its dtoverlay from /boot/firmware/config.txt\(unbind), or set the board's touch source to `linux,evdev` to read it through the kernel driver"
        case .noDevice(let path, let address, let error):
            return
                "no device answers at \(address) on \(path) (\(error.kind)): check the wiring (SDA, SCL, power, ground), the reset line, and the address strap (FT6x06: 0x38; GT911: 0x5D or 0x14); `i2cdetect -y \(Self.bus(path))` lists what answers"
        case .systemCallFailed(let path, let call, let errno):
            return "\(call) on \(path) failed: \(Errno(rawValue: errno))"
        }
    }

    private static func bus(_ path: String) -> String { busSuffix(path).map(String.init) ?? "N" }

    private static func node(_ path: String, _ address: I2CAddress) -> String {
        "\(bus(path))-00\(hex(address.rawValue, digits: 2).lowercased())"
    }
}
#endif
