public import PanelCore

/// Hynitron CST816 register addresses (the CST816S/CST816T register notes of Hynitron's SDK;
/// 8-bit addresses, auto-incrementing).
public enum CST816Register {
    /// GestureID: the gesture the firmware recognised (``CST816Gesture``).
    public static let gesture: UInt8 = 0x01
    /// FingerNum: fingers down, 0 or 1.
    public static let fingerCount: UInt8 = 0x02
    /// XposH: bits 7:6 the event (0 down, 1 lift, 2 contact), bits 3:0 X's high bits; XposL,
    /// YposH and YposL follow.
    public static let xHigh: UInt8 = 0x03
    /// ChipID: 0xB4 CST816S, 0xB5 CST816T, 0xB6 CST816D, 0x20 CST716.
    public static let chipID: UInt8 = 0xA7
    /// ProjID: the module maker's project number.
    public static let projectID: UInt8 = 0xA8
    /// FwVersion.
    public static let firmwareVersion: UInt8 = 0xA9
    /// SleepMode: 0x03 puts the chip in deep sleep, from which only a reset wakes it.
    public static let sleepMode: UInt8 = 0xE5
    /// MotionMask: bit 0 double tap, bit 1 continuous up/down, bit 2 continuous left/right.
    public static let motionMask: UInt8 = 0xEC
    /// IrqPluseWidth: the INT pulse's width in 0.1 ms (1…200).
    public static let interruptPulseWidth: UInt8 = 0xED
    /// AutoSleepTime: seconds without a touch before the chip sleeps (default 2).
    public static let autoSleepTime: UInt8 = 0xF9
    /// IrqCtl: which events pulse INT (``CST816InterruptControl``).
    public static let interruptControl: UInt8 = 0xFA
    /// LongPressTime: seconds of holding before the long-press gesture (default 10).
    public static let longPressTime: UInt8 = 0xFC
    /// DisAutoSleep: non-zero keeps the chip awake (0, the default, lets it sleep).
    public static let disableAutoSleep: UInt8 = 0xFE
}

/// The bits of IrqCtl (0xFA): what makes the chip pulse its INT line (active low).
public struct CST816InterruptControl: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// EnTest: pulses periodically, to test the line.
    public static let test = CST816InterruptControl(rawValue: 0x80)
    /// EnTouch: a pulse at every report while a finger is down.
    public static let touch = CST816InterruptControl(rawValue: 0x40)
    /// EnChange: a pulse when the touch state changes (down, lift).
    public static let change = CST816InterruptControl(rawValue: 0x20)
    /// EnMotion: a pulse when a gesture is recognised.
    public static let motion = CST816InterruptControl(rawValue: 0x10)
    /// OnceWLP: one pulse at a long press.
    public static let longPressOnce = CST816InterruptControl(rawValue: 0x01)
}

/// A chip of the CST816 family, identified by register 0xA7. All are pin-compatible single-touch
/// parts; the S and T wake from their auto-sleep at a touch, the D and the CST716 do not.
public enum CST816Chip: Hashable, Sendable, CustomStringConvertible {
    /// CST816S (0xB4).
    case cst816s
    /// CST816T (0xB5).
    case cst816t
    /// CST816D (0xB6): no wake at a touch.
    case cst816d
    /// CST716 (0x20): no wake at a touch.
    case cst716
    /// An ID not in the table; accepted only when the configuration allows it.
    case unknown(UInt8)

    /// Identifies the chip from its 0xA7 value.
    public init(chipID: UInt8) {
        switch chipID {
        case 0xB4: self = .cst816s
        case 0xB5: self = .cst816t
        case 0xB6: self = .cst816d
        case 0x20: self = .cst716
        default: self = .unknown(chipID)
        }
    }

    /// The 0xA7 value.
    public var chipID: UInt8 {
        switch self {
        case .cst816s: 0xB4
        case .cst816t: 0xB5
        case .cst816d: 0xB6
        case .cst716: 0x20
        case .unknown(let id): id
        }
    }

