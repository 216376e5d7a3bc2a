/// Nearest-rank percentile of `values` (0 < p ≤ 1); 0 for none.
public func percentile(_ values: [UInt64], _ p: Double) -> UInt64 {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let rank = Int((p * Double(sorted.count)).rounded(.up))
    return sorted[max(0, min(sorted.count - 1, rank - 1))]
}

/// The median (nearest rank).
public func median(_ values: [UInt64]) -> UInt64 { percentile(values, 0.5) }

/// Nanoseconds as microseconds with one decimal, or milliseconds with two past 1 ms.
public func format(_ ns: UInt64) -> String {
    if ns >= 1_000_000 {
        let hundredths = (ns + 5_000) / 10_000
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) ms"
    }
    let tenths = (ns + 50) / 100
    return "\(tenths / 10).\(tenths % 10) µs"
}
