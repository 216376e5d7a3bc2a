/// What a touch input counted: the one set of counters of a ``TouchPipeline``, of the input
/// thread that runs one on a board, of every platform's input and of a session's report.
public struct InputStatistics: Sendable, Hashable {
    /// Reports read and tracked (or mouse events turned into reports).
    public var reports: UInt64 = 0
    /// Reads that returned nothing new (GT911 not ready, spurious interrupt).
    public var emptyReads: UInt64 = 0
    /// Failed waits or reads.
    public var errors: UInt64 = 0
    /// Failures in a row, reset by a good read.
    public var consecutiveFailures = 0
    /// Controller resets after repeated failures.
    public var recoveries: UInt64 = 0
    /// Recovery attempts that failed (the controller did not answer its reset and probe).
    public var failedRecoveries: UInt64 = 0
    /// Fingers cancelled because reports stopped (the tracker's watchdog).
    public var watchdogCancels: UInt64 = 0
    /// Frames handed to the queue (including coalesced and overflowed ones).
    public var framesEmitted: UInt64 = 0
    /// The most recent error.
    public var lastError: TouchSourceError?
    /// How long the pipeline waits before its next recovery attempt: zero while the source
    /// works, then 10 ms doubling to ``TouchPipeline/maximumBackoff`` while it stays dead.
    public var backoff: MonotonicDuration = .zero

    /// Nothing counted yet.
    public init() {}

    /// Whether the controller is not answering now (a recovery is backing off).
    public var isControllerDown: Bool { backoff > .zero }
}
