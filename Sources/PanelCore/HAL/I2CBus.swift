/// A 7-bit I2C device address, right-aligned (0x00 … 0x7F), as Linux's `I2C_SLAVE` and
/// embedded-hal take it — not the shifted 8-bit wire form (0xBA for 0x5D).
public struct I2CAddress: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 7-bit address.
    public let rawValue: UInt8

    /// Creates an address. Traps for values ≥ 0x80: an 8-bit (shifted) address is a programmer
    /// error; shift it right by one.
    public init(rawValue: UInt8) {
        precondition(rawValue < 0x80, "I2C addresses are 7-bit (0x00–0x7F); shift an 8-bit address right by one")
        self.rawValue = rawValue
    }

    /// Creates an address, or nil for values ≥ 0x80.
    public init?(validating value: Int) {
        guard value >= 0 && value < 0x80 else { return nil }
        self.rawValue = UInt8(value)
    }

    /// Creates an address from a literal 7-bit value.
    public init(_ value: UInt8) { self.init(rawValue: value) }

    /// FocalTech FT6x06 / FT5x06: 0x38.
    public static let ft6x06 = I2CAddress(0x38)
    /// Goodix GT911 with INT low during reset: 0x5D.
    public static let gt911Primary = I2CAddress(0x5D)
    /// Goodix GT911 with INT high during reset: 0x14.
    public static let gt911Alternate = I2CAddress(0x14)

    public static func < (lhs: I2CAddress, rhs: I2CAddress) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "0x" + hex(rawValue, digits: 2) }
}

/// Formats `value` as upper-case hexadecimal padded to `digits`.
package func hex<T: BinaryInteger>(_ value: T, digits: Int) -> String {
    var text = String(value, radix: 16, uppercase: true)
    while text.count < digits { text = "0" + text }
    return text
}

/// A failed I2C transfer.
///
/// Backends map their native errors to a ``Kind`` so that drivers can react generically
/// (a NAK on the address means "no device here"; arbitration loss is worth a retry) and keep
/// the native code in ``code`` (on Linux, the errno).
public struct I2CError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in bus terms.
    public enum Kind: Hashable, Sendable {
        /// Nobody acknowledged the address: no device, wrong address, device asleep or held in
        /// reset, or the wrong bus.
        case noAcknowledgeAddress
        /// The device acknowledged its address but refused a data byte.
        case noAcknowledgeData
        /// A NAK where the backend cannot tell which phase (Linux `EREMOTEIO`).
        case noAcknowledgeUnknown
        /// A bus error: misplaced START/STOP, stuck lines, or an adapter fault (`EIO`).
        case bus
        /// Another master won arbitration (`EAGAIN` on Linux); a retry usually succeeds.
        case arbitrationLoss
        /// The transfer did not complete in time (`ETIMEDOUT`): SCL held low, clock stretching.
        case timeout
        /// Data arrived faster than the adapter could take it.
        case overrun
        /// The adapter cannot perform this kind of transfer (missing `I2C_FUNC_*`).
        case unsupported
        /// Another driver has claimed the address (Linux `EBUSY`: a kernel driver such as
        /// `edt-ft5x06` or `goodix` is bound to the chip).
        case busy
        /// Anything else; see ``I2CError/code``.
        case other
    }

    /// The kind of failure.
    public var kind: Kind
    /// The device address of the failed transfer, when known.
    public var address: I2CAddress?
    /// The backend's native code (Linux errno), when there is one.
    public var code: Int32?

    /// Creates an error.
    public init(_ kind: Kind, address: I2CAddress? = nil, code: Int32? = nil) {
        self.kind = kind
        self.address = address
        self.code = code
    }

    /// Whether the device did not answer its address.
    public var isNoDevice: Bool { kind == .noAcknowledgeAddress || kind == .noAcknowledgeUnknown }

    public var description: String {
        let at = address.map { " at \($0)" } ?? ""
        let errno = code.map { " (errno \($0))" } ?? ""
        switch kind {
        case .noAcknowledgeAddress:
            return
                "no device acknowledged\(at)\(errno): check the address (and the chip's address strap), the wiring, power and reset, and that the chip is awake"
        case .noAcknowledgeData:
            return "the device\(at) refused a data byte\(errno): the register or value is not accepted"
        case .noAcknowledgeUnknown:
            return "the transfer\(at) was not acknowledged\(errno): check the address, wiring and that the chip is awake"
        case .bus:
            return "I2C bus error\(at)\(errno): check pull-ups, cable length and that no other master drives the bus"
        case .arbitrationLoss:
            return "lost bus arbitration\(at)\(errno): another master is active; retry"
        case .timeout:
            return "I2C transfer timed out\(at)\(errno): SCL may be held low; check the wiring and power the chip"
        case .overrun:
            return "I2C overrun\(at)\(errno): lower the bus speed"
        case .unsupported:
            return "the I2C adapter cannot perform this transfer\(at)\(errno)"
        case .busy:
            return "a kernel driver owns the device\(at)\(errno): unbind it or remove its overlay, or read touches through the kernel driver's evdev device"
        case .other:
            return "I2C transfer failed\(at)\(errno)"
        }
    }
}

/// An I2C bus master: the seam between drivers and hardware (embedded-hal's `I2c`).
///
/// ## Contract
/// - Every call is one complete bus transaction: it begins with a START and ends with a STOP,
///   and the bus is idle when the call returns, whether it succeeded or threw.
/// - ``write(to:_:)``: START, address+W, each byte, STOP.
/// - ``read(from:into:)``: START, address+R, fills the whole buffer (the master NAKs the last
///   byte), STOP.
/// - ``writeRead(to:_:into:)``: START, address+W, the bytes, **repeated START** (no STOP),
///   address+R, fills the buffer, STOP — one atomic transaction (Linux `I2C_RDWR` with two
///   messages). A backend that can only emulate it with a STOP in between must not conform.
/// - Register reads are ``writeRead(to:_:into:)`` with the register pointer as the bytes. A
///   backend that only speaks SMBus serves a one-byte pointer and at most 32 bytes as an
///   "I2C block read" and refuses the rest with ``I2CError/Kind/unsupported``.
/// - Failures throw ``I2CError`` with the address filled in; a partial transfer is a failure.
/// - Addresses are 7-bit (``I2CAddress``).
///
/// ## Note for implementers
/// Conforming types are used from one thread at a time (the input thread). Drivers own their
/// bus by value; a reference type (a mock, a shared adapter) is fine where the test or app needs
/// to keep a handle. Do not retry inside the bus: drivers decide retries.
public protocol I2CBus {
    /// Writes `bytes` to the device in one transaction.
    mutating func write(to address: I2CAddress, _ bytes: UnsafeRawBufferPointer) throws(I2CError)
    /// Reads `buffer.count` bytes from the device in one transaction.
    mutating func read(from address: I2CAddress, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError)
    /// Writes `bytes`, then reads `buffer.count` bytes after a repeated START.
    mutating func writeRead(
        to address: I2CAddress, _ bytes: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer
    ) throws(I2CError)
}

extension I2CBus {
    /// Writes an array of bytes (convenience for tests and setup paths; allocates).
    public mutating func write(to address: I2CAddress, bytes: [UInt8]) throws(I2CError) {
        var failure: I2CError?
        bytes.withUnsafeBytes { raw in
            do throws(I2CError) { try write(to: address, raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }
}
