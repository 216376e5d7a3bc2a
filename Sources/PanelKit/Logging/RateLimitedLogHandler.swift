public import Logging
public import PanelCore
import Synchronization

/// A swift-log handler in front of another that lets each call site (file and line) log at
/// most `burst` messages per `interval`, so a dead bus or a flapping cable cannot flood the
/// journal: further messages from that site are dropped and counted, and the first message
/// after the interval is preceded by one line saying how many were suppressed.
public struct RateLimitedLogHandler: LogHandler {
    /// The handler the admitted messages go to.
    public var wrapped: any LogHandler
    private let limiter: LogRateLimiter

    /// - Parameters:
    ///   - wrapped: where admitted messages go.
    ///   - burst: messages a call site may log per interval.
    ///   - interval: the window over which they are counted.
    ///   - now: the monotonic clock.
    public init(
        _ wrapped: any LogHandler, burst: Int = 10, interval: MonotonicDuration = .milliseconds(60_000),
        now: @escaping @Sendable () -> MonotonicInstant = { HostClock().now }
    ) {
        self.wrapped = wrapped
        limiter = LogRateLimiter(burst: max(burst, 1), interval: interval, now: now)
    }

    /// The wrapped handler's metadata.
    public var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue }
    }
    /// The wrapped handler's level.
    public var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }
    /// The wrapped handler's metadata provider.
    public var metadataProvider: Logger.MetadataProvider? {
        get { wrapped.metadataProvider }
        set { wrapped.metadataProvider = newValue }
    }
    /// One key of the wrapped handler's metadata.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue }
    }

    /// Messages dropped so far, over every call site.
    public var suppressedCount: Int { limiter.totalSuppressed }

    /// Passes `event` on unless its source location has used its lines for this minute; then counts it,
    /// and says how many were held back once the minute is over.
    public func log(event: LogEvent) {
        guard let suppressedBefore = limiter.admit(site: "\(event.file):\(event.line)") else { return }
        if suppressedBefore > 0 {
            var note = event
            note.message = "\(suppressedBefore) more like the next were suppressed (at most \(limiter.burst) per \(limiter.interval) from one place)"
            note.error = nil
            wrapped.log(event: note)
        }
        wrapped.log(event: event)
    }
}

/// The windows of a ``RateLimitedLogHandler``, shared by its copies.
final class LogRateLimiter: Sendable {
    struct Window {
        var start: MonotonicInstant
        var count = 0
        var suppressed = 0
    }
    let burst: Int
    let interval: MonotonicDuration
    private let now: @Sendable () -> MonotonicInstant
    private let windows = Mutex<[String: Window]>([:])
    private let suppressedTotal = Atomic<Int>(0)

    init(burst: Int, interval: MonotonicDuration, now: @escaping @Sendable () -> MonotonicInstant) {
        self.burst = burst
        self.interval = interval
        self.now = now
    }

    var totalSuppressed: Int { suppressedTotal.load(ordering: .relaxed) }

    /// nil to drop the message; otherwise how many from this site were dropped before it.
    func admit(site: String) -> Int? {
        let instant = now()
        let result: Int? = windows.withLock { windows in
            var window = windows[site] ?? Window(start: instant)
            var carried = 0
            if instant - window.start >= interval {
                carried = window.suppressed
                window = Window(start: instant)
            }
            window.count += 1
            defer { windows[site] = window }
            guard window.count <= burst else {
                window.suppressed += 1
                return nil
            }
            return carried
        }
        if result == nil { suppressedTotal.add(1, ordering: .relaxed) }
        return result
    }
}
