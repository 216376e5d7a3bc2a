#if os(Linux)
import CPanelLinux
public import PanelPlatform

/// What a Linux key code (`KEY_*`, `BTN_*`) means to the UI: a panel button, a remote's
/// command, Backspace, or a key that types through the keyboard layout.
///
/// | keys | become |
/// |---|---|
/// | arrows | presses up, down, left, right |
/// | Enter, keypad Enter, OK, Select | press select (a line break in a text field) |
/// | Esc, Menu, Back | press menu |
/// | Page Up, Page Down | presses page up, page down |
/// | Space | press play/pause, and a space typed into a text field |
/// | Backspace | delete backward (repeats) |
/// | Play, Pause, Play/Pause, Stop, Next, Previous | remote control play, pause, toggle, stop, next and previous track |
/// | Rewind, Fast Forward | remote control begin seeking on the press, end seeking on the release |
/// | Shift, Ctrl, Alt, AltGr, Meta, Caps/Num/Scroll Lock | modifiers: change what other keys type |
/// | anything else | types what the layout gives it (letters, digits, symbols); nothing printable: ignored |
///
/// The table follows the simulator's keys (`SimulatorKey`) and the kernel's remote-control
/// key codes (rc-core maps an IR remote's scancodes to these).
public enum KeyRole: Sendable, Hashable {
    /// A panel button.
    case press(PressType)
    /// The space bar: play/pause, and a space in a text field.
    case space
    /// A remote's command on the press; `release` on the release (seeking).
    case remote(RemoteControlCommand, release: RemoteControlCommand?)
    /// Backspace.
    case deleteBackward
    /// A modifier: it changes what other keys type and does nothing itself.
    case modifier
    /// Whatever the layout makes of it.
    case typing

    /// The role of a key code.
    public init(code: UInt16) {
        switch Int32(code) {
        case KEY_UP: self = .press(.upArrow)
        case KEY_DOWN: self = .press(.downArrow)
        case KEY_LEFT: self = .press(.leftArrow)
        case KEY_RIGHT: self = .press(.rightArrow)
        case KEY_ENTER, KEY_KPENTER, KEY_OK, KEY_SELECT: self = .press(.select)
        case KEY_ESC, KEY_MENU, KEY_BACK: self = .press(.menu)
        case KEY_PAGEUP: self = .press(.pageUp)
        case KEY_PAGEDOWN: self = .press(.pageDown)
        case KEY_SPACE: self = .space
        case KEY_BACKSPACE: self = .deleteBackward
        case KEY_PLAY, KEY_PLAYCD: self = .remote(.play, release: nil)
        case KEY_PAUSE, KEY_PAUSECD: self = .remote(.pause, release: nil)
        case KEY_PLAYPAUSE: self = .remote(.togglePlayPause, release: nil)
        case KEY_STOP, KEY_STOPCD: self = .remote(.stop, release: nil)
        case KEY_NEXTSONG, KEY_NEXT: self = .remote(.nextTrack, release: nil)
        case KEY_PREVIOUSSONG, KEY_PREVIOUS: self = .remote(.previousTrack, release: nil)
        case KEY_REWIND: self = .remote(.beginSeekingBackward, release: .endSeekingBackward)
        case KEY_FASTFORWARD: self = .remote(.beginSeekingForward, release: .endSeekingForward)
        case KEY_LEFTSHIFT, KEY_RIGHTSHIFT, KEY_LEFTCTRL, KEY_RIGHTCTRL, KEY_LEFTALT, KEY_RIGHTALT, KEY_LEFTMETA, KEY_RIGHTMETA,
            KEY_CAPSLOCK, KEY_NUMLOCK, KEY_SCROLLLOCK:
            self = .modifier
        default: self = .typing
        }
    }
}
#endif