    /// Whether a touch wakes the chip from its auto-sleep (the S and T do).
    public var wakesAtTouch: Bool {
        switch self {
        case .cst816s, .cst816t: true
        case .cst816d, .cst716, .unknown: false
        }
    }

    public var description: String {
        switch self {
        case .cst816s: "CST816S"
        case .cst816t: "CST816T"
        case .cst816d: "CST816D"
        case .cst716: "CST716"
        case .unknown(let id): "unknown Hynitron chip 0x\(hex(id, digits: 2))"
        }
    }
}

/// A gesture the CST816's firmware recognised (GestureID, 0x01). PanelKit's own recognizers
/// work from the touches; the chip's verdict is kept for apps that want it.
public enum CST816Gesture: Hashable, Sendable, CustomStringConvertible {
    case none, swipeUp, swipeDown, swipeLeft, swipeRight, singleTap, doubleTap, longPress
    /// A code this table does not know (firmware differ).
    case other(UInt8)

    /// The gesture of a GestureID value.
    public init(code: UInt8) {
        switch code {
        case 0x00: self = .none
        case 0x01: self = .swipeUp
        case 0x02: self = .swipeDown
        case 0x03: self = .swipeLeft
        case 0x04: self = .swipeRight
        case 0x05: self = .singleTap
        case 0x0B: self = .doubleTap
        case 0x0C: self = .longPress
        default: self = .other(code)
        }
    }

    /// The GestureID value.
    public var code: UInt8 {
        switch self {
        case .none: 0x00
        case .swipeUp: 0x01
        case .swipeDown: 0x02
        case .swipeLeft: 0x03
        case .swipeRight: 0x04
        case .singleTap: 0x05
        case .doubleTap: 0x0B
        case .longPress: 0x0C
        case .other(let code): code
        }
    }

    public var description: String {
        switch self {
        case .none: "none"
        case .swipeUp: "swipe up"
        case .swipeDown: "swipe down"
        case .swipeLeft: "swipe left"
        case .swipeRight: "swipe right"
        case .singleTap: "single tap"
        case .doubleTap: "double tap"
        case .longPress: "long press"
        case .other(let code): "gesture 0x\(hex(code, digits: 2))"
        }
    }
}

/// Decoding of a CST816 report: six bytes read from GestureID (0x01) on.
public enum CST816Report {
    /// Bytes in a report: GestureID, FingerNum, XposH, XposL, YposH, YposL.
    public static let length = 6

    /// Decodes a report into `frame` (which is emptied first) and returns the chip's gesture.
    ///
    /// Rules: FingerNum bits 3:0 give the count, at most 1 (a single-touch part); a count of 0
    /// is no finger, whatever the event says (an empty frame ends any touch); a finger counted
    /// with event 1 ("lift", as some firmware reports it) yields a contact with phase `.ended`
    /// whose coordinates are not checked; event 3 ("no event") yields nothing; a finger
    /// down must lie inside the controller's resolution. The contact's track ID is 0.
    /// - Throws: the ``ProtocolViolation`` found; `frame` is then unspecified.
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, transform: TouchscreenTransform, into frame: inout TouchFrame
    ) throws(ProtocolViolation) -> CST816Gesture {
        precondition(bytes.count >= length, "CST816 report too short")
        frame.removeAll()
        let gesture = CST816Gesture(code: bytes[0])
        let count = Int(bytes[1] & 0x0F)
        if count > 1 { throw .tooManyContacts(count: count, maximum: 1) }
        let event = bytes[2] >> 6
        if count == 0 { return gesture }
        if event == 3 { return gesture }  // "no event", as on the FocalTech parts: nothing to report
        let x = Int(bytes[2] & 0x0F) << 8 | Int(bytes[3])
        let y = Int(bytes[4] & 0x0F) << 8 | Int(bytes[5])
        if event == 1 {
            frame.append(Contact(trackID: 0, position: .zero, phase: .ended))
            return gesture
        }
        guard transform.contains(x: x, y: y) else { throw .coordinateOutOfRange(x: x, y: y) }
        frame.append(Contact(trackID: 0, position: transform.apply(x: x, y: y), phase: .moved))
        return gesture
    }
}
