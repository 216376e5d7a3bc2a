internal import CHarfBuzz

/// HarfBuzz's shaping functions, loaded from `libharfbuzz.so.0` the first time a TrueType font
/// family is made.
///
/// Linking HarfBuzz would map it, and through Debian's build glib, graphite2, pcre2 and brotli,
/// into every process at start-up: 1.3 MB of resident pages for an app that draws only the
/// built-in font. Loading it on first use keeps that cost with the apps that shape text.
/// Each pointer's type is the C declaration's, written out (the header is imported for its
/// types only; naming a function of it would link the library).
struct HarfBuzz: Sendable {
    typealias Buffer = OpaquePointer
    typealias Font = OpaquePointer

    let bufferCreate: @convention(c) () -> Buffer?
    let bufferDestroy: @convention(c) (Buffer?) -> Void
    let bufferClearContents: @convention(c) (Buffer?) -> Void
    let bufferAddUTF8: @convention(c) (Buffer?, UnsafePointer<CChar>?, Int32, UInt32, Int32) -> Void
    let bufferGuessSegmentProperties: @convention(c) (Buffer?) -> Void
    let bufferSetDirection: @convention(c) (Buffer?, hb_direction_t) -> Void
    let bufferGetGlyphInfos: @convention(c) (Buffer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutablePointer<hb_glyph_info_t>?
    let bufferGetGlyphPositions: @convention(c) (Buffer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutablePointer<hb_glyph_position_t>?
    let blobCreateFromFileOrFail: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    let blobDestroy: @convention(c) (OpaquePointer?) -> Void
    let faceCreate: @convention(c) (OpaquePointer?, UInt32) -> OpaquePointer?
    let faceDestroy: @convention(c) (OpaquePointer?) -> Void
    let fontCreate: @convention(c) (OpaquePointer?) -> Font?
    let fontDestroy: @convention(c) (Font?) -> Void
    let fontSetScale: @convention(c) (Font?, Int32, Int32) -> Void
    let fontGetGlyphHAdvance: @convention(c) (Font?, UInt32) -> Int32
    let shape: @convention(c) (Font?, Buffer?, UnsafePointer<hb_feature_t>?, UInt32) -> Void

    /// The library's file name (its soname: the ABI these declarations describe).
    static let soname = "libharfbuzz.so.0"

    /// The functions, or why they cannot be had; loaded once, on first use.
    static let shared: Result<HarfBuzz, FontError> = load(soname)

    /// Opens `file` and finds every function; a missing library or function is an error that
    /// names the Debian package to install.
    static func load(_ file: String) -> Result<HarfBuzz, FontError> {
        LoadedLibrary.load(file, requirement: "HarfBuzz 2.8.2 or later is needed", failure: { .shaperUnavailable(library: file, reason: $0) }) {
            symbols throws(FontError) in
            HarfBuzz(
                bufferCreate: try symbols("hb_buffer_create"),
                bufferDestroy: try symbols("hb_buffer_destroy"),
                bufferClearContents: try symbols("hb_buffer_clear_contents"),
                bufferAddUTF8: try symbols("hb_buffer_add_utf8"),
                bufferGuessSegmentProperties: try symbols("hb_buffer_guess_segment_properties"),
                bufferSetDirection: try symbols("hb_buffer_set_direction"),
                bufferGetGlyphInfos: try symbols("hb_buffer_get_glyph_infos"),
                bufferGetGlyphPositions: try symbols("hb_buffer_get_glyph_positions"),
                blobCreateFromFileOrFail: try symbols("hb_blob_create_from_file_or_fail"),
                blobDestroy: try symbols("hb_blob_destroy"),
                faceCreate: try symbols("hb_face_create"),
                faceDestroy: try symbols("hb_face_destroy"),
                fontCreate: try symbols("hb_font_create"),
                fontDestroy: try symbols("hb_font_destroy"),
                fontSetScale: try symbols("hb_font_set_scale"),
                fontGetGlyphHAdvance: try symbols("hb_font_get_glyph_h_advance"),
                shape: try symbols("hb_shape"))
        }
    }
}
