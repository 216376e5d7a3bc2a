/// The input thread's loop body: wait for the source, read, track, queue — and survive.
///
/// One call to ``step(timeout:)`` waits once and handles what it found. Failure policy:
/// - a failed read is counted (``Statistics``) and the loop carries on;
/// - after ``failureThreshold`` consecutive failures every finger is cancelled, the source is
///   asked to ``TouchSource/recover()`` (reset the controller), and counting starts again;
/// - the ``TouchTracker``'s watchdog cancels fingers when reports stop while they are down.
///
/// Never allocates in steady state.
public struct TouchPipeline<Source: TouchSource, Clock: MonotonicClock> {
    /// Counters for monitoring (`panelctl monitor`) and tests.
    public struct Statistics: Sendable {
        /// Reports read and tracked.
        public var reports: UInt64 = 0
        /// Reads that returned nothing new (GT911 not ready, spurious interrupt).
        public var emptyReads: UInt64 = 0
        /// Failed waits or reads.
        public var errors: UInt64 = 0
        /// Failures in a row, reset by a good read.
        public var consecutiveFailures = 0
        /// Controller resets after repeated failures.
        public var recoveries: UInt64 = 0
        /// Watchdog cancellations.
        public var watchdogCancels: UInt64 = 0
        /// Frames handed to the queue (including coalesced and overflowed ones).
        public var framesEmitted: UInt64 = 0
        /// The most recent error.
        public var lastError: TouchSourceError?
    }

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
    public private(set) var statistics = Statistics()

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
        var wait = timeout
        if let deadline = tracker.watchdogDeadline {
            let remaining = deadline - clock.now
            let bounded = remaining < .zero ? MonotonicDuration.zero : remaining
            if wait == nil || bounded < wait! { wait = bounded }
        }
        do {
            let reason = try source.waitForData(timeout: wait, contactsDown: tracker.activeCount > 0)
            if reason != .timeout {
                if let report = try source.readFrame() {
                    statistics.reports += 1
                    statistics.consecutiveFailures = 0
                    let queue = self.queue
                    var emitted: UInt64 = 0
                    tracker.process(report) { frame in
                        queue.push(frame)
                        emitted += 1
                    }
                    statistics.framesEmitted += emitted
                } else {
                    statistics.emptyReads += 1
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
        if tracker.checkWatchdog(now: clock.now, emit: { queue.push($0); emitted += 1 }) {
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
        tracker.cancelAll(at: clock.now) { queue.push($0); emitted += 1 }
        statistics.framesEmitted += emitted
        statistics.recoveries += 1
        statistics.consecutiveFailures = 0
        do {
            try source.recover()
        } catch {
            statistics.errors += 1
            statistics.lastError = error
        }
    }
}
