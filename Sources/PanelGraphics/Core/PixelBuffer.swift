public import PanelCore

/// A view of pixels someone else owns: a base address, a size, a stride and a format.
///
/// Framebuffers and ``Bitmap``s hand one out only inside a closure; it must not escape it.
public struct PixelBuffer {
    /// The first byte of the top row.
    public let baseAddress: UnsafeMutableRawPointer
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Bytes from one row to the next; at least `width × bytesPerPixel`, often more (fbdev's
    /// `line_length`).
    public let strideBytes: Int
    /// The pixel format.
    public let format: PixelFormat

    /// Wraps memory as pixels. `baseAddress` must hold `height` rows of `strideBytes`.
    public init(
        baseAddress: UnsafeMutableRawPointer, width: Int, height: Int, strideBytes: Int,
        format: PixelFormat
    ) {
        precondition(width >= 0 && height >= 0, "negative pixel buffer size")
        precondition(strideBytes >= width * format.bytesPerPixel, "stride shorter than a row")
        self.baseAddress = baseAddress
        self.width = width
        self.height = height
        self.strideBytes = strideBytes
        self.format = format
    }

    /// The whole buffer as a rectangle.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The address of pixel (`x`, `y`); no bounds check.
    @inlinable
    public func address(x: Int, y: Int) -> UnsafeMutableRawPointer {
        baseAddress + y * strideBytes + x * format.bytesPerPixel
    }

    /// The raw pixel word at (`x`, `y`).
    public func word(x: Int, y: Int) -> UInt32 {
        precondition(bounds.contains(x: x, y: y), "pixel (\(x), \(y)) outside \(width)×\(height)")
        let p = address(x: x, y: y)
        return format.bytesPerPixel == 4 ? p.loadUnaligned(as: UInt32.self) : UInt32(p.loadUnaligned(as: UInt16.self))
    }

    /// The colour shown at (`x`, `y`).
    public func color(x: Int, y: Int) -> Color { format.decode(word(x: x, y: y)) }

    /// Copies `rect` (clipped to both buffers) from `source` at the same position. Both must
    /// have the same format.
    public func copy(_ rect: PixelRect, from source: PixelBuffer) {
        precondition(source.format == format, "copy between different pixel formats")
        let area = rect.intersection(bounds).intersection(source.bounds)
        guard !area.isEmpty else { return }
        let bytes = area.width * format.bytesPerPixel
        for y in area.y ..< area.maxY {
            address(x: area.x, y: y).copyMemory(from: source.address(x: area.x, y: y), byteCount: bytes)
        }
    }

    /// Copies `rect` of `source` (a buffer in the UI's orientation) into this buffer (the
    /// panel's native orientation), turned by `rotation` as `TouchscreenTransform` turns
    /// touches, so a touch lands on what is drawn under it. `source` must be this buffer's size
    /// turned by `rotation`. Returns the rectangle written here.
    @discardableResult
    public func copyRotated(_ rect: PixelRect, from source: PixelBuffer, rotation: Rotation) -> PixelRect {
        precondition(source.format == format, "copy between different pixel formats")
        let area = rect.intersection(source.bounds)
        guard !area.isEmpty else { return .zero }
        if rotation == .degrees0 {
            copy(area, from: source)
            return area.intersection(bounds)
        }
        let quarterTurn = rotation == .degrees90 || rotation == .degrees270
        precondition(
            source.width == (quarterTurn ? height : width) && source.height == (quarterTurn ? width : height),
            "rotated copy needs a source of the panel's size turned by \(rotation)")
        // UI pixel (ux, uy) → panel pixel (px, py), the inverse of TouchscreenTransform.apply.
        // Along a UI row the panel address moves by a fixed step, so each row is one walk.
        let maxX = width - 1
        let maxY = height - 1
        let bpp = format.bytesPerPixel
        let step: Int
        switch rotation {
        case .degrees0: step = bpp
        case .degrees90: step = strideBytes  // py = ux
        case .degrees180: step = -bpp  // px = maxX - ux
        case .degrees270: step = -strideBytes  // py = maxY - ux
        }
        for uy in area.y ..< area.maxY {
            var dst: UnsafeMutableRawPointer
            switch rotation {
            case .degrees0: dst = address(x: area.x, y: uy)
            case .degrees90: dst = address(x: maxX - uy, y: area.x)
            case .degrees180: dst = address(x: maxX - area.x, y: maxY - uy)
            case .degrees270: dst = address(x: uy, y: maxY - area.x)
            }
            var src = source.address(x: area.x, y: uy)
            if bpp == 4 {
                for _ in 0 ..< area.width {
                    dst.storeBytes(of: src.loadUnaligned(as: UInt32.self), as: UInt32.self)
                    src += 4
                    dst += step
                }
            } else {
                for _ in 0 ..< area.width {
                    dst.storeBytes(of: src.loadUnaligned(as: UInt16.self), as: UInt16.self)
                    src += 2
                    dst += step
                }
            }
        }
        return Self.rotated(area, rotation: rotation, panelWidth: width, panelHeight: height)
            .intersection(bounds)
    }

    /// Where a UI-space rectangle lies on a panel of the given native size.
    public static func rotated(_ r: PixelRect, rotation: Rotation, panelWidth: Int, panelHeight: Int) -> PixelRect {
        switch rotation {
        case .degrees0: r
        case .degrees90: PixelRect(x: panelWidth - r.maxY, y: r.x, width: r.height, height: r.width)
        case .degrees180: PixelRect(x: panelWidth - r.maxX, y: panelHeight - r.maxY, width: r.width, height: r.height)
        case .degrees270: PixelRect(x: r.y, y: panelHeight - r.maxX, width: r.height, height: r.width)
        }
    }
}
