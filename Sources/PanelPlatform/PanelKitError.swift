/// Why a PanelKit app, or the platform it runs on, could not start or run: what failed, and how
/// to fix it, in one sentence a person can act on (the board file and key, the device and the
/// udev rule or overlay, the missing package), with the typed error underneath kept for code
/// that acts on it.
///
/// It is the one error of the runtime and of every backend, PanelKit's or a third party's:
/// ``Platform/start(client:)`` throws it, and so do `PanelRuntime` and `PanelApp`.
public struct PanelKitError: Error, CustomStringConvertible, Sendable {
    /// Which part failed.
    public enum Kind: Sendable, Hashable {
        /// The command line or the environment (`--board`, `PANELKIT_BOARD`, …).
        case arguments
        /// The board file: not found, unreadable or invalid.
        case board
        /// The touch controller, its bus or its lines.
        case touch
        /// The display: a framebuffer device, a DRM card, a window.
        case display
        /// A scripted session on a mock board did not end as its checks expect.
        case session
        /// A font file named by the board or the app is missing or not a font.
        case fonts
        /// A key device named by the board (a keyboard, keypad, buttons, a remote) or its
        /// keyboard layout.
        case keys
        /// The backend is not available in this build or on this machine (a simulator without
        /// SDL, a real board off Linux).
        case unavailable
        /// Anything else (the kernel refused a descriptor, …).
        case system
    }

    /// Which part of the start failed.
    public var kind: Kind
    /// The cause and the fix.
    public var description: String
    /// The typed error this one reports (a `BoardError`, a `TouchSourceError`, a `GPIOError`…),
    /// when there is one: for code that handles a cause, where a person reads ``description``.
    public var underlying: (any Error & Sendable)?

    /// An error of `kind` whose `description` names the cause and the fix, reporting `underlying`.
    public init(_ kind: Kind = .system, _ description: String, underlying: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.description = description
        self.underlying = underlying
    }

    /// A system error whose `description` names the cause and the fix.
    public init(_ description: String) {
        self.init(.system, description)
    }

    /// An error of `kind` that reports `error`: its description, and the error kept underneath.
    public init(_ kind: Kind, _ error: some Error & Sendable & CustomStringConvertible) {
        self.init(kind, error.description, underlying: error)
    }

    /// An error of `kind` whose description starts with `context` (the board, the device) and
    /// goes on with `error`'s, which is kept underneath.
    public init(_ kind: Kind, _ context: String, _ error: some Error & Sendable & CustomStringConvertible) {
        self.init(kind, "\(context): \(error.description)", underlying: error)
    }
}
