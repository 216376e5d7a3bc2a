/// Copies of whole pictures: what screen transitions are made of. A screen drawn once into a
/// buffer is put on the canvas each frame at a new place, dimmed or faded, at the cost of a copy
/// rather than a redraw. Nothing allocates.
extension Canvas {
    /// Puts `source` with its top-left pixel at `origin` (translated coordinates), clipped.
    ///
    /// - Parameters:
    ///   - origin: where the picture's top-left pixel goes, in translated coordinates.
    ///   - source: an opaque picture; in the canvas's pixel format it is copied row by row
    ///     (`memcpy`), in another format converted pixel by pixel.
    ///   - brightness: 255 copies the colours; less darkens them toward black, as a black
    ///     dimming layer over the copy would (a screen sliding under another).
    ///   - opacity: 255 replaces what is there; less mixes the copy over it (a cross-fade).
    ///     It is further multiplied by ``opacity`` of the canvas.
    public mutating func blit(_ source: PixelBuffer, at origin: (x: Int, y: Int), brightness: UInt8 = 255, opacity: UInt8 = 255) {
        guard let (area, sx, sy, w) = placement(of: source, at: origin, opacity: opacity) else { return }
        let b = UInt32(brightness) + UInt32(brightness >> 7)
        let sameFormat = source.format == pixels.format
        for row in 0 ..< area.height {
            let from = source.address(x: sx, y: sy + row)
            let to = pixels.address(x: area.x, y: area.y + row)
            if sameFormat && w == 256 && b == 256 {
                to.copyMemory(from: from, byteCount: area.width * bytesPerPixel)
            } else if sameFormat && bytesPerPixel == 4 {
                blitRow32(from, to, count: area.width, brightness: b, weight: w)
            } else {
                blitRowConverting(from, source.format, to, count: area.width, brightness: b, weight: w)
            }
        }
    }

    @inline(__always)
    private func blitRow32(_ from: UnsafeMutableRawPointer, _ to: UnsafeMutableRawPointer, count: Int, brightness b: UInt32, weight w: UInt32) {
        let s = from.assumingMemoryBound(to: UInt32.self)
        let d = to.assumingMemoryBound(to: UInt32.self)
        let alphaBits = alphaMask
        if w == 256 {
            for i in 0 ..< count { d[i] = Self.scale(s[i], b) | alphaBits }
        } else if b == 256 {
            // Channel by channel in 16-bit lanes: the sums of blend32, each at most 255 × 256,
            // which the vectorizer makes 16-bit multiplies (SSE2 has no 32-bit one). A
            // cross-fade is this loop over the whole screen each frame.
            let keep = UInt16(256 - w)
            let take = UInt16(w)
            for i in 0 ..< count * 4 {
                let mixed = UInt16(from.load(fromByteOffset: i, as: UInt8.self)) &* take &+ UInt16(to.load(fromByteOffset: i, as: UInt8.self)) &* keep
                to.storeBytes(of: UInt8(truncatingIfNeeded: mixed &>> 8), toByteOffset: i, as: UInt8.self)
            }
            if alphaBits != 0 { for i in 0 ..< count { d[i] |= alphaBits } }
        } else {
            for i in 0 ..< count { d[i] = Self.blend32(d[i], Self.scale(s[i], b), w) | alphaBits }
        }
    }

    private func blitRowConverting(
        _ from: UnsafeMutableRawPointer, _ sourceFormat: PixelFormat, _ to: UnsafeMutableRawPointer, count: Int, brightness b: UInt32,
        weight w: UInt32
    ) {
        let sourceBytes = sourceFormat.bytesPerPixel
        let format = pixels.format
        let writer = self.writer
        for i in 0 ..< count {
            let p = from + i * sourceBytes
            let word = sourceBytes == 4 ? p.load(as: UInt32.self) : UInt32(p.load(as: UInt16.self))
            let c = sourceFormat.decode(word)
            @inline(__always) func dimmed(_ v: UInt8) -> UInt32 { (UInt32(v) * b + 128) >> 8 }
            let encoded = format.encode(red: dimmed(c.red), green: dimmed(c.green), blue: dimmed(c.blue))
            writer.plot(to + i * bytesPerPixel, word: encoded, weight: w)
        }
    }

    /// Puts a layer (premultiplied ARGB8888, as drawn through ``init(layer:)``) with its
    /// top-left pixel at `origin`, over what is there: opaque pixels are copied, transparent
    /// ones skipped, the rest blended (a card with rounded corners over a dimmed screen). The
    /// layer is multiplied by `opacity` and by ``opacity`` of the canvas.
    public mutating func composite(_ layer: PixelBuffer, at origin: (x: Int, y: Int), opacity: UInt8 = 255) {
        precondition(layer.format == .argb8888, "a layer is ARGB8888")
        guard let (area, sx, sy, w) = placement(of: layer, at: origin, opacity: opacity) else { return }
        // A destination with red in the low byte gets red and blue swapped.
        let swap = bytesPerPixel == 4 && pixels.format.red.offset != 16
        let fast = bytesPerPixel == 4 && !isLayer && w == 256
        let alphaBits = alphaMask
        for row in 0 ..< area.height {
            let s = layer.address(x: sx, y: sy + row).assumingMemoryBound(to: UInt32.self)
            let to = pixels.address(x: area.x, y: area.y + row)
            if fast {
                let d = to.assumingMemoryBound(to: UInt32.self)
                for i in 0 ..< area.width {
                    let word = s[i]
                    let a = word >> 24
                    if a == 0 { continue }
                    let source = swap ? (word & 0xFF00_FF00) | ((word >> 16) & 0xFF) | ((word & 0xFF) << 16) : word
                    if a == 255 {
                        d[i] = source | alphaBits
                    } else {
                        let keep = 256 - (a + (a >> 7))
                        let t = d[i]
                        let rb = (((t & 0x00FF_00FF) &* keep &+ 0x0080_0080) >> 8) & 0x00FF_00FF
                        let ag = (((t >> 8) & 0x00FF_00FF) &* keep &+ 0x0080_0080) & 0xFF00_FF00
                        d[i] = (source &+ (rb | ag)) | alphaBits
                    }
                }
            } else {
                for i in 0 ..< area.width {
                    var word = s[i]
                    if word == 0 { continue }
                    if w < 256 { word = Self.scale(word, w) }
                    putPremultiplied(word, at: to + i * bytesPerPixel)
                }
            }
        }
    }

    /// Where a picture put at `origin` lands: the covered area (device pixels, clipped), the
    /// picture's pixel at its top-left corner, and the opacity as a 0…256 weight; nil when
    /// nothing shows.
    private func placement(of picture: PixelBuffer, at origin: (x: Int, y: Int), opacity: UInt8) -> (PixelRect, Int, Int, UInt32)? {
        let placed = device(PixelRect(x: origin.x, y: origin.y, width: picture.width, height: picture.height))
        let area = placed.intersection(clipRect)
        guard !area.isEmpty else { return nil }
        let o = (UInt32(opacity) * UInt32(self.opacity) + 127) / 255
        guard o > 0 else { return nil }
        return (area, area.x - placed.x, area.y - placed.y, o + (o >> 7))
    }
}
