import PanelCore
import PanelUI
import Testing

@Suite("Auto Layout guides: safe area, margins, right-to-left, baselines")
@MainActor
struct AutoLayoutGuideTests {
    /// A 100×10 view at the top of `root`, its leading edge at `anchor` + `constant`.
    func leadingBox(in root: View, at anchor: LayoutXAxisAnchor, constant: Double = 0) -> View {
        let box = constrained(root)
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: anchor, constant: constant), box.topAnchor.constraint(equalTo: root.topAnchor),
            box.widthAnchor.constraint(equalToConstant: 100), box.heightAnchor.constraint(equalToConstant: 10),
        ])
        return box
    }

    @Test("the safe area guide keeps out of the screen's unusable edges")
    func safeArea() {
        let (window, root) = constraintWindow()
        window.screenSafeAreaInsets = EdgeInsets(top: 20, left: 30, bottom: 0, right: 0)
        let box = constrained(root)
        let guide = root.safeAreaLayoutGuide
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: guide.leadingAnchor), box.topAnchor.constraint(equalTo: guide.topAnchor),
            box.trailingAnchor.constraint(equalTo: guide.trailingAnchor), box.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
        ])
        window.layoutIfNeeded()
        #expect(box.frame == Rect(x: 30, y: 20, width: 770, height: 460))
        #expect(root.safeAreaInsets == EdgeInsets(top: 20, left: 30, bottom: 0, right: 0))
    }

    @Test("a controller's additional safe area insets shrink its view's safe area")
    func additionalSafeArea() {
        let (window, _) = constraintWindow()
        let controller = ViewController()
        window.rootViewController = controller
        controller.additionalSafeAreaInsets = EdgeInsets(top: 0, left: 0, bottom: 50, right: 0)
        window.layoutIfNeeded()
        #expect(controller.view.safeAreaInsets.bottom == 50)
    }

    @Test("the margins guide lies 8 points inside the edges by default, and follows the margins set")
    func marginsGuide() {
        let (window, root) = constraintWindow()
        let box = constrained(root)
        let guide = root.layoutMarginsGuide
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: guide.leadingAnchor), box.topAnchor.constraint(equalTo: guide.topAnchor),
            box.trailingAnchor.constraint(equalTo: guide.trailingAnchor), box.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
        ])
        window.layoutIfNeeded()
        #expect(box.frame == Rect(x: 8, y: 8, width: 784, height: 464))
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: 10, leading: 40, bottom: 10, trailing: 20)
        window.layoutIfNeeded()
        #expect(box.frame == Rect(x: 40, y: 10, width: 740, height: 460))
    }

    @Test("under right-to-left, a leading constraint places the view from the right edge")
    func leadingUnderRightToLeft() {
        let (window, root) = constraintWindow()
        root.semanticContentAttribute = .forceRightToLeft
        let box = leadingBox(in: root, at: root.leadingAnchor, constant: 10)
        window.layoutIfNeeded()
        #expect(box.frame.maxX == 790)
    }

    @Test("under right-to-left, the leading margin is the right one")
    func directionalMarginsUnderRightToLeft() {
        let (window, root) = constraintWindow()
        root.semanticContentAttribute = .forceRightToLeft
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 40, bottom: 0, trailing: 10)
        #expect(root.layoutMargins.right == 40)
        #expect(root.layoutMargins.left == 10)
        let box = leadingBox(in: root, at: root.layoutMarginsGuide.leadingAnchor)
        window.layoutIfNeeded()
        #expect(box.frame.maxX == 760)
    }

    @Test("switching a view to right-to-left at run time moves its leading constraints to the other side")
    func directionChangeAtRunTime() {
        let (window, root) = constraintWindow()
        let box = leadingBox(in: root, at: root.leadingAnchor, constant: 10)
        window.layoutIfNeeded()
        #expect(box.frame.minX == 10)
        root.semanticContentAttribute = .forceRightToLeft
        window.layoutIfNeeded()
        #expect(box.frame.maxX == 790)
    }

    @Test("two labels of different sizes aligned on their first baselines draw their baselines at the same height")
    func baselines() {
        let (window, root) = constraintWindow()
        let big = constrained(root, Label()) as! Label
        big.font = .system(size: 32)
        big.text = "Big"
        let small = constrained(root, Label()) as! Label
        small.font = .system(size: 12)
        small.text = "small"
        LayoutConstraint.activate([
            big.leadingAnchor.constraint(equalTo: root.leadingAnchor), big.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            small.leadingAnchor.constraint(equalTo: big.trailingAnchor, constant: 8),
            small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
        ])
        window.layoutIfNeeded()
        let bigFont = Font.system(size: 32)
        let smallFont = Font.system(size: 12)
        let bigBaseline = big.frame.minY + Double(bigFont.ascent)
        let smallBaseline = small.frame.minY + Double(smallFont.ascent)
        #expect(abs(bigBaseline - smallBaseline) <= 1)
        #expect(small.frame.minY > big.frame.minY)
    }

    @Test("the part of a view past the edge of the screen is off the screen, not in an unsafe area: no inset for it")
    func offScreenPartHasNoSafeAreaInset() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        window.screenSafeAreaInsets = EdgeInsets(top: 0, left: 0, bottom: 10, right: 0)
        let tall = View(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        window.addSubview(tall)
        #expect(tall.safeAreaInsets.bottom == 10)
    }

    @Test("content in a scroll view, as tall as its cards inside its margins, settles at that height")
    func scrollContentInsideMarginsSettles() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let scroll = ScrollView(frame: window.bounds)
        window.addSubview(scroll)
        let content = View()
        let card = View()
        for (view, parent) in [(content, scroll as View), (card, content)] {
            view.translatesAutoresizingMaskIntoConstraints = false
            parent.addSubview(view)
        }
        LayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: scroll.topAnchor), content.leadingAnchor.constraint(equalTo: scroll.leadingAnchor),
            content.widthAnchor.constraint(equalTo: scroll.widthAnchor),
            card.topAnchor.constraint(equalTo: content.layoutMarginsGuide.topAnchor),
            card.leadingAnchor.constraint(equalTo: content.layoutMarginsGuide.leadingAnchor),
            card.trailingAnchor.constraint(equalTo: content.layoutMarginsGuide.trailingAnchor),
            card.heightAnchor.constraint(equalToConstant: 500),
            content.layoutMarginsGuide.bottomAnchor.constraint(equalTo: card.bottomAnchor),
        ])
        window.layoutIfNeeded()
        #expect(content.frame.height == 516)
    }

    @Test("switching to right-to-left at run time breaks no constraint, whatever order the engine holds them in")
    func directionSwitchBreaksNothing() {
        // Thirty windows, each holding its constraints in another hashed order: a column
        // guide and the area beside it, spanning the window between its margins.
        for _ in 0 ..< 30 {
            let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 100))
            let (column, area) = (LayoutGuide(), LayoutGuide())
            window.addLayoutGuide(column)
            window.addLayoutGuide(area)
            let margins = window.layoutMarginsGuide
            let (_, warnings) = UsageWarning.collecting {
                LayoutConstraint.activate([
                    column.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                    column.widthAnchor.constraint(equalTo: window.widthAnchor, multiplier: 0.44, constant: -8),
                    area.leadingAnchor.constraint(equalTo: column.trailingAnchor, constant: 8),
                    area.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                    column.topAnchor.constraint(equalTo: window.topAnchor), area.topAnchor.constraint(equalTo: window.topAnchor),
                    column.heightAnchor.constraint(equalToConstant: 10), area.heightAnchor.constraint(equalToConstant: 10),
                ])
                window.layoutIfNeeded()
                window.semanticContentAttribute = .forceRightToLeft
                window.layoutIfNeeded()
            }
            #expect(warnings.isEmpty, "\(warnings)")
        }
    }
}
