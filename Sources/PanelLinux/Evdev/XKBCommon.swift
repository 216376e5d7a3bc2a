#if os(Linux)
import PanelGraphics
import CXKBCommon

/// libxkbcommon's functions, loaded from `libxkbcommon.so.0` the first time a keyboard layout
/// is compiled (``XKBKeymap``).
///
/// An app whose board has no keyboard then never maps it: about 0.1 MB of resident pages in
/// DoorKeypad's session on the mock board. The header is imported for its types only; each
/// pointer's type is the C declaration's, written out (naming a function of the header would
/// link the library).
struct XKBCommon: Sendable {
    typealias Context = OpaquePointer
    typealias Keymap = OpaquePointer
    typealias State = OpaquePointer

    let contextNew: @convention(c) (xkb_context_flags) -> Context?
    let contextUnref: @convention(c) (Context?) -> Void
    let contextSetLogLevel: @convention(c) (Context?, xkb_log_level) -> Void
    let keymapNewFromNames: @convention(c) (Context?, UnsafePointer<xkb_rule_names>?, xkb_keymap_compile_flags) -> Keymap?
    let keymapUnref: @convention(c) (Keymap?) -> Void
    let keymapKeyRepeats: @convention(c) (Keymap?, xkb_keycode_t) -> Int32
    let stateNew: @convention(c) (Keymap?) -> State?
    let stateUnref: @convention(c) (State?) -> Void
    let stateUpdateKey: @convention(c) (State?, xkb_keycode_t, xkb_key_direction) -> xkb_state_component
    let stateKeyGetUTF8: @convention(c) (State?, xkb_keycode_t, UnsafeMutablePointer<CChar>?, Int) -> Int32

    /// The library's file name (its soname: the ABI these declarations describe).
    static let soname = "libxkbcommon.so.0"

    /// The functions, or why they cannot be had; loaded once, on first use.
    static let shared: Result<XKBCommon, KeyboardLayoutError> = load(soname)

    /// Opens `file` and finds every function; a missing library or function is an error that
    /// names the Debian package to install.
    static func load(_ file: String) -> Result<XKBCommon, KeyboardLayoutError> {
        LoadedLibrary.load(file, failure: { .libraryUnavailable(library: file, reason: $0) }) { symbols throws(KeyboardLayoutError) in
            XKBCommon(
                contextNew: try symbols("xkb_context_new"),
                contextUnref: try symbols("xkb_context_unref"),
                contextSetLogLevel: try symbols("xkb_context_set_log_level"),
                keymapNewFromNames: try symbols("xkb_keymap_new_from_names"),
                keymapUnref: try symbols("xkb_keymap_unref"),
                keymapKeyRepeats: try symbols("xkb_keymap_key_repeats"),
                stateNew: try symbols("xkb_state_new"),
                stateUnref: try symbols("xkb_state_unref"),
                stateUpdateKey: try symbols("xkb_state_update_key"),
                stateKeyGetUTF8: try symbols("xkb_state_key_get_utf8"))
        }
    }
}
#endif
