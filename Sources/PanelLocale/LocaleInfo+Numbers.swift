/// Numbers as the locale writes them: its decimal separator and its thousands separator every
/// three digits (glibc's `RADIXCHAR` and `THOUSEP`): 1.234,5 in German, 1,234.5 in American
/// English, 1234.5 in the POSIX locale. Nothing of Foundation; nothing traps.
extension LocaleInfo {
    /// `value` with the locale's thousands separator: "1.234.567" in German.
    public func string(from value: Int) -> String {
        let digits = String(value.magnitude)
        return (value < 0 ? "-" : "") + grouped(digits)
    }

    /// `value` rounded to `fractionDigits` (held to 0…9) with the locale's separators:
    /// "1.234,50" in German for 1234.5 and 2 digits. NaN is "NaN", infinities "∞" and "-∞";
    /// magnitudes past 10¹⁵ are written without grouping, in Swift's own notation.
    public func string(from value: Double, fractionDigits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-∞" : "∞") }
        let places = min(max(fractionDigits, 0), 9)
        var scale = 1.0
        for _ in 0 ..< places { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded()
        guard scaled < 1e18, value.magnitude < 1e15 else {
            return "\(value)".split(separator: ".", omittingEmptySubsequences: false).joined(separator: decimalSeparator)
        }
        let units = UInt64(scaled)
        let whole = units / UInt64(scale)
        let fraction = units % UInt64(scale)
        var text = (value < 0 && units != 0 ? "-" : "") + grouped(String(whole))
        if places > 0 {
            let fractionDigits = String(fraction)
            text += decimalSeparator + String(repeating: "0", count: places - fractionDigits.count) + fractionDigits
        }
        return text
    }

    /// `digits` with the thousands separator between groups of three, from the right.
    private func grouped(_ digits: String) -> String {
        guard !groupingSeparator.isEmpty, digits.count > 3 else { return digits }
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += groupingSeparator }
            result.append(digit)
        }
        return result
    }
}
