import PanelBench
import PanelCore
import PanelUI
import RealModule
import Testing

/// A scroll view filling the bench's window, with content 2000 points tall.
@MainActor
func scrollBench(contentHeight: Double = 2000, contentWidth: Double = 800) -> (Bench, ScrollView) {
    let bench = Bench()
    let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 800, height: 480))
    scroll.contentSize = Size(width: contentWidth, height: contentHeight)
    bench.add(scroll)
    return (bench, scroll)
}

extension Bench {
    /// Lets `milliseconds` pass one 60 Hz frame at a time, firing due timers (the frame clock).
    func run(milliseconds: Int64) {
        var left = milliseconds
        while left > 0 {
            let step = min(left, 16)
            clock.advance(by: .milliseconds(step))
            app.fireDueTimers()
            left -= step
        }
    }

    /// A finger resting 200 ms at (400, 240), long enough for the content to get it, then
    /// dragging up 90 points.
    func holdThenDrag() {
        down(400, 240)
        run(milliseconds: 200)
        move(400, 200)
        move(400, 150)
    }

    /// A vertical drag from `y0` to `y1` at x 400 in steps of `step` points, one report each.
    func drag(fromY y0: Double, toY y1: Double, step: Double = 20, lift: Bool = true) {
        down(400, y0)
        var y = y0
        let direction: Double = y1 > y0 ? 1 : -1
        while (y1 - y) * direction > 0 {
            y += direction * min(step, abs(y1 - y))
            move(400, y)
        }
        if lift { up() }
    }
}

/// A delegate that logs the callbacks.
@MainActor
final class ScrollLog: ScrollViewDelegate {
    var entries: [String] = []
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { entries.append("willBeginDragging") }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        entries.append("didEndDragging(\(decelerate))")
    }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { entries.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { entries.append("didEndScrollingAnimation") }
}

/// A scroll view that lets drags take touches from controls too.
@MainActor
final class CancellingScrollView: ScrollView {
    override func touchesShouldCancel(in view: View) -> Bool { true }
}

