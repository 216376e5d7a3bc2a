internal import CQRencode

/// A QR code's modules (its black and white squares), encoded by libqrencode (Debian:
/// `libqrencode-dev`) from text: the smallest version (21 × 21 up to 177 × 177 modules) that
/// holds the text at the error-correction level asked for.
public struct QRCode: Hashable, Sendable {
    /// How much of the code may be damaged or covered and still read: L about 7 %, M 15 %,
    /// Q 25 %, H 30 %. Higher levels hold less text.
    public enum ErrorCorrection: Hashable, Sendable, CaseIterable {
        case low, medium, quartile, high

        /// The most bytes of text (UTF-8) a version-40 code holds at this level.
        public var capacity: Int {
            switch self {
            case .low: 2953
            case .medium: 2331
            case .quartile: 1663
            case .high: 1273
            }
        }

        var level: QRecLevel {
            switch self {
            case .low: QR_ECLEVEL_L
            case .medium: QR_ECLEVEL_M
            case .quartile: QR_ECLEVEL_Q
            case .high: QR_ECLEVEL_H
            }
        }
    }

    /// The modules per side (21 for version 1 … 177 for version 40).
    public let size: Int
    /// The version, 1…40.
    public let version: Int
    /// The level it was encoded at.
    public let errorCorrection: ErrorCorrection
    /// `size × size` modules, row by row: true is dark.
    public let modules: [Bool]

    /// Encodes `text` (as UTF-8 bytes; digits and capitals pack tighter, as libqrencode finds).
    /// - Throws: ``QRCodeError/tooLong(bytes:capacity:level:)`` when no version holds it;
    ///   ``QRCodeError/empty`` for empty text.
    public init(_ text: String, errorCorrection: ErrorCorrection = .medium) throws(QRCodeError) {
        let bytes = text.utf8.count
        guard bytes > 0 else { throw .empty }
        guard bytes <= errorCorrection.capacity else {
            throw .tooLong(bytes: bytes, capacity: errorCorrection.capacity, level: errorCorrection)
        }
        // libqrencode stops at NUL: such text goes in byte by byte.
        let code: UnsafeMutablePointer<QRcode>? =
            text.utf8.contains(0)
            ? Array(text.utf8).withUnsafeBufferPointer { QRcode_encodeData(Int32($0.count), $0.baseAddress, 0, errorCorrection.level) }
            : QRcode_encodeString(text, 0, errorCorrection.level, QR_MODE_8, 1)
        guard let code else {
            // ERANGE: the mode mix needed more room than the byte estimate above allowed.
            throw .tooLong(bytes: bytes, capacity: errorCorrection.capacity, level: errorCorrection)
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        size = width
        version = Int(code.pointee.version)
        self.errorCorrection = errorCorrection
        // Bit 0 of each byte is the module's colour (the other bits say what the module is).
        let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        modules = data.map { $0 & 1 == 1 }
    }

    /// Whether the module at column `x`, row `y` is dark (false outside the code).
    public func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }
}

/// Why text could not become a QR code.
public enum QRCodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// More text than the largest code (version 40) holds at the level.
    case tooLong(bytes: Int, capacity: Int, level: QRCode.ErrorCorrection)
    /// No text.
    case empty

    /// What went wrong and the fix.
    public var description: String {
        switch self {
        case .tooLong(let bytes, let capacity, let level):
            "text of \(bytes) bytes does not fit a QR code: the largest (version 40) holds \(capacity) bytes at error correction \(level); shorten it (a URL to the rest) or use a lower level"
        case .empty: "a QR code needs some text"
        }
    }
}
