public import PanelCore

/// A rectangle of whole pixels: the renderer's unit of clipping and invalidation.
///
/// `x`/`y` is the top-left pixel; the rectangle covers `x ..< x + width` by `y ..< y + height`.
/// A rectangle with a zero or negative width or height is empty.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// Creates a rectangle from its top-left pixel and size.
    @inlinable
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Creates a rectangle from its edges (`maxX`/`maxY` exclusive).
    @inlinable
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The smallest pixel rectangle that covers `rect` (edges rounded outwards).
    public init(enclosing rect: Rect) {
        let r = rect.standardized
        let minX = Self.coordinate(r.minX.rounded(.down))
        let minY = Self.coordinate(r.minY.rounded(.down))
        let maxX = Self.coordinate(r.maxX.rounded(.up))
        let maxY = Self.coordinate(r.maxY.rounded(.up))
        self.init(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// The pixel rectangle a view with this frame fills: each edge rounded to the nearest pixel
    /// boundary (see ``snapped(_:)``), so adjacent views share edges without gaps or overlaps.
    public init(snapping rect: Rect) {
        let r = rect.standardized
        self.init(minX: Self.snapped(r.minX), minY: Self.snapped(r.minY), maxX: Self.snapped(r.maxX), maxY: Self.snapped(r.maxY))
    }

    /// A point coordinate rounded to the nearest pixel boundary, halves upwards (−2.5 → −2,
    /// 2.5 → 3), and clamped as ``coordinate(_:)``. Halves round the same way on both sides of
    /// zero, so a view tree drawn shifted by whole pixels (into an off-screen layer) snaps
    /// exactly as it does on screen.
    @inlinable
    public static func snapped(_ value: Double) -> Int {
        coordinate((value + 0.5).rounded(.down))
    }

    /// The farthest a pixel coordinate goes: 2³⁰, far beyond any screen, so that sums of two
    /// coordinates cannot overflow.
    public static let coordinateLimit = 1 << 30

    /// A point coordinate as a pixel coordinate that cannot trap: clamped to
    /// ±``coordinateLimit``, NaN taken as 0. An absurd frame (an app's bug, a scroll offset
    /// of 1e300) lands off screen instead of stopping the process.
    @inlinable
    public static func coordinate(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        let limit = Double(coordinateLimit)
        return Int(min(max(value, -limit), limit))
    }

    /// The empty rectangle at the origin.
    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// One past the right column.
    @inlinable public var maxX: Int { x + width }
    /// One past the bottom row.
    @inlinable public var maxY: Int { y + height }
    /// Whether the rectangle covers no pixel.
    @inlinable public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The number of pixels covered (0 when empty).
    @inlinable public var area: Int { isEmpty ? 0 : width * height }

    /// The common part of two rectangles (empty when they do not overlap).
    @inlinable
    public func intersection(_ other: PixelRect) -> PixelRect {
        let minX = Swift.max(x, other.x)
        let minY = Swift.max(y, other.y)
        let maxX = Swift.min(self.maxX, other.maxX)
        let maxY = Swift.min(self.maxY, other.maxY)
        if maxX <= minX || maxY <= minY { return .zero }
        return PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// Whether the rectangles share at least one pixel.
    @inlinable
    public func intersects(_ other: PixelRect) -> Bool {
        !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY
            && other.y < maxY
    }

    /// The smallest rectangle covering both (an empty operand is ignored).
    @inlinable
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(
            minX: Swift.min(x, other.x), minY: Swift.min(y, other.y),
            maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }

    /// Whether `other` lies entirely inside this rectangle (an empty `other` always does).
    @inlinable
    public func contains(_ other: PixelRect) -> Bool {
        if other.isEmpty { return true }
        return other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// Whether the pixel at (`px`, `py`) is inside.
    @inlinable
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && py >= y && px < maxX && py < maxY
    }

    /// The rectangle moved by (`dx`, `dy`).
    @inlinable
    public func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom
    /// (negative values grow it).
    @inlinable
    public func insetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The same rectangle as a `Rect` in points (one point per pixel).
    public var rect: Rect { Rect(x: x, y: y, width: width, height: height) }

    /// `(x, y, width×height)`.
    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
