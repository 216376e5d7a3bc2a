#if os(Linux)
@testable import PanelGraphics
import Testing

/// FreeType is loaded when the first TrueType file is opened; until then an app that draws only
/// the built-in font does not need it (a board build does not even map it: scripts/footprint
/// checks that its binary does not name it).
@Suite("FreeType is loaded on first use")
struct LazyRasterizerTests {
    @Test("a FreeType that cannot be loaded is a rasterizerUnavailable error naming the library and the package")
    func missingFreeTypeIsATypedError() {
        let result = FreeType.load("libfreetype-absent.so.6")
        guard case .failure(.rasterizerUnavailable(let library, let reason)) = result else {
            Issue.record("expected rasterizerUnavailable, got \(result)")
            return
        }
        #expect(library == "libfreetype-absent.so.6")
        #expect(reason.contains("libfreetype-absent.so.6"))
        #expect(FontError.rasterizerUnavailable(library: library, reason: reason).description.contains("libfreetype6"))
    }

    @Test("a library without FreeType's functions is a rasterizerUnavailable error naming the first one missing")
    func wrongLibraryIsATypedError() {
        let result = FreeType.load("libz.so.1")
        guard case .failure(.rasterizerUnavailable(_, let reason)) = result else {
            Issue.record("expected rasterizerUnavailable, got \(result)")
            return
        }
        #expect(reason.contains("FT_Init_FreeType"))
    }

    @Test("a TrueType file opens through the loaded FreeType")
    func typefaceOpensThroughLoadedFreeType() throws {
        let typeface = try Typeface(contentsOfFile: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        #expect(typeface.familyName == "DejaVu Sans")
        #expect(typeface.glyphCount > 1000)
    }
}
#endif
