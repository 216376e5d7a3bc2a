/// A point on a monotonic clock, in nanoseconds since an arbitrary epoch (on Linux, boot:
/// `CLOCK_MONOTONIC`, the clock that GPIO edge events and evdev use).
///
/// The value never goes backwards for one clock; instants from different clocks are not
/// comparable.
public struct MonotonicInstant: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the clock's epoch.
    public var nanoseconds: UInt64

    /// Creates an instant from nanoseconds since the clock's epoch.
    public init(nanoseconds: UInt64) {
        self.nanoseconds = nanoseconds
    }

    /// The clock's epoch.
    public static let zero = MonotonicInstant(nanoseconds: 0)

    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// The instant `duration` later (earlier for a negative duration), saturating at the epoch
    /// and at the largest representable instant.
    public static func + (lhs: MonotonicInstant, rhs: MonotonicDuration) -> MonotonicInstant {
        if rhs.nanoseconds >= 0 {
            let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(UInt64(rhs.nanoseconds))
            return MonotonicInstant(nanoseconds: overflow ? UInt64.max : sum)
        }
        let magnitude = rhs.nanoseconds.magnitude
        return MonotonicInstant(nanoseconds: lhs.nanoseconds > magnitude ? lhs.nanoseconds - magnitude : 0)
    }

    /// The instant `duration` earlier.
    public static func - (lhs: MonotonicInstant, rhs: MonotonicDuration) -> MonotonicInstant {
        lhs + MonotonicDuration(nanoseconds: 0 &- rhs.nanoseconds)
    }

    /// The signed time from `rhs` to `lhs`.
    public static func - (lhs: MonotonicInstant, rhs: MonotonicInstant) -> MonotonicDuration {
        if lhs.nanoseconds >= rhs.nanoseconds {
            let d = lhs.nanoseconds - rhs.nanoseconds
            return MonotonicDuration(nanoseconds: d > UInt64(Int64.max) ? Int64.max : Int64(d))
        }
        let d = rhs.nanoseconds - lhs.nanoseconds
        return MonotonicDuration(nanoseconds: d > UInt64(Int64.max) ? Int64.min : -Int64(d))
    }

    /// Adds a duration in place.
    public static func += (lhs: inout MonotonicInstant, rhs: MonotonicDuration) {
        lhs = lhs + rhs
    }

    /// The time in seconds since the epoch, as UIKit's `timestamp`.
    public var seconds: Double { Double(nanoseconds) / 1_000_000_000 }

    public var description: String { "\(nanoseconds)ns" }
}

/// A signed span of monotonic time in nanoseconds.
///
/// PanelKit uses its own type rather than the standard library's `Duration` because every
/// timestamp on the hot path is a 64-bit nanosecond count (kernel edge events, evdev), and
/// 64-bit arithmetic is cheaper than `Duration`'s 128-bit representation. Convert with
/// ``init(_:)`` where the standard type is at hand.
public struct MonotonicDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The span in nanoseconds.
    public var nanoseconds: Int64

    /// Creates a duration from nanoseconds.
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// Converts a standard-library duration, truncating below one nanosecond.
    public init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self.nanoseconds = seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }

    /// No time at all.
    public static let zero = MonotonicDuration(nanoseconds: 0)

    /// A duration of `n` nanoseconds.
    public static func nanoseconds(_ n: Int64) -> MonotonicDuration { MonotonicDuration(nanoseconds: n) }
    /// A duration of `n` microseconds.
    public static func microseconds(_ n: Int64) -> MonotonicDuration { MonotonicDuration(nanoseconds: n &* 1_000) }
    /// A duration of `n` milliseconds.
    public static func milliseconds(_ n: Int64) -> MonotonicDuration { MonotonicDuration(nanoseconds: n &* 1_000_000) }
    /// A duration of `n` seconds.
    public static func seconds(_ n: Int64) -> MonotonicDuration { MonotonicDuration(nanoseconds: n &* 1_000_000_000) }
    /// A duration of `s` seconds, rounded to the nearest nanosecond.
    public static func seconds(_ s: Double) -> MonotonicDuration {
        MonotonicDuration(nanoseconds: Int64((s * 1_000_000_000).rounded()))
    }

    /// The span in milliseconds.
    public var milliseconds: Double { Double(nanoseconds) / 1_000_000 }
    /// The span in seconds.
    public var seconds: Double { Double(nanoseconds) / 1_000_000_000 }

    public static func < (lhs: MonotonicDuration, rhs: MonotonicDuration) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    public static func + (lhs: MonotonicDuration, rhs: MonotonicDuration) -> MonotonicDuration {
        MonotonicDuration(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds)
    }
    public static func - (lhs: MonotonicDuration, rhs: MonotonicDuration) -> MonotonicDuration {
        MonotonicDuration(nanoseconds: lhs.nanoseconds &- rhs.nanoseconds)
    }
    public static func * (lhs: MonotonicDuration, rhs: Int64) -> MonotonicDuration {
        MonotonicDuration(nanoseconds: lhs.nanoseconds &* rhs)
    }

    public var description: String {
        if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
        if nanoseconds % 1_000 == 0 { return "\(nanoseconds / 1_000)µs" }
        return "\(nanoseconds)ns"
    }
}
