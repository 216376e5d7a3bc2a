import Glibc
import PanelJPEG
import PanelUI

/// A 1920 × 1080 photo (Benchmarks/Fixtures) decoded by libjpeg-turbo, and drawn aspect-fit into
/// an 800 × 480 XRGB8888 screen from the image cache, bilinear.
@MainActor
enum Photos {
    static let path: String = {
        let file = #filePath
        var dir = String(file[..<file.lastIndex(of: "/")!])
        for _ in 0 ..< 2 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
        return dir + "/Fixtures/photo-1920x1080.jpg"
    }()
    /// The file's bytes, read once.
    static let data: [UInt8] = {
        var bytes: [UInt8] = []
        if let file = fopen(path, "rb") {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&buffer, 1, buffer.count, file)
                if n <= 0 { break }
                bytes += buffer[0 ..< n]
            }
            fclose(file)
        }
        return bytes
    }()
    static let decoder = JPEGDecoder()

    /// Decodes the photo (a whole decode, to RGBA).
    static func decode() -> Image {
        try! decoder.decode(data)
    }

    static let cache: ImageCache = {
        let cache = ImageCache(byteBudget: 64 << 20)
        cache.addDecoder(JPEGDecoder())
        return cache
    }()
    static let bitmap = Bitmap(width: 800, height: 480, format: .xrgb8888)
    static let canvasBox = PixelRect(x: 0, y: 0, width: 800, height: 480)

    /// Draws the photo from the cache, aspect-fit and bilinear, over the whole screen.
    static func drawFromCache() {
        let photo = try! cache.image(contentsOfFile: path)
        bitmap.withCanvas { canvas in
            canvas.drawImage(photo, in: ImageView.placement(of: photo, in: canvasBox, mode: .scaleAspectFit), interpolation: .bilinear)
        }
    }
}
