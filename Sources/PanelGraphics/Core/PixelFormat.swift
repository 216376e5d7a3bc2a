/// How a pixel's bits hold its colour, described the way fbdev does in `fb_var_screeninfo`:
/// bits per pixel and an offset and length for each channel (offsets count from the least
/// significant bit of the little-endian pixel word).
///
/// Supported: 16 bits with 5-6-5 channels in any order (RGB565, BGR565) and 32 bits with 8-bit
/// channels on byte boundaries, with or without an alpha channel (XRGB8888, ARGB8888, XBGR8888,
/// ABGR8888 …). Drawing treats the screen as opaque: where a format has alpha, every written
/// pixel gets alpha 255.
public struct PixelFormat: Hashable, Sendable, CustomStringConvertible {
    /// One channel's place in the pixel word (fbdev's `struct fb_bitfield`, without
    /// `msb_right`, which no supported format sets).
    public struct Channel: Hashable, Sendable {
        /// The bit offset of the channel's least significant bit.
        public var offset: Int
        /// The number of bits (0 for an absent channel).
        public var length: Int

        /// Creates a channel description.
        public init(offset: Int, length: Int) {
            self.offset = offset
            self.length = length
        }
    }

    /// Bits per pixel: 16 or 32.
    public let bitsPerPixel: Int
    /// The red channel.
    public let red: Channel
    /// The green channel.
    public let green: Channel
    /// The blue channel.
    public let blue: Channel
    /// The alpha channel (length 0 when the format has none).
    public let alpha: Channel

    /// Bytes per pixel: 2 or 4.
    @inlinable public var bytesPerPixel: Int { bitsPerPixel / 8 }

