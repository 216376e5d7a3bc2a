import PanelCore
import PanelUI
import Testing

/// A view that logs every hit-test it runs, to check the walk order of seeds 000/001/004.
@MainActor
final class WalkView: View {
    let name: String
    let log: Log
    init(_ name: String, _ log: Log, frame: Rect) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        log.add(name)
        return super.hitTest(point, with: event)
    }
}

/// Seed 001: a button that grows its touch area to at least 44×44.
@MainActor
final class GrownButton: Button {
    override func point(inside point: Point, with event: Event?) -> Bool {
        let widthDelta = max(44 - bounds.width, 0)
        let heightDelta = max(44 - bounds.height, 0)
        return bounds.insetBy(dx: -0.5 * widthDelta, dy: -0.5 * heightDelta).contains(point)
    }
}

@MainActor
@Suite("Hit-testing (A8, B22, B23, B40, E10, E26, E27)")
struct HitTestingTests {
    @Test("seed walk: subviews are tried front-most first and the first hit wins")
    func seedReferenceWalk() {
        let log = Log()
        let root = WalkView("root", log, frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let back = WalkView("back", log, frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let middle = WalkView("middle", log, frame: Rect(x: 150, y: 150, width: 100, height: 100))
        let front = WalkView("front", log, frame: Rect(x: 250, y: 0, width: 50, height: 50))
        let inner = WalkView("inner", log, frame: Rect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(back)
        root.addSubview(middle)
        root.addSubview(front)
        back.addSubview(inner)

        #expect(root.hitTest(Point(x: 15, y: 15), with: nil) === inner)
        #expect(log.entries == ["root", "front", "middle", "back", "inner"])

        log.clear()
        // (160,160) is in both back and middle: middle is in front and wins; back is not asked.
        #expect(root.hitTest(Point(x: 160, y: 160), with: nil) === middle)
        #expect(log.entries == ["root", "front", "middle"])

        log.clear()
        // No subview contains the point: the view itself is the hit.
        #expect(root.hitTest(Point(x: 290, y: 290), with: nil) === root)
        // Outside the root: nil, and no subview is asked.
        log.clear()
        #expect(root.hitTest(Point(x: 300, y: 10), with: nil) == nil)
        #expect(log.entries == ["root"])
    }

    @Test("point(inside:) is the bounds: min edge in, max edge out, bounds origin honoured (C18)")
    func pointInside() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.point(inside: Point(x: 0, y: 0), with: nil))
        #expect(view.point(inside: Point(x: 99, y: 99), with: nil))
        #expect(!view.point(inside: Point(x: 100, y: 100), with: nil))
        view.bounds.origin = Point(x: 10000, y: 10000)
        #expect(!view.point(inside: Point(x: 50, y: 50), with: nil))
        #expect(view.point(inside: Point(x: 10050, y: 10050), with: nil))
    }

    @Test("hit-testing converts through bounds origins (C19)")
    func boundsOriginHitTest() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.bounds = Rect(x: -10, y: -10, width: 100, height: 100)
        let sub = View(frame: Rect(x: 40, y: 40, width: 20, height: 20))
        let inner = View(frame: Rect(x: 10, y: 10, width: 5, height: 5))
        root.addSubview(sub)
        sub.addSubview(inner)
        #expect(root.hitTest(Point(x: -5, y: -5), with: nil) === root)
        #expect(root.hitTest(Point(x: 40, y: 40), with: nil) === sub)
        #expect(root.hitTest(Point(x: 52.5, y: 52.5), with: nil) === inner)
        #expect(root.hitTest(Point(x: -11, y: -11), with: nil) == nil)
        #expect(root.hitTest(Point(x: 95, y: 95), with: nil) == nil)
    }

