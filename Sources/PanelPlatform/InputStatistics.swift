public import PanelCore

/// What a platform's touch input counted, independent of the driver type.
public struct InputStatistics: Sendable, Hashable {
    /// Reports read from the controller (or mouse events turned into reports).
    public var reports: UInt64 = 0
    /// Failed waits or reads.
    public var errors: UInt64 = 0
    /// Controller resets after failures.
    public var recoveries: UInt64 = 0
    /// Fingers cancelled because reports stopped.
    public var watchdogCancels: UInt64 = 0
    /// Frames pushed into the queue.
    public var framesEmitted: UInt64 = 0
    /// The last error, if any.
    public var lastError: TouchSourceError?

    /// Nothing counted yet.
    public init() {}

    /// Counters as given.
    public init(reports: UInt64, errors: UInt64, recoveries: UInt64, watchdogCancels: UInt64, framesEmitted: UInt64, lastError: TouchSourceError?) {
        self.reports = reports
        self.errors = errors
        self.recoveries = recoveries
        self.watchdogCancels = watchdogCancels
        self.framesEmitted = framesEmitted
        self.lastError = lastError
    }
}
