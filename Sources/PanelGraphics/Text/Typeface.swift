internal import CFreeType

/// One TrueType/OpenType font file, checked when it is named: a face of a .ttf or .otf, or of
/// a .ttc collection. A ``FontFamily`` puts typefaces in a fallback chain and draws with them.
///
/// The file is read through FreeType, which maps it (it is not copied into memory); it must
/// stay in place while the family that uses it exists.
public struct Typeface: Hashable, Sendable, CustomStringConvertible {
    /// The font file.
    public let path: String
    /// The face in a collection (0 for a single-face file).
    public let index: Int
    /// The family name the font gives itself (e.g. "DejaVu Sans").
    public let familyName: String
    /// The style name (e.g. "Book", "Bold").
    public let styleName: String
    /// How many glyphs the face has.
    public let glyphCount: Int

    /// Opens `path` and checks that face `index` is a scalable font.
    ///
    /// - Throws: ``FontError/rasterizerUnavailable(library:reason:)`` when FreeType cannot be
    ///   loaded, ``FontError/cannotOpen(path:reason:)`` when the file is missing or unreadable,
    ///   ``FontError/notAFont(path:reason:)`` when it is not a font (or `index` is past the
    ///   collection's faces), ``FontError/notScalable(path:)`` for a bitmap-only font.
    public init(contentsOfFile path: String, index: Int = 0) throws(FontError) {
        guard index >= 0, index < 0x10000 else { throw .notAFont(path: path, reason: "face index \(index) is out of range") }
        let ft = try FreeType.shared.get()
        var library: FT_Library?
        guard ft.initFreeType(&library) == 0, let library else { throw .cannotOpen(path: path, reason: "FreeType could not start") }
        defer { _ = ft.doneFreeType(library) }
        let face = try Self.openFace(ft, library: library, path: path, index: index)
        defer { _ = ft.doneFace(face) }
        guard face.pointee.face_flags & FT_Long(panel_ft_face_flag_scalable) != 0 else { throw .notScalable(path: path) }
        self.path = path
        self.index = index
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? "?"
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        glyphCount = Int(face.pointee.num_glyphs)
    }

    /// FreeType's face for `path`, or the typed error that says why there is none.
    static func openFace(_ ft: FreeType, library: FT_Library, path: String, index: Int) throws(FontError) -> FT_Face {
        var face: FT_Face?
        let error = ft.newFace(library, path, FT_Long(index), &face)
        if error == 0, let face { return face }
        switch error {
        case 0x01: throw .cannotOpen(path: path, reason: "no such file or it cannot be read")
        case 0x02, 0x03: throw .notAFont(path: path, reason: "unknown or broken file format")
        case 0x06: throw .notAFont(path: path, reason: "the file has no face \(index)")
        default: throw .notAFont(path: path, reason: "FreeType error \(error)")
        }
    }

    /// The family and style names and the file.
    public var description: String { "\(familyName) \(styleName) (\(path)\(index > 0 ? " #\(index)" : ""))" }
}
