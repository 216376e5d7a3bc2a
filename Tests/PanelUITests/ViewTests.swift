import PanelBench
import PanelCore
import PanelUI
import Testing

@MainActor
final class HookView: View {
    var log: [String] = []
    var layouts = 0
    override func willMove(toSuperview newSuperview: View?) { log.append("willMoveToSuperview(\(newSuperview == nil ? "nil" : "view"))") }
    override func didMoveToSuperview() { log.append("didMoveToSuperview") }
    override func willMove(toWindow newWindow: Window?) { log.append("willMoveToWindow(\(newWindow == nil ? "nil" : "window"))") }
    override func didMoveToWindow() { log.append("didMoveToWindow(\(window == nil ? "nil" : "window"))") }
    override func layoutSubviews() { layouts += 1 }
}

@MainActor
@Suite("Views: geometry, hierarchy, layout and redraw")
struct ViewTests {
    @Test("a view's center and bounds follow from its frame")
    func centerAndBoundsFromFrame() {
        let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.center == Point(x: 60, y: 45) && view.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
    }

    @Test("moving a view's center moves its frame")
    func centerMovesFrame() {
        let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        view.center = Point(x: 100, y: 100)
        #expect(view.frame == Rect(x: 50, y: 75, width: 100, height: 50))
    }

    @Test("a bounds change keeps the center and resizes the frame around it")
    func boundsChangeKeepsCenter() {
        let view = View(frame: Rect(x: 50, y: 75, width: 100, height: 50))
        view.bounds = Rect(x: 5, y: 5, width: 50, height: 50)
        #expect(view.center == Point(x: 100, y: 100) && view.frame == Rect(x: 75, y: 75, width: 50, height: 50))
    }

