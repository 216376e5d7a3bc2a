public import PanelCore
public import PanelPlatform

/// What a remote viewer's key (an X11 keysym, as RFB sends it) becomes, as the simulator's
/// keyboard does it: arrows, Return, Escape, Page Up and Page Down press the panel's buttons;
/// Backspace deletes backward; a character is typed text while a text field takes text, and
/// Space is play/pause otherwise. Other keys do nothing.
public enum RemoteKey: Sendable, Hashable {
    /// A panel button, pressed on the key's press and released on its release.
    case press(PressType)
    /// Backspace, on the key's press.
    case deleteBackward
    /// A typed character, on the key's press.
    case text(String)

    /// The key for `keysym`; `typing` is whether a text field takes text now.
    public static func from(keysym: UInt32, typing: Bool) -> RemoteKey? {
        switch keysym {
        case 0xFF52: return .press(.upArrow)
        case 0xFF54: return .press(.downArrow)
        case 0xFF51: return .press(.leftArrow)
        case 0xFF53: return .press(.rightArrow)
        case 0xFF0D, 0xFF8D: return .press(.select)
        case 0xFF1B: return .press(.menu)
        case 0xFF55: return .press(.pageUp)
        case 0xFF56: return .press(.pageDown)
        case 0xFF08: return .deleteBackward
        case 0x20 where !typing: return .press(.playPause)
        default: break
        }
        guard typing, let scalar = character(keysym) else { return nil }
        return .text(String(Character(scalar)))
    }

    /// The input to deliver for the key going down (`down`) or up; nil when its release means
    /// nothing (text and Backspace act on the press).
    public func input(down: Bool, at time: MonotonicInstant) -> DeviceInput? {
        switch self {
        case .press(let type): .press(type, down ? .began : .ended, timestamp: time)
        case .deleteBackward: down ? .deleteBackward(timestamp: time) : nil
        case .text(let text): down ? .text(text, timestamp: time) : nil
        }
    }

    /// The character of a keysym: Latin-1 (0x20–0x7E, 0xA0–0xFF) as itself, and Unicode keysyms
    /// (0x0100_0000 + the code point). Control characters are none.
    private static func character(_ keysym: UInt32) -> Unicode.Scalar? {
        switch keysym {
        case 0x20 ... 0x7E, 0xA0 ... 0xFF: return Unicode.Scalar(keysym)
        case 0x0100_00A0 ... 0x0110_FFFF:
            return Unicode.Scalar(keysym - 0x0100_0000)
        default: return nil
        }
    }
}
