/// Errors of the application's run-loop core.
public enum ApplicationError: Error, Equatable, CustomStringConvertible {
    /// Every timer slot is in use.
    case timerCapacityExhausted(capacity: Int)
    /// A repeating timer was asked for with an interval of zero or less (it would fire forever).
    case nonPositiveTimerInterval
    /// A task slept on ``Application/taskClock`` after its application was released.
    case applicationGone

    /// The mistake and how to fix it.
    public var description: String {
        switch self {
        case .timerCapacityExhausted(let capacity):
            "all \(capacity) timer slots are in use: cancel timers you no longer need, or create the Application with a larger timerCapacity"
        case .nonPositiveTimerInterval:
            "a repeating timer needs an interval above zero: pass a positive interval, or nil for a one-shot timer"
        case .applicationGone:
            "the application whose clock this task slept on is gone: keep the Application alive while its tasks run, or cancel them when it goes"
        }
    }
}
