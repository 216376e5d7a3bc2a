import PanelCore

/// The few malformed reports a driver forgives right after a (re)start, when a controller's
/// registers still hold garbage (docs/controllers.md §3 #17): each is dropped and counted; the
/// first good report ends the window, and a malformed one after it is an error.
struct StartupTolerance {
    /// Malformed reports still forgiven in the current window.
    private var remaining = 0
    /// Malformed reports dropped since the driver was made.
    private(set) var discarded: UInt64 = 0

    init() {}

    /// Opens a window of `count` forgiven reports (at every start).
    mutating func open(_ count: Int) { remaining = count }

    /// What a read returns: the frame when it decoded; nil for a forgiven malformed report.
    /// - Throws: ``TouchSourceError/protocolViolation(_:)`` for a malformed report outside the window.
    mutating func judge(_ frame: TouchFrame, violation: ProtocolViolation?) throws(TouchSourceError) -> TouchFrame? {
        guard let violation else {
            remaining = 0
            return frame
        }
        guard remaining > 0 else { throw .protocolViolation(violation) }
        remaining -= 1
        discarded += 1
        return nil
    }
}
