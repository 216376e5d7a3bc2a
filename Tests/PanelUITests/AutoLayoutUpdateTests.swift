import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A view that adds its constraint in updateConstraints and counts the calls.
@MainActor
final class SelfConstrainingView: View {
    var updates = 0
    var widthConstraint: LayoutConstraint?
    var wantedWidth = 120.0 {
        didSet { setNeedsUpdateConstraints() }
    }

    override func updateConstraints() {
        updates += 1
        if widthConstraint == nil {
            widthConstraint = widthAnchor.constraint(equalToConstant: wantedWidth)
            widthConstraint?.isActive = true
        }
        widthConstraint?.constant = wantedWidth
        super.updateConstraints()
    }
}

@Suite("Auto Layout updates: updateConstraints, animation, fitting")
@MainActor
struct AutoLayoutUpdateTests {
    @Test("updateConstraints runs before the layout after setNeedsUpdateConstraints, and its constraints take effect")
    func updateConstraintsBeforeLayout() {
        let (window, root) = constraintWindow()
        let view = SelfConstrainingView()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor), view.topAnchor.constraint(equalTo: root.topAnchor),
            view.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.layoutIfNeeded()
        #expect(view.updates == 1)
        #expect(view.frame.width == 120)
        view.wantedWidth = 200
        #expect(view.needsUpdateConstraints())
        window.layoutIfNeeded()
        #expect(view.updates == 2)
        #expect(view.frame.width == 200)
    }

    @Test("a constant changed, then laid out inside View.animate, animates the frame")
    func animatedConstant() {
        let (bench, _, framebuffer) = animationBench(viewFrame: .zero)
        let box = constrained(bench.window)
        box.backgroundColor = .black
        let left = box.leadingAnchor.constraint(equalTo: bench.window.leadingAnchor)
        LayoutConstraint.activate([
            left, box.topAnchor.constraint(equalTo: bench.window.topAnchor, constant: 50), box.widthAnchor.constraint(equalToConstant: 20),
            box.heightAnchor.constraint(equalToConstant: 20),
        ])
        bench.app.runOnce()
        #expect(framebuffer.bitmap.color(x: 5, y: 60) == .black)
        left.constant = 100
        View.animate(withDuration: 1, options: .curveLinear) { bench.window.layoutIfNeeded() }
        // The model value is final at once; the screen shows it half way at half the time.
        #expect(box.frame.minX == 100)
        bench.animate(milliseconds: 500)
        #expect(framebuffer.bitmap.color(x: 60, y: 60) == .black)
        #expect(framebuffer.bitmap.color(x: 5, y: 60) == .white)
        #expect(framebuffer.bitmap.color(x: 110, y: 60) == .white)
    }

    @Test("systemLayoutSizeFitting gives the smallest size a view's constraints allow")
    func fittingSize() {
        let card = View()
        let title = constrained(card, SizedView(150, 20))
        let detail = constrained(card, SizedView(100, 16))
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            title.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -10),
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
            detail.leadingAnchor.constraint(equalTo: title.leadingAnchor),
            detail.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
            detail.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -10),
            detail.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -10),
        ])
        #expect(card.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 170, height: 60))
    }

    @Test("systemLayoutSizeFitting at a required width gives the height for that width")
    func fittingAtRequiredWidth() {
        let card = View()
        let body = constrained(card, SizedView(View.noIntrinsicMetric, 30))
        LayoutConstraint.activate([
            body.leadingAnchor.constraint(equalTo: card.leadingAnchor), body.trailingAnchor.constraint(equalTo: card.trailingAnchor),
            body.topAnchor.constraint(equalTo: card.topAnchor, constant: 5), body.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -5),
        ])
        let size = card.systemLayoutSizeFitting(
            Size(width: 320, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(size == Size(width: 320, height: 40))
    }
}
