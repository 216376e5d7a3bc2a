/// A monotonic clock that drivers read and sleep on; injected so that tests control time.
///
/// ## Contract
/// - ``now`` never decreases.
/// - ``sleep(for:)`` returns after at least `duration` has passed on this clock (a manual clock
///   advances itself by `duration`). A zero or negative duration returns at once.
///
/// ## Note for implementers
/// Drivers sleep only in `start()`/reset sequences and in the short GT911 not-ready window; the
/// input loop blocks on interrupt lines, not on the clock.
public protocol MonotonicClock {
    /// The current instant.
    var now: MonotonicInstant { get }
    /// Blocks the calling thread for `duration`.
    func sleep(for duration: MonotonicDuration)
}
