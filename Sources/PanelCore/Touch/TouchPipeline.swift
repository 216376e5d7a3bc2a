/// The input thread's loop body: wait for the source, read, track, queue — and survive.
///
/// One call to ``step(timeout:)`` waits once and handles what it found. Failure policy:
/// - a failed read is counted (``InputStatistics``) and the loop carries on;
/// - after ``failureThreshold`` consecutive failures every finger is cancelled, the source is
///   asked to ``TouchSource/recover()`` (reset the controller), and counting starts again;
/// - a recovery that fails, or one followed by failures before any good report, is retried
///   after a backoff that starts at ``initialBackoff`` and doubles to ``maximumBackoff``
///   (``InputStatistics/backoff``), so a dead bus costs one attempt a second, not a spinning core;
///   the first good report ends the backoff;
/// - the ``TouchTracker``'s watchdog cancels fingers when reports stop while they are down.
///
/// Never allocates in steady state.
public struct TouchPipeline<Source: TouchSource, Clock: MonotonicClock> {
    /// The touch source.
    public var source: Source
    /// The tracker that assigns phases.
    public var tracker: TouchTracker
    /// Where frames go.
    public let queue: EventQueue
    /// The clock used for the watchdog and timestamps of synthesized frames.
    public let clock: Clock
    /// Consecutive failures that trigger a cancel-all and a controller reset.
    public var failureThreshold: Int
    /// The counters.
    public private(set) var statistics = InputStatistics()
    /// The first wait before retrying a failed recovery.
    public var initialBackoff = MonotonicDuration.milliseconds(10)
    /// The longest wait between recovery attempts.
    public var maximumBackoff = MonotonicDuration.milliseconds(1000)
    /// When the next recovery attempt is due, while backing off.
    public private(set) var retryAt: MonotonicInstant?

    /// Creates a pipeline. Call `source.start()` (or ``start()``) before stepping.
    public init(source: Source, queue: EventQueue, clock: Clock, tracker: TouchTracker = TouchTracker(), failureThreshold: Int = 3) {
        precondition(failureThreshold >= 1, "failureThreshold must be at least 1")
        self.source = source
        self.queue = queue
        self.clock = clock
        self.tracker = tracker
        self.failureThreshold = failureThreshold
    }

    /// Starts the source.
    public mutating func start() throws(TouchSourceError) {
        try source.start()
    }

    /// Waits for the source once (at most `timeout`, and no longer than the watchdog allows) and
    /// processes what it finds.
    public mutating func step(timeout: MonotonicDuration? = nil) {
        if let retryAt {
            // Backing off: wait for the next attempt (at most `timeout`) instead of touching a
            // source that is known to be dead. An input thread waits on its stop signal instead
            // (``backoffRemaining``) so that it can be stopped at once.
            let now = clock.now
            if now < retryAt {
                let remaining = retryAt - now
                clock.sleep(for: timeout.map { $0 < remaining ? $0 : remaining } ?? remaining)
                if clock.now < retryAt { return }
            }
            self.retryAt = nil
            attemptRecovery()
            return
        }
        var wait = timeout
        if let deadline = tracker.watchdogDeadline {
            let remaining = deadline - clock.now
            let bounded = remaining < .zero ? MonotonicDuration.zero : remaining
            if wait == nil || bounded < wait! { wait = bounded }
        }
        do {
            // After a failed read the chip's health is unknown: the source polls, as it does with
            // fingers down, until a read works, instead of waiting for the next touch's interrupt
            // (a panel with no finger on it would otherwise stay unchecked). Only while failing:
            // an idle, healthy panel is not woken.
            let polls = tracker.activeCount > 0 || statistics.consecutiveFailures > 0
            let reason = try source.waitForData(timeout: wait, contactsDown: polls)
            if reason != .timeout {
                if let report = try source.readFrame() {
                    statistics.reports += 1
                    statistics.consecutiveFailures = 0
                    statistics.backoff = .zero
                    let queue = self.queue
                    var emitted: UInt64 = 0
                    tracker.process(report) { frame in
                        queue.push(frame)
                        emitted += 1
                    }
                    statistics.framesEmitted += emitted
                } else {
                    // Nothing new, but the bus answered: the source works.
                    statistics.emptyReads += 1
                    statistics.consecutiveFailures = 0
                    statistics.backoff = .zero
                }
            }
        } catch {
            fail(error)
        }
        checkWatchdog()
    }

    private mutating func checkWatchdog() {
        let queue = self.queue
        var emitted: UInt64 = 0
        if tracker.checkWatchdog(
            now: clock.now,
            emit: {
                queue.push($0); emitted += 1
            })
        {
            statistics.watchdogCancels += 1
            statistics.framesEmitted += emitted
        }
    }

    private mutating func fail(_ error: TouchSourceError) {
        statistics.errors += 1
        statistics.lastError = error
        statistics.consecutiveFailures += 1
        guard statistics.consecutiveFailures >= failureThreshold else { return }
        let queue = self.queue
        var emitted: UInt64 = 0
        tracker.cancelAll(at: clock.now) {
            queue.push($0); emitted += 1
        }
        statistics.framesEmitted += emitted
        statistics.consecutiveFailures = 0
        if statistics.backoff == .zero {
            attemptRecovery()
        } else {
            // The last recovery was followed by failures with no good report: wait first.
            retryAt = clock.now + statistics.backoff
        }
    }

    /// How long until the next recovery attempt, while backing off (nil otherwise).
    public var backoffRemaining: MonotonicDuration? {
        guard let retryAt else { return nil }
        let now = clock.now
        return now < retryAt ? retryAt - now : .zero
    }

    /// Resets and restarts the source; on failure, schedules the next attempt after the doubled
    /// backoff.
    private mutating func attemptRecovery() {
        statistics.recoveries += 1
        let doubled = statistics.backoff * 2
        statistics.backoff = statistics.backoff == .zero ? initialBackoff : (doubled < maximumBackoff ? doubled : maximumBackoff)
        do {
            try source.recover()
        } catch {
            statistics.errors += 1
            statistics.failedRecoveries += 1
            statistics.lastError = error
            retryAt = clock.now + statistics.backoff
        }
    }
}