@Suite("Scroll view: dragging, deceleration, bounce and paging with UIKit's figures")
@MainActor
struct ScrollViewMotionTests {
    @Test("a drag moves the content against the finger by the finger's travel")
    func dragMovesTheContent() {
        let (bench, scroll) = scrollBench()
        bench.drag(fromY: 300, toY: 200, lift: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 100))
    }

    @Test("a drag past the top edge rubber-bands by UIKit's formula with 0.55")
    func dragPastTheEdgeRubberBands() {
        let (bench, scroll) = scrollBench()
        bench.drag(fromY: 100, toY: 300, lift: false)
        let expected = -(1 - 1 / (200 * 0.55 / 480 + 1)) * 480
        #expect(abs(scroll.contentOffset.y - expected) < 1e-9)
    }

    @Test("without bounces a drag stops at the edge")
    func noBouncesStopsAtTheEdge() {
        let (bench, scroll) = scrollBench()
        scroll.bounces = false
        bench.drag(fromY: 100, toY: 300, lift: false)
        #expect(scroll.contentOffset.y == 0)
    }

    @Test("content that fits does not scroll along that axis")
    func contentThatFitsStays() {
        let (bench, scroll) = scrollBench(contentHeight: 400)
        bench.drag(fromY: 300, toY: 100, lift: false)
        #expect(scroll.contentOffset == .zero)
    }

    @Test("a flick decelerates along UIKit's trajectory, within 1 pt at every frame", arguments: [DecelerationRate.normal, .fast])
    func flickFollowsUIKitsTrajectory(rate: DecelerationRate) {
        let (bench, scroll) = scrollBench(contentHeight: 100_000)
        scroll.decelerationRate = rate
        bench.drag(fromY: 400, toY: 100, step: 30)  // 30 pt per 10 ms: 3 pt/ms of content velocity
        let start = scroll.contentOffset.y
        let released = bench.clock.now
        var worst = 0.0
        var frames = 0
        var previous = start
        for _ in 0 ..< 120 {
            bench.run(milliseconds: 16)
            guard scroll.isDecelerating else { break }
            // A frame was drawn in this step when the offset moved: it is the glide at this moment.
            guard scroll.contentOffset.y != previous else { continue }
            previous = scroll.contentOffset.y
            frames += 1
            let t = Double((bench.clock.now - released).nanoseconds) / 1_000_000
            let formula = start + 3 * (Double.pow(rate.rawValue, t) - 1) / Double.log(rate.rawValue)
            worst = max(worst, abs(scroll.contentOffset.y - formula))
        }
        #expect(frames > 10)
        #expect(worst <= 1)
    }

    @Test("a flick comes to rest within half a point of where UIKit's glide ends")
    func flickRestsWhereTheGlideEnds() {
        let (bench, scroll) = scrollBench(contentHeight: 100_000)
        bench.drag(fromY: 400, toY: 100, step: 30)
        let start = scroll.contentOffset.y
        bench.run(milliseconds: 8000)
        #expect(!scroll.isDecelerating)
        #expect(abs(scroll.contentOffset.y - (start - 3 / Double.log(0.998))) <= 0.5)
    }

    @Test("a release past the edge springs back to it without passing it")
    func releasePastTheEdgeSpringsBack() {
        let (bench, scroll) = scrollBench()
        bench.drag(fromY: 100, toY: 300)
        var passed = false
        for _ in 0 ..< 100 {
            bench.run(milliseconds: 16)
            if scroll.contentOffset.y > 0 { passed = true }
        }
        #expect(!passed)
        #expect(scroll.contentOffset.y == 0)
    }

    @Test("a glide that reaches the end bounces back to it")
    func glideIntoTheEndBounces() {
        let (bench, scroll) = scrollBench(contentHeight: 1000)  // the end is at 520
        bench.drag(fromY: 400, toY: 100, step: 30)
        var furthest = 0.0
        for _ in 0 ..< 200 {
            bench.run(milliseconds: 16)
            furthest = max(furthest, scroll.contentOffset.y)
        }
        #expect(furthest > 520)
        #expect(scroll.contentOffset.y == 520)
    }

    @Test("a slow release with paging settles on the nearest page")
    func pagingSlowReleaseSnapsToNearest() {
        let (bench, scroll) = scrollBench(contentHeight: 480 * 4)
        scroll.isPagingEnabled = true
        bench.frameInterval = 100  // slow: 2 pt per 100 ms
        bench.drag(fromY: 400, toY: 100, step: 20)
        bench.frameInterval = 10
        bench.run(milliseconds: 2000)
        #expect(scroll.contentOffset.y == 480)
    }

    @Test("a fast flick with paging goes on to the next page, not further")
    func pagingFastFlickGoesToTheNextPage() {
        let (bench, scroll) = scrollBench(contentHeight: 480 * 4)
        scroll.isPagingEnabled = true
        bench.drag(fromY: 300, toY: 150, step: 30)  // 150 pt: nearest page is 0, but fast
        bench.run(milliseconds: 2000)
        #expect(scroll.contentOffset.y == 480)
    }

    @Test("an animated offset change arrives and tells the delegate once")
    func animatedOffsetArrives() {
        let (bench, scroll) = scrollBench()
        let log = ScrollLog()
        scroll.delegate = log
        scroll.setContentOffset(Point(x: 0, y: 600), animated: true)
        #expect(scroll.contentOffset.y == 0)
        bench.run(milliseconds: 2000)
        #expect(scroll.contentOffset.y == 600)
        #expect(log.entries == ["didEndScrollingAnimation"])
    }

    @Test("when the content comes to rest the frame clock stops: no timer is left")
    func restLeavesNoTimer() {
        let (bench, scroll) = scrollBench()
        bench.drag(fromY: 400, toY: 100, step: 30)
        bench.run(milliseconds: 10_000)
        #expect(!scroll.isDecelerating)
        #expect(bench.app.nextTimerDeadline == nil)
    }

    @Test("a drag, a glide and its end reach the delegate in UIKit's order")
    func delegateOrder() {
        let (bench, scroll) = scrollBench(contentHeight: 100_000)
        let log = ScrollLog()
        scroll.delegate = log
        bench.drag(fromY: 400, toY: 100, step: 30)
        bench.run(milliseconds: 10_000)
        #expect(log.entries == ["willBeginDragging", "didEndDragging(true)", "didEndDecelerating"])
    }

    @Test("a touch during a glide stops the content where it is")
    func touchStopsTheGlide() {
        let (bench, scroll) = scrollBench(contentHeight: 100_000)
        bench.drag(fromY: 400, toY: 100, step: 30)
        bench.run(milliseconds: 100)
        bench.down(400, 300)
        bench.move(400, 280)
        bench.move(400, 260)
        let held = scroll.contentOffset.y
        bench.run(milliseconds: 200)
        #expect(scroll.contentOffset.y == held)
    }
}

