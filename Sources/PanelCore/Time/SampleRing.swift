/// The latest durations of something (a touch's way to its action, a frame's drawing), kept in
/// a fixed ring for whoever drains them now and then (a metrics scrape): recording is a store
/// and an increment, allocation-free; a reader that comes too late finds the oldest samples
/// overwritten and counted in ``overwritten``.
public final class SampleRing {
    /// How many samples it holds.
    public let capacity: Int
    private let samples: UnsafeMutableBufferPointer<Int64>
    private var written: UInt64 = 0
    private var read: UInt64 = 0
    /// Samples lost because the ring filled before they were drained.
    public private(set) var overwritten: UInt64 = 0

    /// A ring of `capacity` samples (at least one), allocated once.
    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 1)
        samples = .allocate(capacity: self.capacity)
        samples.initialize(repeating: 0)
    }

    deinit { samples.deallocate() }

    /// Records a duration (nanoseconds; negative ones are recorded as zero).
    public func record(_ duration: MonotonicDuration) {
        samples[Int(written % UInt64(capacity))] = max(duration.nanoseconds, 0)
        written &+= 1
        if written - read > UInt64(capacity) {
            read = written - UInt64(capacity)
            overwritten &+= 1
        }
    }

    /// Samples recorded in all.
    public var count: UInt64 { written }

    /// Hands each sample recorded since the last drain to `body`, oldest first, and forgets them.
    public func drain(_ body: (MonotonicDuration) -> Void) {
        while read < written {
            body(.nanoseconds(samples[Int(read % UInt64(capacity))]))
            read &+= 1
        }
    }
}
