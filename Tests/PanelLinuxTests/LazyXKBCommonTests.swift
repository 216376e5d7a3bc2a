#if os(Linux)
@testable import PanelLinux
import Testing

/// libxkbcommon is loaded when the first keyboard layout is compiled; an app whose board has no
/// keys never maps it (scripts/footprint checks that a board build does not name it).
@Suite("libxkbcommon is loaded on first use")
struct LazyXKBCommonTests {
    @Test("a libxkbcommon that cannot be loaded is a libraryUnavailable error naming the library")
    func missingLibraryIsATypedError() {
        let result = XKBCommon.load("libxkbcommon-absent.so.0")
        guard case .failure(.libraryUnavailable(let library, let reason)) = result else {
            Issue.record("expected libraryUnavailable, got \(result)")
            return
        }
        #expect(library == "libxkbcommon-absent.so.0")
        #expect(reason.contains("libxkbcommon-absent.so.0"))
    }

    @Test("a library without libxkbcommon's functions is a libraryUnavailable error naming the first one missing")
    func wrongLibraryIsATypedError() {
        let result = XKBCommon.load("libz.so.1")
        guard case .failure(.libraryUnavailable(_, let reason)) = result else {
            Issue.record("expected libraryUnavailable, got \(result)")
            return
        }
        #expect(reason.contains("xkb_context_new"))
    }

    @Test("a layout asked of a libxkbcommon that cannot be loaded throws the loader's error, which names the package to install")
    func layoutWithoutTheLibraryThrows() {
        let missing = XKBCommon.load("libxkbcommon-absent.so.0")
        #expect {
            _ = try XKBKeymap(names: .init(layout: "us"), library: missing)
        } throws: { error in
            guard let error = error as? KeyboardLayoutError, case .libraryUnavailable = error else { return false }
            return error.description.contains("libxkbcommon0")
        }
    }
}
#endif
