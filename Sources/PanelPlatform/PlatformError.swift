/// Why a backend could not start or run; the message names the cause and the fix.
public struct PlatformError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed.
    public enum Kind: String, Sendable, Hashable {
        /// The display: a device, a window, a video driver.
        case display
        /// An input source: a controller, a device node, a line.
        case input
        /// The backend is not available in this build or on this machine.
        case unavailable
        /// A system resource (descriptors, threads, memory).
        case system
    }

    /// What failed.
    public var kind: Kind
    /// The cause and the fix, in one line.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
