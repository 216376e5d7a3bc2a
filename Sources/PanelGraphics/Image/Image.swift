internal import CPNG

/// An image in straight (not premultiplied) RGBA, 8 bits per channel, rows without padding.
///
/// Load PNG files (through the system's libpng, Debian package `libpng-dev`) or wrap raw RGBA;
/// draw with ``Canvas/drawImage(_:in:)``; write PNG files, for instance a screenshot of a
/// framebuffer made with ``init(_:)``.
public struct Image: Sendable, Equatable {
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha per pixel.
    public let rgba: [UInt8]
    /// Whether every pixel's alpha is 255 (a photo): found once when the image is made, so a
    /// canvas copies its rows instead of blending each pixel.
    public let isOpaque: Bool

    /// Whether every fourth byte of `rgba` (the alpha) is 255.
    static func allOpaque(_ rgba: [UInt8]) -> Bool {
        rgba.withUnsafeBufferPointer { bytes in
            var all: UInt8 = 255
            var i = 3
            while i < bytes.count {
                all &= bytes[i]
                i += 4
            }
            return all == 255
        }
    }

    /// Wraps raw RGBA bytes.
    ///
    /// - Throws: ``ImageError/sizeMismatch(expected:actual:)`` when `rgba` does not hold
    ///   exactly `width × height × 4` bytes.
    public init(width: Int, height: Int, rgba: [UInt8]) throws(ImageError) {
        guard width >= 0, height >= 0, rgba.count == width * height * 4 else {
            throw .sizeMismatch(expected: max(width, 0) * max(height, 0) * 4, actual: rgba.count)
        }
        self.width = width
        self.height = height
        self.rgba = rgba
        isOpaque = Self.allOpaque(rgba)
    }

    /// A copy of what `pixels` shows, opaque: a screenshot.
    public init(_ pixels: PixelBuffer) {
        width = pixels.width
        height = pixels.height
        rgba = pixels.rgbaBytes()
        isOpaque = true
    }

    /// The largest width or height a decoder accepts: 8192 pixels (a 8192 × 8192 image is
    /// 256 MiB of RGBA). A larger image is refused from its header, before any pixel is
    /// allocated (``ImageError/tooLarge(width:height:limit:)``).
    public static let maximumDimension = 8192

    /// Refuses a size from a header that is empty or past ``maximumDimension``.
    public static func checkSize(width: Int, height: Int) throws(ImageError) {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        guard width <= maximumDimension, height <= maximumDimension else {
            throw .tooLarge(width: width, height: height, limit: maximumDimension)
        }
    }

