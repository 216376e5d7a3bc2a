public import PanelCore

/// Colours that blend along a line: from ``start`` (location 0) to ``end`` (location 1),
/// through the stops between; beyond the ends the end colours continue. Points are in the
/// canvas's translated coordinates.
public struct LinearGradient: Sendable, Hashable {
    /// Where location 0 is.
    public var start: Point
    /// Where location 1 is.
    public var end: Point
    let colorStops: GradientStops

    /// The colours and where they sit (0…1), in order.
    public var stops: [(location: Double, color: Color)] { colorStops.stops }

    /// A gradient from `start` to `end` through `stops`: locations that are not finite are
    /// dropped, the others clamped to 0…1 and sorted; with no stop left it is clear. Each such
    /// repair is reported once (``UsageWarning``).
    public init(start: Point, end: Point, stops: [(location: Double, color: Color)]) {
        self.start = start
        self.end = end
        colorStops = GradientStops(stops, call: "LinearGradient(start:end:stops:)")
    }

    /// A gradient of two colours from `start` to `end`.
    public init(start: Point, end: Point, from first: Color, to last: Color) {
        self.init(start: start, end: end, stops: [(0, first), (1, last)])
    }

    /// The colour at `location` along the gradient (mixed with premultiplied alpha).
    public func color(at location: Double) -> Color { colorStops.color(at: location) }
}

/// Colours that blend outwards from ``center`` (location 0) to a circle of ``radius``
/// (location 1), through the stops between; beyond the circle the last colour continues. The
/// centre is in the canvas's translated coordinates.
public struct RadialGradient: Sendable, Hashable {
    /// Where location 0 is.
    public var center: Point
    /// How far location 1 lies from the centre, in pixels. Not positive or not finite: the
    /// whole fill takes the last colour.
    public var radius: Double
    let colorStops: GradientStops

    /// The colours and where they sit (0…1), in order.
    public var stops: [(location: Double, color: Color)] { colorStops.stops }

    /// A gradient from `center` out to `radius` through `stops`, repaired as
    /// ``LinearGradient/init(start:end:stops:)`` repairs its stops.
    public init(center: Point, radius: Double, stops: [(location: Double, color: Color)]) {
        self.center = center
        self.radius = radius
        colorStops = GradientStops(stops, call: "RadialGradient(center:radius:stops:)")
    }

    /// A gradient of two colours from `center` out to `radius`.
    public init(center: Point, radius: Double, from first: Color, to last: Color) {
        self.init(center: center, radius: radius, stops: [(0, first), (1, last)])
    }

    /// The colour at `location` (mixed with premultiplied alpha).
    public func color(at location: Double) -> Color { colorStops.color(at: location) }
}