    /// Creates a format from fbdev-style bitfields, checking that PanelKit can draw it.
    ///
    /// - Throws: ``PixelFormatError`` naming the depth or the channel layout that is not
    ///   supported, and what is.
    public init(
        bitsPerPixel: Int, red: Channel, green: Channel, blue: Channel,
        alpha: Channel = Channel(offset: 0, length: 0)
    ) throws(PixelFormatError) {
        switch bitsPerPixel {
        case 16:
            let lengths = [red.length, green.length, blue.length]
            guard lengths == [5, 6, 5], alpha.length == 0 else {
                throw .unsupportedChannels(bitsPerPixel: 16, red: red.length, green: green.length, blue: blue.length)
            }
        case 32:
            for channel in [red, green, blue] where channel.length != 8 || channel.offset % 8 != 0 {
                throw .unsupportedChannels(bitsPerPixel: 32, red: red.length, green: green.length, blue: blue.length)
            }
            guard alpha.length == 0 || (alpha.length == 8 && alpha.offset % 8 == 0) else {
                throw .unsupportedChannels(bitsPerPixel: 32, red: red.length, green: green.length, blue: blue.length)
            }
        default:
            throw .unsupportedDepth(bitsPerPixel)
        }
        for channel in [red, green, blue, alpha] where channel.length > 0 {
            guard channel.offset >= 0, channel.offset + channel.length <= bitsPerPixel else {
                throw .unsupportedChannels(
                    bitsPerPixel: bitsPerPixel, red: red.length, green: green.length, blue: blue.length)
            }
        }
        self.bitsPerPixel = bitsPerPixel
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    private init(unchecked bits: Int, _ r: (Int, Int), _ g: (Int, Int), _ b: (Int, Int), _ a: (Int, Int)) {
        bitsPerPixel = bits
        red = Channel(offset: r.0, length: r.1)
        green = Channel(offset: g.0, length: g.1)
        blue = Channel(offset: b.0, length: b.1)
        alpha = Channel(offset: a.0, length: a.1)
    }

    /// 16-bit, red in the top 5 bits: most SPI TFTs and the Pi's 16-bit modes.
    public static let rgb565 = PixelFormat(unchecked: 16, (11, 5), (5, 6), (0, 5), (0, 0))
    /// 16-bit, blue in the top 5 bits.
    public static let bgr565 = PixelFormat(unchecked: 16, (0, 5), (5, 6), (11, 5), (0, 0))
    /// 32-bit, bytes B, G, R, unused in memory: the usual fbdev 32-bit mode.
    public static let xrgb8888 = PixelFormat(unchecked: 32, (16, 8), (8, 8), (0, 8), (0, 0))
    /// 32-bit, bytes B, G, R, A in memory.
    public static let argb8888 = PixelFormat(unchecked: 32, (16, 8), (8, 8), (0, 8), (24, 8))
    /// 32-bit, bytes R, G, B, unused in memory.
    public static let xbgr8888 = PixelFormat(unchecked: 32, (0, 8), (8, 8), (16, 8), (0, 0))
    /// 32-bit, bytes R, G, B, A in memory.
    public static let abgr8888 = PixelFormat(unchecked: 32, (0, 8), (8, 8), (16, 8), (24, 8))

    /// The pixel word for an opaque colour (the colour's alpha is ignored; a format's alpha
    /// channel gets 255).
    @inlinable
    public func encode(_ color: Color) -> UInt32 {
        encode(red: UInt32(color.red), green: UInt32(color.green), blue: UInt32(color.blue))
    }

    /// The pixel word for 8-bit channel values.
    @inlinable @inline(__always)
    public func encode(red r: UInt32, green g: UInt32, blue b: UInt32) -> UInt32 {
        // Masking shifts: lengths are 1…8 and offsets under 32, so they shift exactly as `<<`
        // and `>>` would, without the checks for shifting past the width (a pixel's hot path).
        var word = (r &>> UInt32(truncatingIfNeeded: 8 - red.length)) &<< UInt32(truncatingIfNeeded: red.offset)
        word |= (g &>> UInt32(truncatingIfNeeded: 8 - green.length)) &<< UInt32(truncatingIfNeeded: green.offset)
        word |= (b &>> UInt32(truncatingIfNeeded: 8 - blue.length)) &<< UInt32(truncatingIfNeeded: blue.offset)
        if alpha.length > 0 { word |= 0xFF &<< UInt32(truncatingIfNeeded: alpha.offset) }
        return word
    }

    /// The opaque colour a pixel word shows (5- and 6-bit channels are widened by repeating
    /// their top bits, so white stays 255).
    @inlinable
    public func decode(_ word: UInt32) -> Color {
        Color(
            red: UInt8(Self.widen(word, red)), green: UInt8(Self.widen(word, green)),
            blue: UInt8(Self.widen(word, blue)))
    }

    @inlinable
    static func widen(_ word: UInt32, _ channel: Channel) -> UInt32 {
        let length = UInt32(channel.length)
        let value = (word >> UInt32(channel.offset)) & ((1 << length) - 1)
        if length == 8 { return value }
        return (value << (8 - length)) | (value >> (2 * length - 8))
    }

    /// The format's name: `RGB565`, `XRGB8888`.
    public var description: String {
        switch self {
        case .rgb565: "RGB565"
        case .bgr565: "BGR565"
        case .xrgb8888: "XRGB8888"
        case .argb8888: "ARGB8888"
        case .xbgr8888: "XBGR8888"
        case .abgr8888: "ABGR8888"
        default:
            "\(bitsPerPixel)bpp r\(red.offset)/\(red.length) g\(green.offset)/\(green.length) "
                + "b\(blue.offset)/\(blue.length) a\(alpha.offset)/\(alpha.length)"
        }
    }
}

/// Why a pixel format cannot be drawn.
public enum PixelFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The depth is not 16 or 32 bits per pixel.
    case unsupportedDepth(Int)
    /// The depth is supported but the channel lengths or offsets are not.
    case unsupportedChannels(bitsPerPixel: Int, red: Int, green: Int, blue: Int)

    /// What the framebuffer reported and which formats are drawn.
    public var description: String {
        switch self {
        case .unsupportedDepth(let bits):
            "unsupported depth: \(bits) bits per pixel; PanelKit draws 16-bit (RGB565) and 32-bit "
                + "(XRGB8888/ARGB8888) framebuffers — set one with `fbset -depth 16` or `-depth 32`, or "
                + "framebuffer_depth=16/32 in the Pi's config.txt"
        case .unsupportedChannels(let bits, let r, let g, let b):
            "unsupported \(bits)-bit channel layout (red \(r), green \(g), blue \(b) bits); PanelKit "
                + "draws 5-6-5 at 16 bits and 8-bit byte-aligned channels at 32 bits"
        }
    }
}
