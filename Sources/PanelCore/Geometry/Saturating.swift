extension Int {
    /// `value` rounded to the nearest integer, clamped to `Int.min...Int.max`; NaN becomes 0.
    /// For numbers from a chip, a device or a file, where `Int(_:)` would trap.
    @inlinable
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_775_807.0 {
            self = .max
        } else if value <= -9_223_372_036_854_775_808.0 {
            self = .min
        } else {
            self = Int(value.rounded())
        }
    }
}

extension Double {
    /// This value clamped to `0...upper`; NaN becomes 0.
    @inlinable
    public func clamped(toZeroThrough upper: Double) -> Double {
        guard !isNaN else { return 0 }
        return Swift.min(Swift.max(self, 0), upper)
    }
}
