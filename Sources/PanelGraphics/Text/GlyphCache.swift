/// How big a ``FontFamily``'s glyph cache is (see `GlyphCache`).
public struct GlyphCacheCapacity: Hashable, Sendable {
    /// Entries in the table (rounded up to a power of two; at most three quarters are used).
    public var glyphs: Int
    /// Bytes of 8-bit coverage (at least 4096).
    public var coverageBytes: Int

    /// A cache of `glyphs` entries (16 to 2^20) and `coverageBytes` of coverage (4 KiB to 256 MiB).
    public init(glyphs: Int, coverageBytes: Int) {
        self.glyphs = min(max(glyphs, 16), 1 << 20)
        self.coverageBytes = min(max(coverageBytes, 4096), 1 << 28)
    }

    /// 1024 entries, 1 MiB.
    public static let standard = GlyphCacheCapacity(glyphs: 1024, coverageBytes: 1 << 20)
}

/// Rendered glyphs of a ``FontFamily``, in fixed-size storage made once: a table of
/// ``GlyphCacheCapacity/glyphs`` entries (open addressing) and an arena of ``GlyphCacheCapacity/coverageBytes``
/// bytes of 8-bit coverage. A hit allocates nothing and copies nothing.
///
/// Eviction: when the table is three-quarters full or the arena cannot take the next glyph,
/// the whole cache is emptied and refills as text is drawn. A screen's text is far below the
/// default capacity (1024 glyphs, 1 MiB: about 2000 glyphs of 16 px text), so emptying is
/// rare; it costs one redraw's rasterisation, never an allocation.
struct GlyphCache {
    typealias Capacity = GlyphCacheCapacity

    /// Where a rendered glyph's coverage is and how it sits on the pen position.
    struct Entry {
        /// The key plus one (0: empty).
        var key: UInt64 = 0
        var offset: Int32 = 0
        var width: Int16 = 0
        var height: Int16 = 0
        /// From the pen position to the bitmap's left edge.
        var left: Int16 = 0
        /// From the baseline up to the bitmap's top row.
        var top: Int16 = 0
    }

    private(set) var entries: [Entry]
    /// The coverage bytes: allocated once and not cleared, so the pages become resident only
    /// as glyphs are written into them.
    let arena: GlyphArena
    private var used = 0
    private var arenaUsed = 0
    /// How many times the cache was emptied because it was full.
    private(set) var flushes = 0
    private let mask: Int

    init(capacity: Capacity) {
        var size = 16
        while size < max(capacity.glyphs, 16) { size <<= 1 }
        entries = Array(repeating: Entry(), count: size)
        arena = GlyphArena(count: max(capacity.coverageBytes, 4096))
        mask = size - 1
    }

    static func key(face: Int, size: Int, glyph: UInt32) -> UInt64 {
        (UInt64(truncatingIfNeeded: face & 0xFFFF) << 48 | UInt64(truncatingIfNeeded: size & 0xFFFF) << 32 | UInt64(glyph)) &+ 1
    }

    @inline(__always)
    private func slot(for key: UInt64) -> Int {
        // Fibonacci hashing: the high bits of key × 2⁶⁴/φ.
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    /// The entry for `key`, if cached.
    func lookup(_ key: UInt64) -> Entry? {
        var index = slot(for: key)
        while true {
            let entry = entries[index]
            if entry.key == key { return entry }
            if entry.key == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    /// Whether `bytes` of coverage can ever be cached.
    func canHold(_ bytes: Int) -> Bool { bytes <= arena.count }

    /// Stores a glyph: `fill` writes its `width` × `height` coverage bytes (rows without
    /// padding) into the buffer it is given. Empties the cache first when it is full.
    mutating func insert(
        _ key: UInt64, width: Int, height: Int, left: Int, top: Int, fill: (UnsafeMutableBufferPointer<UInt8>) -> Void
    ) -> Entry {
        let bytes = width * height
        if (used + 1) * 4 > entries.count * 3 || arenaUsed + bytes > arena.count {
            flush()
        }
        let offset = arenaUsed
        fill(UnsafeMutableBufferPointer(start: arena.bytes + offset, count: bytes))
        arenaUsed += bytes
        let entry = Entry(
            key: key, offset: Int32(offset), width: Int16(clamping: width), height: Int16(clamping: height), left: Int16(clamping: left),
            top: Int16(clamping: top))
        var index = slot(for: key)
        while entries[index].key != 0 { index = (index + 1) & mask }
        entries[index] = entry
        used += 1
        return entry
    }

    /// Empties the cache (the storage is kept).
    mutating func flush() {
        for index in entries.indices { entries[index].key = 0 }
        used = 0
        arenaUsed = 0
        flushes += 1
    }

    /// How many glyphs are cached.
    var count: Int { used }
}

/// The glyph cache's coverage storage.
final class GlyphArena {
    let bytes: UnsafeMutablePointer<UInt8>
    let count: Int

    init(count: Int) {
        self.count = count
        bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
    }

    deinit { bytes.deallocate() }

    /// `count` bytes from `offset` (written by the cache before they are read).
    func slice(from offset: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + offset, count: count)
    }
}
