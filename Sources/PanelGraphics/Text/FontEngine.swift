internal import CFreeType
internal import CHarfBuzz

/// One glyph of shaped text: which typeface draws it, where it goes, and which character it
/// came from (for line breaking).
struct ShapedGlyph {
    var glyph: UInt32
    var face: UInt16
    /// The first byte of its cluster in the UTF-8 text.
    var cluster: UInt32
    /// The first character of its cluster.
    var scalar: UInt32
    /// Pen advance and offsets, in 26.6 fixed point (64ths of a pixel).
    var advance: Int32
    var xOffset: Int32
    var yOffset: Int32
    /// Its embedding level from the Unicode Bidirectional Algorithm: odd is right to left.
    var level: UInt8 = 0
}

/// A family's FreeType and HarfBuzz state, glyph cache and reusable buffers.
///
/// The one instance of each family is made inside the family's `Mutex` and reachable only
/// through its `withLock`, so no two threads ever use it at once. It is marked Sendable
/// because the region checker cannot see that: the text bytes and the canvas handed to it
/// inside the lock are unsafe pointers, which would otherwise tie the engine to the caller.
final class FontEngine: @unchecked Sendable {
    private let library: FT_Library
    /// FreeType's and HarfBuzz's functions (loaded on first use).
    private let ft: FreeType
    private let hb: HarfBuzz
    private var faces: [FT_Face] = []
    private var shapers: [OpaquePointer] = []
    private let buffer: OpaquePointer
    /// The pixel size each face is set to now.
    private var faceSizes: [Int]
    var cache: GlyphCache
    /// The shaped glyphs of the text being laid out (capacity kept between calls).
    var glyphs: [ShapedGlyph] = []
    /// Its lines (capacity kept between calls).
    var lines: [ShapedLine] = []
    /// The line-break mode of the layout being made.
    var mode = LineBreakMode.byTruncatingTail
    /// The paragraph being shaped, when it needs the bidi algorithm: its characters and their
    /// embedding levels (capacity kept between calls).
    private var scalars: [UInt32] = []
    private var levels: [UInt8] = []
    var bidi = BidiResolver()
    /// A line's glyphs in visual order (-1 is the ellipsis) and their levels, while it is
    /// reordered for drawing (capacity kept between calls).
    var visualOrder: [Int32] = []
    var visualLevels: [UInt8] = []

    init(typefaces: [Typeface], capacity: GlyphCacheCapacity) throws(FontError) {
        ft = try FreeType.shared.get()
        hb = try HarfBuzz.shared.get()
        var library: FT_Library?
        guard ft.initFreeType(&library) == 0, let library else {
            throw .cannotOpen(path: typefaces[0].path, reason: "FreeType could not start")
        }
        self.library = library
        guard let buffer = hb.bufferCreate() else {
            _ = ft.doneFreeType(library)
            throw .shaperUnavailable(library: HarfBuzz.soname, reason: "it could not make a buffer (out of memory)")
        }
        self.buffer = buffer
        faceSizes = Array(repeating: 0, count: typefaces.count)
        cache = GlyphCache(capacity: capacity)
        for typeface in typefaces {
            let face = try Typeface.openFace(ft, library: library, path: typeface.path, index: typeface.index)
            faces.append(face)
            // HarfBuzz maps the same file for its shaping tables.
            let blob = hb.blobCreateFromFileOrFail(typeface.path)
            guard let blob else { throw .cannotOpen(path: typeface.path, reason: "HarfBuzz could not map it") }
            let hbFace = hb.faceCreate(blob, UInt32(typeface.index))
            hb.blobDestroy(blob)
            let font = hb.fontCreate(hbFace)
            hb.faceDestroy(hbFace)
            guard let font else { throw .notAFont(path: typeface.path, reason: "HarfBuzz could not read it") }
            shapers.append(font)
        }
        glyphs.reserveCapacity(256)
        lines.reserveCapacity(16)
        scalars.reserveCapacity(256)
    }

    deinit {
        for font in shapers { hb.fontDestroy(font) }
        hb.bufferDestroy(buffer)
        for face in faces { _ = ft.doneFace(face) }
        _ = ft.doneFreeType(library)
    }

