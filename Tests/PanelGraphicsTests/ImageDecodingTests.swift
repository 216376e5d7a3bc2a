import PanelGraphics
import PanelJPEG
import Testing

/// The fixture files beside this test.
private let fixtures: String = {
    let file = #filePath
    return String(file[..<file.lastIndex(of: "/")!]) + "/Fixtures"
}()

@Suite("Image decoding: JPEG beside PNG, refusals that name the file, and the cache's budget")
struct ImageDecodingTests {
    func cache(_ budget: Int = 1 << 20) -> ImageCache {
        let cache = ImageCache(byteBudget: budget)
        cache.addDecoder(JPEGDecoder())
        return cache
    }

    @Test("a baseline and a progressive JPEG decode to the gradient they hold, within JPEG's error")
    func decodesJPEG() throws {
        for name in ["gradient.jpg", "gradient-progressive.jpg"] {
            let image = try cache().image(contentsOfFile: "\(fixtures)/\(name)")
            #expect(image.width == 64 && image.height == 48)
            for (x, y) in [(0, 0), (32, 24), (63, 47)] {
                let c = image.color(x: x, y: y)
                #expect(abs(Int(c.red) - x * 4) <= 6 && abs(Int(c.green) - y * 5) <= 6 && abs(Int(c.blue) - 128) <= 6, "\(name) (\(x), \(y)): \(c)")
                #expect(c.alpha == 255)
            }
        }
    }

    @Test("a truncated JPEG is a typed error naming the file")
    func truncated() {
        let path = "\(fixtures)/truncated.jpg"
        #expect {
            try cache().image(contentsOfFile: path)
        } throws: { error in
            guard case .cannotRead(let named, let reason) = error as? ImageError else { return false }
            return named == path && reason.contains("JPEG")
        }
    }

    @Test("a file that is neither PNG nor JPEG is refused, saying what it starts with")
    func unknownFormat() {
        #expect {
            try cache().image(contentsOfFile: "\(fixtures)/not-an-image.jpg")
        } throws: { error in
            "\(error)".contains("not-an-image.jpg") && "\(error)".contains("47 49 46 38")
        }
    }

    @Test("a JPEG or PNG wider than 8192 pixels is refused from its header, stating the limit")
    func tooLarge() {
        for name in ["too-wide.jpg", "too-wide.png"] {
            #expect {
                try cache().image(contentsOfFile: "\(fixtures)/\(name)")
            } throws: { error in
                "\(error)".contains("9000 × 8") && "\(error)".contains("8192 × 8192") && "\(error)".contains(name)
            }
        }
    }

    @Test("a missing file is an error naming it")
    func missing() {
        #expect {
            try cache().image(contentsOfFile: "\(fixtures)/absent.jpg")
        } throws: { error in
            guard case .cannotRead(let path, _) = error as? ImageError else { return false }
            return path.hasSuffix("/absent.jpg")
        }
    }

    @Test("the cache returns a kept image without decoding again, from a path or from bytes")
    func hits() throws {
        let cache = cache()
        let first = try cache.image(contentsOfFile: "\(fixtures)/gradient.jpg")
        let again = try cache.image(contentsOfFile: "\(fixtures)/gradient.jpg")
        #expect(first == again)
        let png = try Image(width: 2, height: 2, rgba: [UInt8](repeating: 200, count: 16)).pngData()
        _ = try cache.image(data: png, key: "swatch")
        _ = try cache.image(data: [], key: "swatch")
        #expect(cache.statistics.hits == 2)
        #expect(cache.statistics.misses == 2)
    }

    @Test("past its byte budget the cache drops the least recently used images first")
    func evictsLeastRecentlyUsed() throws {
        // Each 64 × 48 image is 12 288 bytes: the budget holds two.
        let cache = cache(2 * 12_288 + 100)
        let png = try cache.image(contentsOfFile: "\(fixtures)/gradient.jpg").pngData()
        _ = try cache.image(data: png, key: "a")
        _ = try cache.image(data: png, key: "b")
        _ = cache.cachedImage(forKey: "a")
        _ = try cache.image(data: png, key: "c")
        #expect(cache.cachedImage(forKey: "a") != nil)
        #expect(cache.cachedImage(forKey: "b") == nil)
        #expect(cache.cachedImage(forKey: "c") != nil)
        #expect(cache.usedBytes == 2 * 12_288)
    }

    @Test("an image larger than the whole budget is returned but not kept")
    func largerThanBudget() throws {
        let cache = cache(1000)
        let image = try cache.image(contentsOfFile: "\(fixtures)/gradient.jpg")
        #expect(image.width == 64)
        #expect(cache.count == 0)
        #expect(cache.usedBytes == 0)
    }
}
