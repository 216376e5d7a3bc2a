import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// An 800×480 window with a root view filling it, laid out by constraints below it.
@MainActor
func constraintWindow(width: Double = 800, height: Double = 480) -> (Window, View) {
    let window = Window(frame: Rect(x: 0, y: 0, width: width, height: height))
    let root = View(frame: window.bounds)
    window.addSubview(root)
    return (window, root)
}

/// A subview of `parent` that constraints place.
@MainActor
func constrained(_ parent: View, _ view: View = View()) -> View {
    view.translatesAutoresizingMaskIntoConstraints = false
    parent.addSubview(view)
    return view
}

@Suite("Auto Layout: constraints place views as UIKit's do")
@MainActor
struct AutoLayoutTests {
    @Test("a view pinned to its superview's edges with constants gets the frame they give")
    func pinnedEdges() {
        let (window, root) = constraintWindow()
        let box = constrained(root)
        LayoutConstraint.activate([
            box.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            box.rightAnchor.constraint(equalTo: root.rightAnchor, constant: -20),
            box.topAnchor.constraint(equalTo: root.topAnchor, constant: 30),
            box.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -40),
        ])
        window.layoutIfNeeded()
        #expect(box.frame == Rect(x: 10, y: 30, width: 770, height: 410))
    }

    @Test("a width of half the superview's follows the multiplier, centred by centerX")
    func multiplierAndCentre() {
        let (window, root) = constraintWindow()
        let box = constrained(root)
        LayoutConstraint.activate([
            box.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
            box.heightAnchor.constraint(equalToConstant: 100),
            box.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            box.centerYAnchor.constraint(equalTo: root.centerYAnchor),
        ])
        window.layoutIfNeeded()
        #expect(box.frame == Rect(x: 200, y: 190, width: 400, height: 100))
    }

    @Test("sibling constraints in different superviews are solved in their common ancestor's coordinates")
    func cousins() {
        let (window, root) = constraintWindow()
        let left = View(frame: Rect(x: 100, y: 50, width: 200, height: 200))
        root.addSubview(left)
        let inner = constrained(left)
        let other = constrained(root)
        LayoutConstraint.activate([
            inner.leadingAnchor.constraint(equalTo: left.leadingAnchor, constant: 10),
            inner.topAnchor.constraint(equalTo: left.topAnchor, constant: 10),
            inner.widthAnchor.constraint(equalToConstant: 50), inner.heightAnchor.constraint(equalToConstant: 50),
            other.leadingAnchor.constraint(equalTo: inner.trailingAnchor, constant: 5),
            other.topAnchor.constraint(equalTo: inner.bottomAnchor),
            other.widthAnchor.constraint(equalToConstant: 20), other.heightAnchor.constraint(equalToConstant: 20),
        ])
        window.layoutIfNeeded()
        #expect(inner.frame == Rect(x: 10, y: 10, width: 50, height: 50))
        // inner's right edge is at 100 + 60 = 160 in root; its bottom at 50 + 60 = 110.
        #expect(other.frame == Rect(x: 165, y: 110, width: 20, height: 20))
    }

    @Test("a frame-based view that constraints refer to keeps its frame, and the constrained view follows when it moves")
    func frameBasedNeighbour() {
        let (window, root) = constraintWindow()
        let anchor = View(frame: Rect(x: 40, y: 40, width: 100, height: 30))
        root.addSubview(anchor)
        let follower = constrained(root)
        LayoutConstraint.activate([
            follower.leadingAnchor.constraint(equalTo: anchor.trailingAnchor, constant: 8),
            follower.centerYAnchor.constraint(equalTo: anchor.centerYAnchor),
            follower.widthAnchor.constraint(equalToConstant: 60), follower.heightAnchor.constraint(equalToConstant: 20),
        ])
        window.layoutIfNeeded()
        #expect(anchor.frame == Rect(x: 40, y: 40, width: 100, height: 30))
        #expect(follower.frame == Rect(x: 148, y: 45, width: 60, height: 20))
        anchor.frame.origin.x = 100
        window.layoutIfNeeded()
        #expect(follower.frame.minX == 208)
    }

    @Test("changing a constant moves the view at the next layout")
    func constantChange() {
        let (window, root) = constraintWindow()
        let box = constrained(root)
        let left = box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        LayoutConstraint.activate([
            left, box.topAnchor.constraint(equalTo: root.topAnchor), box.widthAnchor.constraint(equalToConstant: 50),
            box.heightAnchor.constraint(equalToConstant: 50),
        ])
        window.layoutIfNeeded()
        left.constant = 300
        window.layoutIfNeeded()
        #expect(box.frame.minX == 300)
    }

    @Test("a deactivated constraint no longer holds, and activating it again restores it")
    func deactivation() {
        let (window, root) = constraintWindow()
        let box = constrained(root)
        let wide = box.widthAnchor.constraint(equalToConstant: 300)
        let narrow = box.widthAnchor.constraint(equalToConstant: 100)
        narrow.priority = .defaultLow
        LayoutConstraint.activate([wide, narrow, box.heightAnchor.constraint(equalToConstant: 10)])
        window.layoutIfNeeded()
        #expect(box.frame.width == 300)
        wide.isActive = false
        window.layoutIfNeeded()
        #expect(box.frame.width == 100)
        #expect(!wide.isActive)
        wide.isActive = true
        window.layoutIfNeeded()
        #expect(box.frame.width == 300)
    }

    @Test("a constraint is installed on its items' nearest common ancestor")
    func installedOnCommonAncestor() {
        let (_, root) = constraintWindow()
        let a = constrained(root)
        let b = constrained(root)
        let constraint = a.leadingAnchor.constraint(equalTo: b.trailingAnchor)
        constraint.isActive = true
        #expect(root.constraints.contains { $0 === constraint })
        #expect(a.constraints.isEmpty)
    }

    @Test("removing a view from its superview deactivates the constraints that name it")
    func removalDeactivates() {
        let (window, root) = constraintWindow()
        let a = constrained(root)
        let b = constrained(root)
        let constraint = a.leadingAnchor.constraint(equalTo: b.trailingAnchor)
        constraint.isActive = true
        window.layoutIfNeeded()
        b.removeFromSuperview()
        #expect(!constraint.isActive)
        #expect(root.constraints.isEmpty)
    }

    @Test("a layout guide spaces three views equally")
    func guidesSpaceEqually() {
        let (window, root) = constraintWindow(width: 400, height: 100)
        let views = (0 ..< 2).map { _ in constrained(root) }
        let gaps = (0 ..< 3).map { _ in LayoutGuide() }
        for gap in gaps { root.addLayoutGuide(gap) }
        var constraints: [LayoutConstraint] = []
        for view in views {
            constraints += [
                view.widthAnchor.constraint(equalToConstant: 100), view.heightAnchor.constraint(equalToConstant: 10),
                view.topAnchor.constraint(equalTo: root.topAnchor),
            ]
        }
        constraints += [
            gaps[0].leadingAnchor.constraint(equalTo: root.leadingAnchor), gaps[0].trailingAnchor.constraint(equalTo: views[0].leadingAnchor),
            gaps[1].leadingAnchor.constraint(equalTo: views[0].trailingAnchor), gaps[1].trailingAnchor.constraint(equalTo: views[1].leadingAnchor),
            gaps[2].leadingAnchor.constraint(equalTo: views[1].trailingAnchor), gaps[2].trailingAnchor.constraint(equalTo: root.trailingAnchor),
            gaps[1].widthAnchor.constraint(equalTo: gaps[0].widthAnchor), gaps[2].widthAnchor.constraint(equalTo: gaps[0].widthAnchor),
        ]
        LayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [67, 233])
        #expect(abs(gaps[1].layoutFrame.width - 200.0 / 3) < 0.01)
    }
}
