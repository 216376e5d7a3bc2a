public import PanelCore
public import PanelGraphics

/// A view filled with a gradient: UIKit's view over a `CAGradientLayer`, with the same
/// properties. The gradient fills the bounds inside ``View/cornerRadius``, after the
/// background colour and before the subviews.
///
/// Bad input is repaired once, when it is set, and reported (`UsageWarning`): locations
/// whose count differs from the colours' are ignored (the colours are spread evenly), locations
/// out of order are sorted, and no colours at all draw nothing.
@MainActor
open class GradientView: View {
    /// How the colours spread.
    public enum Kind: Sendable, Hashable {
        /// Along the line from ``GradientView/startPoint`` to ``GradientView/endPoint``
        /// (CAGradientLayer's `axial`).
        case axial
        /// Outwards from ``GradientView/startPoint`` to a circle through
        /// ``GradientView/endPoint`` (CAGradientLayer's `radial`, with a circle where it
        /// takes an ellipse).
        case radial
    }

    /// How the colours spread. Default ``Kind/axial``.
    public var kind = Kind.axial {
        didSet { if kind != oldValue { setNeedsDisplay() } }
    }

    /// The colours, first to last. Default none: nothing drawn.
    public var colors: [Color] = [] {
        didSet { rebuild() }
    }

    /// Where each colour sits, 0…1, one per colour; nil (the default): spread evenly.
    public var locations: [Double]? {
        didSet { rebuild() }
    }

    /// Where the gradient starts, in unit coordinates of the bounds ((0, 0) the top-left
    /// corner, (1, 1) the bottom-right). Default (0.5, 0): the top middle.
    public var startPoint = Point(x: 0.5, y: 0) {
        didSet { if startPoint != oldValue { setNeedsDisplay() } }
    }

    /// Where the gradient ends, in unit coordinates. Default (0.5, 1): the bottom middle.
    public var endPoint = Point(x: 0.5, y: 1) {
        didSet { if endPoint != oldValue { setNeedsDisplay() } }
    }

    /// The stops, checked once when the colours or locations change.
    private var linear: LinearGradient?
    private var radial: RadialGradient?

    private func rebuild() {
        defer { setNeedsDisplay() }
        guard !colors.isEmpty else {
            linear = nil
            radial = nil
            return
        }
        var spots = locations ?? []
        if locations != nil && spots.count != colors.count {
            UsageWarning.report(
                "GradientView.locations", "\(spots.count) locations for \(colors.count) colours, so the colours are spread evenly: give one location per colour"
            )
            spots = []
        }
        if spots.isEmpty {
            spots = colors.count == 1 ? [0] : colors.indices.map { Double($0) / Double(colors.count - 1) }
        }
        let stops = Array(zip(spots, colors)).map { (location: $0.0, color: $0.1) }
        linear = LinearGradient(start: .zero, end: Point(x: 0, y: 1), stops: stops)
        radial = RadialGradient(center: .zero, radius: 1, stops: stops)
    }

    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let size = bounds.size
        let box = PixelRect(
            x: PixelRect.snapped(bounds.minX), y: PixelRect.snapped(bounds.minY), width: PixelRect.snapped(size.width), height: PixelRect.snapped(size.height))
        let start = Point(x: bounds.minX + startPoint.x * size.width, y: bounds.minY + startPoint.y * size.height)
        let end = Point(x: bounds.minX + endPoint.x * size.width, y: bounds.minY + endPoint.y * size.height)
        switch kind {
        case .axial:
            guard var gradient = linear else { return }
            gradient.start = start
            gradient.end = end
            canvas.fillRoundedRect(box, radius: cornerRadius, gradient: gradient)
        case .radial:
            guard var gradient = radial else { return }
            gradient.center = start
            gradient.radius = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
            canvas.fillRoundedRect(box, radius: cornerRadius, gradient: gradient)
        }
    }
}
