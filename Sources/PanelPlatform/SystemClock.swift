#if os(Linux)
import Glibc
public import PanelCore

/// `CLOCK_MONOTONIC`: the clock the kernel stamps GPIO edges and evdev events with (PanelKit
/// switches evdev devices to it), so timestamps from every source compare. Every backend on
/// Linux keeps time by it: the board's, the simulator's, a third party's.
public struct SystemClock: MonotonicClock, Sendable {
    /// Creates the clock.
    public init() {}

    public var now: MonotonicInstant {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return MonotonicInstant(nanoseconds: UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec))
    }

    /// Sleeps for `duration`, resuming after a signal until the whole time has passed.
    public func sleep(for duration: MonotonicDuration) {
        guard duration > .zero else { return }
        let nanoseconds = duration.nanoseconds
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
#endif
