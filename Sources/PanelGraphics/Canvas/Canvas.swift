/// How a scaled image's pixels are sampled.
public enum ImageInterpolation: Sendable, Hashable {
    /// The nearest source pixel: sharp, stair-stepped when scaled up (icons, pixel art).
    case nearest
    /// The four nearest source pixels blended: smooth (photos).
    case bilinear
}

/// Draws into a ``PixelBuffer``: fills, alpha blending, anti-aliased rounded rectangles and
/// borders, lines, images and text, all clipped to a stack of rectangles.
///
/// Coordinates are whole pixels relative to ``translation`` (the renderer sets it to each
/// view's origin). Every operation is clipped to ``clipRect``; nothing allocates. A canvas is
/// only valid inside the closure that handed it out.
///
/// Colours have straight alpha and are further multiplied by ``opacity``; the destination is
/// treated as opaque, except in a layer (``init(layer:)``), which keeps premultiplied coverage.
public struct Canvas {
    /// The pixels drawn into.
    public let pixels: PixelBuffer
    @usableFromInline let bytesPerPixel: Int
    private var clipStack = InlineArray<32, PixelRect>(repeating: .zero)
    private var clipDepth = 0
    /// Pushes past ``maximumClipDepth``, not yet popped: they clip everything away.
    private var clipOverflow = 0
    /// The clip under the first push past the maximum, restored when the last one is popped.
    private var clipUnderOverflow = PixelRect.zero
    /// The current clip, in buffer coordinates (ignores ``translation``).
    public private(set) var clipRect: PixelRect
    /// Added to every coordinate passed in.
    public var translation: (x: Int, y: Int) = (0, 0)
    /// Memory path fills and strokes borrow for their working buffers; nil: temporary buffers
    /// (from the heap when large). A display gives its canvases one that lasts.
    public var scratch: ScratchSpace?
    /// Multiplies the alpha of everything drawn (255 = as given). The renderer sets it from
    /// the product of the view alphas.
    public var opacity: UInt8 = 255
    /// The states ``saveState()`` kept (Canvas+State.swift).
    var stateStack = InlineArray<16, SavedState>(repeating: SavedState())
    var stateDepth = 0
    var stateOverflow = 0
    /// How many clips are pushed now (past the maximum too).
    var currentClipDepth: Int { clipDepth + clipOverflow }

    /// A canvas over `pixels`, clipped to its bounds.
    public init(_ pixels: PixelBuffer) {
        self.pixels = pixels
        bytesPerPixel = pixels.format.bytesPerPixel
        clipRect = pixels.bounds
        let a = pixels.format.alpha
        alphaMask = a.length == 0 ? 0 : 0xFF << UInt32(a.offset)
        isLayer = false
    }

    /// A canvas over an off-screen layer: 32-bit pixels with an 8-bit alpha channel that
    /// records coverage, premultiplied. Clear it to 0 (transparent) first; whatever is drawn
    /// blends its alpha in with the colour, so ``drawLayer(_:origin:transform:)`` can later put the
    /// layer over other pixels, scaled, moved or turned, as a view's transform asks.
    public init(layer pixels: PixelBuffer) {
        precondition(pixels.format.bytesPerPixel == 4 && pixels.format.alpha.length == 8, "a layer needs 32-bit pixels with an alpha channel")
        self.pixels = pixels
        bytesPerPixel = 4
        clipRect = pixels.bounds
        alphaMask = 0
        isLayer = true
    }

    /// Whether this canvas draws into a layer (``init(layer:)``): blends keep the alpha channel.
    public let isLayer: Bool

    /// The pixel format.
    public var format: PixelFormat { pixels.format }

    // MARK: - Clipping

    /// The deepest clip nesting. A ``pushClip(_:)`` beyond it is reported (``UsageWarning``)
    /// and clips everything away until its ``popClip()``: nothing is drawn outside a clip.
    public static let maximumClipDepth = 32

    /// Intersects the clip with `rect` (in translated coordinates) until the matching
    /// ``popClip()``.
    public mutating func pushClip(_ rect: PixelRect) {
        guard clipDepth < Self.maximumClipDepth else {
            if clipOverflow == 0 {
                UsageWarning.report(
                    "pushClip(_:)", "clips nest deeper than \(Self.maximumClipDepth), so nothing is drawn until the matching popClip(): pop each clip you push")
                clipUnderOverflow = clipRect
            }
            clipOverflow += 1
            clipRect = PixelRect(x: clipRect.x, y: clipRect.y, width: 0, height: 0)
            return
        }
        clipStack[clipDepth] = clipRect
        clipDepth += 1
        clipRect = clipRect.intersection(device(rect))
    }

