/// A Goodix configuration block (0x8047 … 0x8100 on the GT911: 186 bytes), with the rules the
/// firmware applies to it (docs/controllers.md §2.5).
public struct GT911ConfigBlock: Hashable, Sendable {
    /// The raw bytes, Config_Version first, fresh flag last.
    public var bytes: [UInt8]
    /// How it is checksummed.
    public var checksumKind: GT911Variant.Checksum

    /// Wraps raw bytes.
    public init(bytes: [UInt8], checksum: GT911Variant.Checksum = .eightBit) {
        precondition(bytes.count >= 8, "a configuration block has at least 8 bytes")
        self.bytes = bytes
        self.checksumKind = checksum
    }

    /// Config_Version (byte 0).
    public var version: UInt8 {
        get { bytes[0] }
        set { bytes[0] = newValue }
    }
    /// X_Output_Max (bytes 1–2, little-endian).
    public var xResolution: Int { Int(bytes[1]) | Int(bytes[2]) << 8 }
    /// Y_Output_Max (bytes 3–4, little-endian).
    public var yResolution: Int { Int(bytes[3]) | Int(bytes[4]) << 8 }
    /// Touch_Number (byte 5, bits 3:0).
    public var touchNumber: Int { Int(bytes[5] & 0x0F) }
    /// Module_Switch1 bits 1:0: 0 rising, 1 falling, 2 low level, 3 high level.
    public var interruptTrigger: UInt8 { bytes[6] & 0x03 }
    /// Module_Switch1 bit 3: the chip swaps X and Y itself.
    public var swapsXY: Bool { bytes[6] & 0x08 != 0 }
    /// The fresh flag (last byte): write 1 to make the chip take the block.
    public var fresh: UInt8 {
        get { bytes[bytes.count - 1] }
        set { bytes[bytes.count - 1] = newValue }
    }

    /// The stored checksum.
    public var storedChecksum: UInt16 {
        switch checksumKind {
        case .eightBit: UInt16(bytes[bytes.count - 2])
        case .sixteenBit: UInt16(bytes[bytes.count - 3]) << 8 | UInt16(bytes[bytes.count - 2])
        }
    }

    /// The checksum the bytes should carry: 8-bit, two's complement of the sum of every byte
    /// before the checksum; 16-bit, two's complement of the sum of big-endian words over the
    /// first `count − 3` bytes.
    public var computedChecksum: UInt16 {
        switch checksumKind {
        case .eightBit:
            var sum: UInt8 = 0
            for b in bytes[0 ..< bytes.count - 2] { sum &+= b }
            return UInt16(0 &- sum)
        case .sixteenBit:
            var sum: UInt16 = 0
            var i = 0
            let end = bytes.count - 3
            while i < end {
                let high = UInt16(bytes[i]) << 8
                let low: UInt16 = i + 1 < end ? UInt16(bytes[i + 1]) : 0
                sum &+= high | low
                i += 2
            }
            return 0 &- sum
        }
    }

    /// Whether the stored checksum matches.
    public var isChecksumValid: Bool { storedChecksum == computedChecksum }

    /// Stores the computed checksum and sets the fresh flag to 1: the block as it must be written.
    public mutating func seal() {
        let sum = computedChecksum
        switch checksumKind {
        case .eightBit:
            bytes[bytes.count - 2] = UInt8(sum & 0xFF)
        case .sixteenBit:
            bytes[bytes.count - 3] = UInt8(sum >> 8)
            bytes[bytes.count - 2] = UInt8(sum & 0xFF)
        }
        fresh = 1
    }
}
