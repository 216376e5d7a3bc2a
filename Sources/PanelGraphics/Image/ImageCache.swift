internal import PanelFiles
internal import Synchronization

/// Decoded images kept for reuse within a memory budget: a photo shown again is not decoded
/// again.
///
/// The budget counts decoded bytes (`width × height × 4` per image). When an insertion would
/// pass it, the least recently used images are dropped until it fits; an image larger than the
/// whole budget is decoded and returned but not kept. Images come from a file path (the key is
/// the path) or from bytes in memory (the key is the caller's). Decoders are chosen by the
/// data's first bytes: PNG always; add `JPEGDecoder()` from PanelJPEG for JPEG.
///
/// Thread-safe: a background decode (`ImageView`'s asynchronous load) and the UI thread share
/// one cache. A lookup that hits allocates nothing.
public final class ImageCache: Sendable {
    /// The default cache: 32 MiB, PNG only until a decoder is added.
    public static let shared = ImageCache(byteBudget: 32 << 20)

    private struct Entry {
        var image: Image
        var bytes: Int
        var lastUse: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var decoders: [any ImageDecoder] = [PNGDecoder()]
        var used = 0
        var tick: UInt64 = 0
        var hits: UInt64 = 0
        var misses: UInt64 = 0
    }

    private let state = Mutex(State())
    /// The most decoded bytes kept.
    public let byteBudget: Int

    /// A cache that keeps at most `byteBudget` decoded bytes (at least 0).
    public init(byteBudget: Int) {
        self.byteBudget = max(byteBudget, 0)
    }

    /// Adds a decoder, consulted after those already there.
    public func addDecoder(_ decoder: any ImageDecoder) {
        state.withLock { $0.decoders.append(decoder) }
    }

    /// The decoded bytes kept now.
    public var usedBytes: Int { state.withLock { $0.used } }
    /// How many images are kept.
    public var count: Int { state.withLock { $0.entries.count } }
    /// Lookups that found their image, and lookups that decoded.
    public var statistics: (hits: UInt64, misses: UInt64) { state.withLock { ($0.hits, $0.misses) } }

    /// The kept image for `key`, if any (it becomes the most recently used).
    public func cachedImage(forKey key: String) -> Image? {
        state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            state.tick &+= 1
            entry.lastUse = state.tick
            state.entries[key] = entry
            state.hits &+= 1
            return entry.image
        }
    }

    /// The image in the file at `path`: kept, or read, decoded and kept.
    /// - Throws: ``ImageError/cannotRead(path:reason:)`` naming the file and why (missing,
    ///   unreadable, corrupt, truncated, too large, not an image).
    public func image(contentsOfFile path: String) throws(ImageError) -> Image {
        if let image = cachedImage(forKey: path) { return image }
        let data: [UInt8]
        do {
            data = try readFileBytes(path)
        } catch {
            throw .cannotRead(path: path, reason: "\(error)")
        }
        do {
            return try insert(decode(data), forKey: path)
        } catch {
            throw .cannotRead(path: path, reason: "\(error)")
        }
    }

    /// The image in `data`, kept under `key`.
    /// - Throws: the decoder's ``ImageError``, or ``ImageError/unknownFormat(_:)``.
    public func image(data: [UInt8], key: String) throws(ImageError) -> Image {
        if let image = cachedImage(forKey: key) { return image }
        return try insert(decode(data), forKey: key)
    }

    /// Drops the image kept for `key`.
    public func removeImage(forKey key: String) {
        state.withLock { state in
            if let entry = state.entries.removeValue(forKey: key) { state.used -= entry.bytes }
        }
    }

    /// Drops every image.
    public func removeAll() {
        state.withLock { state in
            state.entries.removeAll()
            state.used = 0
        }
    }

    private func decode(_ data: [UInt8]) throws(ImageError) -> Image {
        let decoders = state.withLock { state in
            state.misses &+= 1
            return state.decoders
        }
        return try Image(data: data, decoders: decoders)
    }

    /// Keeps `image` (if it fits the budget at all), dropping the least recently used first.
    private func insert(_ image: Image, forKey key: String) -> Image {
        let bytes = image.rgba.count
        guard bytes <= byteBudget else { return image }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.used -= old.bytes }
            while state.used + bytes > byteBudget, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.used -= oldest.value.bytes
                state.entries.removeValue(forKey: oldest.key)
            }
            state.tick &+= 1
            state.entries[key] = Entry(image: image, bytes: bytes, lastUse: state.tick)
            state.used += bytes
        }
        return image
    }
}
