public import PanelGraphics

/// The kernel's `struct fb_var_screeninfo` (linux/fb.h): the mode — visible and virtual
/// resolution, panning offsets, depth and channel bitfields. Parsed from the raw bytes
/// `FBIOGET_VSCREENINFO` fills (160 bytes, the same on every architecture).
package struct FramebufferVariableScreenInfo: Hashable, Sendable {
    // Field by field: xres, yres, xres_virtual, yres_virtual, xoffset, yoffset, bits_per_pixel,
    // grayscale, red, green, blue, transp, nonstd, rotate.
    package var width: UInt32
    package var height: UInt32
    package var virtualWidth: UInt32
    package var virtualHeight: UInt32
    package var panX: UInt32
    package var panY: UInt32
    package var bitsPerPixel: UInt32
    package var grayscaleMode: UInt32
    /// `struct fb_bitfield`: where one channel sits in the pixel word.
    package struct Bitfield: Hashable, Sendable {
        package var offset: UInt32
        package var length: UInt32
        package var mostSignificantBitRight: UInt32
    }

    package var red: Bitfield
    package var green: Bitfield
    package var blue: Bitfield
    package var alpha: Bitfield
    package var nonstandardFormat: UInt32
    package var rotation: UInt32

    /// The struct's size in bytes.
    package static let byteCount = 160

    /// Parses the kernel's bytes (host byte order).
    package init(bytes: [UInt8]) throws(FramebufferInfoError) {
        guard bytes.count >= Self.byteCount else {
            throw .truncated(structure: "fb_var_screeninfo", expected: Self.byteCount, actual: bytes.count)
        }
        func word(_ index: Int) -> UInt32 { readUInt32(bytes, at: index * 4) }
        width = word(0)
        height = word(1)
        virtualWidth = word(2)
        virtualHeight = word(3)
        panX = word(4)
        panY = word(5)
        bitsPerPixel = word(6)
        grayscaleMode = word(7)
        func bitfield(_ first: Int) -> Bitfield {
            Bitfield(offset: word(first), length: word(first + 1), mostSignificantBitRight: word(first + 2))
        }
        red = bitfield(8)
        green = bitfield(11)
        blue = bitfield(14)
        alpha = bitfield(17)
        nonstandardFormat = word(20)
        rotation = word(34)
    }
}

/// The kernel's `struct fb_fix_screeninfo` (linux/fb.h): driver name, memory size, visual,
/// panning steps and `line_length` (the stride). Its layout depends on the size of `unsigned
/// long` (80 bytes on 64-bit, 68 on 32-bit kernels).
package struct FramebufferFixedScreenInfo: Hashable, Sendable {
    // Field by field: id, smem_len, type, visual, xpanstep, ypanstep, ywrapstep, line_length.
    /// The driver's identification ("Virtual FB", "vc4drmfb", "fb_ili9341" …).
    package var driverName: String
    package var memoryLength: UInt32
    package var type: UInt32
    package var visual: UInt32
    package var horizontalPanStep: UInt16
    package var verticalPanStep: UInt16
    package var verticalWrapStep: UInt16
    /// Bytes per row.
    package var strideBytes: UInt32

    /// `FB_TYPE_PACKED_PIXELS`.
    package static let packedPixels: UInt32 = 0
    /// `FB_VISUAL_TRUECOLOR`.
    package static let trueColor: UInt32 = 2
    /// `FB_VISUAL_DIRECTCOLOR`.
    package static let directColor: UInt32 = 4

    /// The struct's size for a kernel whose `unsigned long` has `wordSize` bytes.
    package static func byteCount(wordSize: Int = MemoryLayout<UInt>.size) -> Int { wordSize == 8 ? 80 : 68 }

    /// Parses the kernel's bytes.
    package init(bytes: [UInt8], wordSize: Int = MemoryLayout<UInt>.size) throws(FramebufferInfoError) {
        let expected = Self.byteCount(wordSize: wordSize)
        guard bytes.count >= expected else {
            throw .truncated(structure: "fb_fix_screeninfo", expected: expected, actual: bytes.count)
        }
        driverName = String(decoding: bytes[0 ..< 16].prefix { $0 != 0 }, as: UTF8.self)
        let base = 16 + wordSize  // after id and smem_start
        memoryLength = readUInt32(bytes, at: base)
        type = readUInt32(bytes, at: base + 4)
        visual = readUInt32(bytes, at: base + 12)
        horizontalPanStep = readUInt16(bytes, at: base + 16)
        verticalPanStep = readUInt16(bytes, at: base + 18)
        verticalWrapStep = readUInt16(bytes, at: base + 20)
        strideBytes = readUInt32(bytes, at: base + 24)
    }
}

