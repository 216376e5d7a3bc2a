import RealModule

/// WCAG 2's colour maths: relative luminance, contrast ratio and compositing, for the
/// accessibility audit and for choosing legible colours.
extension Color {
    /// The colour's relative luminance in sRGB, 0 (black) … 1 (white), as WCAG 2 defines it
    /// (alpha ignored: composite first with ``composited(over:)``).
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.039_28 ? value / 12.92 : Double.pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The contrast ratio between this colour and `other`, 1 (none) … 21 (black on white), as
    /// WCAG 2 defines it; both are taken as opaque.
    public func contrastRatio(with other: Color) -> Double {
        let a = relativeLuminance
        let b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This colour drawn over `background` (source-over): what the eye sees. The result is as
    /// opaque as the two together.
    public func composited(over background: Color) -> Color {
        let top = Int(alpha)
        if top == 255 { return self }
        let bottom = Int(background.alpha) * (255 - top) / 255
        let total = top + bottom
        guard total > 0 else { return .clear }
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(a) * top + Int(b) * bottom + total / 2) / total) }
        return Color(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue), alpha: UInt8(total))
    }
}
