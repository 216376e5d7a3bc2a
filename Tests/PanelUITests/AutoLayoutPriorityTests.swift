import PanelCore
import PanelUI
import Testing

@Suite("Auto Layout priorities: required holds, higher beats lower, hugging and compression")
@MainActor
struct AutoLayoutPriorityTests {
    @Test("of two conflicting optional constraints, the higher priority holds")
    func higherPriorityWins() {
        let (window, root) = constraintWindow()
        let box = constrained(root)
        let high = box.widthAnchor.constraint(equalToConstant: 200)
        high.priority = .defaultHigh
        let low = box.widthAnchor.constraint(equalToConstant: 600)
        low.priority = .defaultLow
        LayoutConstraint.activate([high, low, box.heightAnchor.constraint(equalToConstant: 10)])
        window.layoutIfNeeded()
        #expect(box.frame.width == 200)
    }

    @Test("a required ≤ caps what an optional constraint asks for")
    func requiredCapsOptional() {
        let (window, root) = constraintWindow()
        let box = constrained(root)
        let wish = box.widthAnchor.constraint(equalToConstant: 600)
        wish.priority = LayoutPriority(999)
        LayoutConstraint.activate([wish, box.widthAnchor.constraint(lessThanOrEqualToConstant: 320), box.heightAnchor.constraint(equalToConstant: 10)])
        window.layoutIfNeeded()
        #expect(box.frame.width == 320)
    }

    @Test("a view with an intrinsic size and no size constraints takes its intrinsic size")
    func intrinsicSize() {
        let (window, root) = constraintWindow()
        let sized = constrained(root, SizedView(120, 40))
        LayoutConstraint.activate([sized.leadingAnchor.constraint(equalTo: root.leadingAnchor), sized.topAnchor.constraint(equalTo: root.topAnchor)])
        window.layoutIfNeeded()
        #expect(sized.frame.size == Size(width: 120, height: 40))
    }

    /// Two views side by side, filling a row `width` wide; `adjust` changes them first.
    func row(width: Double, _ adjust: (View, View) -> Void) -> (View, View) {
        let (window, root) = constraintWindow(width: width, height: 100)
        let first = constrained(root, SizedView(100, 20))
        let second = constrained(root, SizedView(100, 20))
        adjust(first, second)
        LayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: root.leadingAnchor), first.trailingAnchor.constraint(equalTo: second.leadingAnchor),
            second.trailingAnchor.constraint(equalTo: root.trailingAnchor), first.topAnchor.constraint(equalTo: root.topAnchor),
            second.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        window.layoutIfNeeded()
        return (first, second)
    }

    @Test("of two views stretched across a row, the one with the higher hugging keeps its intrinsic width")
    func huggingDecidesWhoGrows() {
        let (first, second) = row(width: 400) { first, _ in first.setContentHuggingPriority(LayoutPriority(251), for: .horizontal) }
        #expect(first.frame.width == 100)
        #expect(second.frame.width == 300)
    }

    @Test("of two views squeezed into a row too narrow, the one with the lower compression resistance shrinks")
    func compressionDecidesWhoShrinks() {
        let (first, second) = row(width: 150) { _, second in second.setContentCompressionResistancePriority(LayoutPriority(749), for: .horizontal) }
        #expect(first.frame.width == 100)
        #expect(second.frame.width == 50)
    }

    @Test("a label that gets longer text pushes the view constrained after it")
    func intrinsicSizeChangeRelayouts() {
        let (window, root) = constraintWindow()
        let label = constrained(root, Label()) as! Label
        label.text = "Hi"
        let after = constrained(root)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor), label.topAnchor.constraint(equalTo: root.topAnchor),
            after.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8), after.topAnchor.constraint(equalTo: root.topAnchor),
            after.widthAnchor.constraint(equalToConstant: 10), after.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.layoutIfNeeded()
        let before = after.frame.minX
        label.text = "A much longer title"
        window.layoutIfNeeded()
        #expect(after.frame.minX == label.frame.maxX + 8)
        #expect(after.frame.minX > before)
    }

    @Test("a switch hugs its size: it keeps its width where a plain view would stretch")
    func switchHugsHigh() {
        #expect(Switch().contentHuggingPriority(for: .horizontal) == .defaultHigh)
        #expect(View().contentHuggingPriority(for: .horizontal) == .defaultLow)
    }
}
