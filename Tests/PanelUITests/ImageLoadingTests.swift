import Glibc
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

@Suite("ImageView loads images off the UI thread, with a placeholder until they arrive")
@MainActor
struct ImageLoadingTests {
    /// A PNG of `width` × 8 in one colour, written to a fresh temporary file.
    func pngFile(_ name: String, width: Int, color: UInt8) throws -> String {
        let path = "/tmp/panelkit-image-load-\(getpid())-\(name).png"
        try Image(width: width, height: 8, rgba: [UInt8](repeating: color, count: width * 32)).writePNG(to: path)
        return path
    }

    /// Turns the run loop until no load is under way (at most 2 s of real time).
    func waitForLoads(_ bench: Bench) async throws {
        for _ in 0 ..< 1000 where bench.app.isDecodingImages {
            try await Task.sleep(for: .milliseconds(2))
            bench.app.runOnce()
        }
    }

    @Test("the placeholder shows at once and the decoded image replaces it on a later turn")
    func placeholderThenImage() async throws {
        let bench = Bench(width: 100, height: 100)
        let view = bench.add(ImageView(frame: Rect(x: 0, y: 0, width: 50, height: 50)))
        let placeholder = try Image(width: 1, height: 1, rgba: [9, 9, 9, 255])
        let path = try pngFile("photo", width: 12, color: 200)
        defer { unlink(path) }
        var outcome: Result<Image, ImageError>?
        view.loadImage(contentsOfFile: path, cache: ImageCache(byteBudget: 1 << 20), placeholder: placeholder) { outcome = $0 }
        #expect(view.image == placeholder)
        #expect(view.isLoading)
        try await waitForLoads(bench)
        #expect(view.image?.width == 12)
        #expect(!view.isLoading)
        #expect((try? outcome?.get())?.width == 12)
    }

    @Test("a file that cannot be read leaves the placeholder and reports the error naming the file")
    func failure() async throws {
        let bench = Bench(width: 100, height: 100)
        let view = bench.add(ImageView(frame: Rect(x: 0, y: 0, width: 50, height: 50)))
        let placeholder = try Image(width: 1, height: 1, rgba: [9, 9, 9, 255])
        var message = ""
        view.loadImage(contentsOfFile: "/nonexistent/photo.jpg", cache: ImageCache(byteBudget: 1 << 20), placeholder: placeholder) { result in
            if case .failure(let error) = result { message = "\(error)" }
        }
        try await waitForLoads(bench)
        #expect(view.image == placeholder)
        #expect(message.contains("/nonexistent/photo.jpg"))
    }

    @Test("of two loads the later wins, whichever finishes first")
    func laterLoadWins() async throws {
        let bench = Bench(width: 100, height: 100)
        let view = bench.add(ImageView(frame: Rect(x: 0, y: 0, width: 50, height: 50)))
        let first = try pngFile("first", width: 20, color: 10)
        let second = try pngFile("second", width: 30, color: 20)
        defer {
            unlink(first)
            unlink(second)
        }
        let cache = ImageCache(byteBudget: 1 << 20)
        view.loadImage(contentsOfFile: first, cache: cache)
        view.loadImage(contentsOfFile: second, cache: cache)
        try await waitForLoads(bench)
        #expect(view.image?.width == 30)
    }

    @Test("an image the cache holds is shown at once, without a background load")
    func cachedIsImmediate() throws {
        let bench = Bench(width: 100, height: 100)
        let view = bench.add(ImageView(frame: Rect(x: 0, y: 0, width: 50, height: 50)))
        let path = try pngFile("cached", width: 16, color: 99)
        defer { unlink(path) }
        let cache = ImageCache(byteBudget: 1 << 20)
        _ = try cache.image(contentsOfFile: path)
        view.loadImage(contentsOfFile: path, cache: cache)
        #expect(view.image?.width == 16)
        #expect(!bench.app.isDecodingImages)
    }
}
