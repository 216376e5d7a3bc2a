/// Why a PanelKit app could not start or run: what failed, and how to fix it, in one sentence
/// a person can act on (the board file and key, the device and the udev rule or overlay, the
/// missing package).
public struct PanelKitError: Error, CustomStringConvertible, Sendable {
    /// Which part failed.
    public enum Kind: Sendable, Hashable {
        /// The command line or the environment (`--board`, `PANELKIT_BOARD`, …).
        case arguments
        /// The board file: not found, unreadable or invalid.
        case board
        /// The touch controller, its bus or its lines.
        case touch
        /// The display.
        case display
        /// A scripted session on a mock board did not end as its checks expect.
        case session
        /// A font file named by the board or the app is missing or not a font.
        case fonts
        /// A key device named by the board (a keyboard, keypad, buttons, a remote) or its
        /// keyboard layout.
        case keys
        /// Anything else (the kernel refused a descriptor, …).
        case system
    }

    /// Which part of the start failed.
    public var kind: Kind
    /// The cause and the fix.
    public var description: String

    /// An error of `kind` whose `description` names the cause and the fix.
    public init(_ kind: Kind = .system, _ description: String) {
        self.kind = kind
        self.description = description
    }

    /// A system error whose `description` names the cause and the fix.
    public init(_ description: String) {
        self.init(.system, description)
    }
}
