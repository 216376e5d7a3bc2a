public import PanelCore

/// Colours that blend along a line: from ``start`` (location 0) to ``end`` (location 1),
/// through the stops between; beyond the ends the end colours continue. Points are in the
/// canvas's translated coordinates.
public struct LinearGradient: Sendable, Hashable {
    /// Where location 0 is.
    public var start: Point
    /// Where location 1 is.
    public var end: Point
    /// The colours and where they sit (0…1), in order.
    public private(set) var stops: [(location: Double, color: Color)] {
        get { zip(locations, colors).map { ($0, $1) } }
        set {
            locations = newValue.map(\.location)
            colors = newValue.map(\.color)
        }
    }
    private var locations: [Double]
    private var colors: [Color]

    /// A gradient from `start` to `end` through `stops`: locations that are not finite are
    /// dropped, the others clamped to 0…1 and sorted; with no stop left it is clear.
    public init(start: Point, end: Point, stops: [(location: Double, color: Color)]) {
        self.start = start
        self.end = end
        let kept = stops.filter { $0.location.isFinite }.map { (min(max($0.location, 0), 1), $0.color) }.sorted { $0.0 < $1.0 }
        locations = kept.map(\.0)
        colors = kept.map(\.1)
    }

    /// A gradient of two colours from `start` to `end`.
    public init(start: Point, end: Point, from first: Color, to last: Color) {
        self.init(start: start, end: end, stops: [(0, first), (1, last)])
    }

    /// The colour at `location` along the gradient.
    public func color(at location: Double) -> Color {
        guard let firstColor = colors.first, let lastColor = colors.last else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        let t = location.isFinite ? location : 0
        if t <= locations[0] { return firstColor }
        for i in 1 ..< locations.count where t <= locations[i] {
            let span = locations[i] - locations[i - 1]
            let f = span > 0 ? (t - locations[i - 1]) / span : 1
            return colors[i - 1].mixed(with: colors[i], by: f)
        }
        return lastColor
    }

    /// Whether two gradients have the same ends and stops.
    public static func == (lhs: LinearGradient, rhs: LinearGradient) -> Bool {
        lhs.start == rhs.start && lhs.end == rhs.end && lhs.locations == rhs.locations && lhs.colors == rhs.colors
    }

    /// Hashes the ends and the stops.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(end)
        hasher.combine(locations)
        hasher.combine(colors)
    }
}
