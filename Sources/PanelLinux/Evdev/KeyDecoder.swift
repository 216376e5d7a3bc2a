#if os(Linux)
import CPanelLinux
public import PanelCore
public import PanelPlatform

/// Turns a key device's events (`EV_KEY` with value 1 down, 2 auto-repeat, 0 up) into
/// ``DeviceInput``: presses that begin and end exactly once, remote-control commands, Backspace,
/// and the text the layout types (``KeyRole`` has the table).
///
/// - A press that began ends on its key's release, or is cancelled by ``cancelAll(at:_:)`` (the
///   device went away) or by a resynchronisation that finds its key up; a release without a
///   press (a key held when the device was opened) is dropped.
/// - Auto-repeat types the character or deletes again; presses and remote commands do not repeat.
/// - `SYN_DROPPED` (the kernel's buffer overflowed): events up to the next `SYN_REPORT` are
///   dropped and the caller reads the kernel's key state back (``resynchronize(down:at:_:)``).
/// - An unknown key code (beyond `KEY_MAX`) or one that types nothing is ignored; ``unhandled``
///   is told once per code.
/// - A knob: `EV_REL` on `REL_DIAL`, `REL_WHEEL` or `REL_X` (the kernel's `rotary_encoder`
///   driver's default axis; `REL_Y` too, for `linux,axis = <1>`) is a rotation by its value in
///   detents (clockwise positive), as a GPIO encoder's.
///
/// It allocates nothing per event (one-character text is a small string).
public struct KeyDecoder {
    /// The keyboard's layout state; nil: keys type nothing (a keypad, `gpio-keys`, an IR remote).
    public let layout: XKBKeyboardState?
    /// Told once per key code that did nothing (for a debug line).
    public var unhandled: (UInt16) -> Void = { _ in }
    private var down = KeyBits()
    private var reported = KeyBits()
    /// The keys whose press is the one delivered: two keys with one press type (Enter and
    /// keypad Enter are both `select`) make one press, begun by the first and ended by it.
    private var owning = KeyBits()
    /// The named press types (``PressType`` but `key`) that are down, one bit each.
    private var namedDown: UInt16 = 0
    private var dropping = false

    /// A decoder typing through `layout` (nil: no typing).
    public init(layout: XKBKeyboardState?) {
        self.layout = layout
    }

    /// Whether a key is down (as far as delivered presses go).
    public func isDown(_ code: UInt16) -> Bool { down[code] }

    /// Whether events are being dropped until the next `SYN_REPORT` after `SYN_DROPPED`.
    public var isDropping: Bool { dropping }

    /// Decodes one event. Returns true at the `SYN_REPORT` that ends a drop: the caller then
    /// reads the key state back and calls ``resynchronize(down:at:_:)``.
    public mutating func decode(type: UInt16, code: UInt16, value: Int32, at time: MonotonicInstant, _ deliver: (DeviceInput) -> Void) -> Bool {
        switch Int32(type) {
        case EV_SYN:
            if Int32(code) == SYN_DROPPED {
                dropping = true
            } else if Int32(code) == SYN_REPORT && dropping {
                dropping = false
                return true
            }
            return false
        case EV_KEY:
            guard !dropping else { return false }
            key(code, value: value, at: time, deliver)
            return false
        case EV_REL:
            guard !dropping, value != 0 else { return false }
            switch Int32(code) {
            case REL_DIAL, REL_WHEEL, REL_X, REL_Y: deliver(.rotation(Int(value), timestamp: time))
            default: break  // a mouse's other axes, high-resolution wheel steps: not a knob
            }
            return false
        default:
            return false
        }
    }

    private mutating func key(_ code: UInt16, value: Int32, at time: MonotonicInstant, _ deliver: (DeviceInput) -> Void) {
        guard Int32(code) <= KEY_MAX else {
            report(code)
            return
        }
        switch value {
        case 1:
            guard !down[code] else { return }
            let text = layout?.text(code: code)
            layout?.update(code: code, down: true)
            down[code] = true
            begin(code, text: text, at: time, deliver)
        case 2:
            guard down[code] else { return }
            switch KeyRole(code: code) {
            case .deleteBackward: deliver(.deleteBackward(timestamp: time))
            case .typing, .space:
                if layout?.keymap.repeats(code: code) ?? false, let text = layout?.text(code: code) {
                    deliver(.text(text, timestamp: time))
                }
            case .press, .remote, .modifier: break
            }
        case 0:
            guard down[code] else { return }
            layout?.update(code: code, down: false)
            down[code] = false
            end(code, phase: .ended, at: time, deliver)
        default:
            break  // no such value: ignored
        }
    }

