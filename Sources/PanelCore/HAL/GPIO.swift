/// A logical line level, after active-low inversion (as the kernel GPIO uAPI reports it):
/// `.high` means *active*.
public enum LogicLevel: Sendable, Hashable {
    /// Inactive.
    case low
    /// Active.
    case high

    /// The level for a boolean (true → `.high`).
    public init(_ active: Bool) { self = active ? .high : .low }
}

/// Which edges an input line reports.
public enum EdgeDetection: Sendable, Hashable {
    /// No edge events.
    case none
    /// Inactive → active transitions.
    case rising
    /// Active → inactive transitions.
    case falling
    /// Both.
    case both
}

/// The pull resistor on an input line.
public enum Bias: Sendable, Hashable {
    /// Leave the kernel's or hardware's setting.
    case asIs
    /// No pull: floating (the GT911 requires its INT input to float).
    case disabled
    /// Pull up.
    case pullUp
    /// Pull down.
    case pullDown
}

/// One edge seen on an input line.
public struct EdgeEvent: Sendable, Hashable {
    /// The direction of a logical edge.
    public enum Kind: Sendable, Hashable {
        /// Became active.
        case rising
        /// Became inactive.
        case falling
    }

    /// The direction.
    public var kind: Kind
    /// When the kernel saw the edge (CLOCK_MONOTONIC), not when it was read.
    public var timestamp: MonotonicInstant
    /// The line's event sequence number; consecutive events differ by one, so a gap means
    /// events were lost (the kernel drops the oldest when its buffer fills).
    public var sequence: UInt32

    /// Creates an edge event.
    public init(kind: Kind, timestamp: MonotonicInstant, sequence: UInt32) {
        self.kind = kind
        self.timestamp = timestamp
        self.sequence = sequence
    }
}

/// A failed GPIO operation. The message names the cause and what to do.
public struct GPIOError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The chip (e.g. `/dev/gpiochip0`) does not exist.
        case chipNotFound
        /// The chip exists but has no such line (offset out of range or unknown name).
        case lineNotFound
        /// Another consumer holds the line; ``GPIOError/detail`` names it when known.
        case lineBusy
        /// The process may not open the chip (not in the `gpio` group, or no udev rule).
        case permissionDenied
        /// The line cannot do what was asked (e.g. edge detection on an output-only line).
        case unsupported
        /// The line was used in the wrong direction (e.g. `set` on an input).
        case wrongDirection
        /// A read or ioctl failed; see ``GPIOError/code``.
        case io
    }

    /// The kind of failure.
    public var kind: Kind
    /// The line, as the board file names it (e.g. "gpiochip0:17"), when known.
    public var line: String?
    /// Extra detail: for ``Kind/lineBusy`` the consumer that holds the line.
    public var detail: String?
    /// The backend's native code (errno), if any.
    public var code: Int32?

    /// Creates an error.
    public init(_ kind: Kind, line: String? = nil, detail: String? = nil, code: Int32? = nil) {
        self.kind = kind
        self.line = line
        self.detail = detail
        self.code = code
    }

    public var description: String {
        let what = line.map { "GPIO \($0)" } ?? "GPIO line"
        let errno = code.map { " (errno \($0))" } ?? ""
        switch kind {
        case .chipNotFound:
            return "\(what): no such GPIO chip\(errno); check the chip name in the board file (`gpiodetect` lists them)"
        case .lineNotFound:
            return "\(what): no such line on the chip\(errno); check the line offset (`gpioinfo` lists them)"
        case .lineBusy:
            let who = detail.map { " by \"\($0)\"" } ?? ""
            return "\(what) is already in use\(who)\(errno); stop that consumer or unbind its kernel driver"
        case .permissionDenied:
            return "\(what): permission denied\(errno); add the user to the `gpio` group or run as root"
        case .unsupported:
            return "\(what) cannot do this\(errno)"
        case .wrongDirection:
            return "\(what) is configured in the other direction\(errno)"
        case .io:
            return "\(what): I/O error\(errno)"
        }
    }
}

