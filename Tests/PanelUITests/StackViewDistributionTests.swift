import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// UIStackView's other distributions and alignments, the priorities `fill` follows, and a
/// stack nested in a stack.
@Suite("Stack view: distributions, baselines and priorities as UIStackView's")
@MainActor
struct StackViewDistributionTests {
    @Test("a view hidden in a stack nested in another gives its room back to the outer stack")
    func nestedHiddenViewShrinksTheOuterStack() {
        let hidden = SizedView(60, 20)
        let inner = StackView(arrangedSubviews: [SizedView(20, 20), hidden])
        let outer = StackView(arrangedSubviews: [inner, SizedView(30, 20)])
        #expect(outer.intrinsicContentSize.width == 110)
        hidden.isHidden = true
        #expect(outer.intrinsicContentSize.width == 50)
    }

    @Test("a nested stack in a view laid out by constraints takes its new size when a view in it is hidden")
    func nestedHiddenViewRelaysOutTheConstraints() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let hidden = SizedView(60, 20)
        let inner = StackView(arrangedSubviews: [SizedView(20, 20), hidden])
        let outer = StackView(arrangedSubviews: [inner])
        outer.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(outer)
        LayoutConstraint.activate([
            outer.leadingAnchor.constraint(equalTo: window.leadingAnchor), outer.topAnchor.constraint(equalTo: window.topAnchor),
        ])
        window.layoutIfNeeded()
        hidden.isHidden = true
        window.layoutIfNeeded()
        #expect(outer.frame.width == 20)
    }

    @Test("fill: the view that hugs its length least takes the room left over")
    func fillStretchesTheLeastHuggingView() {
        let loose = SizedView(40, 20)
        loose.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        let stack = StackView(arrangedSubviews: [SizedView(50, 20), loose, SizedView(60, 20)])
        #expect(laidOut(stack).map(\.size.width) == [50, 190, 60])
    }

    @Test("fill: when the views do not fit, the one resisting compression least gives way")
    func fillShrinksTheLeastResistingView() {
        let yielding = SizedView(150, 20)
        yielding.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        let stack = StackView(arrangedSubviews: [SizedView(120, 20), yielding, SizedView(120, 20)])
        #expect(laidOut(stack).map(\.size.width) == [120, 60, 120])
    }

    @Test("fillProportionally: lengths in proportion to the intrinsic ones, filling the stack")
    func fillProportionally() {
        let stack = StackView(arrangedSubviews: [SizedView(50, 20), SizedView(100, 20)])
        stack.distribution = .fillProportionally
        stack.spacing = 30
        #expect(laidOut(stack).map(\.size.width) == [90, 180])
    }

    @Test("equalCentering: the centres are equally far apart, from the leading edge to the trailing one")
    func equalCentering() {
        let stack = StackView(arrangedSubviews: [SizedView(20, 20), SizedView(100, 20), SizedView(40, 20)])
        stack.distribution = .equalCentering
        let centres = laidOut(stack).map(\.midX)
        #expect(centres == [10, 145, 280])
    }

    @Test("equalCentering: neighbours stay at least the spacing apart, even if the last view leaves the stack")
    func equalCenteringKeepsTheSpacing() {
        let stack = StackView(arrangedSubviews: [SizedView(100, 20), SizedView(100, 20), SizedView(100, 20)])
        stack.distribution = .equalCentering
        stack.spacing = 20
        #expect(laidOut(stack).map(\.minX) == [0, 120, 240])
    }

    @Test("firstBaseline: labels of different fonts sit on one baseline")
    func firstBaselineAlignment() {
        let big = Label()
        big.text = "21.5"
        big.font = .largeTitle
        let small = Label()
        small.text = "°C"
        small.font = .caption
        let stack = StackView(arrangedSubviews: [big, small])
        stack.alignment = .firstBaseline
        stack.spacing = 4
        _ = laidOut(stack)
        let baseline = { (label: Label) in label.frame.minY + label.frame.height / 2 + Double(label.font.ascent) - label.frame.height / 2 }
        #expect(baseline(big) == baseline(small))
        #expect(small.frame.minY > big.frame.minY)
    }

    @Test("lastBaseline: a two-line label's last line meets a one-line label's baseline")
    func lastBaselineAlignment() {
        let two = Label()
        two.text = "Spindle\ntemperature"
        two.numberOfLines = 2
        let one = Label()
        one.text = "85 °C"
        let stack = StackView(arrangedSubviews: [two, one])
        stack.alignment = .lastBaseline
        _ = laidOut(stack)
        let line = Double(two.font.lineHeight)
        #expect(one.frame.minY == two.frame.minY + line)
        #expect(stack.intrinsicContentSize.height == two.intrinsicContentSize.height)
    }

    @Test("fill lays a row out as the same constraints would: a row with hugging and compression resistance")
    func fillMatchesTheConstraints() {
        func row() -> [SizedView] {
            let views = [SizedView(50, 20), SizedView(40, 20), SizedView(60, 20)]
            views[1].setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
            return views
        }
        let stacked = row()
        let stack = StackView(arrangedSubviews: stacked)
        stack.spacing = 8
        _ = laidOut(stack)
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let constrained = row()
        for view in constrained {
            view.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(view)
            LayoutConstraint.activate([
                view.topAnchor.constraint(equalTo: window.topAnchor), view.heightAnchor.constraint(equalTo: window.heightAnchor),
            ])
        }
        LayoutConstraint.activate([
            constrained[0].leadingAnchor.constraint(equalTo: window.leadingAnchor),
            constrained[1].leadingAnchor.constraint(equalTo: constrained[0].trailingAnchor, constant: 8),
            constrained[2].leadingAnchor.constraint(equalTo: constrained[1].trailingAnchor, constant: 8),
            constrained[2].trailingAnchor.constraint(equalTo: window.trailingAnchor),
        ])
        window.layoutIfNeeded()
        #expect(stacked.map(\.frame) == constrained.map(\.frame))
    }
}