    /// Restores the clip saved by the matching ``pushClip(_:)``. A pop with no push is
    /// reported (``UsageWarning``) and ignored.
    public mutating func popClip() {
        if clipOverflow > 0 {
            clipOverflow -= 1
            if clipOverflow == 0 { clipRect = clipUnderOverflow }
            return
        }
        guard clipDepth > 0 else {
            UsageWarning.report("popClip()", "there is no clip to pop, so nothing changed: pop only the clips you pushed")
            return
        }
        clipDepth -= 1
        clipRect = clipStack[clipDepth]
    }

    /// The current clip in translated coordinates.
    public var localClipRect: PixelRect { clipRect.offsetBy(dx: -translation.x, dy: -translation.y) }

    @inline(__always)
    func device(_ rect: PixelRect) -> PixelRect { rect.offsetBy(dx: translation.x, dy: translation.y) }

    // MARK: - Pixels

    /// Effective alpha on a 0…256 scale for a colour alpha and a coverage (0…255).
    @inline(__always)
    func weight(_ alpha: UInt32, coverage: UInt32 = 255) -> UInt32 {
        Self.weight(alpha, opacity: opacity, coverage: coverage)
    }

    /// ``weight(_:coverage:)`` for a given opacity.
    @inline(__always)
    static func weight(_ alpha: UInt32, opacity: UInt8, coverage: UInt32 = 255) -> UInt32 {
        let a = alpha * UInt32(opacity) * coverage
        if a == 255 * 255 * 255 { return 256 }
        // a / 255² rounded, on 0…255, then mapped to 0…256.
        let a255 = (a + 32512) / 65025
        return a255 + (a255 >> 7)
    }

    @inline(__always)
    static func blend32(_ d: UInt32, _ s: UInt32, _ w: UInt32) -> UInt32 {
        let inv = 256 - w
        let rb = (((s & 0x00FF_00FF) &* w &+ (d & 0x00FF_00FF) &* inv) >> 8) & 0x00FF_00FF
        let ag = (((s >> 8) & 0x00FF_00FF) &* w &+ ((d >> 8) & 0x00FF_00FF) &* inv) & 0xFF00_FF00
        return rb | ag
    }

    @inline(__always)
    func blend16(_ d: UInt32, _ s: UInt32, _ w: UInt32) -> UInt32 {
        Self.blend16(d, s, w, format: pixels.format)
    }

    @inline(__always)
    static func blend16(_ d: UInt32, _ s: UInt32, _ w: UInt32, format f: PixelFormat) -> UInt32 {
        let inv = 256 - w
        @inline(__always) func channel(_ c: PixelFormat.Channel) -> UInt32 {
            let mask = (UInt32(1) << UInt32(c.length)) - 1
            let sv = (s >> UInt32(c.offset)) & mask
            let dv = (d >> UInt32(c.offset)) & mask
            return ((sv * w + dv * inv + 128) >> 8) << UInt32(c.offset)
        }
        return channel(f.red) | channel(f.green) | channel(f.blue)
    }

    /// What a pixel loop needs to write a pixel, apart from the canvas: copying it is cheap,
    /// where a loop calling the canvas's own methods may copy the whole canvas (its clip and
    /// state stacks) on every pixel.
    struct PixelWriter {
        let bytesPerPixel: Int
        let alphaMask: UInt32
        let format: PixelFormat
        let strideBytes: Int

        /// Writes or blends `word` at `p` with weight `w` (0…256).
        @inline(__always)
        func plot(_ p: UnsafeMutableRawPointer, word: UInt32, weight w: UInt32) {
            guard w > 0 else { return }
            if bytesPerPixel == 4 {
                let q = p.assumingMemoryBound(to: UInt32.self)
                q.pointee = w == 256 ? word : Canvas.blend32(q.pointee, word, w) | alphaMask
            } else {
                let q = p.assumingMemoryBound(to: UInt16.self)
                q.pointee = UInt16(truncatingIfNeeded: w == 256 ? word : Canvas.blend16(UInt32(q.pointee), word, w, format: format))
            }
        }

