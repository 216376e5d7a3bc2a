import Glibc
public import PanelGraphics
public import Testing

/// Golden-image comparison: a rendered framebuffer must equal the committed PNG in the
/// `Goldens/` folder beside the test file that checks it, pixel for pixel (shared by the test
/// suites that keep goldens). `scripts/regenerate-golden-images` sets
/// PANELKIT_REGENERATE_GOLDENS=1, which writes the PNGs instead (review them before
/// committing; an image whose pixels did not change keeps its file). On a mismatch the actual image is written next to the golden as
/// `<name>.actual.png` (ignored by git).
public enum GoldenImage {
    /// The `Goldens` folder beside the file `filePath`.
    static func directory(besides filePath: String) -> String {
        let slash = filePath.lastIndex(of: "/")!
        return String(filePath[..<slash]) + "/Goldens"
    }

    static var regenerating: Bool {
        guard let value = getenv("PANELKIT_REGENERATE_GOLDENS") else { return false }
        return String(cString: value) == "1"
    }

    /// Checks `framebuffer` against `Goldens/<name>.png` beside the calling test's file.
    public static func check(
        _ name: String, _ framebuffer: some Framebuffer, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let directory = directory(besides: filePath)
        let actual = framebuffer.screenshot()
        let path = "\(directory)/\(name).png"
        if regenerating {
            // An unchanged image keeps its file: libpng's bytes may differ between writes of
            // the same pixels, and a diff should show only real changes.
            if let existing = try? Image(contentsOfFile: path), existing == actual { return }
            try actual.writePNG(to: path)
            return
        }
        let golden: Image
        do {
            golden = try Image(contentsOfFile: path)
        } catch {
            try actual.writePNG(to: "\(directory)/\(name).actual.png")
            Issue.record("missing golden \(name).png (\(error)); run scripts/regenerate-golden-images", sourceLocation: sourceLocation)
            return
        }
        if golden != actual {
            try actual.writePNG(to: "\(directory)/\(name).actual.png")
            var firstDifference = "size \(golden.width)×\(golden.height) vs \(actual.width)×\(actual.height)"
            if golden.width == actual.width && golden.height == actual.height {
                outer: for y in 0 ..< golden.height {
                    for x in 0 ..< golden.width where golden.color(x: x, y: y) != actual.color(x: x, y: y) {
                        firstDifference = "first at (\(x), \(y)): golden \(golden.color(x: x, y: y)), actual \(actual.color(x: x, y: y))"
                        break outer
                    }
                }
            }
            Issue.record("\(name) differs from its golden (\(firstDifference)); see \(name).actual.png", sourceLocation: sourceLocation)
        }
    }
}