    var faceCount: Int { faces.count }

    private func setSize(_ size: Int, face index: Int) {
        guard faceSizes[index] != size else { return }
        _ = ft.setPixelSizes(faces[index], 0, FT_UInt(size))
        hb.fontSetScale(shapers[index], Int32(size * 64), Int32(size * 64))
        faceSizes[index] = size
    }

    /// The first typeface's line metrics at `size`, in whole pixels.
    func metrics(size: Int) -> (ascent: Int, descent: Int, lineHeight: Int) {
        setSize(size, face: 0)
        let m = faces[0].pointee.size.pointee.metrics
        let ascent = Int((m.ascender + 63) >> 6)
        let descent = Int((-m.descender + 63) >> 6)
        let height = Int((m.height + 63) >> 6)
        return (ascent, descent, max(height, ascent + descent))
    }

    /// The typeface that draws `scalar`: `preferred` if it has it, else the first that does;
    /// nil when none has it.
    private func face(for scalar: UInt32, preferring preferred: Int) -> Int? {
        if ft.getCharIndex(faces[preferred], FT_ULong(scalar)) != 0 { return preferred }
        for index in faces.indices where index != preferred && ft.getCharIndex(faces[index], FT_ULong(scalar)) != 0 {
            return index
        }
        return nil
    }

    /// Shapes the paragraph `range` of `text` at `size` and appends its glyphs to ``glyphs`` in
    /// logical order; returns its paragraph level and whether any glyph is not at level 0.
    ///
    /// A paragraph with a right-to-left character or a bidi control gets its embedding levels
    /// from the Unicode Bidirectional Algorithm (``BidiResolver``). Runs of characters at one
    /// level that one typeface draws are shaped together (so kerning, ligatures and Arabic
    /// joining work across them), each in its direction; a character no typeface has becomes
    /// the first typeface's missing glyph (0), drawn as a box.
    func shape(_ text: UnsafeBufferPointer<UInt8>, range: Range<Int>, size: Int) -> (paragraphLevel: UInt8, reorders: Bool) {
        guard !range.isEmpty else { return (0, false) }
        let significant = needsBidi(text, range)
        var paragraphLevel: UInt8 = 0
        if significant {
            scalars.removeAll(keepingCapacity: true)
            var position = range.lowerBound
            while position < range.upperBound {
                let (scalar, length) = UTF8Decoding.scalar(in: text, at: position)
                scalars.append(scalar)
                position += length
            }
            paragraphLevel = scalars.withUnsafeBufferPointer { bidi.resolve($0, direction: .auto, into: &levels) }
        }
        var reorders = false
        var runStart = range.lowerBound
        var runFace = 0
        var runLevel: UInt8 = 0
        var position = range.lowerBound
        var index = 0
        while position < range.upperBound {
            let (scalar, length) = UTF8Decoding.scalar(in: text, at: position)
            let level = significant && index < levels.count ? levels[index] : 0
            if level != 0 { reorders = true }
            // Spaces and marks stay with the run they are in when its typeface has them.
            let chosen = face(for: scalar, preferring: runFace) ?? 0
            if index == 0 {
                runFace = chosen
                runLevel = level
            } else if chosen != runFace || level != runLevel {
                shapeRun(text, start: runStart, end: position, face: runFace, level: runLevel, size: size)
                runStart = position
                runFace = chosen
                runLevel = level
            }
            position += length
            index += 1
        }
        shapeRun(text, start: runStart, end: range.upperBound, face: runFace, level: runLevel, size: size)
        return (paragraphLevel, reorders)
    }

    /// Whether `range` has a character that can make it anything but one left-to-right run
    /// (``BidiResolver/isSignificant(_:)``). Every such character is U+0590 or above, whose
    /// UTF-8 starts with 0xD6 or more: left-to-right text is passed over byte by byte.
    private func needsBidi(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var position = range.lowerBound
        while position < range.upperBound {
            guard text[position] >= 0xD6 else {
                position += 1
                continue
            }
            let (scalar, length) = UTF8Decoding.scalar(in: text, at: position)
            if BidiResolver.isSignificant(scalar) { return true }
            position += length
        }
        return false
    }

