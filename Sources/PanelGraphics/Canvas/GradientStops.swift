/// The colours of a gradient and where they sit along it (0…1), checked once when the gradient
/// is made: a location that is not finite is dropped, the others are clamped to 0…1, and stops
/// given out of order are sorted. A gradient left with no stop is clear. Each of these is
/// reported once (``UsageWarning``), by the call that made the gradient, never while drawing.
struct GradientStops: Sendable, Hashable {
    private(set) var locations: [Double]
    private(set) var colors: [Color]

    init(_ stops: [(location: Double, color: Color)], call: String) {
        let finite = stops.filter { $0.location.isFinite }
        if finite.count < stops.count {
            UsageWarning.report(call, "\(stops.count - finite.count) stop location(s) are not finite and were dropped: give each stop a location from 0 to 1")
        }
        var kept = finite.map { (location: min(max($0.location, 0), 1), color: $0.color) }
        if zip(kept, kept.dropFirst()).contains(where: { $0.location > $1.location }) {
            UsageWarning.report(call, "the stops are out of order, so they were sorted by location: list them from 0 to 1")
            // A stable sort: stops at one location keep their order (a hard edge).
            kept = kept.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        }
        if kept.isEmpty {
            UsageWarning.report(call, "the gradient has no stops, so it draws nothing: give it at least one colour")
        }
        locations = kept.map(\.location)
        colors = kept.map(\.color)
    }

    var stops: [(location: Double, color: Color)] { zip(locations, colors).map { ($0, $1) } }

    /// The colour at `location`: the stops' colours mixed with premultiplied alpha (so a fade
    /// to a clear colour does not darken on the way), the end colours beyond the ends.
    func color(at location: Double) -> Color {
        guard let firstColor = colors.first, let lastColor = colors.last else { return .clear }
        let t = location.isFinite ? location : 0
        if t <= locations[0] { return firstColor }
        for i in 1 ..< locations.count where t <= locations[i] {
            let span = locations[i] - locations[i - 1]
            let f = span > 0 ? (t - locations[i - 1]) / span : 1
            return Self.mix(colors[i - 1], colors[i], f)
        }
        return lastColor
    }

    /// `a` and `b` mixed by `f` (0: `a`), premultiplied.
    static func mix(_ a: Color, _ b: Color, _ f: Double) -> Color {
        let t = min(max(f, 0), 1)
        let aa = Double(a.alpha) / 255, ba = Double(b.alpha) / 255
        let alpha = aa * (1 - t) + ba * t
        guard alpha > 0 else { return .clear }
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
            let v = (Double(x) * aa * (1 - t) + Double(y) * ba * t) / alpha
            return UInt8(min(max(v.rounded(), 0), 255))
        }
        return Color(red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue), alpha: UInt8((alpha * 255).rounded()))
    }
}

/// A gradient's colours sampled at 256 places, encoded for one pixel format and weighted by one
/// opacity: what a fill reads per pixel instead of mixing colours. Built on the stack for each
/// fill (no allocation).
struct GradientRamp {
    /// The pixel word of each of the 256 colours.
    var words = InlineArray<256, UInt32>(repeating: 0)
    /// Each colour's weight (0…256): its alpha times the canvas's opacity.
    var weights = InlineArray<256, UInt32>(repeating: 0)
    /// Whether every weight is 0 (nothing to draw).
    var isClear = true

    init(_ stops: GradientStops, format: PixelFormat, opacity: UInt8) {
        for i in 0 ..< 256 {
            let color = stops.color(at: Double(i) / 255)
            words[i] = format.encode(color)
            let w = Canvas.weight(UInt32(color.alpha), opacity: opacity)
            weights[i] = w
            if w > 0 { isClear = false }
        }
    }

    /// The ramp index for a location `t` (clamped to 0…1).
    @inline(__always)
    static func index(_ t: Double) -> Int {
        let i = t * 255 + 0.5
        return i <= 0 ? 0 : (i >= 255 ? 255 : Int(i))
    }
}
