import Glibc

/// Sleeps until `deadline` (CLOCK_MONOTONIC nanoseconds).
public func sleep(until deadline: UInt64) {
    var request = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &request, nil) == EINTR {}
}

/// Starts a POSIX thread running `body`.
public func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t {
    final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
    var handle = pthread_t()
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    let result = pthread_create(
        &handle, nil,
        { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, context)
    precondition(result == 0, "pthread_create failed: \(result)")
    return handle
}
