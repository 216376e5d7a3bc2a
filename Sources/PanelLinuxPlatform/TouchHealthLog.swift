public import Logging
public import PanelCore
import PanelPlatform

/// Tells the log what happens to the touch controller, on the UI thread: a failed read (warning),
/// a reset that did not bring it back (error), a reset that did, with how long it was gone
/// (notice), and reads that work again without a reset (info). The input thread only counts and raises a signal (`InputThread`'s
/// `healthSignal`); this reads the counts when it wakes, so the input thread never blocks on
/// the journal and nothing runs while the controller is healthy.
@MainActor
public final class TouchHealthLog {
    private let logger: Logger
    private var errors: UInt64 = 0
    private var recoveries: UInt64 = 0
    private var failedRecoveries: UInt64 = 0
    /// When the current outage began (the first failure seen since the last good reset).
    public private(set) var outageStart: MonotonicInstant?
    private var outageErrors: UInt64 = 0
    private var outageFailedResets: UInt64 = 0

    /// Reports through `logger` (subsystem `touch`).
    public init(logger: Logger) {
        self.logger = logger.subsystem("touch")
    }

    /// Takes the input thread's counts (totals since it started) at `now` and logs what changed;
    /// `failing`: whether reads have failed since the last good report.
    public func observe(
        errors: UInt64, recoveries: UInt64, failedRecoveries: UInt64, lastError: TouchSourceError?, backoff: MonotonicDuration,
        failing: Bool, now: MonotonicInstant
    ) {
        let newErrors = errors > self.errors ? errors - self.errors : 0
        let newRecoveries = recoveries > self.recoveries ? recoveries - self.recoveries : 0
        let newFailed = failedRecoveries > self.failedRecoveries ? failedRecoveries - self.failedRecoveries : 0
        self.errors = errors
        self.recoveries = recoveries
        self.failedRecoveries = failedRecoveries
        let reason = lastError.map { "\($0)" } ?? "unknown"
        if newErrors > 0 && outageStart == nil {
            outageStart = now
            outageErrors = 0
            outageFailedResets = 0
        }
        outageErrors += newErrors
        outageFailedResets += newFailed
        let good = newRecoveries > newFailed ? newRecoveries - newFailed : 0
        if newFailed > 0 {
            logger.error(
                "the touch controller did not come back after a reset; trying again in \(Self.text(backoff))",
                metadata: ["reason": "\(reason)", "errors": "\(errors)", "failed_resets": "\(failedRecoveries)"])
        } else if good > 0 {
            let gone = outageStart.map { now - $0 } ?? .zero
            logger.notice(
                "the touch controller was recovered (re-probed, or reset) and answers again, after \(Self.text(gone))",
                metadata: [
                    "outage_seconds": "\(Double(gone.nanoseconds) / 1e9)", "errors": "\(outageErrors)", "failed_resets": "\(outageFailedResets)",
                ])
            outageStart = nil
        } else if newErrors > 0 {
            logger.warning("reading the touch controller failed", metadata: ["reason": "\(reason)", "errors": "\(errors)"])
        }
        if !failing, good == 0, let start = outageStart {
            // Good reports again without a reset: the outage (a few failed reads) is over, and a
            // later one counts from its own start.
            logger.info(
                "reading the touch controller works again, after \(Self.text(now - start))",
                metadata: ["outage_seconds": "\(Double((now - start).nanoseconds) / 1e9)", "errors": "\(outageErrors)"])
            outageStart = nil
        }
    }

    /// "0.01 s", "3.9 s", "12 s": a duration for a person.
    static func text(_ duration: MonotonicDuration) -> String {
        let milliseconds = max(duration.nanoseconds, 0) / 1_000_000
        if milliseconds < 1000 {
            let digits = String(milliseconds)
            return "0." + String(repeating: "0", count: 3 - digits.count) + digits + " s"
        }
        let tenths = (milliseconds + 50) / 100
        return tenths >= 100 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }
}
