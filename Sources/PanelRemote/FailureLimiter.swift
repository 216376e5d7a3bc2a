public import PanelCore

/// Slows down password guessing: after ``limit`` failed authentications from one address within
/// ``window``, that address is refused, without a password check, until ``lockout`` has passed
/// since its last failure. The addresses kept are bounded (``capacity``): when full, the oldest
/// record goes, and a flood from many addresses is met by the same limit over all of them.
public struct FailureLimiter: Sendable {
    /// Failures allowed from one address within the window.
    public let limit: Int
    /// How far back failures count.
    public let window: MonotonicDuration
    /// How long an address is refused after reaching the limit.
    public let lockout: MonotonicDuration
    /// The most addresses tracked.
    public let capacity: Int

    private struct Record: Sendable {
        var address: String
        var failures: Int
        var first: MonotonicInstant
        var last: MonotonicInstant
    }
    private var records: [Record] = []
    private var all = Record(address: "", failures: 0, first: .zero, last: .zero)

    /// A limiter; the defaults allow 5 failures a minute from one address, then refuse it for a
    /// minute, and 20 a minute from all addresses together.
    public init(limit: Int = 5, window: MonotonicDuration = .seconds(Int64(60)), lockout: MonotonicDuration = .seconds(Int64(60)), capacity: Int = 64) {
        self.limit = max(limit, 1)
        self.window = window
        self.lockout = lockout
        self.capacity = max(capacity, 1)
    }

    /// Whether `address` is refused now.
    public func isLocked(_ address: String, at now: MonotonicInstant) -> Bool {
        if locked(all, limit: limit * 4, now) { return true }
        guard let record = records.first(where: { $0.address == address }) else { return false }
        return locked(record, limit: limit, now)
    }

    /// Counts a failed authentication from `address`.
    public mutating func recordFailure(_ address: String, at now: MonotonicInstant) {
        all = counted(all, now)
        if let index = records.firstIndex(where: { $0.address == address }) {
            records[index] = counted(records[index], now)
        } else {
            if records.count >= capacity, let oldest = records.indices.min(by: { records[$0].last < records[$1].last }) {
                records.remove(at: oldest)
            }
            records.append(Record(address: address, failures: 1, first: now, last: now))
        }
    }

    /// Forgets `address`'s failures: it authenticated.
    public mutating func recordSuccess(_ address: String) {
        records.removeAll { $0.address == address }
    }

    private func locked(_ record: Record, limit: Int, _ now: MonotonicInstant) -> Bool {
        record.failures >= limit && now < record.last + lockout
    }

    private func counted(_ record: Record, _ now: MonotonicInstant) -> Record {
        var record = record
        if record.failures == 0 || now >= record.first + window && !locked(record, limit: limit, now) {
            record.failures = 0
            record.first = now
        }
        record.failures = min(record.failures + 1, Int(Int32.max))
        record.last = now
        return record
    }
}