    /// Shapes `start ..< end` in the direction of `level`, with the whole text as context (so
    /// that Arabic letters join across runs), and appends its glyphs in logical order: a
    /// right-to-left run comes out of HarfBuzz in visual order and is turned round, to be turned
    /// back when a line is reordered for drawing.
    private func shapeRun(_ text: UnsafeBufferPointer<UInt8>, start: Int, end: Int, face: Int, level: UInt8, size: Int) {
        setSize(size, face: face)
        hb.bufferClearContents(buffer)
        text.withMemoryRebound(to: CChar.self) { chars in
            hb.bufferAddUTF8(buffer, chars.baseAddress, Int32(chars.count), UInt32(start), Int32(end - start))
        }
        hb.bufferSetDirection(buffer, level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb.bufferGuessSegmentProperties(buffer)
        hb.shape(shapers[face], buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb.bufferGetGlyphInfos(buffer, &count), let positions = hb.bufferGetGlyphPositions(buffer, &count) else {
            return
        }
        let first = glyphs.count
        for i in 0 ..< Int(count) {
            let cluster = Int(infos[i].cluster)
            let scalar = cluster < text.count ? UTF8Decoding.scalar(in: text, at: cluster).value : 0
            glyphs.append(
                ShapedGlyph(
                    glyph: infos[i].codepoint, face: UInt16(face), cluster: UInt32(cluster), scalar: scalar,
                    advance: positions[i].x_advance, xOffset: positions[i].x_offset, yOffset: positions[i].y_offset, level: level))
        }
        // Turned round in place (a reversed slice of the array would be a copy: an allocation).
        if level & 1 == 1 {
            var (low, high) = (first, glyphs.count - 1)
            while low < high {
                glyphs.swapAt(low, high)
                low += 1
                high -= 1
            }
        }
    }

    /// The glyph that draws "…" (or "..." as three glyphs is not attempted: a typeface without
    /// an ellipsis gives the missing glyph) and its advance at `size`.
    func ellipsis(size: Int) -> ShapedGlyph {
        let index = face(for: 0x2026, preferring: 0) ?? 0
        setSize(size, face: index)
        let glyph = ft.getCharIndex(faces[index], 0x2026)
        let advance = hb.fontGetGlyphHAdvance(shapers[index], glyph)
        return ShapedGlyph(glyph: glyph, face: UInt16(index), cluster: 0, scalar: 0x2026, advance: advance, xOffset: 0, yOffset: 0)
    }

    /// The cached rendering of `glyph` at `size`, rasterising it on a miss; nil for a glyph
    /// that cannot be rendered or is too large to cache (over the arena).
    func rendered(_ glyph: ShapedGlyph, size: Int) -> GlyphCache.Entry? {
        let key = GlyphCache.key(face: Int(glyph.face), size: size, glyph: glyph.glyph)
        if let hit = cache.lookup(key) { return hit }
        let faceIndex = Int(glyph.face)
        setSize(size, face: faceIndex)
        let face = faces[faceIndex]
        guard ft.loadGlyph(face, glyph.glyph, FT_Int32(panel_ft_load_render | panel_ft_load_target_light)) == 0 else { return nil }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) || width == 0 || height == 0, cache.canHold(width * height) else {
            return nil
        }
        return cache.insert(key, width: width, height: height, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top)) { destination in
            guard let source = bitmap.buffer, width > 0 else { return }
            let pitch = Int(bitmap.pitch)
            for row in 0 ..< height {
                let from = pitch >= 0 ? source + row * pitch : source + (height - 1 - row) * -pitch
                for column in 0 ..< width { destination[row * width + column] = from[column] }
            }
        }
    }
}

/// Decoding one character of UTF-8 that Swift already validated (a `String`'s bytes).
enum UTF8Decoding {
    @inline(__always)
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(bytes[index])
        if b0 < 0x80 { return (b0, 1) }
        func next(_ k: Int) -> UInt32 { index + k < bytes.count ? UInt32(bytes[index + k]) & 0x3F : 0 }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | next(1), 2) }
        if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | next(1) << 6 | next(2), 3) }
        return ((b0 & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3), 4)
    }
}