/// How PanelKit will drive a framebuffer, worked out from its screen info.
public struct FramebufferLayout: Hashable, Sendable {
    /// The visible screen.
    public var geometry: FramebufferGeometry
    /// Whether two pages fit in the virtual resolution and the driver pans vertically, so
    /// frames are drawn off screen and shown by `FBIOPAN_DISPLAY`; otherwise PanelKit draws
    /// into a shadow buffer and copies the dirty rectangles.
    public var canPageFlip: Bool
    /// Bytes to map.
    public var mappedLength: Int
    /// The driver's name.
    public var driver: String

    /// Checks that PanelKit can draw on this framebuffer and describes how.
    ///
    /// - Throws: ``FramebufferError`` for a depth, channel layout, type or visual PanelKit
    ///   cannot draw.
    package init(
        variable v: FramebufferVariableScreenInfo, fixed f: FramebufferFixedScreenInfo, path: String
    ) throws(FramebufferError) {
        guard f.type == FramebufferFixedScreenInfo.packedPixels else {
            throw .unsupportedVisual(path: path, "framebuffer type \(f.type) is not packed pixels")
        }
        guard f.visual == FramebufferFixedScreenInfo.trueColor || f.visual == FramebufferFixedScreenInfo.directColor else {
            throw .unsupportedVisual(
                path: path, "visual \(f.visual) is not true colour (palette or monochrome modes are not supported)")
        }
        let format: PixelFormat
        do {
            format = try PixelFormat(
                bitsPerPixel: Int(v.bitsPerPixel),
                red: .init(offset: Int(v.red.offset), length: Int(v.red.length)),
                green: .init(offset: Int(v.green.offset), length: Int(v.green.length)),
                blue: .init(offset: Int(v.blue.offset), length: Int(v.blue.length)),
                alpha: .init(offset: Int(v.alpha.offset), length: Int(v.alpha.length)))
        } catch {
            throw .unsupportedFormat(path: path, error)
        }
        let stride = Int(f.strideBytes)
        guard stride >= Int(v.width) * format.bytesPerPixel else {
            throw .unsupportedVisual(path: path, "line_length \(stride) is shorter than a row of \(v.width) pixels")
        }
        let page = stride * Int(v.height)
        guard Int(f.memoryLength) >= page else {
            throw .unsupportedVisual(path: path, "smem_len \(f.memoryLength) is smaller than one screen (\(page) bytes)")
        }
        geometry = FramebufferGeometry(width: Int(v.width), height: Int(v.height), strideBytes: stride, format: format)
        canPageFlip = v.virtualHeight >= 2 * v.height && f.verticalPanStep > 0 && Int(f.memoryLength) >= 2 * page
        mappedLength = Int(f.memoryLength)
        driver = f.driverName
    }
}

/// Screen-info bytes that cannot be parsed.
public enum FramebufferInfoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Fewer bytes than the structure needs.
    case truncated(structure: String, expected: Int, actual: Int)

    public var description: String {
        switch self {
        case .truncated(let structure, let expected, let actual):
            "\(structure) needs \(expected) bytes, got \(actual)"
        }
    }
}

// The kernel fills these structures in host byte order.
private func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
}

private func readUInt16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
    bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt16.self) }
}
