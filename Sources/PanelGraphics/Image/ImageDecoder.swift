/// A decoder of one image format, chosen by the file's first bytes: ``PNGDecoder`` here,
/// `JPEGDecoder` in the PanelJPEG module (so an app that shows no JPEG links no libjpeg).
public protocol ImageDecoder: Sendable {
    /// Whether `header` (the first bytes of the data, up to 16) starts an image of this format.
    func recognizes(_ header: ArraySlice<UInt8>) -> Bool
    /// Decodes the whole data to RGBA.
    /// - Throws: an ``ImageError`` naming what is wrong (corrupt, truncated, too large).
    func decode(_ data: [UInt8]) throws(ImageError) -> Image
}

/// PNG through libpng (`Image(pngData:)`).
public struct PNGDecoder: ImageDecoder {
    /// A PNG decoder.
    public init() {}

    /// The PNG signature: 89 50 4E 47 0D 0A 1A 0A.
    public func recognizes(_ header: ArraySlice<UInt8>) -> Bool {
        header.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// Decodes with libpng.
    public func decode(_ data: [UInt8]) throws(ImageError) -> Image {
        try Image(pngData: data)
    }
}

extension Image {
    /// Decodes `data` with the first of `decoders` that recognises its header.
    /// - Throws: ``ImageError/unknownFormat(_:)`` when none does; the decoder's error otherwise.
    public init(data: [UInt8], decoders: [any ImageDecoder]) throws(ImageError) {
        let header = data.prefix(16)
        guard let decoder = decoders.first(where: { $0.recognizes(header) }) else {
            throw .unknownFormat(Image.describe(header))
        }
        self = try decoder.decode(data)
    }

    /// The first bytes in hex, and what they look like.
    static func describe(_ header: ArraySlice<UInt8>) -> String {
        if header.isEmpty { return "an empty file" }
        let hex = header.prefix(4).map { byte -> String in
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }
        return "it starts with \(hex.joined(separator: " "))"
    }
}
