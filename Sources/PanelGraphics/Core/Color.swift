/// A colour: 8-bit red, green and blue with straight (not premultiplied) 8-bit alpha.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8
    /// Opacity, 0 (transparent) … 255 (opaque).
    public var alpha: UInt8

    /// Creates a colour from 8-bit channels.
    @inlinable
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates an opaque colour from `0xRRGGBB`.
    public init(rgb: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
            blue: UInt8(truncatingIfNeeded: rgb))
    }

    /// Creates a colour from `0xRRGGBBAA`.
    public init(rgba: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: rgba >> 24), green: UInt8(truncatingIfNeeded: rgba >> 16),
            blue: UInt8(truncatingIfNeeded: rgba >> 8), alpha: UInt8(truncatingIfNeeded: rgba))
    }

    /// The same colour with another opacity (0…1, clamped).
    public func withAlphaComponent(_ alpha: Double) -> Color {
        var copy = self
        copy.alpha = UInt8((min(max(alpha, 0), 1) * 255).rounded())
        return copy
    }

    /// The colour mixed with `other`: 0 gives self, 1 gives `other` (alpha mixed too).
    public func mixed(with other: Color, by fraction: Double) -> Color {
        let t = min(max(fraction, 0), 1)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) * (1 - t) + Double(b) * t).rounded())
        }
        return Color(
            red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
            alpha: mix(alpha, other.alpha))
    }

    /// Whether the colour is fully opaque.
    @inlinable public var isOpaque: Bool { alpha == 255 }

    /// The colour as hex, red, green, blue and alpha: `#rrggbbaa`.
    public var description: String {
        let digits: [Character] = Array("0123456789abcdef")
        var text = "#"
        for byte in [red, green, blue, alpha] {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return text
    }

    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Black.
    public static let black = Color(rgb: 0x000000)
    /// White.
    public static let white = Color(rgb: 0xFFFFFF)
    /// Mid grey.
    public static let gray = Color(rgb: 0x8E8E93)
    /// Light grey, for tracks and separators.
    public static let lightGray = Color(rgb: 0xD1D1D6)
    /// Dark grey, for secondary backgrounds.
    public static let darkGray = Color(rgb: 0x3A3A3C)
    /// Red.
    public static let red = Color(rgb: 0xFF3B30)
    /// Green.
    public static let green = Color(rgb: 0x34C759)
    /// Blue: the default tint of controls, `#0064d2`. Darker than the desktop systems' `#007aff`
    /// so that white text on it, and it as text on white, reach WCAG's 4.5:1 (5.6:1; `#007aff`
    /// gives 4.0:1).
    public static let blue = Color(rgb: 0x0064D2)
    /// Yellow.
    public static let yellow = Color(rgb: 0xFFCC00)
    /// Orange.
    public static let orange = Color(rgb: 0xFF9500)
}
