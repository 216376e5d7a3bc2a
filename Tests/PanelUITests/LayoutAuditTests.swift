import PanelCore
import PanelUI
import Testing

@Suite("The layout audit: ambiguous, overlapping, off-screen and cut-off views")
@MainActor
struct LayoutAuditTests {
    func kinds(_ window: Window) -> [AccessibilityAuditFinding.Kind] {
        window.layoutIfNeeded()
        return window.layoutAudit().map(\.kind)
    }

    func button(_ title: String, _ frame: Rect) -> Button {
        let button = Button(frame: frame)
        button.setTitle(title, for: .normal)
        return button
    }

    @Test("a view whose constraints give its width but no place is named as ambiguous")
    func ambiguous() {
        let (window, root) = constraintWindow()
        let box = constrained(root, button("Start", .zero))
        LayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 100), box.heightAnchor.constraint(equalToConstant: 44)])
        #expect(kinds(window).contains(.ambiguousLayout))
    }

    @Test("a fully constrained view is not ambiguous")
    func determined() {
        let (window, root) = constraintWindow()
        let box = constrained(root, button("Start", .zero))
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20), box.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        ])
        #expect(!kinds(window).contains(.ambiguousLayout))
    }

    @Test("two buttons that cover each other are named together")
    func overlap() {
        let (window, root) = constraintWindow()
        root.addSubview(button("One", Rect(x: 10, y: 10, width: 100, height: 44)))
        root.addSubview(button("Two", Rect(x: 60, y: 20, width: 100, height: 44)))
        let findings = {
            window.layoutIfNeeded(); return window.layoutAudit()
        }()
        let overlap = findings.first { $0.kind == .overlap }
        #expect(overlap?.element.contains("One") == true && overlap?.element.contains("Two") == true)
    }

    @Test("a button placed past the screen's edge is off screen")
    func offScreen() {
        let (window, root) = constraintWindow(width: 480, height: 272)
        root.addSubview(button("Far", Rect(x: 600, y: 300, width: 100, height: 44)))
        #expect(kinds(window) == [.offScreen])
    }

    @Test("a button in the screen's unusable edge is outside the safe area")
    func outsideSafeArea() {
        let (window, root) = constraintWindow()
        window.screenSafeAreaInsets = EdgeInsets(top: 30)
        root.addSubview(button("Top", Rect(x: 100, y: 10, width: 100, height: 44)))
        #expect(kinds(window) == [.outsideSafeArea])
    }

    @Test("a one-line label narrower than its text is cut off")
    func clippedText() {
        let (window, root) = constraintWindow()
        let label = Label(frame: Rect(x: 10, y: 10, width: 20, height: 30))
        label.text = "Temperature"
        root.addSubview(label)
        #expect(kinds(window) == [.clippedText])
    }

    @Test("a one-line label cut off inside a scroll view is found too: scrolling does not widen it")
    func clippedTextInScrollView() {
        let (window, root) = constraintWindow()
        let page = ScrollView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        page.contentSize = Size(width: 300, height: 600)
        let label = Label(frame: Rect(x: 10, y: 400, width: 20, height: 30))
        label.text = "Temperature"
        page.addSubview(label)
        root.addSubview(page)
        #expect(kinds(window) == [.clippedText])
    }

    @Test("a screen whose views fit has no layout findings")
    func clean() {
        let (window, root) = constraintWindow()
        root.addSubview(button("One", Rect(x: 10, y: 10, width: 100, height: 44)))
        root.addSubview(button("Two", Rect(x: 120, y: 10, width: 100, height: 44)))
        #expect(kinds(window).isEmpty)
    }
}
