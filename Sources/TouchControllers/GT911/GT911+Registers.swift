/// Goodix register addresses (docs/controllers.md §2.4).
public enum GT911Register {
    /// Real-time command (5 = screen off).
    public static let command: UInt16 = 0x8040
    /// ESD check byte.
    public static let esdCheck: UInt16 = 0x8041
    /// First configuration byte (Config_Version) on GT9xx.
    public static let configStart: UInt16 = 0x8047
    /// First configuration byte on GT1x parts.
    public static let configStartGT1x: UInt16 = 0x8050
    /// Product ID (4 ASCII bytes), then firmware version (LE u16), then resolution.
    public static let productID: UInt16 = 0x8140
    /// Status: bit 7 buffer ready, bit 6 large touch, bit 4 key, bits 3:0 points.
    public static let status: UInt16 = 0x814E
    /// First point record (8 bytes each).
    public static let firstPoint: UInt16 = 0x814F
}

/// Bits of the status register 0x814E and of a point record's track-ID byte.
public enum GT911Status {
    /// Bit 7: a report is ready (the host clears the register after reading it).
    public static let bufferReady: UInt8 = 0x80
    /// Bit 6: a large touch (palm).
    public static let largeTouch: UInt8 = 0x40
    /// Bit 4: a key byte follows the point records.
    public static let haveKey: UInt8 = 0x10
    /// Bits 3:0: the number of points.
    public static let pointCountMask: UInt8 = 0x0F
    /// A record's track-ID byte: bits 3:0 the ID, bits 6:4 reserved (must be 0), bit 7 a pen.
    public static let trackIDMask: UInt8 = 0x0F
    public static let trackIDReservedMask: UInt8 = 0x70
}

/// Values of the real-time command register 0x8040.
public enum GT911Command {
    /// Screen off: the chip sleeps and stops answering until INT is pulsed or it is reset.
    public static let screenOff: UInt8 = 5
}

/// The layout of a report read from 0x814E: the status byte, then 8 bytes per point (track ID,
/// X low/high, Y low/high, size low/high, reserved), then the key byte.
enum GT911ReportLayout {
    static let recordSize = 8
    /// Status and the first record: what one read returns before the count is known.
    static let head = 1 + recordSize + 1
    /// Bytes for `count` points: status, the records and the key byte.
    static func length(points count: Int) -> Int { 2 + recordSize * count }
}

/// A member of the Goodix GT9xx family, chosen from the product ID (Linux goodix's chip table).
public struct GT911Variant: Hashable, Sendable, CustomStringConvertible {
    /// How the configuration block is checksummed.
    public enum Checksum: Hashable, Sendable {
        /// GT9xx: two's complement of the byte sum, one byte, then the fresh flag.
        case eightBit
        /// GT1x: two's complement of the big-endian 16-bit word sum, two bytes, then fresh.
        case sixteenBit
    }

    /// A display name ("GT911").
    public var name: String
    /// The first configuration register.
    public var configAddress: UInt16
    /// The configuration block's length including checksum and fresh flag.
    public var configLength: Int
    /// The checksum kind.
    public var checksum: Checksum
    /// The most points the part reports.
    public var maxContacts: Int

    /// Creates a variant.
    public init(name: String, configAddress: UInt16, configLength: Int, checksum: Checksum, maxContacts: Int) {
        self.name = name
        self.configAddress = configAddress
        self.configLength = configLength
        self.checksum = checksum
        self.maxContacts = maxContacts
    }

    /// Chooses the variant for a product ID (the ASCII bytes before the first NUL). Matches
    /// leniently: an ID of just "9" (seen on some GT911 panels) is a GT911; other "9…" IDs not in
    /// the table are generic GT9xx parts. Returns nil for anything else.
    public static func forProductID(_ id: String) -> GT911Variant? {
        switch id {
        case "911", "9", "": return GT911Variant(name: "GT911", configAddress: 0x8047, configLength: 186, checksum: .eightBit, maxContacts: 5)
        case "9110", "9111", "9271", "927", "928":
            return GT911Variant(name: "GT" + id, configAddress: 0x8047, configLength: 186, checksum: .eightBit, maxContacts: 10)
        case "912", "9147", "967":
            return GT911Variant(name: "GT" + id, configAddress: 0x8047, configLength: 228, checksum: .eightBit, maxContacts: 10)
        case "1151", "1158", "5663", "5688", "917S", "9286":
            return GT911Variant(name: "GT" + id, configAddress: 0x8050, configLength: 240, checksum: .sixteenBit, maxContacts: 10)
        default:
            guard id.first == "9" else { return nil }
            return GT911Variant(name: "GT" + id, configAddress: 0x8047, configLength: 240, checksum: .eightBit, maxContacts: 10)
        }
    }

    public var description: String { name }
}
