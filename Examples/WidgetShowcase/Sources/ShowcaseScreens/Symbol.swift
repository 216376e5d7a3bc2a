public import PanelKit

/// A small line icon drawn with paths, standing in for the icon font LVGL's demo uses: the
/// built-in face has Latin-1 only, and paths scale to any size.
public final class Symbol: View {
    public enum Shape: Sendable {
        case envelope, phone, arrowUp
    }

    public let shape: Shape
    /// The outlines, built again in place at each draw: they keep their storage, so that a
    /// redraw allocates nothing (a `Path` made anew in `draw` would grow its array each time).
    private var path = Path(), second = Path()
    public var color: Color {
        didSet { setNeedsDisplay() }
    }

    public init(_ shape: Shape, color: Color = Style.blue, frame: Rect = .zero) {
        self.shape = shape
        self.color = color
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public convenience override init(frame: Rect) { self.init(.envelope, frame: frame) }

    public override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let w = bounds.width, h = bounds.height
        path.removeAll()
        second.removeAll()
        switch shape {
        case .envelope:
            path.addRect(Rect(x: 0, y: h * 0.1, width: w, height: h * 0.8))
            canvas.fill(path, color: color)
            second.move(to: Point(x: 1, y: h * 0.16))
            second.addLine(to: Point(x: w / 2, y: h * 0.56))
            second.addLine(to: Point(x: w - 1, y: h * 0.16))
            canvas.stroke(second, width: max(h / 9, 1.5), color: .white, join: .round)
        case .phone:
            // A handset: two rounded ends joined by a curved grip.
            path.move(to: Point(x: w * 0.08, y: h * 0.2))
            path.addCurve(to: Point(x: w * 0.8, y: h * 0.92), control1: Point(x: w * 0.08, y: h * 0.7), control2: Point(x: w * 0.3, y: h * 0.92))
            canvas.stroke(path, width: max(w / 4.5, 2), color: color, cap: .round)
            second.addEllipse(in: Rect(x: 0, y: 0, width: w * 0.34, height: h * 0.34))
            second.addEllipse(in: Rect(x: w * 0.66, y: h * 0.66, width: w * 0.34, height: h * 0.34))
            canvas.fill(second, color: color)
        case .arrowUp:
            path.move(to: Point(x: w * 0.12, y: h * 0.7))
            path.addLine(to: Point(x: w / 2, y: h * 0.3))
            path.addLine(to: Point(x: w * 0.88, y: h * 0.7))
            canvas.stroke(path, width: max(w / 6, 1.5), color: color, cap: .round, join: .round)
        }
    }
}