        /// Writes or blends `word` over `count` pixels from `p` with weight `w` (0…256).
        @inline(__always)
        func span(_ p: UnsafeMutableRawPointer, count: Int, word: UInt32, weight w: UInt32) {
            guard w > 0, count > 0 else { return }
            if bytesPerPixel == 4 {
                let q = p.assumingMemoryBound(to: UInt32.self)
                if w == 256 {
                    q.update(repeating: word, count: count)
                } else {
                    for i in 0 ..< count { q[i] = Canvas.blend32(q[i], word, w) | alphaMask }
                }
            } else {
                let q = p.assumingMemoryBound(to: UInt16.self)
                if w == 256 {
                    q.update(repeating: UInt16(truncatingIfNeeded: word), count: count)
                } else {
                    for i in 0 ..< count { q[i] = UInt16(truncatingIfNeeded: Canvas.blend16(UInt32(q[i]), word, w, format: format)) }
                }
            }
        }

        /// ``span(_:count:word:weight:)`` for runs that may be long (a fill's rows): an opaque
        /// run of ``SolidRun/shortest`` pixels or more goes to the C library. `span` itself
        /// calls nothing, so the short runs of its other callers (a chart's strokes) keep a
        /// call without a frame to set up.
        @inline(__always)
        func wideSpan(_ p: UnsafeMutableRawPointer, count: Int, word: UInt32, weight w: UInt32) {
            guard w == 256, count >= SolidRun.shortest else { return span(p, count: count, word: word, weight: w) }
            if bytesPerPixel == 4 {
                SolidRun.fillLong(p.assumingMemoryBound(to: UInt32.self), count: count, word: word)
            } else {
                SolidRun.fillLong(p.assumingMemoryBound(to: UInt16.self), count: count, word: UInt16(truncatingIfNeeded: word))
            }
        }
    }

    /// The pixel writer for this canvas's pixels.
    var writer: PixelWriter {
        PixelWriter(bytesPerPixel: bytesPerPixel, alphaMask: alphaMask, format: pixels.format, strideBytes: pixels.strideBytes)
    }

    /// The alpha bits set on every pixel blended into an opaque destination; 0 for a layer,
    /// whose alpha channel is blended like the colour channels (the colour words carry 255).
    @usableFromInline let alphaMask: UInt32

    // MARK: - Fills

    /// Fills `rect` with `color` (blended when the colour or ``opacity`` is translucent).
    public mutating func fill(_ rect: PixelRect, color: Color) {
        let area = device(rect).intersection(clipRect)
        guard !area.isEmpty else { return }
        let w = weight(UInt32(color.alpha))
        guard w > 0 else { return }
        let word = pixels.format.encode(color)
        var row = pixels.address(x: area.x, y: area.y)
        let writer = self.writer
        for _ in 0 ..< area.height {
            writer.wideSpan(row, count: area.width, word: word, weight: w)
            row += pixels.strideBytes
        }
    }

    /// Fills the whole clip with `color`.
    public mutating func clear(_ color: Color) {
        fill(localClipRect, color: color)
    }

    /// Fills `rect` with corners rounded to `radius` (clamped to half the shorter side), the
    /// curved edges anti-aliased.
    public mutating func fillRoundedRect(_ rect: PixelRect, radius: Double, color: Color) {
        drawRoundedShape(rect, radius: radius, borderWidth: 0, color: color)
    }

    /// Strokes a border of `width` pixels inside `rect`, following corners rounded to `radius`
    /// (as a CALayer border does: the outer edge is the rectangle's edge).
    public mutating func strokeRoundedRect(_ rect: PixelRect, radius: Double, width: Int, color: Color) {
        guard width > 0 else { return }
        drawRoundedShape(rect, radius: radius, borderWidth: width, color: color)
    }

    /// Fills the circle inscribed in `rect`'s shorter side, centred in `rect`.
    public mutating func fillEllipse(in rect: PixelRect, color: Color) {
        drawRoundedShape(rect, radius: Double(min(rect.width, rect.height)) / 2, borderWidth: 0, color: color)
    }

    // MARK: - Lines

