internal import CFriBidi

/// GNU FriBidi's functions, loaded from `libfribidi.so.0` the first time text with a
/// right-to-left character or a bidi control is laid out.
///
/// As with HarfBuzz, the library is opened on first use rather than linked, so that an app that
/// shows only left-to-right text never maps it. Each pointer's type is the C declaration's,
/// written out; the header is imported for its types only.
struct FriBidi: Sendable {
    let getBidiTypes: @convention(c) (UnsafePointer<FriBidiChar>?, FriBidiStrIndex, UnsafeMutablePointer<FriBidiCharType>?) -> Void
    let getBracketTypes:
        @convention(c) (
            UnsafePointer<FriBidiChar>?, FriBidiStrIndex, UnsafePointer<FriBidiCharType>?, UnsafeMutablePointer<FriBidiBracketType>?
        ) -> Void
    let getParEmbeddingLevels:
        @convention(c) (
            UnsafePointer<FriBidiCharType>?, UnsafePointer<FriBidiBracketType>?, FriBidiStrIndex, UnsafeMutablePointer<FriBidiParType>?,
            UnsafeMutablePointer<FriBidiLevel>?
        ) -> FriBidiLevel

    /// The library's file name (its soname: the ABI these declarations describe).
    static let soname = "libfribidi.so.0"

    /// The functions, or why they cannot be had; loaded once, on first use.
    static let shared: Result<FriBidi, FontError> = load(soname)

    /// Opens `file` and finds every function; a missing library or function is an error that
    /// names the Debian package to install.
    static func load(_ file: String) -> Result<FriBidi, FontError> {
        LoadedLibrary.load(file, requirement: "FriBidi 1.0 or later is needed", failure: { .bidiUnavailable(library: file, reason: $0) }) {
            symbols throws(FontError) in
            FriBidi(
                getBidiTypes: try symbols("fribidi_get_bidi_types"),
                getBracketTypes: try symbols("fribidi_get_bracket_types"),
                getParEmbeddingLevels: try symbols("fribidi_get_par_embedding_levels_ex"))
        }
    }
}
