/// The section index down a ``ListView``'s right edge ("A"…"Z"): a touch or a slide along it
/// scrolls the list to the section under the finger. It refuses the list's own scrolling pan
/// for a touch that starts on it, as UIKit's index does.
@MainActor
final class ListIndexView: View {
    var titles: [String] = [] {
        didSet { setNeedsDisplay() }
    }
    unowned let list: ListView
    private var lastIndex: Int?

    /// Its width in points.
    static let width = 22.0

    init(list: ListView) {
        self.list = list
        super.init(frame: .zero)
    }

    override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if recognizer.view !== self, recognizer.isDragKind, let touch = recognizer.gestureTouches.first,
            bounds.contains(convertFromScreen(touch.initialScreenLocation))
        {
            return false
        }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    /// The title under `y` (bounds coordinates), clamped to the titles.
    func index(at y: Double) -> Int? {
        guard !titles.isEmpty, bounds.height > 0, y.isFinite else { return nil }
        let slot = bounds.height / Double(titles.count)
        return Int(min(max((y / slot).rounded(.down), 0), Double(titles.count - 1)))
    }

    private func follow(_ touches: TouchSet) {
        guard let touch = touches.first, let index = index(at: touch.location(in: self).y), index != lastIndex else { return }
        lastIndex = index
        list.indexTitleTouched(titles[index], at: index)
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        lastIndex = nil
        follow(touches)
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event?) { follow(touches) }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { lastIndex = nil }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { lastIndex = nil }

    override func draw(_ rect: Rect, in canvas: inout Canvas) {
        guard !titles.isEmpty else { return }
        let slot = bounds.height / Double(titles.count)
        let font = Font.caption
        let tint = tintColor
        let clip = canvas.localClipRect
        for (i, title) in titles.enumerated() {
            let box = PixelRect(
                x: 0, y: Int((Double(i) * slot + (slot - Double(font.lineHeight)) / 2).rounded()), width: Int(bounds.width), height: font.lineHeight)
            guard !box.intersection(clip).isEmpty else { continue }
            canvas.drawText(title, in: box, font: font, color: tint, alignment: .center)
        }
    }
}
