import Synchronization

/// TrueType/OpenType text: typefaces in a fallback chain, shaped with HarfBuzz (kerning,
/// ligatures), drawn anti-aliased by FreeType through a fixed-capacity glyph cache.
///
/// Each character is drawn with the first typeface that has it: put a Latin font first and a
/// CJK font after it, and Chinese text in a Latin string draws with the CJK font. A character
/// no typeface has draws as a visible box. Get fonts with ``font(size:)``; labels, buttons and
/// the canvas draw them like the built-in ``Font``s.
///
/// A family may be used from any thread: its FreeType and HarfBuzz state and its glyph cache
/// are behind one lock, taken once per string drawn or measured.
public final class FontFamily: Sendable, Hashable, CustomStringConvertible {
    /// The fallback chain, first choice first.
    public let typefaces: [Typeface]
    let engine: Mutex<FontEngine>

    /// A family of `typefaces`, tried in order for each character.
    ///
    /// - Throws: ``FontError/noTypefaces`` for an empty list; the errors of
    ///   ``Typeface/init(contentsOfFile:index:)`` if a file changed since it was checked.
    public init(_ typefaces: [Typeface], glyphCache: GlyphCacheCapacity = .standard) throws(FontError) {
        guard !typefaces.isEmpty else { throw .noTypefaces }
        self.typefaces = typefaces
        engine = Mutex(try FontEngine(typefaces: typefaces, capacity: glyphCache))
    }

    /// A family of the font files at `paths`, in order (face 0 of each).
    ///
    /// - Throws: the first file's error (``FontError``), naming it.
    public convenience init(contentsOfFiles paths: [String], glyphCache: GlyphCacheCapacity = .standard) throws(FontError) {
        var typefaces: [Typeface] = []
        for path in paths { typefaces.append(try Typeface(contentsOfFile: path)) }
        try self.init(typefaces, glyphCache: glyphCache)
    }

    /// This family at `size` pixels per em (rounded, and clamped to 1…``maximumSize``; a size
    /// that is not a number gives 16).
    public func font(size: Double) -> Font {
        Font(family: self, size: size.isNaN ? 16 : Int(min(max(size.rounded(), 1), Double(Self.maximumSize))))
    }

    /// The largest pixel size drawn.
    public static let maximumSize = 512

    /// Why right-to-left text cannot be ordered, or nil when it can: FriBidi (Debian's
    /// `libfribidi0`) could not be loaded. Asking loads it, once. Without it, Arabic and Hebrew
    /// are drawn in their logical order, left to right.
    public static var rightToLeftUnavailable: FontError? {
        if case .failure(let error) = FriBidi.shared { return error }
        return nil
    }

    /// How many glyphs are in the cache now, and how often it was emptied because it was full.
    public var glyphCacheUsage: (glyphs: Int, flushes: Int) {
        engine.withLock { ($0.cache.count, $0.cache.flushes) }
    }

    /// A family is equal only to itself (identity).
    public static func == (a: FontFamily, b: FontFamily) -> Bool { a === b }
    /// Hashes the family's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// The typefaces' family names in fallback order: `DejaVu Sans → WenQuanYi Micro Hei`.
    public var description: String { typefaces.map(\.familyName).joined(separator: " → ") }
}