    /// Draws an anti-aliased line of `width` pixels with round caps between two points
    /// (pixel centres are at .5: a 1-pixel line from (0, 10.5) to (20, 10.5) covers row 10).
    public mutating func drawLine(from start: (x: Double, y: Double), to end: (x: Double, y: Double), width: Double = 1, color: Color) {
        let tx = Double(translation.x)
        let ty = Double(translation.y)
        let ax = start.x + tx
        let ay = start.y + ty
        let bx = end.x + tx
        let by = end.y + ty
        let half = max(width, 0) / 2
        let box = PixelRect(
            minX: Int((min(ax, bx) - half - 1).rounded(.down)), minY: Int((min(ay, by) - half - 1).rounded(.down)),
            maxX: Int((max(ax, bx) + half + 1).rounded(.up)), maxY: Int((max(ay, by) + half + 1).rounded(.up)))
        let area = box.intersection(clipRect)
        guard !area.isEmpty else { return }
        let alphaWeight = weight(UInt32(color.alpha))
        guard alphaWeight > 0 else { return }
        let word = pixels.format.encode(color)
        let dx = bx - ax
        let dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        let writer = self.writer
        for y in area.y ..< area.maxY {
            let row = pixels.address(x: 0, y: y)
            let py = Double(y) + 0.5
            for x in area.x ..< area.maxX {
                let px = Double(x) + 0.5
                var t = lengthSquared > 0 ? ((px - ax) * dx + (py - ay) * dy) / lengthSquared : 0
                t = min(max(t, 0), 1)
                let ex = px - (ax + t * dx)
                let ey = py - (ay + t * dy)
                let d = (ex * ex + ey * ey).squareRoot()
                let c = min(max(half + 0.5 - d, 0), 1)
                guard c > 0 else { continue }
                let w = c >= 1 ? alphaWeight : (alphaWeight * UInt32((c * 256).rounded()) + 128) >> 8
                writer.plot(row + x * bytesPerPixel, word: word, weight: w)
            }
        }
    }

    // MARK: - Images

    /// Draws `image` into `rect`, scaled to fit it exactly (nearest neighbour), blended by the
    /// image's alpha and ``opacity``.
    public mutating func drawImage(_ image: Image, in rect: PixelRect) {
        let target = device(rect)
        let area = target.intersection(clipRect)
        guard !area.isEmpty, image.width > 0, image.height > 0 else { return }
        let format = pixels.format
        let width = image.width, height = image.height
        let sameSize = target.width == width && target.height == height
        // The writer and the opacity, not `self`, in the closure: capturing the canvas would copy it.
        let writer = self.writer
        let opacity = self.opacity
        let pixels = self.pixels
        let solid = opacity == 255
        // XRGB8888, the usual screen: an opaque RGBA pixel becomes its word by moving bytes.
        let xrgb = writer.bytesPerPixel == 4 && format.red.length == 8 && format.red.offset == 16 && format.green.offset == 8 && format.blue.offset == 0
        let opaqueBits = format.encode(red: 0, green: 0, blue: 0)
        image.rgba.withUnsafeBufferPointer { rgba in
            guard let base = rgba.baseAddress else { return }
            if sameSize && solid && xrgb && image.isOpaque {
                // A photo at its own size on the usual screen: each row's bytes moved, in a loop
                // without branches that the compiler turns into vector code.
                let count = area.width
                for y in area.y ..< area.maxY {
                    let source = UnsafeRawPointer(base + ((y - target.y) * width + area.x - target.x) * 4)
                    let row = (pixels.address(x: 0, y: y) + area.x * 4).assumingMemoryBound(to: UInt32.self)
                    for i in 0 ..< count {
                        let v = source.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                        row[i] = ((v & 0xFF) << 16) | (v & 0xFF00) | ((v >> 16) & 0xFF) | opaqueBits
                    }
                }
                return
            }
            for y in area.y ..< area.maxY {
                let sy = sameSize ? y - target.y : (y - target.y) * height / target.height
                let row = pixels.address(x: 0, y: y)
                // At the image's own size the source pixels follow each other: no division.
                var source = base + (sy * width + area.x - target.x) * 4
                for x in area.x ..< area.maxX {
                    if !sameSize { source = base + (sy * width + (x - target.x) * width / target.width) * 4 }
                    defer { source += 4 }
                    let a = UInt32(source[3])
                    if a == 0 { continue }
                    if solid && a == 255 {
                        // Opaque over anything: the pixel is written, not blended.
                        let p = row + x * writer.bytesPerPixel
                        if xrgb {
                            let v = UnsafeRawPointer(source).loadUnaligned(as: UInt32.self)
                            p.storeBytes(of: ((v & 0xFF) << 16) | (v & 0xFF00) | ((v >> 16) & 0xFF) | opaqueBits, as: UInt32.self)
                        } else {
                            writer.plot(p, word: format.encode(red: UInt32(source[0]), green: UInt32(source[1]), blue: UInt32(source[2])), weight: 256)
                        }
                        continue
                    }
                    let word = format.encode(red: UInt32(source[0]), green: UInt32(source[1]), blue: UInt32(source[2]))
                    writer.plot(row + x * writer.bytesPerPixel, word: word, weight: Self.weight(a, opacity: opacity))
                }
            }
        }
    }

