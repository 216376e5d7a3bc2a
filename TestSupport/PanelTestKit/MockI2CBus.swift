public import PanelCore
public import Testing

/// An I2C bus that checks a driver's transactions against an ordered list of expectations, in
/// the style of embedded-hal-mock: each expectation names its kind (write, read, combined
/// write-read), its address and bytes, the reply, and optionally an injected error.
///
/// A mismatch is recorded as a swift-testing issue at the source location where the expectation
/// was written (or where the test called `verify()`), and the call throws a bus error so the
/// driver stops. Call `verify()` at the end: it reports expectations never used. The mock is a
/// class so the test keeps a handle while the driver owns the bus.
///
/// ```swift
/// let bus = MockI2CBus([
///     .writeRead(0x38, [0xA3], reply: [0x64]),
///     .write(0x5D, [0x81, 0x4E, 0x00]),
///     .read(0x38, reply: [0, 0]).failing(.noAcknowledgeAddress),
/// ])
/// // … drive the code under test …
/// bus.verify()
/// ```
public final class MockI2CBus: I2CBus {
    /// One expected transaction.
    public struct Expectation: Sendable, CustomStringConvertible {
        /// The kind of transaction.
        public enum Kind: Sendable, Hashable {
            /// A plain write.
            case write
            /// A plain read.
            case read
            /// A combined write, repeated START, read.
            case writeRead
        }

        /// The kind.
        public var kind: Kind
        /// The address.
        public var address: I2CAddress
        /// The bytes the driver must write (empty for a read).
        public var bytes: [UInt8]
        /// The reply for reads (its length must match the driver's buffer).
        public var reply: [UInt8]
        /// An error to throw instead of completing.
        public var error: I2CError.Kind?
        /// Where the expectation was written.
        public var sourceLocation: SourceLocation

        /// Expects a write.
        public static func write(_ address: UInt8, _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Expectation {
            Expectation(kind: .write, address: I2CAddress(address), bytes: bytes, reply: [], error: nil, sourceLocation: sourceLocation)
        }

        /// Expects a read answered with `reply`.
        public static func read(_ address: UInt8, reply: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Expectation {
            Expectation(kind: .read, address: I2CAddress(address), bytes: [], reply: reply, error: nil, sourceLocation: sourceLocation)
        }

        /// Expects a combined write-read answered with `reply`.
        public static func writeRead(
            _ address: UInt8, _ bytes: [UInt8], reply: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
        ) -> Expectation {
            Expectation(kind: .writeRead, address: I2CAddress(address), bytes: bytes, reply: reply, error: nil, sourceLocation: sourceLocation)
        }

        /// The same expectation, failing with `kind` (the bytes are still checked).
        public func failing(_ kind: I2CError.Kind) -> Expectation {
            var copy = self
            copy.error = kind
            return copy
        }

        /// The transaction as a person writes it: `write(0x38, [00 01])`.
        public var description: String {
            let hexBytes = bytes.map { hexByte($0) }.joined(separator: " ")
            switch kind {
            case .write: return "write(\(address), [\(hexBytes)])"
            case .read: return "read(\(address), \(reply.count) bytes)"
            case .writeRead: return "writeRead(\(address), [\(hexBytes)], \(reply.count) bytes)"
            }
        }
    }

    private var expectations: [Expectation]
    private var verified = false
    private let createdAt: SourceLocation
    /// Transactions performed so far.
    public private(set) var performed = 0

    /// Creates a mock expecting `expectations` in order.
    public init(_ expectations: [Expectation] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        self.expectations = expectations
        self.createdAt = sourceLocation
    }

    deinit {
        if !verified && (performed > 0 || !expectations.isEmpty) {
            print("warning: MockI2CBus created at \(createdAt) was never verified; call verify() at the end of the test")
        }
    }

    /// Appends expectations for another phase of the test.
    public func expect(_ more: [Expectation]) {
        expectations.append(contentsOf: more)
    }

    /// Records an issue for every expectation not used. Call at the end of each test.
    public func verify(sourceLocation: SourceLocation = #_sourceLocation) {
        verified = true
        for e in expectations {
            Issue.record("MockI2CBus: expected \(e) was never performed", sourceLocation: e.sourceLocation)
        }
        expectations.removeAll()
    }

    /// Expectations not yet used.
    public var remaining: Int { expectations.count }

    private func next(_ kind: Expectation.Kind, _ address: I2CAddress, _ bytes: UnsafeRawBufferPointer?, replyCount: Int) throws(I2CError) -> Expectation {
        performed += 1
        let written = bytes.map { Array($0) } ?? []
        guard !expectations.isEmpty else {
            Issue.record(
                "MockI2CBus: no pending expectation for \(kind) at \(address) [\(written.map { hexByte($0) }.joined(separator: " "))]",
                sourceLocation: createdAt)
            throw I2CError(.other, address: address)
        }
        let e = expectations.removeFirst()
        if e.kind != kind {
            Issue.record("MockI2CBus: \(kind) performed, but \(e) was expected", sourceLocation: e.sourceLocation)
            throw I2CError(.other, address: address)
        }
        if e.address != address {
            Issue.record("MockI2CBus: \(kind) at \(address), but the expectation is for \(e.address)", sourceLocation: e.sourceLocation)
            throw I2CError(.other, address: address)
        }
        if kind != .read && e.bytes != written {
            Issue.record(
                "MockI2CBus: \(kind) data [\(written.map { hexByte($0) }.joined(separator: " "))] does not match expected [\(e.bytes.map { hexByte($0) }.joined(separator: " "))]",
                sourceLocation: e.sourceLocation)
            throw I2CError(.other, address: address)
        }
        if kind != .write && e.error == nil && e.reply.count != replyCount {
            Issue.record("MockI2CBus: \(kind) reads \(replyCount) bytes, the expectation replies \(e.reply.count)", sourceLocation: e.sourceLocation)
            throw I2CError(.other, address: address)
        }
        if let error = e.error { throw I2CError(error, address: address) }
        return e
    }

    /// Checks the write against the next expectation; a mismatch is an issue at the expectation's line.
    public func write(to address: I2CAddress, _ bytes: UnsafeRawBufferPointer) throws(I2CError) {
        _ = try next(.write, address, bytes, replyCount: 0)
    }

    /// Checks the read against the next expectation and fills `buffer` with its reply.
    public func read(from address: I2CAddress, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        let e = try next(.read, address, nil, replyCount: buffer.count)
        for i in 0 ..< buffer.count { buffer[i] = e.reply[i] }
    }

    /// Checks the combined write and read against the next expectation and fills `buffer` with its reply.
    public func writeRead(to address: I2CAddress, _ bytes: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        let e = try next(.writeRead, address, bytes, replyCount: buffer.count)
        for i in 0 ..< buffer.count { buffer[i] = e.reply[i] }
    }
}

func hexByte(_ b: UInt8) -> String {
    let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
    return String([digits[Int(b >> 4)], digits[Int(b & 0x0F)]])
}
