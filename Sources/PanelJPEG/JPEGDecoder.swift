internal import CTurboJPEG
public import PanelGraphics

/// JPEG through libjpeg-turbo's TurboJPEG API (Debian: `libturbojpeg0-dev`), in a module of its
/// own so that an app that shows no JPEG links no libjpeg.
///
/// Baseline and progressive JPEGs of any subsampling decode to RGBA (opaque). The header is read
/// first: an image larger than `Image.maximumDimension` on a side is refused before any pixel is
/// allocated. A truncated or corrupt file is an error (libjpeg's warnings stop the decode), not
/// a half-grey picture.
///
/// ```swift
/// ImageCache.shared.addDecoder(JPEGDecoder())
/// let photo = try ImageCache.shared.image(contentsOfFile: "/srv/kiosk/lobby.jpg")
/// ```
public struct JPEGDecoder: ImageDecoder {
    /// A JPEG decoder.
    public init() {}

    /// The JPEG start-of-image marker and the next marker's first byte: FF D8 FF.
    public func recognizes(_ header: ArraySlice<UInt8>) -> Bool {
        header.starts(with: [0xFF, 0xD8, 0xFF])
    }

    /// Decodes `data` to RGBA.
    /// - Throws: `ImageError.invalidJPEG` with libjpeg's reason;
    ///   `ImageError.tooLarge` past the limit.
    public func decode(_ data: [UInt8]) throws(ImageError) -> Image {
        guard !data.isEmpty, data.count <= Int(UInt32.max) else { throw .invalidJPEG("empty or larger than 4 GiB") }
        guard let handle = tjInitDecompress() else { throw .invalidJPEG("libjpeg-turbo could not start a decoder") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = data.withUnsafeBufferPointer { bytes in
            tjDecompressHeader3(handle, bytes.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw .invalidJPEG(Self.reason(handle)) }
        try Image.checkSize(width: Int(width), height: Int(height))
        let w = Int(width), h = Int(height)
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let status = data.withUnsafeBufferPointer { bytes in
            rgba.withUnsafeMutableBufferPointer { pixels in
                tjDecompress2(
                    handle, bytes.baseAddress, UInt(bytes.count), pixels.baseAddress, width, width * 4, height,
                    Int32(TJPF_RGBA.rawValue), TJFLAG_STOPONWARNING | TJFLAG_ACCURATEDCT)
            }
        }
        guard status == 0 else { throw .invalidJPEG(Self.reason(handle)) }
        return try Image(width: w, height: h, rgba: rgba)
    }

    private static func reason(_ handle: tjhandle) -> String {
        guard let message = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: message)
    }
}