    /// Draws `image` into `rect` with `interpolation`: ``ImageInterpolation/nearest`` is
    /// ``drawImage(_:in:)``; ``ImageInterpolation/bilinear`` blends the four nearest source
    /// pixels (weighted by their alpha) for each target pixel, so a photo scaled up or down has
    /// no stair-steps. At the image's own size both draw the same pixels.
    public mutating func drawImage(_ image: Image, in rect: PixelRect, interpolation: ImageInterpolation) {
        guard interpolation == .bilinear, rect.width != image.width || rect.height != image.height else {
            return drawImage(image, in: rect)
        }
        let target = device(rect)
        let area = target.intersection(clipRect)
        guard !area.isEmpty, image.width > 0, image.height > 0 else { return }
        let format = pixels.format
        let writer = self.writer
        let opacity = self.opacity
        // Fixed point: source positions in 1/256 of a pixel, so each tap's weight is an integer
        // and the four weights sum to 65 536.
        let stepX = (image.width << 16) / max(target.width, 1), stepY = (image.height << 16) / max(target.height, 1)
        let maxX = image.width - 1, maxY = image.height - 1
        let stride = image.width * 4
        image.rgba.withUnsafeBufferPointer { rgba in
            for y in area.y ..< area.maxY {
                // The source row of the target pixel's centre: (y + 0.5) × scale − 0.5.
                let v = max(((y - target.y) * stepY + stepY / 2 - 32768) >> 8, 0)
                let y0 = min(v >> 8, maxY), y1 = min(y0 + 1, maxY)
                let fy = y0 == maxY ? 0 : v & 255
                let row0 = y0 * stride, row1 = y1 * stride
                let row = pixels.address(x: 0, y: y)
                var u = (area.x - target.x) * stepX + stepX / 2 - 32768
                for x in area.x ..< area.maxX {
                    defer { u += stepX }
                    let uu = max(u >> 8, 0)
                    let x0 = min(uu >> 8, maxX), x1 = min(x0 + 1, maxX)
                    let fx = x0 == maxX ? 0 : uu & 255
                    let w00 = (256 - fx) * (256 - fy), w10 = fx * (256 - fy), w01 = (256 - fx) * fy, w11 = fx * fy
                    let i00 = row0 + x0 * 4, i10 = row0 + x1 * 4, i01 = row1 + x0 * 4, i11 = row1 + x1 * 4
                    // Premultiplied by alpha, so a transparent neighbour does not darken the edge.
                    let a00 = Int(rgba[i00 + 3]) * w00, a10 = Int(rgba[i10 + 3]) * w10
                    let a01 = Int(rgba[i01 + 3]) * w01, a11 = Int(rgba[i11 + 3]) * w11
                    let a = a00 + a10 + a01 + a11  // alpha × 65 536
                    guard a >= 32768 else { continue }
                    if a == 255 << 16 {
                        // Every tap opaque (a photo): the weights sum to 65 536, no division.
                        let r = Int(rgba[i00]) * w00 + Int(rgba[i10]) * w10 + Int(rgba[i01]) * w01 + Int(rgba[i11]) * w11
                        let g = Int(rgba[i00 + 1]) * w00 + Int(rgba[i10 + 1]) * w10 + Int(rgba[i01 + 1]) * w01 + Int(rgba[i11 + 1]) * w11
                        let b = Int(rgba[i00 + 2]) * w00 + Int(rgba[i10 + 2]) * w10 + Int(rgba[i01 + 2]) * w01 + Int(rgba[i11 + 2]) * w11
                        let word = format.encode(red: UInt32((r + 32768) >> 16), green: UInt32((g + 32768) >> 16), blue: UInt32((b + 32768) >> 16))
                        writer.plot(row + x * writer.bytesPerPixel, word: word, weight: Self.weight(255, opacity: opacity))
                        continue
                    }
                    let r = Int(rgba[i00]) * a00 + Int(rgba[i10]) * a10 + Int(rgba[i01]) * a01 + Int(rgba[i11]) * a11
                    let g = Int(rgba[i00 + 1]) * a00 + Int(rgba[i10 + 1]) * a10 + Int(rgba[i01 + 1]) * a01 + Int(rgba[i11 + 1]) * a11
                    let b = Int(rgba[i00 + 2]) * a00 + Int(rgba[i10 + 2]) * a10 + Int(rgba[i01 + 2]) * a01 + Int(rgba[i11 + 2]) * a11
                    let half = a >> 1
                    let word = format.encode(red: UInt32((r + half) / a), green: UInt32((g + half) / a), blue: UInt32((b + half) / a))
                    writer.plot(row + x * writer.bytesPerPixel, word: word, weight: Self.weight(UInt32(min((a + 32768) >> 16, 255)), opacity: opacity))
                }
            }
        }
    }