@Suite("Scroll view: touches and the content (delaysContentTouches, canCancelContentTouches)")
@MainActor
struct ScrollViewContentTouchTests {
    func buttonInScroll(_ scroll: ScrollView, _ bench: Bench) -> Button {
        let button = Button(frame: Rect(x: 300, y: 200, width: 200, height: 80))
        scroll.addSubview(button)
        EventRecorder(bench.log).watch(button)
        return button
    }

    @Test("a tap on a button in a scroll view fires it")
    func tapFiresTheButton() {
        let (bench, scroll) = scrollBench()
        _ = buttonInScroll(scroll, bench)
        bench.tap(400, 240)
        #expect(bench.log.entries == ["touchDown", "upInside", "primary"])
    }

    @Test("a flick that starts on a button scrolls, and the button sees nothing")
    func flickOnAButtonScrolls() {
        let (bench, scroll) = scrollBench()
        _ = buttonInScroll(scroll, bench)
        bench.drag(fromY: 240, toY: 100)
        #expect(scroll.contentOffset.y > 100)
        #expect(bench.log.entries.isEmpty)
    }

    @Test("a finger resting 150 ms on a button reaches it: the button highlights")
    func restingTouchReachesTheContent() {
        let (bench, scroll) = scrollBench()
        let button = buttonInScroll(scroll, bench)
        bench.down(400, 240)
        bench.run(milliseconds: 100)
        #expect(!button.isHighlighted)
        bench.run(milliseconds: 60)
        #expect(button.isHighlighted)
    }

    @Test("once a control has the touch, a drag does not scroll (touchesShouldCancel is false for controls)")
    func controlKeepsItsTouch() {
        let (bench, scroll) = scrollBench()
        _ = buttonInScroll(scroll, bench)
        bench.holdThenDrag()
        #expect(scroll.contentOffset.y == 0)
    }

    /// A scroll view whose drags take touches from controls, with a watched button in it.
    func cancellingScrollView() -> (Bench, ScrollView) {
        let bench = Bench()
        let scroll = CancellingScrollView(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        scroll.contentSize = Size(width: 800, height: 2000)
        bench.add(scroll)
        _ = buttonInScroll(scroll, bench)
        return (bench, scroll)
    }

    @Test("when touchesShouldCancel agrees, a drag after the hold on a button scrolls")
    func overriddenShouldCancelScrolls() {
        let (bench, scroll) = cancellingScrollView()
        bench.holdThenDrag()
        #expect(scroll.contentOffset.y > 0)
    }

    @Test("when touchesShouldCancel agrees, the button a drag takes the touch from gets touchCancel")
    func overriddenShouldCancelCancelsTheButton() {
        let (bench, _) = cancellingScrollView()
        bench.holdThenDrag()
        #expect(bench.log.entries == ["touchDown", "cancel"])
    }

    @Test("with canCancelContentTouches false, a view that has the touch keeps it and nothing scrolls")
    func noCancellingKeepsTheTouch() {
        let (bench, scroll) = scrollBench()
        scroll.canCancelContentTouches = false
        let plain = View(frame: Rect(x: 300, y: 200, width: 200, height: 80))
        scroll.addSubview(plain)
        bench.holdThenDrag()
        #expect(scroll.contentOffset.y == 0)
    }

    @Test("a plain view that has the touch is cancelled by a drag, which scrolls")
    func plainViewIsCancelled() {
        let (bench, scroll) = scrollBench()
        let plain = View(frame: Rect(x: 300, y: 200, width: 200, height: 80))
        scroll.addSubview(plain)
        bench.holdThenDrag()
        #expect(scroll.contentOffset.y > 0)
    }

    @Test("without delaysContentTouches the button highlights at once")
    func noDelayHighlightsAtOnce() {
        let (bench, scroll) = scrollBench()
        scroll.delaysContentTouches = false
        let button = buttonInScroll(scroll, bench)
        bench.down(400, 240)
        #expect(button.isHighlighted)
    }
}

@Suite("Scroll views inside scroll views, and the indicators")
@MainActor
struct ScrollViewNestingTests {
    /// A vertical scroll view holding a horizontal one (a carousel in a page).
    func nested() -> (Bench, ScrollView, ScrollView) {
        let (bench, outer) = scrollBench()
        let inner = ScrollView(frame: Rect(x: 0, y: 100, width: 800, height: 200))
        inner.contentSize = Size(width: 3000, height: 200)
        outer.addSubview(inner)
        return (bench, outer, inner)
    }

