internal import CPNGStream
internal import PanelFiles

extension PixelBuffer {
    /// The pixels encoded as a PNG file (8-bit RGB, opaque), a row at a time.
    ///
    /// Unlike `Image(pixels).pngData()`, no copy of the whole image is made: each row is
    /// converted into one row's buffer, then filtered and compressed by libpng. A screenshot
    /// of an 800 × 480 screen costs a 2.4 kB row and zlib's state, not a 1.5 MB copy.
    ///
    /// - Throws: ``ImageError/cannotEncode(_:)`` with libpng's reason (an empty buffer has no
    ///   PNG form).
    public func pngData() throws(ImageError) -> [UInt8] {
        guard width > 0, height > 0, width <= Int(UInt32.max / 3), height <= Int(UInt32.max) else {
            throw .cannotEncode("a PNG needs a width and height of at least 1 pixel; this one is \(width) × \(height)")
        }
        let stream = PNGRowStream(pixels: self)
        var row = [UInt8](repeating: 0, count: width * 3)
        var reason = [CChar](repeating: 0, count: 256)
        let status = row.withUnsafeMutableBufferPointer { row in
            reason.withUnsafeMutableBufferPointer { reason in
                panel_png_encode_rgb(
                    UInt32(width), UInt32(height), row.baseAddress, PNGRowStream.rows, PNGRowStream.sink,
                    Unmanaged.passUnretained(stream).toOpaque(), reason.baseAddress, reason.count)
            }
        }
        guard status == 0 else {
            throw .cannotEncode(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return stream.output
    }

    /// Writes the pixels to a PNG file, a row at a time (see ``pngData()``), replacing the file
    /// atomically: a crash or a power cut leaves the old file or the new one, whole.
    ///
    /// - Throws: ``ImageError/cannotWrite(path:reason:)`` naming the path and the fix (a
    ///   read-only filesystem, a full disk, a permission); the old file is then untouched.
    public func writePNG(to path: String) throws(ImageError) {
        let data = try pngData()
        do { try writeFile(path, data) } catch { throw .cannotWrite(path: path, reason: error.reason) }
    }

    /// Row `y` as red, green, blue bytes into `rgb` (`width × 3` bytes).
    func copyRGBRow(_ y: Int, into rgb: UnsafeMutablePointer<UInt8>) {
        for x in 0 ..< width {
            let c = color(x: x, y: y)
            rgb[x * 3] = c.red
            rgb[x * 3 + 1] = c.green
            rgb[x * 3 + 2] = c.blue
        }
    }
}

/// What the C encoder's callbacks reach through their context pointer: the pixels being
/// encoded and the file's bytes so far.
private final class PNGRowStream {
    let pixels: PixelBuffer
    var output: [UInt8] = []

    init(pixels: PixelBuffer) { self.pixels = pixels }

    static let rows: panel_png_row_source = { context, y, rgb in
        guard let context, let rgb else { return }
        let stream = Unmanaged<PNGRowStream>.fromOpaque(context).takeUnretainedValue()
        stream.pixels.copyRGBRow(Int(y), into: rgb)
    }

    static let sink: panel_png_sink = { context, bytes, count in
        guard let context, let bytes else { return }
        let stream = Unmanaged<PNGRowStream>.fromOpaque(context).takeUnretainedValue()
        stream.output.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }
}