    /// Draws `image` at its own size with its top-left corner at `origin`.
    public mutating func drawImage(_ image: Image, at origin: (x: Int, y: Int)) {
        drawImage(image, in: PixelRect(x: origin.x, y: origin.y, width: image.width, height: image.height))
    }

    // MARK: - Coverage masks (glyphs)

    /// Blends `color` through an 8-bit coverage mask whose top-left pixel is at (`x`, `y`).
    mutating func drawMask(
        _ mask: UnsafeBufferPointer<UInt8>, width: Int, height: Int, atX x: Int, y: Int, color: Color
    ) {
        guard let (blend, area, first) = maskArea(width: width, height: height, atX: x, y: y, color: color) else { return }
        // One loop per pixel size, so that each pixel's blend is inlined into it.
        if blend.writer.bytesPerPixel == 4 {
            blendBytes(Pixel32.self, mask: mask, width: width, area: area, first: first, blend: blend)
        } else {
            blendBytes(Pixel16.self, mask: mask, width: width, area: area, first: first, blend: blend)
        }
    }

    @inline(__always)
    private func blendBytes<P: MaskPixel>(
        _: P.Type, mask: UnsafeBufferPointer<UInt8>, width: Int, area: PixelRect, first: Int, blend: MaskBlend
    ) {
        for row in 0 ..< area.height {
            var p = pixels.address(x: area.x, y: area.y + row)
            let start = first + row * width
            for i in start ..< start + area.width {
                let c = UInt32(mask[i])
                if c != 0 { P.blend(p, blend.writer, word: blend.word, weight: blend.weight(coverage: c)) }
                p += P.size
            }
        }
    }

    /// Blends `color` through a 4-bit coverage mask, two pixels a byte (the first in the high
    /// half) from the start of `mask`: the built-in faces' glyphs, drawn where they are stored.
    /// Rows follow each other with no padding, so a row may start in a byte's low half. The
    /// mask is walked a byte at a time, and a byte of two uncovered pixels costs one test.
    mutating func drawMask(
        packed mask: UnsafeBufferPointer<UInt8>, width: Int, height: Int, atX x: Int, y: Int, color: Color
    ) {
        precondition(mask.count >= (width * height + 1) / 2, "two pixels a byte")
        guard let (blend, area, first) = maskArea(width: width, height: height, atX: x, y: y, color: color) else { return }
        // One loop per pixel size, so that each pixel's blend is inlined into it.
        if blend.writer.bytesPerPixel == 4 {
            blendPacked(Pixel32.self, mask: mask, width: width, area: area, first: first, blend: blend)
        } else {
            blendPacked(Pixel16.self, mask: mask, width: width, area: area, first: first, blend: blend)
        }
    }

