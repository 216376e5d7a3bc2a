public import PanelCore

extension Canvas {
    /// The largest layer side ``drawLayer(_:origin:transform:)`` is asked to handle in practice; the
    /// renderer never makes a layer larger (see `ViewRenderer`).
    public static let maximumLayerSide = 4096

    /// Draws a layer (pixels drawn through ``init(layer:)``: premultiplied ARGB8888) through
    /// `transform`, which maps layer coordinates to this canvas's translated coordinates. In
    /// layer coordinates the layer's top-left pixel covers [`origin.x`, `origin.x` + 1) ×
    /// [`origin.y`, `origin.y` + 1): a layer holding part of a larger picture says where that
    /// part lies, and every pixel is sampled at the same place whichever part is drawn. Each
    /// covered pixel samples the layer at its centre, bilinearly, so scaled and turned edges
    /// are smooth; the layer is multiplied by ``opacity`` and put over what is there (into a
    /// layer, its alpha adds up).
    ///
    /// A transform that cannot be inverted (a zero scale, a non-finite number) draws nothing.
    /// Nothing allocates.
    public mutating func drawLayer(_ layer: PixelBuffer, origin: (x: Int, y: Int) = (0, 0), transform: AffineTransform) {
        precondition(layer.format == .argb8888, "a layer is ARGB8888")
        guard layer.width > 0, layer.height > 0, opacity > 0 else { return }
        let toDevice = transform.concatenating(AffineTransform(translationX: Double(translation.x), y: Double(translation.y)))
        guard toDevice.isInvertible else { return }
        let shape = Rect(x: Double(origin.x), y: Double(origin.y), width: Double(layer.width), height: Double(layer.height)).applying(toDevice)
        let covered = PixelRect(
            minX: PixelRect.coordinate(shape.minX.rounded(.down)), minY: PixelRect.coordinate(shape.minY.rounded(.down)),
            maxX: PixelRect.coordinate(shape.maxX.rounded(.up)), maxY: PixelRect.coordinate(shape.maxY.rounded(.up)))
        let area = covered.intersection(clipRect)
        guard !area.isEmpty else { return }
        let inverse = toDevice.inverted()
        // Layer coordinates in 16.16 fixed point, measured from the centre of the texel at the
        // origin. Pixel x of a row samples at rowStart + x · step, whatever part of the row is
        // drawn. The numbers are clamped so that no product or sum can overflow, however small
        // the layer is drawn (x is inside the canvas).
        let one = 65536.0
        let limit = Double(1 << 40)
        @inline(__always) func fixed(_ v: Double) -> Int { Int(min(max(v * one, -limit), limit)) }
        let stepU = fixed(inverse.a)
        let stepV = fixed(inverse.b)
        let originU = origin.x << 16
        let originV = origin.y << 16
        let sampler = LayerSampler(layer)
        let o = UInt32(opacity)
        let opacity256 = o + (o >> 7)
        for y in area.y ..< area.maxY {
            let cy = Double(y) + 0.5
            let rowU = fixed(inverse.c * cy + inverse.tx + 0.5 * inverse.a - 0.5) &- originU
            let rowV = fixed(inverse.d * cy + inverse.ty + 0.5 * inverse.b - 0.5) &- originV
            var u = rowU &+ stepU &* area.x
            var v = rowV &+ stepV &* area.x
            let row = pixels.address(x: 0, y: y)
            for x in area.x ..< area.maxX {
                var s = sampler.sample(u: u, v: v)
                u &+= stepU
                v &+= stepV
                if s == 0 { continue }
                if opacity256 < 256 { s = Self.scale(s, opacity256) }
                putPremultiplied(s, at: row + x * bytesPerPixel)
            }
        }
    }

    /// Puts a layer (premultiplied ARGB8888, drawn through ``init(layer:)``) over this canvas
    /// unscaled, its top-left pixel at `origin` (translated coordinates), multiplied by
    /// ``opacity``: how a subtree faded as one (group opacity) reaches the screen. A pixel
    /// costs one blend; nothing allocates.
    public mutating func drawLayer(_ layer: PixelBuffer, at origin: (x: Int, y: Int)) {
        precondition(layer.format == .argb8888, "a layer is ARGB8888")
        guard opacity > 0 else { return }
        let target = device(PixelRect(x: origin.x, y: origin.y, width: layer.width, height: layer.height))
        let area = target.intersection(clipRect)
        guard !area.isEmpty else { return }
        let o = UInt32(opacity)
        let opacity256 = o + (o >> 7)
        for y in area.y ..< area.maxY {
            let source = (layer.baseAddress + (y - target.y) * layer.strideBytes).assumingMemoryBound(to: UInt32.self) - target.x
            let row = pixels.address(x: 0, y: y)
            for x in area.x ..< area.maxX {
                var s = source[x]
                if s == 0 { continue }
                if opacity256 < 256 { s = Self.scale(s, opacity256) }
                putPremultiplied(s, at: row + x * bytesPerPixel)
            }
        }
    }