    @Test("a frame change keeps the bounds origin")
    func frameChangeKeepsBoundsOrigin() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        view.bounds = Rect(x: 5, y: 5, width: 100, height: 50)
        view.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(view.bounds == Rect(x: 5, y: 5, width: 10, height: 10))
    }

    @Test("subviews: add, insert at an index, above and below, exchange, bring to front, send to back, remove")
    func hierarchy() {
        let root = View()
        let a = View(), b = View(), c = View(), d = View()
        a.tag = 1; b.tag = 2; c.tag = 3; d.tag = 4
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, at: 0)
        #expect(root.subviews.map(\.tag) == [3, 1, 2])
        root.insertSubview(d, aboveSubview: c)
        #expect(root.subviews.map(\.tag) == [3, 4, 1, 2])
        root.insertSubview(c, aboveSubview: b)
        #expect(root.subviews.map(\.tag) == [4, 1, 2, 3])
        root.insertSubview(d, belowSubview: c)
        #expect(root.subviews.map(\.tag) == [1, 2, 4, 3])
        root.exchangeSubview(at: 0, withSubviewAt: 3)
        #expect(root.subviews.map(\.tag) == [3, 2, 4, 1])
        root.bringSubviewToFront(c)
        #expect(root.subviews.map(\.tag) == [2, 4, 1, 3])
        root.sendSubviewToBack(c)
        #expect(root.subviews.map(\.tag) == [3, 2, 4, 1])
        b.removeFromSuperview()
        #expect(root.subviews.map(\.tag) == [3, 4, 1] && b.superview == nil)
        // Adding to another superview moves the view.
        let other = View()
        other.addSubview(a)
        #expect(root.subviews.map(\.tag) == [3, 4] && a.superview === other)
        #expect(a.isDescendant(of: other) && !a.isDescendant(of: root))
    }

    @Test("viewWithTag finds this view or a descendant")
    func viewWithTag() {
        let root = View()
        let child = View(), grandchild = View()
        child.tag = 5
        grandchild.tag = 7
        root.addSubview(child)
        child.addSubview(grandchild)
        #expect(root.viewWithTag(7) === grandchild)
        #expect(root.viewWithTag(5) === child)
        #expect(root.viewWithTag(0) === root)
        #expect(root.viewWithTag(9) == nil)
    }

    @Test("moving into and out of a window calls the hooks and updates window for the subtree")
    func windowHooks() {
        let bench = Bench()
        let view = HookView()
        let child = View()
        view.addSubview(child)
        bench.window.addSubview(view)
        #expect(view.window === bench.window && child.window === bench.window)
        #expect(view.log == ["willMoveToSuperview(view)", "willMoveToWindow(window)", "didMoveToWindow(window)", "didMoveToSuperview"])
        view.log.removeAll()
        view.removeFromSuperview()
        #expect(view.log == ["willMoveToSuperview(nil)", "willMoveToWindow(nil)", "didMoveToWindow(nil)", "didMoveToSuperview"])
        #expect(child.window == nil)
    }

    @Test("layout runs once per request at the end of a run-loop turn, also after a size change")
    func layout() {
        let bench = Bench()
        let view = bench.add(HookView(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        bench.app.runOnce()
        #expect(view.layouts == 1)
        bench.app.runOnce()
        #expect(view.layouts == 1)
        view.setNeedsLayout()
        view.setNeedsLayout()
        bench.app.runOnce()
        #expect(view.layouts == 2)
        view.frame.origin = Point(x: 5, y: 5)
        bench.app.runOnce()
        #expect(view.layouts == 2)
        view.frame.size = Size(width: 20, height: 20)
        bench.app.runOnce()
        #expect(view.layouts == 3)
        view.layoutIfNeeded()
        #expect(view.layouts == 3)
    }

    @Test("a layout pass runs only the views that asked, deep in the tree or newly added, and visits nothing when none did")
    func layoutVisitsOnlyMarkedBranches() {
        let bench = Bench()
        let branches = (0 ..< 3).map { _ in bench.add(HookView(frame: Rect(x: 0, y: 0, width: 100, height: 100))) }
        let leaves = branches.map { branch -> HookView in
            let middle = HookView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            branch.addSubview(middle)
            let leaf = HookView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            middle.addSubview(leaf)
            return leaf
        }
        bench.app.runOnce()
        let settled = branches.map(\.layouts) + leaves.map(\.layouts)
        #expect(settled == [1, 1, 1, 1, 1, 1])
        // Nothing asked: nothing runs.
        bench.app.runOnce()
        #expect(branches.map(\.layouts) + leaves.map(\.layouts) == settled)
        // A leaf deep in the second branch asks: only it runs.
        leaves[1].setNeedsLayout()
        bench.app.runOnce()
        #expect(branches.map(\.layouts) == [1, 1, 1])
        #expect(leaves.map(\.layouts) == [1, 2, 1])
        // A view added under a settled branch is laid out at the next pass, and so is the
        // branch it joined (adding a subview asks for its superview's layout).
        let late = HookView(frame: Rect(x: 0, y: 0, width: 5, height: 5))
        leaves[2].addSubview(late)
        bench.app.runOnce()
        #expect(late.layouts == 1)
        #expect(leaves.map(\.layouts) == [1, 2, 2])
        #expect(branches.map(\.layouts) == [1, 1, 1])
        // A view that asks for its subview's layout from its own layoutSubviews gets it in the
        // same pass.
        final class Parent: View {
            let child = HookView(frame: Rect(x: 0, y: 0, width: 5, height: 5))
            override func layoutSubviews() { child.setNeedsLayout() }
        }
        let parent = Parent(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        parent.addSubview(parent.child)
        bench.add(parent)
        bench.app.runOnce()
        #expect(parent.child.layouts == 1)
        #expect(!parent.child.needsLayout)
    }

    @Test("setNeedsDisplay marks the view and collects the area in window coordinates")
    func redrawRegions() {
        let bench = Bench()
        let container = bench.add(View(frame: Rect(x: 100, y: 100, width: 200, height: 200)))
        let view = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        container.addSubview(view)
        _ = bench.window.takeDirtyRegion()
        view.clearNeedsDisplay()
        #expect(!view.needsDisplay)
        view.setNeedsDisplay(Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(view.needsDisplay)
        #expect(bench.window.takeDirtyRegion() == Rect(x: 110, y: 110, width: 10, height: 10))
        view.isHidden = true
        #expect(bench.window.takeDirtyRegion() == Rect(x: 110, y: 110, width: 50, height: 50))
        let button = Button(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        container.addSubview(button)
        _ = bench.window.takeDirtyRegion()
        button.isHighlighted = true
        #expect(bench.window.takeDirtyRegion() == Rect(x: 100, y: 100, width: 20, height: 20))
    }

    @Test("gesture recognizers are stored per view and move with addGestureRecognizer")
    func recognizerStorage() {
        let a = View(), b = View()
        let recognizer = GestureRecognizer()
        a.addGestureRecognizer(recognizer)
        #expect(recognizer.view === a && a.gestureRecognizers.count == 1)
        b.addGestureRecognizer(recognizer)
        #expect(recognizer.view === b && a.gestureRecognizers.isEmpty && b.gestureRecognizers.count == 1)
        b.removeGestureRecognizer(recognizer)
        #expect(recognizer.view == nil && b.gestureRecognizers.isEmpty)
        #expect(recognizer.cancelsTouchesInView && !recognizer.delaysTouchesBegan && recognizer.delaysTouchesEnded)
    }
}

@MainActor
@Suite("Run-loop timers")
struct TimerTests {
    @Test("one-shot and repeating timers fire on the injected clock, earliest first")
    func firing() throws {
        let clock = ManualClock()
        let app = Application(clock: clock)
        var fired: [String] = []
        try app.scheduleTimer(after: .milliseconds(30)) { _ in fired.append("b") }
        try app.scheduleTimer(after: .milliseconds(10)) { _ in fired.append("a") }
        let tick = try app.scheduleTimer(after: .milliseconds(20), repeating: .milliseconds(20)) { _ in fired.append("tick") }
        #expect(app.nextTimerDeadline == MonotonicInstant(nanoseconds: 10_000_000))
        clock.advance(by: .milliseconds(25))
        app.runOnce()
        #expect(fired == ["a", "tick"])
        clock.advance(by: .milliseconds(20))
        app.fireDueTimers()
        #expect(fired == ["a", "tick", "b", "tick"])
        #expect(app.cancelTimer(tick))
        #expect(!app.cancelTimer(tick))
        clock.advance(by: .milliseconds(100))
        app.fireDueTimers()
        #expect(fired.count == 4)
        #expect(app.nextTimerDeadline == nil)
    }

    @Test("a repeating timer that fell behind skips the missed periods")
    func missedPeriods() throws {
        let clock = ManualClock()
        let app = Application(clock: clock)
        var count = 0
        try app.scheduleTimer(after: .milliseconds(10), repeating: .milliseconds(10)) { _ in count += 1 }
        clock.advance(by: .milliseconds(55))
        app.fireDueTimers()
        #expect(count == 1)
        #expect(app.nextTimerDeadline == MonotonicInstant(nanoseconds: 60_000_000))
    }

    @Test("a timer cancelled by an earlier timer's handler in the same pass does not fire")
    func timerCancelledByHandler() throws {
        let clock = ManualClock()
        let app = Application(clock: clock)
        var fired: [String] = []
        final class Box { var victim: TimerHandle? }
        let box = Box()
        try app.scheduleTimer(after: .milliseconds(1)) { _ in
            fired.append("first")
            if let victim = box.victim { app.cancelTimer(victim) }
        }
        box.victim = try app.scheduleTimer(after: .milliseconds(2)) { _ in fired.append("victim") }
        clock.advance(by: .milliseconds(5))
        app.fireDueTimers()
        #expect(fired == ["first"])
    }

    @Test("a zero-delay timer scheduled by a handler waits for the next pass")
    func timerScheduledByHandlerWaits() throws {
        let clock = ManualClock()
        let app = Application(clock: clock)
        var fired: [String] = []
        try app.scheduleTimer(after: .milliseconds(1)) { _ in
            fired.append("first")
            _ = try? app.scheduleTimer(after: .zero) { _ in fired.append("again") }
        }
        clock.advance(by: .milliseconds(5))
        app.fireDueTimers()
        let afterFirstPass = fired
        app.fireDueTimers()
        #expect(afterFirstPass == ["first"] && fired == ["first", "again"])
    }

    @Test("the timer table has a fixed capacity and says how to fix running out")
    func capacity() throws {
        let app = Application(clock: ManualClock(), timerCapacity: 2)
        let first = try app.scheduleTimer(after: .milliseconds(1)) { _ in }
        try app.scheduleTimer(after: .milliseconds(1)) { _ in }
        #expect(throws: ApplicationError.timerCapacityExhausted(capacity: 2)) {
            try app.scheduleTimer(after: .milliseconds(1)) { _ in }
        }
        #expect("\(ApplicationError.timerCapacityExhausted(capacity: 2))".contains("timerCapacity"))
        app.cancelTimer(first)
        #expect(!app.isTimerScheduled(first))
        let reused = try app.scheduleTimer(after: .milliseconds(1)) { _ in }
        #expect(app.isTimerScheduled(reused) && reused != first)
    }
}