    /// Decodes a PNG file's bytes (any colour type and depth; converted to 8-bit RGBA).
    ///
    /// - Throws: ``ImageError/invalidPNG(_:)`` with libpng's reason;
    ///   ``ImageError/tooLarge(width:height:limit:)`` past ``maximumDimension``.
    public init(pngData: [UInt8]) throws(ImageError) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = pngData.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard began != 0 else { throw .invalidPNG(Self.message(of: &image)) }
        do {
            try Self.checkSize(width: Int(image.width), height: Int(image.height))
        } catch {
            png_image_free(&image)
            throw error
        }
        try self.init(finishing: &image) { image, buffer, stride in
            // The memory must stay valid until finish_read: it is read again there.
            pngData.withUnsafeBytes { _ in png_image_finish_read(&image, nil, buffer, stride, nil) }
        }
    }

    /// Reads a PNG file.
    ///
    /// - Throws: ``ImageError/cannotRead(path:reason:)`` when the file is missing or not a
    ///   PNG.
    public init(contentsOfFile path: String) throws(ImageError) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw .cannotRead(path: path, reason: Self.message(of: &image))
        }
        do {
            try Self.checkSize(width: Int(image.width), height: Int(image.height))
        } catch {
            png_image_free(&image)
            throw .cannotRead(path: path, reason: "\(error)")
        }
        do {
            try self.init(finishing: &image) { image, buffer, stride in
                png_image_finish_read(&image, nil, buffer, stride, nil)
            }
        } catch {
            throw .cannotRead(path: path, reason: "\(error)")
        }
    }

    private init(
        finishing image: inout png_image,
        _ finish: (inout png_image, UnsafeMutableRawPointer, Int32) -> Int32
    ) throws(ImageError) {
        image.format = panel_png_format_rgba
        let w = Int(image.width)
        let h = Int(image.height)
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        let ok = bytes.withUnsafeMutableBytes { raw in finish(&image, raw.baseAddress!, Int32(w * 4)) }
        guard ok != 0 else {
            let reason = Self.message(of: &image)
            png_image_free(&image)
            throw .invalidPNG(reason)
        }
        width = w
        height = h
        rgba = bytes
        isOpaque = Self.allOpaque(bytes)
    }

    /// The image encoded as a PNG file (8-bit RGBA), a row at a time.
    ///
    /// - Throws: ``ImageError/cannotEncode(_:)`` with libpng's reason (an empty image has no
    ///   PNG form).
    public func pngData() throws(ImageError) -> [UInt8] {
        try rgba.withUnsafeBufferPointer { (pixels) throws(ImageError) in
            try PNGEncoder.encode(width: width, height: height, channels: 4) { y, row in
                guard let base = pixels.baseAddress else { return }
                row.update(from: base + y * width * 4, count: width * 4)
            }
        }
    }

    /// Writes the image to a PNG file, replacing it atomically: a crash or a power cut leaves
    /// the old file or the new one, whole (PanelFiles' `writeFile`).
    ///
    /// - Throws: ``ImageError/cannotWrite(path:reason:)`` naming the path and the fix (a
    ///   read-only filesystem, a full disk, a permission); the old file is then untouched.
    public func writePNG(to path: String) throws(ImageError) {
        try PNGEncoder.write(pngData(), to: path)
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The colour of pixel (`x`, `y`).
    public func color(x: Int, y: Int) -> Color {
        let i = (y * width + x) * 4
        return Color(red: rgba[i], green: rgba[i + 1], blue: rgba[i + 2], alpha: rgba[i + 3])
    }
}

/// Why an image could not be made, read or written.
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Raw RGBA of the wrong length.
    case sizeMismatch(expected: Int, actual: Int)
    /// The bytes are not a PNG libpng can decode.
    case invalidPNG(String)
    /// A file could not be opened or decoded.
    case cannotRead(path: String, reason: String)
    /// libpng refused to encode the image.
    case cannotEncode(String)
    /// A file could not be written.
    case cannotWrite(path: String, reason: String)
    /// An image larger than ``Image/maximumDimension`` on a side (refused from its header).
    case tooLarge(width: Int, height: Int, limit: Int)
    /// A header with no pixels (a zero or negative side).
    case invalidSize(width: Int, height: Int)
    /// The bytes are not a JPEG the decoder can read (truncated, corrupt).
    case invalidJPEG(String)
    /// The bytes are in no format a decoder was given for (their first bytes say which).
    case unknownFormat(String)

    /// What went wrong and, where there is one, the fix.
    public var description: String {
        switch self {
        case .sizeMismatch(let expected, let actual):
            "raw RGBA image needs \(expected) bytes (width × height × 4) but got \(actual)"
        case .invalidPNG(let reason): "not a valid PNG: \(reason)"
        case .cannotRead(let path, let reason): "cannot read PNG \(path): \(reason)"
        case .cannotEncode(let reason): "cannot encode PNG: \(reason)"
        case .cannotWrite(let path, let reason):
            "cannot write PNG \(path): \(reason)"
        case .tooLarge(let width, let height, let limit):
            "image of \(width) × \(height) pixels is larger than \(limit) × \(limit); scale it down before putting it on the panel"
        case .invalidSize(let width, let height):
            "image header gives \(width) × \(height) pixels: the file is damaged"
        case .invalidJPEG(let reason): "not a valid JPEG: \(reason)"
        case .unknownFormat(let header):
            "not an image PanelKit can decode (\(header)); use PNG, or JPEG with PanelJPEG's decoder"
        }
    }
}
