/// Pixels PanelKit owns: a buffer allocated once, with a stride that may be wider than a row.
///
/// Used for off-screen drawing, the shadow buffer of a rotated display, and tests.
public final class Bitmap {
    private let storage: UnsafeMutableRawPointer
    private let byteCount: Int
    /// The pixels, valid for the bitmap's lifetime; do not keep the view past it.
    public let pixels: PixelBuffer

    /// Allocates a bitmap filled with zero bytes (black).
    ///
    /// - Parameters:
    ///   - width: pixels per row.
    ///   - height: rows.
    ///   - format: how each pixel is stored.
    ///   - strideBytes: bytes per row; nil means `width × bytesPerPixel`.
    public init(width: Int, height: Int, format: PixelFormat, strideBytes: Int? = nil) {
        let stride = strideBytes ?? width * format.bytesPerPixel
        byteCount = max(stride * height, 1)
        storage = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        pixels = PixelBuffer(baseAddress: storage, width: width, height: height, strideBytes: stride, format: format)
    }

    deinit { storage.deallocate() }

    /// Pixels per row.
    public var width: Int { pixels.width }
    /// Rows.
    public var height: Int { pixels.height }
    /// The pixel format.
    public var format: PixelFormat { pixels.format }

    /// Calls `body` with a canvas over the whole bitmap.
    public func withCanvas<R, E: Error>(_ body: (inout Canvas) throws(E) -> R) throws(E) -> R {
        var canvas = Canvas(pixels)
        return try body(&canvas)
    }

    /// The colour at (`x`, `y`).
    public func color(x: Int, y: Int) -> Color { pixels.color(x: x, y: y) }
}

extension PixelBuffer {
    /// The first pixel (row by row) whose colour differs from `other`'s, or nil when the two
    /// show the same image. Buffers of different sizes differ at (0, 0).
    public func firstDifference(from other: PixelBuffer) -> (x: Int, y: Int)? {
        guard width == other.width, height == other.height else { return (0, 0) }
        for y in 0 ..< height {
            for x in 0 ..< width where color(x: x, y: y) != other.color(x: x, y: y) {
                return (x, y)
            }
        }
        return nil
    }

    /// The image as straight RGBA bytes, row after row without padding (for PNG files).
    public func rgbaBytes() -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(width * height * 4)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let c = color(x: x, y: y)
                bytes.append(c.red)
                bytes.append(c.green)
                bytes.append(c.blue)
                bytes.append(255)
            }
        }
        return bytes
    }
}