    private mutating func begin(_ code: UInt16, text: String?, at time: MonotonicInstant, _ deliver: (DeviceInput) -> Void) {
        switch KeyRole(code: code) {
        case .press(let type):
            if claim(type, by: code) { deliver(.press(type, .began, timestamp: time)) }
        case .space:
            if claim(.playPause, by: code) { deliver(.press(.playPause, .began, timestamp: time)) }
            deliver(.text(" ", timestamp: time))
        case .remote(let command, _):
            deliver(.remoteControl(command, timestamp: time))
        case .deleteBackward:
            deliver(.deleteBackward(timestamp: time))
        case .modifier:
            break
        case .typing:
            if let text {
                deliver(.text(text, timestamp: time))
            } else {
                report(code)
            }
        }
    }

    private mutating func end(_ code: UInt16, phase: PressPhase, at time: MonotonicInstant, _ deliver: (DeviceInput) -> Void) {
        switch KeyRole(code: code) {
        case .press(let type): if release(type, by: code) { deliver(.press(type, phase, timestamp: time)) }
        case .space: if release(.playPause, by: code) { deliver(.press(.playPause, phase, timestamp: time)) }
        case .remote(_, let release?): deliver(.remoteControl(release, timestamp: time))
        case .remote(_, nil), .deleteBackward, .modifier, .typing: break
        }
    }

    /// After a drop: every key this decoder thinks is down but `down` (the kernel's state,
    /// `EVIOCGKEY`) says is up is released, its press cancelled. Keys that went down during
    /// the drop are not pressed (their release is dropped in turn).
    public mutating func resynchronize(down kernelDown: (UInt16) -> Bool, at time: MonotonicInstant, _ deliver: (DeviceInput) -> Void) {
        for code in self.down.codes where !kernelDown(code) {
            layout?.update(code: code, down: false)
            self.down[code] = false
            end(code, phase: .cancelled, at: time, deliver)
        }
    }

    /// Cancels every press that is down (the device went away or the app is stopping).
    public mutating func cancelAll(at time: MonotonicInstant, _ deliver: (DeviceInput) -> Void) {
        resynchronize(down: { _ in false }, at: time, deliver)
    }

    /// Whether `code` begins a press of `type`: not when another key's press of that type is down.
    private mutating func claim(_ type: PressType, by code: UInt16) -> Bool {
        if let bit = Self.namedBit(type) {
            guard namedDown & bit == 0 else { return false }
            namedDown |= bit
        }
        owning[code] = true
        return true
    }

    /// Whether `code`'s release ends a press of `type`: only the key that began it ends it.
    private mutating func release(_ type: PressType, by code: UInt16) -> Bool {
        guard owning[code] else { return false }
        owning[code] = false
        if let bit = Self.namedBit(type) { namedDown &= ~bit }
        return true
    }

    /// One bit for each named press type; nil for `key(code)`, which only its own key makes.
    private static func namedBit(_ type: PressType) -> UInt16? {
        switch type {
        case .upArrow: 1 << 0
        case .downArrow: 1 << 1
        case .leftArrow: 1 << 2
        case .rightArrow: 1 << 3
        case .select: 1 << 4
        case .menu: 1 << 5
        case .playPause: 1 << 6
        case .pageUp: 1 << 7
        case .pageDown: 1 << 8
        case .key: nil
        }
    }

    private mutating func report(_ code: UInt16) {
        let index = min(code, UInt16(KEY_MAX))
        guard !reported[index] else { return }
        reported[index] = true
        unhandled(code)
    }
}

/// One bit per key code (`KEY_CNT` = 768), without allocating.
struct KeyBits {
    private var words = InlineArray<12, UInt64>(repeating: 0)

    subscript(code: UInt16) -> Bool {
        get {
            let i = Int(code)
            guard i < 768 else { return false }
            return words[i / 64] & (1 << UInt64(i % 64)) != 0
        }
        set {
            let i = Int(code)
            guard i < 768 else { return }
            if newValue { words[i / 64] |= 1 << UInt64(i % 64) } else { words[i / 64] &= ~(1 << UInt64(i % 64)) }
        }
    }

    /// The codes that are set, lowest first (allocates: for resynchronisation, not per event).
    var codes: [UInt16] {
        var result: [UInt16] = []
        for w in 0 ..< 12 where words[w] != 0 {
            for b in 0 ..< 64 where words[w] & (1 << UInt64(b)) != 0 { result.append(UInt16(w * 64 + b)) }
        }
        return result
    }
}
#endif
