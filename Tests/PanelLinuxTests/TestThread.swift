#if os(Linux)
import Glibc

/// A minimal POSIX thread for tests (no Foundation).
final class TestThread: @unchecked Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    func start() {
        var handle = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(
            &handle, nil,
            { raw in
                let thread = Unmanaged<TestThread>.fromOpaque(raw!).takeRetainedValue()
                thread.body()
                return nil
            }, context)
        pthread_detach(handle)
    }
}
#endif