    @Test("B22 hidden, nearly transparent and non-interactive views pass touches to what is underneath")
    func visibilityRules() {
        let bench = Bench()
        let under = bench.add(LoggingView("under", bench.log, frame: Rect(x: 0, y: 0, width: 200, height: 200)))
        let over = bench.add(LoggingView("over", bench.log, frame: Rect(x: 0, y: 0, width: 200, height: 200)))
        let child = LoggingView("child", bench.log, frame: Rect(x: 0, y: 0, width: 50, height: 50))
        over.addSubview(child)

        over.isHidden = true
        #expect(bench.window.hitTest(Point(x: 10, y: 10), with: nil) === under)
        over.isHidden = false
        over.alpha = 0.005
        #expect(bench.window.hitTest(Point(x: 10, y: 10), with: nil) === under)
        // E10: alpha exactly 0.01 is hittable.
        over.alpha = 0.01
        #expect(bench.window.hitTest(Point(x: 10, y: 10), with: nil) === child)
        over.alpha = 1
        // A container with interaction disabled hides its whole subtree; the touch falls back
        // to its sibling.
        over.isUserInteractionEnabled = false
        #expect(bench.window.hitTest(Point(x: 10, y: 10), with: nil) === under)

        bench.tap(10, 10)
        #expect(bench.log.entries == ["under.began(1)", "under.ended(1)"])
    }

