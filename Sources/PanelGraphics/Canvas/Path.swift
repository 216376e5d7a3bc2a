public import PanelCore
import RealModule

/// A shape to fill or stroke on a ``Canvas``: subpaths of lines, quadratic and cubic Bézier
/// curves and arcs, in the canvas's translated coordinates (CoreGraphics' `CGPath`, built the
/// way `UIBezierPath` is).
///
/// Arcs and ellipses are stored as cubic curves. Coordinates that are not finite are skipped
/// (a NaN sample in a chart is a gap, not a trap): the segment to such a point is dropped and
/// the next finite point starts a new subpath.
public struct Path: Sendable {
    /// One element of a path.
    public enum Element: Sendable, Hashable {
        /// Starts a subpath.
        case move(Point)
        /// A straight line from the current point.
        case line(Point)
        /// A quadratic curve through a control point.
        case quadCurve(to: Point, control: Point)
        /// A cubic curve through two control points.
        case curve(to: Point, control1: Point, control2: Point)
        /// Closes the subpath with a line to its start.
        case close
    }

    /// The elements, in order.
    public private(set) var elements: [Element] = []
    private var hasCurrentPoint = false

    /// An empty path.
    public init() {}

    /// Removes every element, keeping the storage (a path rebuilt each frame allocates once).
    public mutating func removeAll() {
        elements.removeAll(keepingCapacity: true)
        hasCurrentPoint = false
    }

    /// Whether the path has no element.
    public var isEmpty: Bool { elements.isEmpty }

    /// The smallest rectangle holding every point of the path and the control points of its
    /// curves (which hold the curves); nil for a path with no point.
    public var boundingBox: Rect? {
        var box = BoundingBox()
        func include(_ p: Point) { box.include(p) }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): include(p)
            case .quadCurve(let p, let c):
                include(p)
                include(c)
            case .curve(let p, let c1, let c2):
                include(p)
                include(c1)
                include(c2)
            case .close: break
            }
        }
        return box.rect
    }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) {
        guard point.isFinite else {
            hasCurrentPoint = false
            return
        }
        elements.append(.move(point))
        hasCurrentPoint = true
    }

    /// A line to `point` (a move when there is no current point; a gap when `point` is not finite).
    public mutating func addLine(to point: Point) {
        guard point.isFinite else {
            hasCurrentPoint = false
            return
        }
        guard hasCurrentPoint else { return move(to: point) }
        elements.append(.line(point))
    }

    /// A quadratic Bézier curve to `point`.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        guard point.isFinite, control.isFinite else {
            hasCurrentPoint = false
            return
        }
        guard hasCurrentPoint else { return move(to: point) }
        elements.append(.quadCurve(to: point, control: control))
    }

    /// A cubic Bézier curve to `point`.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        guard point.isFinite, control1.isFinite, control2.isFinite else {
            hasCurrentPoint = false
            return
        }
        guard hasCurrentPoint else { return move(to: point) }
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Closes the current subpath.
    public mutating func closeSubpath() {
        guard hasCurrentPoint else { return }
        elements.append(.close)
        hasCurrentPoint = false
    }

    /// An arc of the circle at `center` with `radius`, from `startAngle` to `endAngle`
    /// (radians, 0 pointing right, growing clockwise on the screen as y grows downwards;
    /// `clockwise` false sweeps the other way). A line joins the current point to the arc's
    /// start; without one the arc starts a subpath. Sweeps beyond a full turn draw one turn; a
    /// radius that is negative or not finite draws nothing.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true) {
        guard center.isFinite, radius.isFinite, radius >= 0, startAngle.isFinite, endAngle.isFinite else { return }
        let turn = 2 * Double.pi
        var sweep = endAngle - startAngle
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) + turn }
            sweep = min(sweep, turn)
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) - turn }
            sweep = max(sweep, -turn)
        }
        let start = Point(x: center.x + radius * Double.cos(startAngle), y: center.y + radius * Double.sin(startAngle))
        if hasCurrentPoint { addLine(to: start) } else { move(to: start) }
        // Up to four cubic pieces of at most a quarter turn each.
        let pieces = max(Int((abs(sweep) / (Double.pi / 2)).rounded(.up)), 1)
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * Double.tan(step / 4)
        var angle = startAngle
        for _ in 0 ..< pieces {
            let next = angle + step
            let c0 = Double.cos(angle), s0 = Double.sin(angle)
            let c1 = Double.cos(next), s1 = Double.sin(next)
            let end = Point(x: center.x + radius * c1, y: center.y + radius * s1)
            let control1 = Point(x: center.x + radius * (c0 - k * s0), y: center.y + radius * (s0 + k * c0))
            let control2 = Point(x: center.x + radius * (c1 + k * s1), y: center.y + radius * (s1 - k * c1))
            elements.append(.curve(to: end, control1: control1, control2: control2))
            angle = next
        }
    }

    /// A closed rectangle.
    public mutating func addRect(_ rect: Rect) {
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// A closed ellipse inside `rect`.
    public mutating func addEllipse(in rect: Rect) {
        guard rect.width.isFinite, rect.height.isFinite else { return }
        let rx = rect.width / 2, ry = rect.height / 2
        let cx = rect.midX, cy = rect.midY
        let k = 0.5522847498
        move(to: Point(x: cx + rx, y: cy))
        addCurve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ry * k), control2: Point(x: cx + rx * k, y: cy + ry))
        addCurve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - rx * k, y: cy + ry), control2: Point(x: cx - rx, y: cy + ry * k))
        addCurve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ry * k), control2: Point(x: cx - rx * k, y: cy - ry))
        addCurve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + rx * k, y: cy - ry), control2: Point(x: cx + rx, y: cy - ry * k))
        closeSubpath()
    }
}

/// How a fill decides what is inside a path whose subpaths overlap or cross themselves.
public enum FillRule: Sendable, Hashable {
    /// Inside where the path winds around a point a non-zero number of times (the default).
    case nonZero
    /// Inside where a ray from the point crosses the path an odd number of times (holes).
    case evenOdd
}

/// The shape of a stroke's open ends.
public enum LineCap: Sendable, Hashable {
    /// Ends exactly at the end points.
    case butt
    /// A half circle beyond each end.
    case round
    /// A half square beyond each end.
    case square
}

/// The shape of a stroke's corners.
public enum LineJoin: Sendable, Hashable {
    /// A sharp corner, cut to a bevel when it would reach beyond 10 half-widths (CoreGraphics' miter limit).
    case miter
    /// A round corner.
    case round
    /// A corner cut straight across.
    case bevel
}

extension Point {
    /// Whether both coordinates are finite.
    var isFinite: Bool { x.isFinite && y.isFinite }
}
