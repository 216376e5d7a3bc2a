import RealModule

/// Where a dial's scale lies on its circle: a start angle and a sweep, in degrees clockwise
/// from three o'clock (LVGL's convention: its default scale starts at 135° and sweeps 270°,
/// from bottom left round the top to bottom right). Shared by ``GaugeView`` and ``ArcControl``.
public struct DialGeometry: Sendable, Hashable {
    /// Where the scale starts, 0…360 (any angle given is brought into that range).
    public let startAngle: Double
    /// How far the scale sweeps clockwise, more than 0 and at most 360.
    public let sweepAngle: Double

    /// LVGL's default: from 135° sweeping 270°.
    public static let standard = DialGeometry(checkedStart: 135, sweep: 270)

    /// A scale from `startAngle` sweeping `sweepAngle` degrees clockwise. The start may be any
    /// finite angle (−90 and 630 both mean twelve o'clock); a sweep that is not more than 0 and at
    /// most 360, or a start that is not finite, throws ``ScaleError/sweepOutOfRange(_:)``.
    public init(startAngle: Double, sweepAngle: Double) throws(ScaleError) {
        guard sweepAngle.isFinite, sweepAngle > 0, sweepAngle <= 360 else { throw .sweepOutOfRange(sweepAngle) }
        guard startAngle.isFinite else { throw .sweepOutOfRange(startAngle) }
        self.init(checkedStart: startAngle, sweep: sweepAngle)
    }

    private init(checkedStart start: Double, sweep: Double) {
        var normalized = start.truncatingRemainder(dividingBy: 360)
        if normalized < 0 { normalized += 360 }
        startAngle = normalized
        sweepAngle = sweep
    }

    /// The angle in radians (clockwise from three o'clock, as `Path.addArc` takes them) of
    /// `fraction` (0…1) of the way along the scale.
    public func radians(atFraction fraction: Double) -> Double {
        (startAngle + sweepAngle * fraction) * Double.pi / 180
    }

    /// The point at `fraction` of the scale on the circle of `radius` around `centre`.
    public func point(atFraction fraction: Double, radius: Double, centre: Point) -> Point {
        let angle = radians(atFraction: fraction)
        return Point(x: centre.x + radius * Double.cos(angle), y: centre.y + radius * Double.sin(angle))
    }

    /// The fraction of the scale nearest to the direction from `centre` to `point`: inside the
    /// sweep, its fraction; in the gap of a partial dial, the nearer end (0 or 1). Nil at the
    /// centre itself.
    public func fraction(towards point: Point, centre: Point) -> Double? {
        let dx = point.x - centre.x, dy = point.y - centre.y
        guard dx.isFinite, dy.isFinite, dx != 0 || dy != 0 else { return nil }
        var degrees = Double.atan2(y: dy, x: dx) * 180 / Double.pi - startAngle
        degrees = degrees.truncatingRemainder(dividingBy: 360)
        if degrees < 0 { degrees += 360 }
        if degrees <= sweepAngle { return degrees / sweepAngle }
        // In the gap: whichever end is nearer.
        let pastEnd = degrees - sweepAngle
        let beforeStart = 360 - degrees
        return pastEnd < beforeStart ? 1 : 0
    }

    /// The centre and largest radius at which the scale's arc (and a hub of `hub` times the
    /// radius around the centre) fits in `size`, centred: a half dial fills a wide, low box
    /// instead of leaving half of it empty.
    public func fit(in size: Size) -> (centre: Point, radius: Double) {
        // The arc's extent on the unit circle: its ends, the quarter points it passes, and
        // the hub around the centre.
        let hub = 0.12
        var minX = -hub, maxX = hub, minY = -hub, maxY = hub
        func include(_ degrees: Double) {
            let r = degrees * Double.pi / 180
            let x = Double.cos(r), y = Double.sin(r)
            minX = Swift.min(minX, x)
            maxX = Swift.max(maxX, x)
            minY = Swift.min(minY, y)
            maxY = Swift.max(maxY, y)
        }
        include(startAngle)
        include(startAngle + sweepAngle)
        var quarter = (startAngle / 90).rounded(.up) * 90
        while quarter < startAngle + sweepAngle {
            include(quarter)
            quarter += 90
        }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else { return (.zero, 0) }
        let radius = Swift.min(size.width / (maxX - minX), size.height / (maxY - minY))
        let usedWidth = (maxX - minX) * radius, usedHeight = (maxY - minY) * radius
        let centre = Point(x: (size.width - usedWidth) / 2 - minX * radius, y: (size.height - usedHeight) / 2 - minY * radius)
        return (centre, radius)
    }
}
