#if os(Linux)
import Glibc

/// State shared by the UI thread and the synthesis thread, behind one POSIX mutex, with a
/// condition the synthesis thread sleeps on. Every access to the state is inside `withLock`
/// or `wait(until:)`, so no read or write of it can race.
final class Monitor<State>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var state: State

    init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` on the state; with `notify`, wakes the waiting thread after.
    func withLock<R>(notify: Bool = false, _ body: (inout State) -> R) -> R {
        pthread_mutex_lock(mutex)
        let result = body(&state)
        if notify { pthread_cond_broadcast(condition) }
        pthread_mutex_unlock(mutex)
        return result
    }

    /// Sleeps until `ready` returns a value (it is asked at once, then after each notify).
    func wait<R>(until ready: (inout State) -> R?) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = ready(&state) { return result }
            pthread_cond_wait(condition, mutex)
        }
    }
}
#endif
