#if os(Linux)
import Glibc
import CXKBCommon

/// A keyboard layout compiled by libxkbcommon from XKB's names (`us`, `de` with variant
/// `nodeadkeys`, `fr`, `cn`…, the names `localectl list-x11-keymap-layouts` prints), as Wayland
/// compositors and Qt's and Slint's Linux backends do. It turns a key code and the modifiers
/// held (shift, caps lock, AltGr, num lock) into the characters the key types.
///
/// Compiling reads Debian's `xkb-data` (`/usr/share/X11/xkb`, or `XKB_CONFIG_ROOT`) once at
/// start-up and takes a few milliseconds; afterwards nothing allocates.
public final class XKBKeymap {
    /// XKB's rule names (RMLVO); empty strings take XKB's defaults (`evdev` rules, `pc105`, `us`).
    public struct Names: Hashable, Sendable, CustomStringConvertible {
        /// `us`, `de`, `fr`, `gb`, or several separated by commas (the first is active).
        public var layout: String
        /// A variant of the layout (`nodeadkeys`, `dvorak`), or empty.
        public var variant: String
        /// XKB options (`ctrl:nocaps`), comma-separated, or empty.
        public var options: String
        /// The keyboard model (`pc105`), or empty for XKB's default.
        public var model: String

        public init(layout: String = "us", variant: String = "", options: String = "", model: String = "") {
            self.layout = layout
            self.variant = variant
            self.options = options
            self.model = model
        }

        public var description: String {
            "layout \"\(layout)\"" + (variant.isEmpty ? "" : " variant \"\(variant)\"") + (options.isEmpty ? "" : " options \"\(options)\"")
                + (model.isEmpty ? "" : " model \"\(model)\"")
        }
    }

    /// The names it was compiled from.
    public let names: Names
    let keymap: OpaquePointer
    private let context: OpaquePointer
    /// libxkbcommon's functions, loaded when the first layout is compiled.
    let xkb: XKBCommon

    /// Compiles the layout.
    /// - Throws: ``KeyboardLayoutError`` when libxkbcommon or XKB's data is missing, or XKB
    ///   does not know the names.
    public convenience init(names: Names = Names()) throws(KeyboardLayoutError) {
        try self.init(names: names, library: XKBCommon.shared)
    }

    /// Compiles the layout with `library`'s functions, or throws why they cannot be had.
    init(names: Names, library: Result<XKBCommon, KeyboardLayoutError>) throws(KeyboardLayoutError) {
        let xkb = try library.get()
        guard let context = xkb.contextNew(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else {
            throw .noContext
        }
        // XKB would print its own lines to stderr; the error below says what to do.
        xkb.contextSetLogLevel(context, XKB_LOG_LEVEL_CRITICAL)
        let compiled = names.layout.withCString { layout in
            names.variant.withCString { variant in
                names.options.withCString { options in
                    names.model.withCString { model in
                        "evdev".withCString { rules in
                            var rmlvo = xkb_rule_names(rules: rules, model: model, layout: layout, variant: variant, options: options)
                            return xkb.keymapNewFromNames(context, &rmlvo, XKB_KEYMAP_COMPILE_NO_FLAGS)
                        }
                    }
                }
            }
        }
        guard let compiled else {
            xkb.contextUnref(context)
            throw .unknownLayout(names, dataFound: Self.dataDirectoryExists)
        }
        self.names = names
        self.context = context
        self.keymap = compiled
        self.xkb = xkb
    }

    deinit {
        xkb.keymapUnref(keymap)
        xkb.contextUnref(context)
    }

    /// Whether holding the key (Linux code, `KEY_*`) repeats it: letters and Backspace do,
    /// modifiers do not.
    public func repeats(code: UInt16) -> Bool {
        xkb.keymapKeyRepeats(keymap, xkb_keycode_t(code) + Self.evdevOffset) != 0
    }

    /// XKB's key codes are Linux's plus 8 (X11's reserved range).
    static let evdevOffset: xkb_keycode_t = 8

    private static var dataDirectoryExists: Bool {
        return Syscall.access("/usr/share/X11/xkb/rules/evdev", F_OK)
    }
}

/// The state of one keyboard on an ``XKBKeymap``: which modifiers are held or locked, so a key
/// types its shifted or AltGr character.
public final class XKBKeyboardState {
    private let state: OpaquePointer
    /// The layout it follows.
    public let keymap: XKBKeymap
    private let utf8 = UnsafeMutableBufferPointer<CChar>.allocate(capacity: 64)

    /// A keyboard with nothing held.
    public init(keymap: XKBKeymap) {
        self.keymap = keymap
        // xkb_state_new fails only when out of memory.
        state = keymap.xkb.stateNew(keymap.keymap)!
    }

    deinit {
        keymap.xkb.stateUnref(state)
        utf8.deallocate()
    }

    /// What the key types with the modifiers held now: its characters (a letter, a shifted
    /// digit, an AltGr symbol, a dead key's nothing), or nil when it types nothing printable
    /// (a modifier, a function key, Ctrl held: control characters are not text). Call it
    /// before ``update(code:down:)`` of the same press.
    public func text(code: UInt16) -> String? {
        let n = keymap.xkb.stateKeyGetUTF8(state, xkb_keycode_t(code) + XKBKeymap.evdevOffset, utf8.baseAddress, utf8.count)
        guard n > 0, Int(n) < utf8.count else { return nil }
        let bytes = UnsafeRawBufferPointer(start: utf8.baseAddress, count: Int(n))
        for byte in bytes where byte < 0x20 || byte == 0x7F { return nil }
        // Up to 15 bytes is a small string: no allocation.
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Records a key going down or up (modifiers latch and lock here).
    public func update(code: UInt16, down: Bool) {
        _ = keymap.xkb.stateUpdateKey(state, xkb_keycode_t(code) + XKBKeymap.evdevOffset, down ? XKB_KEY_DOWN : XKB_KEY_UP)
    }
}

/// Why a keyboard layout could not be compiled.
public enum KeyboardLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libxkbcommon could not start (out of memory).
    case noContext
    /// XKB does not know the layout, or its data is not installed.
    case unknownLayout(XKBKeymap.Names, dataFound: Bool)
    /// libxkbcommon could not be loaded (`library`, the loader's `reason`), or lacks a function.
    case libraryUnavailable(library: String, reason: String)

    public var description: String {
        switch self {
        case .noContext:
            return "libxkbcommon could not create a context (out of memory?)"
        case .libraryUnavailable(let library, let reason):
            return
                "keyboard layouts need libxkbcommon, which could not be loaded from \(library) (\(reason)): install Debian's libxkbcommon0 (`sudo apt-get install libxkbcommon0`)"
        case .unknownLayout(let names, let dataFound):
            return dataFound
                ? "XKB does not know the keyboard \(names): pick a layout and variant from /usr/share/X11/xkb/rules/evdev.lst (`localectl list-x11-keymap-layouts`), e.g. \"us\", \"de\", \"fr\""
                : "the keyboard \(names) cannot be compiled: XKB's layouts are not installed (/usr/share/X11/xkb); install Debian's xkb-data (`sudo apt-get install xkb-data`) or set XKB_CONFIG_ROOT"
        }
    }
}
#endif
