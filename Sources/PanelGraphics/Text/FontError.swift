/// Why a font file could not be used. Each case names the file and what to do.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read (missing, unreadable).
    case cannotOpen(path: String, reason: String)
    /// The file is not a font FreeType can read (corrupt, truncated, another format), or the
    /// face index is beyond the faces in a collection (.ttc).
    case notAFont(path: String, reason: String)
    /// The font has no scalable outlines (a bitmap-only font): it cannot be drawn at any size.
    case notScalable(path: String)
    /// A font family was made from no typefaces.
    case noTypefaces
    /// HarfBuzz, which shapes TrueType text, could not be loaded (it is loaded when the first
    /// font family is made): the library is not installed, or is too old.
    case shaperUnavailable(library: String, reason: String)
    /// FreeType, which reads TrueType files and draws their glyphs, could not be loaded (it is
    /// loaded when the first TrueType file is opened): the library is not installed.
    case rasterizerUnavailable(library: String, reason: String)

    /// FriBidi, which orders right-to-left and mixed text, could not be loaded (it is loaded
    /// when the first such text is laid out; until it is installed that text is drawn in its
    /// logical order, left to right).
    case bidiUnavailable(library: String, reason: String)

    /// The file, what is wrong and the fix.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open the font file \(path): \(reason); check the path (Debian's fonts are in /usr/share/fonts, e.g. fonts-dejavu-core)"
        case .notAFont(let path, let reason):
            "\(path) is not a usable TrueType/OpenType font (\(reason)); replace the file or remove it from the font list"
        case .notScalable(let path):
            "\(path) has no scalable outlines (a bitmap font); use a TrueType or OpenType font"
        case .noTypefaces:
            "a font family needs at least one typeface; name one or more font files"
        case .shaperUnavailable(let library, let reason):
            "cannot load \(library) to shape TrueType text (\(reason)); install Debian's libharfbuzz0b, or draw with the built-in font"
        case .rasterizerUnavailable(let library, let reason):
            "cannot load \(library) to read TrueType fonts (\(reason)); install Debian's libfreetype6, or draw with the built-in font"
        case .bidiUnavailable(let library, let reason):
            "cannot load \(library) to order right-to-left text (\(reason)); install Debian's libfribidi0 (scripts/setup does)"
        }
    }
}
