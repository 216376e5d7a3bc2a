internal import CFreeType

/// FreeType's functions, loaded from `libfreetype.so.6` the first time a TrueType file is
/// opened (a ``Typeface`` or a ``FontFamily``).
///
/// An app that draws only the built-in font then never maps FreeType, nor the brotli it
/// brings in Debian's build: about 0.2 MB of resident pages in DoorKeypad's session. The
/// header is imported for its types only; each pointer's type is the C declaration's, written
/// out (naming a function of the header would link the library).
struct FreeType: Sendable {
    let initFreeType: @convention(c) (UnsafeMutablePointer<FT_Library?>?) -> FT_Error
    let doneFreeType: @convention(c) (FT_Library?) -> FT_Error
    let newFace: @convention(c) (FT_Library?, UnsafePointer<CChar>?, FT_Long, UnsafeMutablePointer<FT_Face?>?) -> FT_Error
    let doneFace: @convention(c) (FT_Face?) -> FT_Error
    let setPixelSizes: @convention(c) (FT_Face?, FT_UInt, FT_UInt) -> FT_Error
    let getCharIndex: @convention(c) (FT_Face?, FT_ULong) -> FT_UInt
    let loadGlyph: @convention(c) (FT_Face?, FT_UInt, FT_Int32) -> FT_Error

    /// The library's file name (its soname: the ABI these declarations describe).
    static let soname = "libfreetype.so.6"

    /// The functions, or why they cannot be had; loaded once, on first use.
    static let shared: Result<FreeType, FontError> = load(soname)

    /// Opens `file` and finds every function; a missing library or function is an error that
    /// names the Debian package to install.
    static func load(_ file: String) -> Result<FreeType, FontError> {
        LoadedLibrary.load(file, failure: { .rasterizerUnavailable(library: file, reason: $0) }) { symbols throws(FontError) in
            FreeType(
                initFreeType: try symbols("FT_Init_FreeType"),
                doneFreeType: try symbols("FT_Done_FreeType"),
                newFace: try symbols("FT_New_Face"),
                doneFace: try symbols("FT_Done_Face"),
                setPixelSizes: try symbols("FT_Set_Pixel_Sizes"),
                getCharIndex: try symbols("FT_Get_Char_Index"),
                loadGlyph: try symbols("FT_Load_Glyph"))
        }
    }
}
