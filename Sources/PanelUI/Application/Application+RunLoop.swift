/// The run-loop core: timers on the application's clock, one turn of events, timers, layout and
/// drawing, which a platform's run loop (or a test) drives.
extension Application {
    /// Schedules `handler` to run once after `delay`, or every `interval` when one is given,
    /// from ``fireDueTimers()`` (called by ``runOnce()``).
    /// - Throws: ``ApplicationError/timerCapacityExhausted(capacity:)`` when every slot is taken;
    ///   ``ApplicationError/nonPositiveTimerInterval`` for a repeating interval of zero or less.
    @discardableResult
    public func scheduleTimer(
        after delay: MonotonicDuration, repeating interval: MonotonicDuration? = nil,
        _ handler: @escaping @MainActor (TimerHandle) -> Void
    ) throws(ApplicationError) -> TimerHandle {
        if let interval, interval <= .zero { throw .nonPositiveTimerInterval }
        return try timers.schedule(deadline: clock.now + delay, interval: interval, handler: handler)
    }

    /// Cancels a timer; false if it already fired (one-shot) or was cancelled.
    @discardableResult
    public func cancelTimer(_ handle: TimerHandle) -> Bool {
        timers.cancel(handle)
    }

    /// The application's clock as a Swift `Clock`, for `try await application.taskClock.sleep(for:
    /// .seconds(5))` in app code: virtual time on the bench and in headless sessions (so a
    /// session's waits are deterministic), the monotonic clock on a board.
    public var taskClock: ApplicationClock {
        if let clockSleepers { return ApplicationClock(sleepers: clockSleepers) }
        let sleepers = ClockSleepers(application: self, clock: clock)
        clockSleepers = sleepers
        return ApplicationClock(sleepers: sleepers)
    }

    /// How many tasks sleep on ``taskClock`` now.
    public var clockSleeperCount: Int { clockSleepers?.count ?? 0 }

    /// Whether work started from the UI runs in real time now: a controller's
    /// ``ViewController/task(priority:_:)`` that is not asleep on ``taskClock`` (a request to
    /// a server), or an image decode. A headless session holds its virtual time meanwhile.
    public var hasWorkInFlight: Bool { UITasks.running > clockSleeperCount || isDecodingImages }

    /// Whether a timer is scheduled and not yet fired (one-shot) or cancelled.
    public func isTimerScheduled(_ handle: TimerHandle) -> Bool { timers.isScheduled(handle) }

    /// The earliest timer deadline, for the run loop's sleep; nil when no timer is scheduled.
    public var nextTimerDeadline: MonotonicInstant? { timers.nextDeadline }

    /// Runs every timer whose deadline has passed on ``clock``, earliest first. A timer
    /// scheduled by a handler runs at the next call at the earliest.
    public func fireDueTimers() {
        let now = clock.now
        clockSleepers?.publish(now)
        timers.beginPass()
        while let (handle, handler) = timers.takeDue(now: now) {
            handler(handle)
        }
    }

    /// One turn of the run loop: drain ``eventQueue`` (an overflow cancels every touch), fire
    /// due timers, update the views' properties and lay out the windows, and draw what changed on ``display`` (a failure to
    /// present is kept in ``lastRenderError`` and reported to the delegate; the loop goes on).
    public func runOnce() {
        if let eventQueue {
            var frame = TouchFrame()
            draining: while true {
                switch eventQueue.pop(into: &frame) {
                case .nothing:
                    break draining
                case .frame:
                    handle(frame)
                case .overflow(let lost):
                    health.lostFrameCount &+= lost
                    cancelAllTouches()
                }
            }
        }
        fireDueTimers()
        screenReader?.flushPending()
        layoutIfNeeded()
        do {
            _ = try render()
        } catch {
            health.lastRenderError = error
            delegate?.application(self, didFailToRender: error)
        }
    }

    /// Draws the dirty parts of the visible windows on ``display`` and presents them. Returns
    /// whether anything was drawn.
    @discardableResult
    public func render() throws(FramebufferError) -> Bool {
        guard let display else { return false }
        guard health.recordsLatencySamples else { return try display.render(windows) }
        let start = clock.now
        let drew = try display.render(windows)
        if drew { renderDurations.record(clock.now - start) }
        return drew
    }

    /// Runs the pending property updates (``View/updateProperties()``), then the pending layout,
    /// in every window.
    public func layoutIfNeeded() {
        // The passes whose @Observable reads changed run again (View+Observation.swift).
        ObservedChanges.deliver()
        for window in windows where !window.isHidden { window.updatePropertiesIfNeeded() }
        for window in windows where !window.isHidden { window.layoutIfNeeded() }
    }
}