    @Test("B23 the part of a subview that overflows its superview is not hittable, clipsToBounds or not")
    func overflowingSubview() {
        let bench = Bench()
        let parent = bench.add(View(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        let child = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        parent.addSubview(child)
        #expect(bench.window.hitTest(Point(x: 60, y: 60), with: nil) === child)
        #expect(bench.window.hitTest(Point(x: 120, y: 120), with: nil) === bench.window)
        parent.clipsToBounds = true
        #expect(bench.window.hitTest(Point(x: 120, y: 120), with: nil) === bench.window)
        parent.clipsToBounds = false
        #expect(bench.window.hitTest(Point(x: 99, y: 99), with: nil) === child)
    }

    @Test("seed 001: a 20×20 button grown to 44×44 by point(inside:) takes taps in the grown area")
    func grownButton() {
        let bench = Bench()
        let button = bench.add(GrownButton(frame: Rect(x: 100, y: 100, width: 20, height: 20)))
        var taps = 0
        button.addAction(.closure("tap") { _, _ in taps += 1 }, for: .touchUpInside)
        // 11 pt left of the button's frame: inside the 44×44 area (12 pt of growth per side).
        #expect(bench.window.hitTest(Point(x: 89, y: 110), with: nil) === button)
        #expect(bench.window.hitTest(Point(x: 87, y: 110), with: nil) === bench.window)
        bench.tap(89, 110)
        #expect(taps == 1)
        // A plain button of the same size does not.
        let plain = bench.add(Button(frame: Rect(x: 300, y: 100, width: 20, height: 20)))
        #expect(bench.window.hitTest(Point(x: 289, y: 110), with: nil) !== plain)
    }

    @Test("a switch, drawn 51×31, takes a touch in 44 points of height; a control's minimumTouchTarget of zero keeps its bounds")
    func switchTouchTarget() {
        let bench = Bench()
        let toggle = bench.add(Switch(frame: Rect(x: 100, y: 100, width: 51, height: 31)))
        // 5 pt below the frame: inside the 44-point target (6.5 pt of growth each way).
        #expect(bench.window.hitTest(Point(x: 125, y: 136), with: nil) === toggle)
        #expect(bench.window.hitTest(Point(x: 125, y: 138), with: nil) === bench.window)
        toggle.minimumTouchTarget = .zero
        #expect(bench.window.hitTest(Point(x: 125, y: 136), with: nil) === bench.window)
    }

    @Test("Label and ImageView do not take touches by default (A8)")
    func labelsPassTouches() {
        let bench = Bench()
        let button = bench.add(Button(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        label.text = "Start"
        button.addSubview(label)
        let image = ImageView(frame: Rect(x: 0, y: 50, width: 100, height: 50))
        button.addSubview(image)
        #expect(!label.isUserInteractionEnabled && !image.isUserInteractionEnabled)
        #expect(bench.window.hitTest(Point(x: 10, y: 10), with: nil) === button)
        #expect(bench.window.hitTest(Point(x: 10, y: 60), with: nil) === button)
        label.isUserInteractionEnabled = true
        #expect(bench.window.hitTest(Point(x: 10, y: 10), with: nil) === label)
    }

    @Test("B40 a touch that hits nothing reaches no view")
    func touchHittingNothing() {
        let bench = Bench(width: 100, height: 100)
        let view = bench.add(LoggingView("v", bench.log, frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        view.forwards = true
        bench.down(150, 150)
        bench.move(50, 50)
        bench.up()
        #expect(bench.log.entries.isEmpty)
        // The next touch works normally.
        bench.tap(50, 50)
        #expect(bench.log.entries == ["v.began(2)", "v.ended(2)"])
    }

    @Test("E26 windows are hit-tested from the highest level down, hidden windows skipped")
    func severalWindows() {
        let bench = Bench()
        let base = bench.add(LoggingView("base", bench.log, frame: Rect(x: 0, y: 0, width: 800, height: 480)))
        let overlay = Window(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        overlay.windowLevel = .alert
        bench.app.addWindow(overlay)
        let panel = LoggingView("panel", bench.log, frame: Rect(x: 0, y: 0, width: 200, height: 200))
        overlay.addSubview(panel)

        // Hidden (new windows are hidden): the base window gets the touch.
        #expect(bench.app.hitTest(Point(x: 150, y: 150))?.view === base)
        overlay.isHidden = false
        let hit = bench.app.hitTest(Point(x: 150, y: 150))
        #expect(hit?.window === overlay && hit?.view === panel)
        #expect(bench.app.hitTest(Point(x: 50, y: 50))?.view === base)

        bench.tap(150, 150)
        #expect(bench.log.entries == ["panel.began(1)", "panel.ended(1)"])
        // A level change reorders the windows.
        overlay.windowLevel = Window.Level(-1)
        #expect(bench.app.hitTest(Point(x: 150, y: 150))?.view === base)
        #expect(bench.app.windows.first === overlay)
    }

    @Test("E27 location(in: nil) is in window coordinates, location(in: view) in the view's bounds (C16)")
    func touchLocations() throws {
        let bench = Bench()
        let overlay = Window(frame: Rect(x: 100, y: 50, width: 300, height: 300))
        bench.app.addWindow(overlay)
        overlay.makeKeyAndVisible()
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        overlay.addSubview(root)
        let view = LoggingView("v", bench.log, frame: Rect(x: 10, y: 10, width: 50, height: 50))
        root.addSubview(view)
        var seen: [Point] = []
        var seenWindow: [Point] = []
        bench.down(110, 60)
        let touch = try #require(overlay.touchesEvent.allTouches.first)
        seen.append(touch.location(in: view))
        seenWindow.append(touch.location(in: nil))
        bench.move(130, 80)
        seen.append(touch.location(in: view))
        seenWindow.append(touch.location(in: nil))
        #expect(touch.previousLocation(in: view) == Point(x: 0, y: 0))
        #expect(seen == [Point(x: 0, y: 0), Point(x: 20, y: 20)])
        #expect(seenWindow == [Point(x: 10, y: 10), Point(x: 30, y: 30)])
        bench.up()
    }

    @Test("points and rectangles convert between any two views, across windows")
    func conversion() {
        let a = Window(frame: Rect(x: 100, y: 0, width: 200, height: 200))
        let b = Window(frame: Rect(x: 0, y: 300, width: 200, height: 200))
        let viewA = View(frame: Rect(x: 10, y: 20, width: 50, height: 50))
        viewA.bounds.origin = Point(x: 5, y: 5)
        let viewB = View(frame: Rect(x: 30, y: 40, width: 50, height: 50))
        a.addSubview(viewA)
        b.addSubview(viewB)
        let p = viewA.convert(Point(x: 5, y: 5), to: viewB)
        // (5,5) in A is A's top-left: screen (110, 20); B's top-left is screen (30, 340).
        #expect(p == Point(x: 80, y: -320))
        #expect(viewB.convert(p, to: viewA) == Point(x: 5, y: 5))
        #expect(viewA.convert(Point(x: 5, y: 5), to: nil) == Point(x: 10, y: 20))
        #expect(viewA.convert(Point(x: 10, y: 20), from: nil) == Point(x: 5, y: 5))
        let r = viewA.convert(Rect(x: 5, y: 5, width: 10, height: 10), to: a)
        #expect(r == Rect(x: 10, y: 20, width: 10, height: 10))
        #expect(viewA.convert(r, from: a) == Rect(x: 5, y: 5, width: 10, height: 10))
    }
}
