import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A view with a fixed intrinsic size (either side may be noIntrinsicMetric).
@MainActor
final class SizedView: View {
    var natural: Size
    init(_ width: Double, _ height: Double) {
        natural = Size(width: width, height: height)
        super.init(frame: .zero)
    }
    override var intrinsicContentSize: Size { natural }
}

@MainActor
func laidOut(_ stack: StackView, width: Double = 300, height: Double = 100) -> [Rect] {
    stack.frame = Rect(x: 0, y: 0, width: width, height: height)
    stack.layoutIfNeeded()
    return stack.arrangedSubviews.map(\.frame)
}

@Suite("Stack view: rows and columns from intrinsic sizes")
@MainActor
struct StackViewTests {
    @Test("fill: views keep their lengths and the flexible one takes the rest")
    func fillGivesTheRestToTheFlexibleView() {
        let stack = StackView(arrangedSubviews: [SizedView(50, 20), SizedView(View.noIntrinsicMetric, 20), SizedView(70, 20)])
        stack.spacing = 10
        #expect(laidOut(stack).map(\.size.width) == [50, 160, 70])
    }

    @Test("fill: with no flexible view the last one takes the rest")
    func fillGivesTheRestToTheLastView() {
        let stack = StackView(arrangedSubviews: [SizedView(50, 20), SizedView(70, 20)])
        #expect(laidOut(stack).map(\.size.width) == [50, 250])
    }

    @Test("fillEqually: every view the same length, spacing between")
    func fillEqually() {
        let stack = StackView(arrangedSubviews: [SizedView(50, 20), SizedView(10, 20), SizedView(90, 20)])
        stack.distribution = .fillEqually
        stack.spacing = 15
        #expect(laidOut(stack).map(\.minX) == [0, 105, 210])
    }

    @Test("equalSpacing: the room left over becomes equal gaps")
    func equalSpacing() {
        let stack = StackView(arrangedSubviews: [SizedView(50, 20), SizedView(50, 20), SizedView(50, 20)])
        stack.distribution = .equalSpacing
        #expect(laidOut(stack).map(\.minX) == [0, 125, 250])
    }

    @Test("a vertical stack lines views up from the top to the bottom")
    func verticalStack() {
        let stack = StackView(arrangedSubviews: [SizedView(40, 30), SizedView(60, 20)])
        stack.axis = .vertical
        stack.spacing = 5
        stack.distribution = .equalSpacing
        #expect(laidOut(stack, height: 300).map(\.minY) == [0, 280])
    }

    @Test("alignment center puts each view at its own height in the middle")
    func alignmentCenter() {
        let stack = StackView(arrangedSubviews: [SizedView(50, 20)])
        stack.alignment = .center
        #expect(laidOut(stack).first == Rect(x: 0, y: 40, width: 300, height: 20))
    }

    @Test("alignment trailing puts each view at the bottom of a row")
    func alignmentTrailing() {
        let stack = StackView(arrangedSubviews: [SizedView(50, 20), SizedView(View.noIntrinsicMetric, 20)])
        stack.alignment = .trailing
        #expect(laidOut(stack).first?.minY == 80)
    }

    @Test("a hidden arranged view takes no room, and its neighbours close up")
    func hiddenViewTakesNoRoom() {
        let middle = SizedView(100, 20)
        let stack = StackView(arrangedSubviews: [SizedView(50, 20), middle, SizedView(View.noIntrinsicMetric, 20)])
        _ = laidOut(stack)
        middle.isHidden = true
        stack.layoutIfNeeded()
        #expect(stack.arrangedSubviews[2].frame.minX == 50)
    }

    @Test("layout margins keep the views inside the edges")
    func layoutMargins() {
        let stack = StackView(arrangedSubviews: [SizedView(View.noIntrinsicMetric, 20)])
        stack.layoutMargins = EdgeInsets(top: 5, left: 10, bottom: 5, right: 20)
        #expect(laidOut(stack).first == Rect(x: 10, y: 5, width: 270, height: 90))
    }

    @Test("a stack's intrinsic size is its views' lengths plus spacing, and the largest thickness")
    func stackIntrinsicSize() {
        let stack = StackView(arrangedSubviews: [SizedView(50, 20), SizedView(70, 40)])
        stack.spacing = 8
        #expect(stack.intrinsicContentSize == Size(width: 128, height: 40))
    }

    @Test("a label in a stack that changes its text is laid out again at its new width")
    func labelTextChangeRelaysOut() {
        let label = Label()
        label.text = "Hi"
        let stack = StackView(arrangedSubviews: [label, SizedView(View.noIntrinsicMetric, 20)])
        _ = laidOut(stack)
        label.text = "A much longer text"
        stack.layoutIfNeeded()
        #expect(label.frame.size.width == Double(label.font.width(of: "A much longer text")))
    }
}

@Suite("Intrinsic content sizes of the standard views")
@MainActor
struct IntrinsicSizeTests {
    @Test("a label is as wide as its text and one line tall")
    func labelSize() {
        let label = Label()
        label.text = "Volume"
        #expect(label.intrinsicContentSize == Size(width: Double(label.font.width(of: "Volume")), height: Double(label.font.lineHeight)))
    }

    @Test("a button is its title plus 16 points each side and at least 44 tall")
    func buttonSize() {
        let button = Button()
        button.setTitle("OK", for: .normal)
        #expect(button.intrinsicContentSize == Size(width: Double(button.titleFont.width(of: "OK")) + 32, height: 44))
    }

    @Test("a switch is 51 × 31, as UIKit's")
    func switchSize() {
        #expect(Switch().intrinsicContentSize == Size(width: 51, height: 31))
    }

    @Test("a slider has no preferred length")
    func sliderSize() {
        #expect(Slider().intrinsicContentSize.width == View.noIntrinsicMetric)
    }

    @Test("a plain view has no intrinsic size")
    func plainViewSize() {
        #expect(View().intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
    }
}
