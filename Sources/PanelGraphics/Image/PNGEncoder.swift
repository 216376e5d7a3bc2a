internal import CPNGStream
internal import PanelFiles

/// PNG files written a row at a time with libpng's row writer (the `CPNGStream` C target keeps
/// the `setjmp` its errors need): only one row is ever held, whatever the image's size.
enum PNGEncoder {
    /// Encodes a `width` × `height` image of `channels` 8-bit channels (3: RGB, 4: RGBA) whose
    /// row `y` `fillRow` writes into the buffer it is given (`width × channels` bytes).
    ///
    /// - Throws: ``ImageError/cannotEncode(_:)`` with libpng's reason, or for an empty image.
    static func encode(
        width: Int, height: Int, channels: Int, fillRow: (Int, UnsafeMutablePointer<UInt8>) -> Void
    ) throws(ImageError) -> [UInt8] {
        guard width > 0, height > 0, width <= Int(UInt32.max) / channels, height <= Int(UInt32.max) else {
            throw .cannotEncode("a PNG needs a width and height of at least 1 pixel; this one is \(width) × \(height)")
        }
        var row = [UInt8](repeating: 0, count: width * channels)
        var reason = [CChar](repeating: 0, count: 256)
        let result: (status: Int32, output: [UInt8]) = withoutActuallyEscaping(fillRow) { fillRow in
            let stream = RowStream(fillRow: fillRow)
            let status = row.withUnsafeMutableBufferPointer { row in
                reason.withUnsafeMutableBufferPointer { reason in
                    panel_png_encode(
                        UInt32(width), UInt32(height), Int32(channels), row.baseAddress, RowStream.rows, RowStream.sink,
                        Unmanaged.passUnretained(stream).toOpaque(), reason.baseAddress, reason.count)
                }
            }
            return (status, stream.output)
        }
        guard result.status == 0 else {
            throw .cannotEncode(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return result.output
    }

    /// Writes `data` (a PNG file's bytes) to `path` atomically (PanelFiles' `writeFile`).
    ///
    /// - Throws: ``ImageError/cannotWrite(path:reason:)`` naming the path and the fix; the old
    ///   file is then untouched.
    static func write(_ data: [UInt8], to path: String) throws(ImageError) {
        do { try writeFile(path, data) } catch { throw .cannotWrite(path: path, reason: error.reason) }
    }

    /// What the C encoder's callbacks reach through their context pointer: the row source and
    /// the file's bytes so far.
    private final class RowStream {
        let fillRow: (Int, UnsafeMutablePointer<UInt8>) -> Void
        var output: [UInt8] = []

        init(fillRow: @escaping (Int, UnsafeMutablePointer<UInt8>) -> Void) { self.fillRow = fillRow }

        static let rows: panel_png_row_source = { context, y, row in
            guard let context, let row else { return }
            Unmanaged<RowStream>.fromOpaque(context).takeUnretainedValue().fillRow(Int(y), row)
        }

        static let sink: panel_png_sink = { context, bytes, count in
            guard let context, let bytes else { return }
            Unmanaged<RowStream>.fromOpaque(context).takeUnretainedValue().output.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
        }
    }
}
