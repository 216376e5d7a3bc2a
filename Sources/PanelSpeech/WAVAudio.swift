public import PanelFiles

/// Mono 16-bit PCM audio, as espeak-ng makes it, with the WAV (RIFF) file format.
public struct WAVAudio: Sendable, Hashable {
    /// Samples per second.
    public var sampleRate: Int
    /// The samples, signed 16-bit.
    public var samples: [Int16]

    /// Audio of `samples` at `sampleRate`.
    public init(sampleRate: Int, samples: [Int16] = []) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// The length in seconds.
    public var duration: Double { sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0 }

    /// The root mean square of the samples, 0 (silence) to 1 (full scale).
    public var rms: Double {
        guard !samples.isEmpty else { return 0 }
        var sum = 0.0
        for sample in samples {
            let x = Double(sample) / 32768
            sum += x * x
        }
        return (sum / Double(samples.count)).squareRoot()
    }

    /// The WAV file's bytes: a RIFF header, a `fmt ` chunk (PCM, 1 channel, 16 bits) and the data.
    public func encoded() -> [UInt8] {
        let dataBytes = UInt32(clamping: samples.count * 2)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + Int(dataBytes))
        func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        let rate = UInt32(clamping: sampleRate)
        append("RIFF"); append32(36 &+ dataBytes); append("WAVE")
        append("fmt "); append32(16); append16(1); append16(1); append32(rate); append32(rate &* 2); append16(2); append16(16)
        append("data"); append32(dataBytes)
        for sample in samples.prefix(Int(dataBytes / 2)) { append16(UInt16(bitPattern: sample)) }
        return bytes
    }

    /// Writes the WAV file atomically.
    /// - Throws: `FileError` naming the path.
    public func write(to path: String) throws(FileError) { try writeFile(path, encoded()) }

    /// Reads a mono 16-bit PCM WAV file.
    /// - Throws: ``WAVError`` when the bytes are not such a file.
    public init(decoding bytes: [UInt8]) throws(WAVError) {
        func u32(_ at: Int) -> UInt32? {
            guard at >= 0, at <= bytes.count - 4 else { return nil }
            return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        func u16(_ at: Int) -> UInt16? {
            guard at >= 0, at <= bytes.count - 2 else { return nil }
            return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
        }
        func tag(_ at: Int) -> String? {
            guard at >= 0, at <= bytes.count - 4 else { return nil }
            return String(decoding: bytes[at ..< at + 4], as: UTF8.self)
        }
        guard tag(0) == "RIFF", tag(8) == "WAVE" else { throw .notWAV }
        var offset = 12
        var rate: Int?
        while let name = tag(offset), let size = u32(offset + 4) {
            let body = offset + 8
            let length = Int(size)
            guard length <= bytes.count - body else { throw .truncated }
            if name == "fmt " {
                guard u16(body) == 1, u16(body + 2) == 1, u16(body + 14) == 16, let r = u32(body + 4) else { throw .unsupportedFormat }
                rate = Int(r)
            } else if name == "data" {
                guard let rate else { throw .unsupportedFormat }
                var samples: [Int16] = []
                samples.reserveCapacity(length / 2)
                var i = body
                while i + 1 < body + length {
                    samples.append(Int16(bitPattern: UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8))
                    i += 2
                }
                self.init(sampleRate: rate, samples: samples)
                return
            }
            offset = body + length + (length & 1)
        }
        throw .truncated
    }
}

/// Why bytes are not a WAV file this module reads.
public enum WAVError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No RIFF/WAVE header.
    case notWAV
    /// Not mono 16-bit PCM.
    case unsupportedFormat
    /// A chunk runs past the end, or there is no data chunk.
    case truncated

    /// What is wrong, in a sentence.
    public var description: String {
        switch self {
        case .notWAV: "not a WAV file (no RIFF/WAVE header)"
        case .unsupportedFormat: "a WAV file, but not mono 16-bit PCM"
        case .truncated: "a WAV file cut short (a chunk runs past the end, or no data chunk)"
        }
    }
}