    @Test("a vertical drag on a horizontal scroll view inside a vertical one scrolls the outer")
    func verticalDragScrollsTheOuter() {
        let (bench, outer, inner) = nested()
        bench.drag(fromY: 250, toY: 150, lift: false)
        #expect(outer.contentOffset.y > 0)
        #expect(inner.contentOffset == .zero)
    }

    @Test("a horizontal drag on the inner horizontal scroll view scrolls it, not the outer")
    func horizontalDragScrollsTheInner() {
        let (bench, outer, inner) = nested()
        bench.down(600, 200)
        for x in stride(from: 580.0, through: 400, by: -20) { bench.move(x, 200) }
        #expect(inner.contentOffset.x == 200)
        #expect(outer.contentOffset == .zero)
    }

    @Test("the vertical indicator shows while dragging")
    func indicatorShowsWhileDragging() {
        let (bench, scroll) = scrollBench()
        bench.drag(fromY: 300, toY: 200, lift: false)
        #expect(scroll.subviews.last?.alpha == 1)
    }

    @Test("the indicators fade out once the content is at rest")
    func indicatorsFadeAtRest() {
        let (bench, scroll) = scrollBench()
        bench.drag(fromY: 300, toY: 200)
        bench.run(milliseconds: 8000)
        #expect(!scroll.isDecelerating)
        #expect(scroll.subviews.last?.alpha == 0)
    }

    @Test("content added after the indicators still lies beneath them")
    func indicatorsStayOnTop() {
        let (_, scroll) = scrollBench()
        let late = View(frame: Rect(x: 0, y: 0, width: 800, height: 2000))
        scroll.addSubview(late)
        #expect(scroll.subviews.firstIndex { $0 === late } == scroll.subviews.count - 3)
    }
}

@Suite("Scroll physics: UIKit's formulas")
struct ScrollPhysicsTests {
    @Test("the rubber band moves 0.55 × the overshoot at first and never reaches the view's size")
    func rubberBandShape() {
        #expect(abs(ScrollPhysics.rubberBand(1, dimension: 480) - 0.55) < 0.001)
        #expect(ScrollPhysics.rubberBand(1_000_000, dimension: 480) < 480)
    }

    @Test("a glide at v pt/ms with rate r ends v / −ln r further")
    func glideDistance() {
        let end = ScrollPhysics.decelerated(from: 0, velocity: 2, rate: 0.998, after: 1_000_000)
        #expect(abs(end - 2 / -Double.log(0.998)) < 1e-6)
    }

    @Test("the bounce spring starts where it is told and settles at zero")
    func springEnds() {
        #expect(ScrollPhysics.spring(displacement: 100, velocity: 0, after: 0) == 100)
        #expect(abs(ScrollPhysics.spring(displacement: 100, velocity: 0, after: 2000)) < 0.01)
    }
}
