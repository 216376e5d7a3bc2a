#if os(Linux)
import Glibc
import PanelCore
@testable import PanelGraphics
import Testing

/// Whether libharfbuzz is mapped into this process now (a line of /proc/self/maps names it).
func mapsHarfBuzz() -> Bool {
    guard let maps = fopen("/proc/self/maps", "r") else { return false }
    defer { fclose(maps) }
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(line) }
    while getline(&line, &capacity, maps) > 0 {
        if let line, strstr(line, "libharfbuzz") != nil { return true }
    }
    return false
}

/// HarfBuzz (and the glib, graphite2, pcre2 and brotli it brings) is loaded when the first
/// TrueType family is made, not at start-up: an app that draws only the built-in font never
/// maps it. Each check runs in a child process (an exit test), whose mappings are its own.
@Suite("HarfBuzz is loaded on first use")
struct LazyShaperTests {
    @Test("drawing with the built-in font leaves HarfBuzz unloaded")
    func builtInTextLeavesHarfBuzzUnloaded() async {
        await #expect(processExitsWith: .success) {
            let bitmap = Bitmap(width: 200, height: 40, format: .xrgb8888)
            bitmap.withCanvas { canvas in
                canvas.drawText("Enter code", in: PixelRect(x: 0, y: 0, width: 200, height: 40), font: .largeTitle, color: .black)
            }
            exit(mapsHarfBuzz() ? 1 : 0)
        }
    }

    @Test("making a TrueType font family loads HarfBuzz")
    func trueTypeFamilyLoadsHarfBuzz() async {
        await #expect(processExitsWith: .success) {
            guard !mapsHarfBuzz() else { exit(1) }
            guard (try? FontFamily(contentsOfFiles: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"])) != nil else { exit(2) }
            exit(mapsHarfBuzz() ? 0 : 3)
        }
    }

    @Test("a HarfBuzz that cannot be loaded is a shaperUnavailable error naming the library")
    func missingHarfBuzzIsATypedError() {
        let result = HarfBuzz.load("libharfbuzz-absent.so.0")
        guard case .failure(.shaperUnavailable(let library, let reason)) = result else {
            Issue.record("expected shaperUnavailable, got \(result)")
            return
        }
        #expect(library == "libharfbuzz-absent.so.0")
        #expect(reason.contains("libharfbuzz-absent.so.0"))
        #expect(FontError.shaperUnavailable(library: library, reason: reason).description.contains("libharfbuzz0b"))
    }

    @Test("a library without HarfBuzz's functions is a shaperUnavailable error naming the first one missing")
    func wrongLibraryIsATypedError() {
        let result = HarfBuzz.load("libz.so.1")
        guard case .failure(.shaperUnavailable(_, let reason)) = result else {
            Issue.record("expected shaperUnavailable, got \(result)")
            return
        }
        #expect(reason.contains("hb_buffer_create"))
    }
}
#endif
