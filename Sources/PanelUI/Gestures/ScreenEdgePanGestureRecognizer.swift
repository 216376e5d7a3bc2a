/// Edges of a rectangle: UIKit's `UIRectEdge`.
public struct RectEdge: OptionSet, Hashable, Sendable {
    /// The edge bits (UIKit's values).
    public let rawValue: UInt
    /// Edges from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = RectEdge(rawValue: 1 << 0)
    /// The left edge.
    public static let left = RectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = RectEdge(rawValue: 1 << 2)
    /// The right edge.
    public static let right = RectEdge(rawValue: 1 << 3)
    /// All four edges.
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}

/// A pan that starts at an edge of the window: UIKit's `UIScreenEdgePanGestureRecognizer`
/// (A37, E21). Only the first touch counts; it must land within ``edgeWidth`` (20 pt) of one of
/// ``edges`` (default none, so set it) and then move mostly away from that edge.
@MainActor
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges the pan may start from. Default none (E21).
    open var edges: RectEdge = []
    /// The width of the edge zone, in points. Default 20 (E21).
    public var edgeWidth = 20.0

    private var startEdge: RectEdge = []

    public override init(target: AnyObject? = nil, action: Action? = nil) {
        super.init(target: target, action: action)
        maximumNumberOfTouches = 1
    }

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        if !trackedTouches.isEmpty && trackedTouches.count > touches.count {
            for touch in touches { ignore(touch, for: event) }
            return
        }
        guard let touch = touches.first, let window = view?.window else { return }
        for extra in touches.dropFirst() { ignore(extra, for: event) }
        let p = touch.location(in: nil), size = window.bounds.size
        startEdge = []
        if edges.contains(.left) && p.x < edgeWidth {
            startEdge = .left
        } else if edges.contains(.right) && p.x >= size.width - edgeWidth {
            startEdge = .right
        } else if edges.contains(.top) && p.y < edgeWidth {
            startEdge = .top
        } else if edges.contains(.bottom) && p.y >= size.height - edgeWidth {
            startEdge = .bottom
        }
        if startEdge.isEmpty {
            state = .failed
            return
        }
        super.touchesBegan(TouchSet(CollectionOfOne(touch)), with: event)
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        if state == .possible, let touch = trackedTouches.first {
            let d = Point(x: touch.screenLocation.x - touch.initialScreenLocation.x, y: touch.screenLocation.y - touch.initialScreenLocation.y)
            if (d.x * d.x + d.y * d.y).squareRoot() >= minimumTranslation {
                let away: Double
                let across: Double
                switch startEdge {
                case .left: away = d.x; across = abs(d.y)
                case .right: away = -d.x; across = abs(d.y)
                case .top: away = d.y; across = abs(d.x)
                default: away = -d.y; across = abs(d.x)
                }
                if away <= across {
                    state = .failed
                    return
                }
            }
        }
        super.touchesMoved(touches, with: event)
    }
}