    @inline(__always)
    private func blendPacked<P: MaskPixel>(
        _: P.Type, mask: UnsafeBufferPointer<UInt8>, width: Int, area: PixelRect, first: Int, blend: MaskBlend
    ) {
        for row in 0 ..< area.height {
            var p = pixels.address(x: area.x, y: area.y + row)
            var i = first + row * width
            let end = i + area.width
            if i & 1 == 1 {  // the row starts in a byte's low half
                let c = UInt32(mask[i >> 1] & 15)
                if c != 0 { P.blend(p, blend.writer, word: blend.word, weight: blend.weight(nibble: c)) }
                p += P.size
                i += 1
            }
            while i + 1 < end {
                let pair = mask[i >> 1]
                if pair != 0 {
                    let high = UInt32(pair >> 4), low = UInt32(pair & 15)
                    if high != 0 { P.blend(p, blend.writer, word: blend.word, weight: blend.weight(nibble: high)) }
                    if low != 0 { P.blend(p + P.size, blend.writer, word: blend.word, weight: blend.weight(nibble: low)) }
                }
                p += 2 * P.size
                i += 2
            }
            if i < end {  // the row ends in a byte's high half
                let c = UInt32(mask[i >> 1] >> 4)
                if c != 0 { P.blend(p, blend.writer, word: blend.word, weight: blend.weight(nibble: c)) }
            }
        }
    }

    /// What a coverage mask's rows are blended with: the colour's word, how a coverage becomes
    /// a weight, and the pixel writer.
    struct MaskBlend {
        let writer: PixelWriter
        let word: UInt32
        /// The colour's alpha times the canvas's opacity, 0…65 025.
        let colorAlpha: UInt32

        /// The weight (0…256) of a pixel of 8-bit coverage `c` (1…255).
        @inline(__always)
        func weight(coverage c: UInt32) -> UInt32 {
            if colorAlpha == 255 * 255 { return c == 255 ? 256 : c + (c >> 7) }
            let a255 = (c * colorAlpha + 32512) / 65025
            return a255 + (a255 >> 7)
        }

        /// The weight of a pixel of 4-bit coverage `n` (1…15), which is 8-bit coverage 17 × n.
        @inline(__always)
        func weight(nibble n: UInt32) -> UInt32 { weight(coverage: n &* 17) }
    }

    /// A pixel size a mask is blended into, its blend inlined into the mask's loop.
    protocol MaskPixel {
        static var size: Int { get }
        /// Blends `word` into the pixel at `p` with weight `w` (0…256), as `writer` blends.
        static func blend(_ p: UnsafeMutableRawPointer, _ writer: PixelWriter, word: UInt32, weight w: UInt32)
    }

    enum Pixel32: MaskPixel {
        static var size: Int { 4 }
        @inline(__always)
        static func blend(_ p: UnsafeMutableRawPointer, _ writer: PixelWriter, word: UInt32, weight w: UInt32) {
            guard w > 0 else { return }
            let q = p.assumingMemoryBound(to: UInt32.self)
            q.pointee = w == 256 ? word : Canvas.blend32(q.pointee, word, w) | writer.alphaMask
        }
    }

    enum Pixel16: MaskPixel {
        static var size: Int { 2 }
        @inline(__always)
        static func blend(_ p: UnsafeMutableRawPointer, _ writer: PixelWriter, word: UInt32, weight w: UInt32) {
            guard w > 0 else { return }
            let q = p.assumingMemoryBound(to: UInt16.self)
            q.pointee = UInt16(truncatingIfNeeded: w == 256 ? word : Canvas.blend16(UInt32(q.pointee), word, w, format: writer.format))
        }
    }

    /// What the clip leaves of a `width` × `height` mask at (`x`, `y`), in device pixels, with
    /// the index in the mask (row by row, no padding) of that area's top-left pixel; nil when
    /// nothing is left.
    @inline(__always)
    private func maskArea(
        width: Int, height: Int, atX x: Int, y: Int, color: Color
    ) -> (blend: MaskBlend, area: PixelRect, first: Int)? {
        let target = PixelRect(x: x + translation.x, y: y + translation.y, width: width, height: height)
        let area = target.intersection(clipRect)
        guard !area.isEmpty else { return nil }
        let blend = MaskBlend(
            writer: writer, word: pixels.format.encode(color), colorAlpha: UInt32(color.alpha) * UInt32(opacity))
        return (blend, area, (area.y - target.y) * width + area.x - target.x)
    }
}
