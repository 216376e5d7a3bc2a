/// Errors of the application's run-loop core.
public enum ApplicationError: Error, Equatable, CustomStringConvertible {
    /// Every timer slot is in use.
    case timerCapacityExhausted(capacity: Int)

    public var description: String {
        switch self {
        case .timerCapacityExhausted(let capacity):
            "all \(capacity) timer slots are in use: cancel timers you no longer need, or create the Application with a larger timerCapacity"
        }
    }
}
