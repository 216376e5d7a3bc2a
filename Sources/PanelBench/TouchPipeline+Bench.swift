public import PanelCore

extension TouchPipeline where Clock == ManualClock {
    /// Steps the pipeline until the manual clock reaches `end`, draining the queue into
    /// `ledger` after every step (a consumer that keeps up). Each step waits at most `timeout`.
    public mutating func run(until end: MonotonicInstant, into ledger: inout TouchLedger, stepTimeout timeout: MonotonicDuration = .milliseconds(20)) {
        while clock.now < end {
            step(timeout: timeout)
            ledger.drain(queue)
        }
    }
}
