#if Simulator
// Compiled only with the Simulator trait: a plain `swift build` of the package (a board
// without SDL) builds this module empty.
import CSDL2
public import PanelPlatform

/// The simulator's keyboard: keys that stand for a panel's buttons and remote, and its own
/// commands.
///
/// | key | becomes |
/// |---|---|
/// | arrows | presses up, down, left, right |
/// | Return, keypad Enter | press select |
/// | Escape | press menu |
/// | Space | press play/pause |
/// | Page Up, Page Down | presses page up, page down |
/// | Ctrl+Z | a shake (motion began on the key's press, ended on its release) |
/// | Ctrl+S | a PNG screenshot of the window's contents |
/// | Backspace | deletes backward in a text field (auto-repeats) |
///
/// Typed characters (SDL's text input: the desktop's layout and input method, Chinese
/// included) go to the app as text; the app types them into a first responder that takes text.
public enum SimulatorKey: Sendable, Hashable {
    /// A panel button.
    case press(PressType)
    /// The shake key.
    case shake
    /// The screenshot key.
    case screenshot
    /// Backspace.
    case deleteBackward

    /// What a key does, from its SDL keycode and whether Ctrl is held; nil for other keys.
    public static func from(keycode: Int32, control: Bool) -> SimulatorKey? {
        if control {
            switch keycode {
            case code(SDLK_z): return .shake
            case code(SDLK_s): return .screenshot
            default: return nil
            }
        }
        switch keycode {
        case code(SDLK_UP): return .press(.upArrow)
        case code(SDLK_DOWN): return .press(.downArrow)
        case code(SDLK_LEFT): return .press(.leftArrow)
        case code(SDLK_RIGHT): return .press(.rightArrow)
        case code(SDLK_RETURN), code(SDLK_KP_ENTER): return .press(.select)
        case code(SDLK_ESCAPE): return .press(.menu)
        case code(SDLK_SPACE): return .press(.playPause)
        case code(SDLK_PAGEUP): return .press(.pageUp)
        case code(SDLK_PAGEDOWN): return .press(.pageDown)
        case code(SDLK_BACKSPACE): return .deleteBackward
        default: return nil
        }
    }

    /// The help line the simulator prints when it opens.
    public static let help =
        "mouse: one finger; Alt-drag: two fingers mirrored about the pinch centre (pinch, rotate); Shift+Alt and move: moves that centre; Shift+Alt-drag: two fingers together; arrows, Return (select), Escape (menu), Space (play/pause): presses; Ctrl+Z: shake; Ctrl+S: screenshot; typing and Backspace: into a text field; close the window to quit"

    private static func code(_ keycode: SDL_KeyCode) -> Int32 { Int32(bitPattern: keycode.rawValue) }
}
#endif