    /// A premultiplied ARGB word with every channel multiplied by `w`/256.
    @inline(__always)
    static func scale(_ s: UInt32, _ w: UInt32) -> UInt32 {
        let rb = (((s & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
        let ag = (((s >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ag
    }

    /// Puts the premultiplied ARGB word `s` over the pixel at `p`.
    @inline(__always)
    func putPremultiplied(_ s: UInt32, at p: UnsafeMutableRawPointer) {
        let sa = s >> 24
        let keep = 256 - (sa + (sa >> 7))
        let format = pixels.format
        if bytesPerPixel == 4 {
            let q = p.assumingMemoryBound(to: UInt32.self)
            // The layer is ARGB; a destination with red in the low byte gets red and blue swapped.
            let source = format.red.offset == 16 ? s : (s & 0xFF00_FF00) | ((s >> 16) & 0xFF) | ((s & 0xFF) << 16)
            let d = q.pointee
            let rb = (((d & 0x00FF_00FF) &* keep &+ 0x0080_0080) >> 8) & 0x00FF_00FF
            let ag = (((d >> 8) & 0x00FF_00FF) &* keep &+ 0x0080_0080) & 0xFF00_FF00
            let over = source &+ (rb | ag)
            q.pointee = isLayer ? over : (over & 0x00FF_FFFF) | alphaMask
        } else {
            let q = p.assumingMemoryBound(to: UInt16.self)
            let d = format.decode(UInt32(q.pointee))
            @inline(__always) func channel(_ source: UInt32, _ destination: UInt8) -> UInt32 {
                min(source + ((UInt32(destination) * keep + 128) >> 8), 255)
            }
            let word = format.encode(
                red: channel((s >> 16) & 0xFF, d.red), green: channel((s >> 8) & 0xFF, d.green), blue: channel(s & 0xFF, d.blue))
            q.pointee = UInt16(truncatingIfNeeded: word)
        }
    }
}

/// Bilinear reads of a premultiplied ARGB8888 layer; texels outside it are transparent, so the
/// layer's edges fade over one pixel instead of stepping.
struct LayerSampler {
    let base: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    let stride: Int

    init(_ layer: PixelBuffer) {
        base = layer.baseAddress
        width = layer.width
        height = layer.height
        stride = layer.strideBytes
    }

    @inline(__always)
    func texel(_ x: Int, _ y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return (base + y * stride + x * 4).load(as: UInt32.self)
    }

    /// The layer at (`u`, `v`), 16.16 fixed point from the centre of texel (0, 0).
    @inline(__always)
    func sample(u: Int, v: Int) -> UInt32 {
        let x = u >> 16
        let y = v >> 16
        // Wholly outside (with a texel's margin): nothing.
        guard x >= -1, y >= -1, x < width, y < height else { return 0 }
        let fx = UInt32(truncatingIfNeeded: (u >> 8) & 0xFF)
        let fy = UInt32(truncatingIfNeeded: (v >> 8) & 0xFF)
        let top = Self.mix(texel(x, y), texel(x + 1, y), fx)
        let bottom = Self.mix(texel(x, y + 1), texel(x + 1, y + 1), fx)
        return Self.mix(top, bottom, fy)
    }

    /// `p` and `q` weighted (256 − `w`) : `w`, channel by channel.
    @inline(__always)
    static func mix(_ p: UInt32, _ q: UInt32, _ w: UInt32) -> UInt32 {
        if w == 0 || p == q { return p }
        let inv = 256 - w
        let rb = (((p & 0x00FF_00FF) &* inv &+ (q & 0x00FF_00FF) &* w) >> 8) & 0x00FF_00FF
        let ag = ((((p >> 8) & 0x00FF_00FF) &* inv &+ ((q >> 8) & 0x00FF_00FF) &* w)) & 0xFF00_FF00
        return rb | ag
    }
}
