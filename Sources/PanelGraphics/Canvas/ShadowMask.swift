import PanelCore

/// A shape's shadow: its coverage blurred, kept so that a shadow that has not changed is drawn
/// again without being blurred again (``Canvas/drawShadow(_:at:color:hole:rows:)``).
///
/// The blur is three box blurs across and three down, which approach a Gaussian whose standard
/// deviation is the blur radius (CALayer's `shadowRadius`, CSS's half blur). A rounded
/// rectangle's blurred coverage is the same all along the middle of each side, so only a
/// rectangle about twice the corner's reach is blurred and kept, and its middle row and column
/// are stretched when drawn: a 760 × 200 card's shadow keeps and blurs a few kilobytes.
///
/// The blur radius is clamped to ``maximumBlurRadius``, which caps the blurring work and the
/// memory; a path's mask is capped at ``maximumSide`` pixels a side.
public final class ShadowMask {
    /// The largest blur radius, in pixels; larger ones are clamped to it.
    public static let maximumBlurRadius = 50.0
    /// The largest side of a mask, in pixels (a path's box is cut to it).
    public static let maximumSide = 2048

    /// What the mask was made for: a rounded rectangle's size and corner radius, or a path's
    /// elements, and the blur radius.
    public struct Key: Hashable {
        /// The rounded rectangle's (or the path box's) width, in pixels.
        public let width: Int
        /// The rounded rectangle's (or the path box's) height, in pixels.
        public let height: Int
        /// The rounded rectangle's corner radius, clamped (0 for a path).
        public let cornerRadius: Double
        /// The blur radius, clamped.
        public let blurRadius: Double
        /// The path's elements; nil for a rounded rectangle.
        public let path: [Path.Element]?
    }

    /// What the mask was made for.
    public let key: Key
    /// How far the blur reaches past the shape on every side, in pixels.
    public let reach: Int
    /// Where the shape's box starts, relative to the point the shadow is drawn at (a path's
    /// box need not start at 0).
    let shapeOrigin: (x: Int, y: Int)
    /// The full extent (the shape's box and the reach on each side).
    let fullWidth: Int
    let fullHeight: Int
    /// The kept mask: `maskWidth` × `maskHeight` coverages, row after row.
    private let mask: UnsafeMutableBufferPointer<UInt8>
    let maskWidth: Int
    let maskHeight: Int
    /// Columns (rows) from `cutX` (`cutY`) on in the full extent read the kept mask `stretchX`
    /// (`stretchY`) to the left (up); up to `cutX` + `stretchX` they repeat column `cutX`.
    let cutX: Int
    let cutY: Int
    let stretchX: Int
    let stretchY: Int

    deinit { mask.deallocate() }

    /// The blur radius a shadow radius gives, clamped: not finite or negative counts as 0.
    public static func clampedBlur(_ radius: Double) -> Double {
        radius.isFinite ? min(max(radius, 0), maximumBlurRadius) : 0
    }

    /// The half-width k of each of the three box blurs for a blur radius σ: three boxes of
    /// 2k + 1 have a variance of k(k + 1) ≈ σ².
    static func boxHalfWidth(_ blur: Double) -> Int {
        guard blur > 0 else { return 0 }
        return max(Int(((4 * blur * blur + 1).squareRoot() - 1) / 2 + 0.5), 1)
    }

    /// How far the shadow of a blur radius reaches past its shape, in pixels.
    public static func reach(forBlurRadius radius: Double) -> Int { 3 * boxHalfWidth(clampedBlur(radius)) }

    /// The shadow of a `width` × `height` rectangle with corners rounded to `cornerRadius`,
    /// blurred by `blurRadius` (clamped to ``maximumBlurRadius``). Sizes below zero count as 0.
    public init(width: Int, height: Int, cornerRadius: Double, blurRadius: Double) {
        let w = max(width, 0), h = max(height, 0)
        let blur = Self.clampedBlur(blurRadius)
        let r = min(max(cornerRadius.isFinite ? cornerRadius : 0, 0), Double(min(w, h)) / 2)
        key = Key(width: w, height: h, cornerRadius: r, blurRadius: blur, path: nil)
        let k = Self.boxHalfWidth(blur)
        reach = 3 * k
        shapeOrigin = (0, 0)
        fullWidth = w + 2 * reach
        fullHeight = h + 2 * reach
        // Past this many pixels from an edge a column (row) no longer sees a corner.
        let keep = Int(r.rounded(.up)) + 2 * reach + 1
        let keptWidth = min(fullWidth, 2 * keep + 1)
        let keptHeight = min(fullHeight, 2 * keep + 1)
        cutX = keptWidth < fullWidth ? keep : fullWidth
        cutY = keptHeight < fullHeight ? keep : fullHeight
        stretchX = fullWidth - keptWidth
        stretchY = fullHeight - keptHeight
        maskWidth = keptWidth
        maskHeight = keptHeight
        mask = .allocate(capacity: max(keptWidth * keptHeight, 1))
        mask.initialize(repeating: 0)
        // The kept shape: as wide as the kept mask minus the reach on each side.
        let sw = keptWidth - 2 * reach, sh = keptHeight - 2 * reach
        let cx0 = Double(reach) + r, cx1 = Double(reach + sw) - r
        let cy0 = Double(reach) + r, cy1 = Double(reach + sh) - r
        for y in reach ..< reach + sh {
            for x in reach ..< reach + sw {
                let c = Canvas.coverage(Double(x) + 0.5, Double(y) + 0.5, r: r, cx0: cx0, cy0: cy0, cx1: cx1, cy1: cy1)
                mask[y * keptWidth + x] = UInt8((c * 255).rounded())
            }
        }
        Self.blur(mask, width: keptWidth, height: keptHeight, k: k)
    }