/// An output line, such as a controller's RESET.
///
/// ## Contract
/// `set(_:)` drives the *logical* level (an active-low line driven `.high` is electrically low)
/// and returns once the line is driven.
public protocol DigitalOutput {
    /// Drives the line to `level`.
    mutating func set(_ level: LogicLevel) throws(GPIOError)
}

/// An input line whose level can be read.
public protocol DigitalInput {
    /// Reads the current logical level.
    mutating func level() throws(GPIOError) -> LogicLevel
}

/// A source of edge events, such as a controller's INT line.
///
/// ## Contract
/// - Events are delivered in the order the kernel saw them, each once.
/// - An edge that happened before the call is still returned: events are buffered from the
///   moment edge detection was enabled. This is an *edge* wait, not a level wait — a line that
///   is already active does not complete the wait.
/// - `timeout` nil waits forever; `.zero` only collects an event already buffered.
/// - Returns nil when the timeout passes with no event.
/// - A gap in ``EdgeEvent/sequence`` means the kernel dropped the oldest events.
///
/// ## Note for implementers
/// The line may have changed back before the caller runs; the wait must still complete with
/// the buffered edge.
public protocol EdgeEventSource {
    /// Waits for the next edge, up to `timeout`.
    mutating func waitForEdge(timeout: MonotonicDuration?) throws(GPIOError) -> EdgeEvent?

    /// Throws away the edges already buffered (after a controller reset they describe reports
    /// that no longer exist) and returns how many there were.
    mutating func discardPendingEdges() throws(GPIOError) -> Int
}

extension EdgeEventSource {
    /// Collects buffered edges without waiting until none is left (at most 4096, so that a line
    /// that never stops toggling cannot hold the caller).
    public mutating func discardPendingEdges() throws(GPIOError) -> Int {
        var count = 0
        while count < 4096, try waitForEdge(timeout: .zero) != nil { count += 1 }
        return count
    }
}

/// A line that switches between output and edge-detecting input at run time: the GT911 drives
/// its INT pin during reset to choose its I2C address, then listens on it.
///
/// ## Contract
/// `configureAsOutput(initial:)` drives the line immediately; `configureAsInput(edges:bias:)`
/// releases it and starts buffering edges from that moment (earlier edges are discarded).
/// Active-low configuration persists across reconfiguration.
public protocol ReconfigurableLine: DigitalOutput, DigitalInput, EdgeEventSource {
    /// Makes the line an output driven to `initial`.
    mutating func configureAsOutput(initial: LogicLevel) throws(GPIOError)
    /// Makes the line an input reporting `edges`, with the given pull.
    mutating func configureAsInput(edges: EdgeDetection, bias: Bias) throws(GPIOError)
}

/// The absence of a line: for boards with no reset or no interrupt wired. Every operation
/// throws ``GPIOError/Kind/unsupported``; drivers check for nil before using a line, so these
/// are never called in practice.
public struct NoLine: ReconfigurableLine, Sendable {
    /// Creates the placeholder.
    public init() {}
    public mutating func set(_ level: LogicLevel) throws(GPIOError) { throw GPIOError(.unsupported, line: "none") }
    public mutating func level() throws(GPIOError) -> LogicLevel { throw GPIOError(.unsupported, line: "none") }
    public mutating func waitForEdge(timeout: MonotonicDuration?) throws(GPIOError) -> EdgeEvent? {
        throw GPIOError(.unsupported, line: "none")
    }
    public mutating func configureAsOutput(initial: LogicLevel) throws(GPIOError) {
        throw GPIOError(.unsupported, line: "none")
    }
    public mutating func configureAsInput(edges: EdgeDetection, bias: Bias) throws(GPIOError) {
        throw GPIOError(.unsupported, line: "none")
    }
}
