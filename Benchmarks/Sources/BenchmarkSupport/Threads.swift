import Glibc
import PanelThreads

/// Sleeps until `deadline` (CLOCK_MONOTONIC nanoseconds).
public func sleep(until deadline: UInt64) {
    var request = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &request, nil) == EINTR {}
}

/// Starts a thread named `name` running `body` (PanelCore's `spawn`); join it when done.
public func startThread(_ name: String, _ body: @escaping @Sendable () -> Void) -> SpawnedThread {
    do {
        return try spawn(name: name, body)
    } catch {
        fatalError("a benchmark thread could not start: \(error)")
    }
}