    /// The shadow of `path` (filled with the non-zero rule) blurred by `blurRadius`; the path
    /// is in the coordinates the shadow is drawn at. Its box is cut to ``maximumSide``.
    public init(path: Path, blurRadius: Double) {
        let blur = Self.clampedBlur(blurRadius)
        let k = Self.boxHalfWidth(blur)
        reach = 3 * k
        let bounds = path.boundingBox ?? .zero
        let minX = bounds.minX, minY = bounds.minY, maxX = bounds.maxX, maxY = bounds.maxY
        let limit = Double(Self.maximumSide)
        let box = (
            x: Int(min(max(minX, -limit), limit).rounded(.down)), y: Int(min(max(minY, -limit), limit).rounded(.down)),
            maxX: Int(min(max(maxX, -limit), limit).rounded(.up)), maxY: Int(min(max(maxY, -limit), limit).rounded(.up))
        )
        let w = min(max(box.maxX - box.x, 0), Self.maximumSide), h = min(max(box.maxY - box.y, 0), Self.maximumSide)
        key = Key(width: w, height: h, cornerRadius: 0, blurRadius: blur, path: path.elements)
        shapeOrigin = (box.x, box.y)
        fullWidth = w + 2 * reach
        fullHeight = h + 2 * reach
        cutX = fullWidth
        cutY = fullHeight
        stretchX = 0
        stretchY = 0
        maskWidth = fullWidth
        maskHeight = fullHeight
        mask = .allocate(capacity: max(fullWidth * fullHeight, 1))
        mask.initialize(repeating: 0)
        if w > 0, h > 0 {
            // Filled in white on a layer, whose alpha is the coverage.
            let layer = Bitmap(width: fullWidth, height: fullHeight, format: .argb8888)
            var canvas = Canvas(layer: layer.pixels)
            canvas.translation = (reach - box.x, reach - box.y)
            canvas.fill(path, color: .white)
            for y in 0 ..< fullHeight {
                for x in 0 ..< fullWidth {
                    mask[y * fullWidth + x] = UInt8(truncatingIfNeeded: layer.pixels.address(x: x, y: y).load(as: UInt32.self) >> 24)
                }
            }
        }
        Self.blur(mask, width: fullWidth, height: fullHeight, k: k)
    }

    /// How many bytes the mask keeps.
    public var byteCount: Int { maskWidth * maskHeight }

    /// The kept row that full row `y` reads.
    @inline(__always)
    func row(_ y: Int) -> Int { y < cutY ? y : (y < cutY + stretchY ? cutY : y - stretchY) }

    /// The kept coverages of row `row`.
    @inline(__always)
    func keptRow(_ row: Int) -> UnsafeMutablePointer<UInt8> { mask.baseAddress! + row * maskWidth }

    /// Three box blurs of half-width `k` across, then three down, in place.
    private static func blur(_ mask: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, k: Int) {
        guard k > 0, width > 0, height > 0 else { return }
        let longest = max(width, height)
        let line = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: longest)
        defer { line.deallocate() }
        let box = 2 * k + 1
        let reciprocal = (1 << 24) / box
        // One pass over `count` values `step` apart, from `start`.
        func pass(start: Int, step: Int, count: Int) {
            for i in 0 ..< count { line[i] = mask[start + i * step] }
            var sum = 0
            for i in 0 ..< min(k, count) { sum += Int(line[i]) }
            for i in 0 ..< count {
                if i + k < count { sum += Int(line[i + k]) }
                if i - k - 1 >= 0 { sum -= Int(line[i - k - 1]) }
                mask[start + i * step] = UInt8(truncatingIfNeeded: min((sum * reciprocal + (1 << 23)) >> 24, 255))
            }
        }
        for _ in 0 ..< 3 {
            for y in 0 ..< height { pass(start: y * width, step: 1, count: width) }
        }
        for _ in 0 ..< 3 {
            for x in 0 ..< width { pass(start: x, step: width, count: height) }
        }
    }
}
