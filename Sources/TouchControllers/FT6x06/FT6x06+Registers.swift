/// FocalTech register addresses and values (docs/controllers.md §1.2–1.3).
public enum FT6x06Register {
    /// DEV_MODE: bits 6:4, 000 = working mode.
    public static let deviceMode: UInt8 = 0x00
    /// TD_STATUS: bits 3:0, number of points reported.
    public static let touchStatus: UInt8 = 0x02
    /// First point record (P1_XH); records are 6 bytes apart.
    public static let firstPoint: UInt8 = 0x03
    /// ID_G_THGROUP: touch threshold (lower is more sensitive).
    public static let threshold: UInt8 = 0x80
    /// ID_G_CTRL: 0 keeps the chip in active mode when idle.
    public static let control: UInt8 = 0x86
    /// ID_G_PERIODACTIVE: active-mode report rate.
    public static let reportRate: UInt8 = 0x88
    /// LIB_VERSION_H; LIB_VERSION_L follows.
    public static let libraryVersion: UInt8 = 0xA1
    /// ID_G_CIPHER: chip ID.
    public static let chipID: UInt8 = 0xA3
    /// ID_G_MODE: interrupt mode (0 polling / level, 1 trigger / pulse).
    public static let interruptMode: UInt8 = 0xA4
    /// ID_G_PMODE: power mode (3 = hibernate).
    public static let powerMode: UInt8 = 0xA5
    /// ID_G_FIRMID: firmware version.
    public static let firmwareVersion: UInt8 = 0xA6
    /// ID_G_FT5201ID: panel vendor code (informational, never a gate).
    public static let vendorID: UInt8 = 0xA8
}

/// A chip of the FocalTech FT6x06 / FT5x06 family, identified by register 0xA3.
public enum FT6x06Chip: Hashable, Sendable, CustomStringConvertible {
    /// FT6206 / FT6x06 (0x06), 2 points.
    case ft6206
    /// FT6236 / FT6x36 (0x36), 2 points.
    case ft6236
    /// FT6236U / FT6336U (0x64), 2 points.
    case ft6336u
    /// FT5x06 / FT5306i (0x55), 5 points.
    case ft5x06
    /// FT5x16 (0x0A), 5 points.
    case ft5x16
    /// FT5x36 (0x14), 5 points.
    case ft5x36
    /// FT5x46 family: FT5436, FT6234 (0x54), 5 points (10 on some parts: set maxContacts).
    case ft5x46
    /// FT3267 (0x33), 2 points.
    case ft3267
    /// An ID not in the table; accepted only when the configuration allows it.
    case unknown(UInt8)

    /// Identifies the chip from its 0xA3 value.
    public init(chipID: UInt8) {
        switch chipID {
        case 0x06: self = .ft6206
        case 0x36: self = .ft6236
        case 0x64: self = .ft6336u
        case 0x55: self = .ft5x06
        case 0x0A: self = .ft5x16
        case 0x14: self = .ft5x36
        case 0x54: self = .ft5x46
        case 0x33: self = .ft3267
        default: self = .unknown(chipID)
        }
    }

    /// The 0xA3 value.
    public var chipID: UInt8 {
        switch self {
        case .ft6206: 0x06
        case .ft6236: 0x36
        case .ft6336u: 0x64
        case .ft5x06: 0x55
        case .ft5x16: 0x0A
        case .ft5x36: 0x14
        case .ft5x46: 0x54
        case .ft3267: 0x33
        case .unknown(let id): id
        }
    }

    /// Points the chip reports (FT5x06 parts with 10 points need the board's `max-contacts`).
    public var maxContacts: Int {
        switch self {
        case .ft6206, .ft6236, .ft6336u, .ft3267: 2
        case .ft5x06, .ft5x16, .ft5x36, .ft5x46: 5
        case .unknown: 2
        }
    }

    public var description: String {
        switch self {
        case .ft6206: "FT6206"
        case .ft6236: "FT6236"
        case .ft6336u: "FT6336U"
        case .ft5x06: "FT5x06"
        case .ft5x16: "FT5x16"
        case .ft5x36: "FT5x36"
        case .ft5x46: "FT5x46"
        case .ft3267: "FT3267"
        case .unknown(let id): "unknown FocalTech chip 0x\(id < 16 ? "0" : "")\(String(id, radix: 16, uppercase: true))"
        }
    }
}

/// Values of ID_G_PMODE (0xA5).
public enum FT6x06PowerMode {
    /// Normal scanning.
    public static let active: UInt8 = 0
    /// Hibernation: the chip stops answering until a reset.
    public static let hibernate: UInt8 = 3
}

/// The fields of a report read from 0x00 (docs/controllers.md §1.7): the status byte, then one
/// 6-byte record per point (P_XH, P_XL, P_YH, P_YL, P_WEIGHT, P_MISC).
enum FT6x06ReportLayout {
    /// Offset of TD_STATUS; bits 3:0 are the number of points.
    static let statusOffset = 2
    static let pointCountMask: UInt8 = 0x0F
    /// Offset of the first record, and each record's size.
    static let firstRecord = 3
    static let recordSize = 6
    /// P_XH bits 7:6: the event flag.
    static let eventShift: UInt8 = 6
    /// P_YH bits 7:4: the track ID (0xF = no point).
    static let trackIDShift: UInt8 = 4
    static let noTrackID: UInt8 = 0x0F
    /// P_XH and P_YH bits 3:0: the coordinate's high bits.
    static let coordinateHighMask: UInt8 = 0x0F
    /// P_MISC bits 7:4: the touch area.
    static let areaShift: UInt8 = 4
    /// Event flags.
    static let eventPressDown: UInt8 = 0
    static let eventLiftUp: UInt8 = 1
    static let eventContact: UInt8 = 2
    static let eventNone: UInt8 = 3
}
