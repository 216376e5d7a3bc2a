import PanelBench
import PanelCore
import PanelUI
import Testing

/// A window subclass that logs its events (A6: sendEvent is overridable and must call super).
@MainActor
final class LoggingWindow: Window {
    var log: Log?
    override func sendEvent(_ event: Event) {
        log?.add("window.sendEvent(\(event.allTouches.count))")
        super.sendEvent(event)
    }
}

/// Keeps the touches it was passed, to check their identity across phases.
@MainActor
final class CapturingView: View {
    var began: [Touch] = []
    var moved: [Touch] = []
    var ended: [Touch] = []
    var phases: [TouchPhase] = []
    var events: [ObjectIdentifier] = []
    /// tapCount at touch-down (touches are pooled: read values when they are passed).
    var tapCounts: [Int] = []
    /// Where each touch was when its began was delivered.
    var beganLocations: [Point] = []
    var beganTimestamps: [MonotonicInstant] = []
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        began += touches
        beganTimestamps += touches.map(\.timestamp)
        beganLocations += touches.map { $0.location(in: nil) }
        tapCounts += touches.map(\.tapCount)
        phases += touches.map(\.phase)
        if let event { events.append(ObjectIdentifier(event)) }
    }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        moved += touches
        phases += touches.map(\.phase)
        if let event { events.append(ObjectIdentifier(event)) }
    }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        ended += touches
        phases += touches.map(\.phase)
        if let event { events.append(ObjectIdentifier(event)) }
    }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        phases += touches.map(\.phase)
    }
}

@MainActor
@Suite("Touch delivery (A2–A7, A9–A11, A39, B1, B2, B19–B21, B24, B37, E1, E2, E9, E22–E24)")
struct DeliveryTests {
    @Test("B1 plain tap with no recognizers: began then ended, jitter gives moved")
    func plainTap() {
        let bench = Bench()
        bench.add(LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        bench.down(10, 10)
        bench.move(11, 10)
        bench.move(11, 10)  // no change: stationary, not delivered
        bench.up()
        #expect(bench.log.entries == ["V.began(1)", "V.moved(1)", "V.ended(1)"])
    }

    @Test("the application keeps the timestamp of the last frame it handled, for touch-to-action latency")
    func lastFrameTimestamp() {
        let bench = Bench()
        var seen: MonotonicInstant?
        let button = bench.add(Button(frame: Rect(x: 0, y: 0, width: 100, height: 44)))
        button.addAction(.closure("latency") { _, _ in seen = bench.app.lastFrameTimestamp }, for: .touchUpInside)
        #expect(bench.app.lastFrameTimestamp == nil)
        bench.down(10, 10)
        let downTime = bench.clock.now
        #expect(bench.app.lastFrameTimestamp == downTime)
        bench.up()
        // The action saw the frame that ended the touch: its latency is now − that timestamp.
        #expect(seen == bench.clock.now)
        #expect(seen != downTime)
    }

    @Test("B2 a finger that slides out of its view stays with it, and the sibling it slides onto gets nothing")
    func slideOut() throws {
        let bench = Bench()
        let v1 = bench.add(CapturingView(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        let v2 = bench.add(LoggingView("V2", bench.log, frame: Rect(x: 100, y: 0, width: 100, height: 100)))
        bench.down(50, 50)
        bench.move(120, 50)
        bench.move(150, 50)
        bench.up()
        #expect(v1.began.count == 1 && v1.moved.count == 2 && v1.ended.count == 1)
        #expect(bench.log.entries.isEmpty)
        _ = v2
        let touch = try #require(v1.ended.first)
        #expect(v1.began.first === touch && v1.moved.allSatisfy { $0 === touch })
    }

    @Test("A3 one Touch object per finger, updated in place, with phase, timestamp, view, window and size")
    func touchObject() throws {
        let bench = Bench()
        let view = bench.add(CapturingView(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        var frame = TouchFrame(timestamp: MonotonicInstant(nanoseconds: 5_000_000))
        _ = frame.append(Contact(trackID: 0, position: Point(x: 10, y: 10), phase: .began, size: 12, weight: 40, identity: 77))
        bench.app.handle(frame)
        let touch = try #require(view.began.first)
        #expect(touch.identity == 77 && touch.phase == .began && touch.view === view && touch.window === bench.window)
        #expect(touch.timestamp == MonotonicInstant(nanoseconds: 5_000_000))
        #expect(touch.majorRadius == 12 && touch.force == 40 && touch.maximumPossibleForce == 255)
        frame = TouchFrame(timestamp: MonotonicInstant(nanoseconds: 6_000_000))
        _ = frame.append(Contact(trackID: 0, position: Point(x: 20, y: 10), phase: .moved, identity: 77))
        bench.app.handle(frame)
        #expect(view.moved.first === touch && touch.phase == .moved)
        #expect(touch.location(in: view) == Point(x: 20, y: 10) && touch.previousLocation(in: view) == Point(x: 10, y: 10))
        frame = TouchFrame(timestamp: MonotonicInstant(nanoseconds: 7_000_000))
        _ = frame.append(Contact(trackID: 0, position: Point(x: 20, y: 10), phase: .ended, identity: 77))
        bench.app.handle(frame)
        #expect(view.ended.first === touch)
        #expect(view.phases == [.began, .moved, .ended])
    }

    /// Two views, a finger on each, the second finger moving (the first stationary).
    private func twoFingers(_ bench: Bench) -> (CapturingView, CapturingView) {
        let a = bench.add(CapturingView(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        let b = bench.add(CapturingView(frame: Rect(x: 200, y: 0, width: 100, height: 100)))
        bench.down(10, 10, finger: 0)
        bench.down(210, 10, finger: 1)
        bench.move(220, 10, finger: 1)
        return (a, b)
    }

    @Test("A2 a touches event's allTouches includes the stationary fingers, in order of identity")
    func allTouchesIncludesStationary() throws {
        let bench = Bench()
        _ = twoFingers(bench)
        let event = bench.window.touchesEvent
        #expect(event.type == .touches && event.subtype == .none && event.timestamp == bench.clock.now)
        #expect(event.allTouches.map(\.phase) == [.stationary, .moved])
    }

    @Test("A2 touches(for:) a view or a window returns just its touches")
    func touchesForViewOrWindow() throws {
        let bench = Bench()
        let (a, b) = twoFingers(bench)
        let event = bench.window.touchesEvent
        #expect(event.touches(for: a).map(\.identity) == [1] && event.touches(for: b).map(\.identity) == [2])
        #expect(event.touches(for: bench.window).count == 2)
    }

    @Test("E1 a window reuses one touches event for every frame, emptied when the last finger lifts")
    func oneLongLivedEventPerWindow() throws {
        let bench = Bench()
        let (a, b) = twoFingers(bench)
        let event = bench.window.touchesEvent
        bench.up(finger: 0)
        bench.up(finger: 1)
        #expect(event.allTouches.isEmpty && Set(a.events + b.events) == [ObjectIdentifier(event)])
    }

    @Test("A5 a view that does not override the touches methods forwards its own touch, alone, to the next responder")
    func defaultForwarding() {
        let bench = Bench()
        let parent = bench.add(LoggingView("parent", bench.log, frame: Rect(x: 0, y: 0, width: 400, height: 200)))
        let left = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        parent.addSubview(left)
        let right = LoggingView("right", bench.log, frame: Rect(x: 200, y: 0, width: 100, height: 100))
        parent.addSubview(right)
        bench.report([(0, Point(x: 10, y: 10)), (1, Point(x: 210, y: 10))])
        // left does not override: its touch reaches parent through next, alone.
        #expect(bench.log.entries == ["parent.began(1)", "right.began(2)"])
    }

    @Test("A6 the application sends each touches event to its window's sendEvent, which an override sees")
    func windowSendEvent() {
        let clock = ManualClock()
        let app = Application(clock: clock)
        let log = Log()
        let window = LoggingWindow(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.log = log
        app.addWindow(window)
        window.makeKeyAndVisible()
        let view = LoggingView("V", log, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        var frame = TouchFrame(timestamp: clock.now)
        _ = frame.append(Contact(trackID: 0, position: Point(x: 5, y: 5), phase: .began, identity: 1))
        app.handle(frame)
        #expect(log.entries == ["window.sendEvent(1)", "V.began(1)"])
    }

    @Test("B19 two fingers landing on two views in one frame: one call each, inside one dispatch")
    func twoFingersTwoViews() {
        let bench = Bench()
        bench.add(LoggingView("A", bench.log, frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        bench.add(LoggingView("B", bench.log, frame: Rect(x: 200, y: 0, width: 100, height: 100)))
        bench.report([(0, Point(x: 10, y: 10)), (1, Point(x: 210, y: 10))])
        #expect(bench.log.entries == ["A.began(1)", "B.began(2)"])
        bench.report([(0, nil), (1, nil)])
        #expect(bench.log.entries == ["A.began(1)", "B.began(2)", "A.ended(1)", "B.ended(2)"])
    }

    @Test("E2 views are served in order of touch identity, one call per view and phase")
    func deterministicOrder() {
        let bench = Bench()
        let a = bench.add(LoggingView("A", bench.log, frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        a.isMultipleTouchEnabled = true
        bench.add(LoggingView("B", bench.log, frame: Rect(x: 200, y: 0, width: 100, height: 100)))
        // B's finger lands first, then two on A in one frame.
        bench.down(210, 10, finger: 0)
        bench.report([(1, Point(x: 10, y: 10)), (2, Point(x: 20, y: 10))])
        bench.report([(0, Point(x: 215, y: 10)), (1, Point(x: 11, y: 10)), (2, Point(x: 21, y: 10))])
        #expect(bench.log.entries == ["B.began(1)", "A.began(2,3)", "B.moved(1)", "A.moved(2,3)"])
    }

    @Test("B21 and E22 with isMultipleTouchEnabled false a second finger in the same view goes nowhere")
    func multipleTouchDisabled() {
        let bench = Bench()
        let parent = bench.add(LoggingView("parent", bench.log, frame: Rect(x: 0, y: 0, width: 400, height: 400)))
        let view = LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 200, height: 200))
        parent.addSubview(view)
        view.forwards = true
        bench.down(10, 10, finger: 0)
        bench.down(50, 50, finger: 1)
        bench.move(60, 60, finger: 1)
        bench.up(finger: 1)
        bench.up(finger: 0)
        // Only the first finger, forwarded to parent as V does; t2 reaches neither V nor parent.
        #expect(bench.log.entries == ["V.began(1)", "parent.began(1)", "V.ended(1)", "parent.ended(1)"])
        // When the first finger has lifted, a new touch is a new sequence.
        bench.log.clear()
        bench.tap(10, 10)
        #expect(bench.log.entries == ["V.began(3)", "parent.began(3)", "V.ended(3)", "parent.ended(3)"])
    }

    @Test("A10 with isMultipleTouchEnabled true every finger that starts in the view is delivered")
    func multipleTouchEnabled() {
        let bench = Bench()
        let view = bench.add(LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 200, height: 200)))
        view.isMultipleTouchEnabled = true
        bench.down(10, 10, finger: 0)
        bench.down(50, 50, finger: 1)
        bench.report([(0, nil), (1, nil)])
        #expect(bench.log.entries == ["V.began(1)", "V.began(2)", "V.ended(1,2)"])
    }

    @Test("B20 and E23 an exclusive view blocks other views' touches, and is blocked by them")
    func exclusiveTouch() {
        let bench = Bench()
        let a = bench.add(LoggingView("A", bench.log, frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        a.isExclusiveTouch = true
        bench.add(LoggingView("B", bench.log, frame: Rect(x: 200, y: 0, width: 100, height: 100)))
        // Exclusive A is tracking t1; t2 lands on B: B receives nothing.
        bench.down(10, 10, finger: 0)
        bench.tap(210, 10, finger: 1)
        bench.up(finger: 0)
        #expect(bench.log.entries == ["A.began(1)", "A.ended(1)"])
        bench.log.clear()
        // B is tracking t3; t4 lands on exclusive A: A receives nothing.
        bench.down(210, 10, finger: 0)
        bench.tap(10, 10, finger: 1)
        bench.up(finger: 0)
        #expect(bench.log.entries == ["B.began(3)", "B.ended(3)"])
        bench.log.clear()
        // With nothing tracking, A gets its touch.
        bench.tap(10, 10)
        #expect(bench.log.entries == ["A.began(5)", "A.ended(5)"])
    }

    @Test("A4 tapCount counts quick taps at about the same place")
    func tapCountCountsQuickTaps() throws {
        let bench = Bench()
        let view = bench.add(CapturingView(frame: Rect(x: 0, y: 0, width: 400, height: 400)))
        bench.tap(100, 100)
        bench.tap(110, 100)
        bench.tap(100, 110)
        #expect(view.tapCounts == [1, 2, 3])
    }

    @Test("A4 tapCount starts again after more than 0.35 s, or more than 45 pt from the previous touch-down")
    func tapCountRestarts() throws {
        let bench = Bench()
        let view = bench.add(CapturingView(frame: Rect(x: 0, y: 0, width: 400, height: 400)))
        bench.tap(100, 100)
        bench.clock.advance(by: .milliseconds(400))
        bench.tap(100, 100)  // too late
        bench.tap(150, 100)  // too far
        #expect(view.tapCounts == [1, 1, 1])
    }

    @Test("A4 the tapCount interval and distance are the application's settings")
    func tapCountSettings() throws {
        let bench = Bench()
        let view = bench.add(CapturingView(frame: Rect(x: 0, y: 0, width: 400, height: 400)))
        bench.app.tapCountDistance = 60
        bench.app.tapCountInterval = .milliseconds(500)
        bench.tap(100, 100)
        bench.clock.advance(by: .milliseconds(450))
        bench.tap(150, 100)
        #expect(view.tapCounts == [1, 2])
    }

    @Test("A39 and B24 a hit view removed mid-touch gets touchesCancelled (nil event) and nothing after")
    func viewRemovedMidTouch() {
        let bench = Bench()
        let parent = bench.add(LoggingView("parent", bench.log, frame: Rect(x: 0, y: 0, width: 400, height: 400)))
        let view = LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        parent.addSubview(view)
        bench.down(10, 10)
        view.removeFromSuperview()
        #expect(bench.log.entries == ["V.began(1)", "V.cancelled(1,nil)"])
        bench.move(20, 20)
        bench.up()
        #expect(bench.log.entries == ["V.began(1)", "V.cancelled(1,nil)"])
        _ = parent
    }

    @Test("E24 touch.view still names the removed view until the touch ends")
    func touchViewAfterRemoval() throws {
        let bench = Bench()
        let view = bench.add(View(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        bench.down(10, 10)
        let touch = try #require(bench.window.touchesEvent.allTouches.first)
        view.removeFromSuperview()
        bench.move(15, 15)
        #expect(touch.view === view)
        bench.up()
    }

    @Test("A39 a view removed by its own touchesBegan is cancelled after the call returns")
    func removedDuringDelivery() {
        let bench = Bench()
        final class SelfRemoving: LoggingView {
            override func touchesBegan(_ touches: TouchSet, with event: Event?) {
                super.touchesBegan(touches, with: event)
                removeFromSuperview()
                log.add("removed")
            }
        }
        bench.add(SelfRemoving("V", bench.log, frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        bench.down(10, 10)
        bench.up()
        #expect(bench.log.entries == ["V.began(1)", "removed", "V.cancelled(1,nil)"])
    }

    @Test("B37 a lost frame cancels every touch: views get touchesCancelled, controls touchCancel")
    func systemCancellation() throws {
        let queue = EventQueue(capacity: 2)
        let bench = Bench(eventQueue: queue)
        let view = bench.add(LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        let button = bench.add(Button(frame: Rect(x: 200, y: 0, width: 100, height: 100)))
        EventRecorder(bench.log).watch(button)
        var tracker = TouchTracker(watchdogTimeout: nil)
        var report = TouchFrame(timestamp: bench.clock.now)
        _ = report.append(Contact(trackID: 0, position: Point(x: 10, y: 10)))
        _ = report.append(Contact(trackID: 1, position: Point(x: 210, y: 10)))
        tracker.process(report) { _ = queue.push($0) }
        bench.app.runOnce()
        #expect(bench.log.entries == ["V.began(1)", "touchDown"])
        // Fill the queue, then stall it with more contacts down than a tracker ever keeps (the
        // only way its stall buffer loses a frame): the loss is reported.
        for i in 0 ..< (EventQueue.contactsDownAtStall + 4) {
            var frame = TouchFrame(timestamp: bench.clock.now)
            _ = frame.append(Contact(trackID: 2, position: Point(x: 50, y: 50), phase: .moved, identity: UInt32(100 + i)))
            _ = queue.push(frame)
        }
        bench.app.runOnce()
        #expect(bench.app.lostFrameCount > 0)
        #expect(bench.log.entries.contains("V.cancelled(1)"))
        #expect(bench.log.entries.contains("cancel"))
        #expect(!button.isHighlighted && !button.isTracking)
        _ = view
    }

    @Test("cancelAllTouches called from inside a handler runs after that frame's dispatch")
    func cancelFromHandler() {
        let bench = Bench()
        final class Canceller: LoggingView {
            var app: Application?
            override func touchesMoved(_ touches: TouchSet, with event: Event?) {
                super.touchesMoved(touches, with: event)
                app?.cancelAllTouches()
            }
        }
        let view = bench.add(Canceller("V", bench.log, frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        view.app = bench.app
        bench.down(10, 10)
        bench.move(20, 20)
        bench.move(30, 30)
        bench.up()
        #expect(bench.log.entries == ["V.began(1)", "V.moved(1)", "V.cancelled(1)"])
    }

    @Test("A7 and E9 ignoring interaction nests, drops new touch-downs and lets touches in progress finish")
    func ignoringInteraction() {
        let bench = Bench()
        bench.add(LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        bench.down(10, 10)
        bench.app.beginIgnoringInteractionEvents()
        bench.app.beginIgnoringInteractionEvents()
        #expect(bench.app.isIgnoringInteractionEvents)
        bench.tap(20, 20, finger: 1)
        bench.move(15, 15)
        bench.up()
        bench.app.endIgnoringInteractionEvents()
        #expect(bench.app.isIgnoringInteractionEvents)
        bench.tap(20, 20)
        bench.app.endIgnoringInteractionEvents()
        #expect(!bench.app.isIgnoringInteractionEvents)
        bench.tap(20, 20)
        #expect(bench.log.entries == ["V.began(1)", "V.moved(1)", "V.ended(1)", "V.began(4)", "V.ended(4)"])
    }

    @Test("E9 a window with user interaction disabled takes no new touches")
    func windowInteractionDisabled() {
        let bench = Bench()
        bench.add(LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        bench.window.isUserInteractionEnabled = false
        bench.tap(10, 10)
        bench.window.isUserInteractionEnabled = true
        bench.tap(10, 10)
        #expect(bench.log.entries == ["V.began(2)", "V.ended(2)"])
    }

    @Test("E3 a touch's recognizers are fixed when it begins: hit view outward, the window included")
    func recognizersFixedAtBegin() throws {
        let bench = Bench()
        let outer = bench.add(View(frame: Rect(x: 0, y: 0, width: 200, height: 200)))
        let inner = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        outer.addSubview(inner)
        let onWindow = GestureRecognizer(), onOuter = GestureRecognizer(), onInner = GestureRecognizer()
        let disabled = GestureRecognizer()
        disabled.isEnabled = false
        bench.window.addGestureRecognizer(onWindow)
        outer.addGestureRecognizer(onOuter)
        inner.addGestureRecognizer(onInner)
        inner.addGestureRecognizer(disabled)
        bench.down(10, 10)
        let touch = try #require(bench.window.touchesEvent.allTouches.first)
        #expect(touch.gestureRecognizers.map(ObjectIdentifier.init) == [onInner, onOuter, onWindow].map(ObjectIdentifier.init))
        #expect(bench.window.touchesEvent.touches(for: onOuter).count == 1)
        let late = GestureRecognizer()
        inner.addGestureRecognizer(late)
        bench.move(12, 12)
        #expect(!touch.gestureRecognizers.contains { $0 === late })
        #expect(bench.window.touchesEvent.touches(for: late).isEmpty)
        bench.up()
    }

    @Test("the touch pool is fixed: fingers beyond it are dropped and counted, the rest unaffected")
    func poolExhaustion() {
        let clock = ManualClock()
        let app = Application(clock: clock, touchCapacity: 2)
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        app.addWindow(window)
        window.makeKeyAndVisible()
        let log = Log()
        let view = LoggingView("V", log, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        var frame = TouchFrame(timestamp: clock.now)
        for i in 0 ..< 3 { _ = frame.append(Contact(trackID: UInt8(i), position: Point(x: 10, y: 10), phase: .began, identity: UInt32(i + 1))) }
        app.handle(frame)
        #expect(app.droppedTouchCount == 1)
        frame = TouchFrame(timestamp: clock.now)
        for i in 0 ..< 3 { _ = frame.append(Contact(trackID: UInt8(i), position: Point(x: 10, y: 10), phase: .ended, identity: UInt32(i + 1))) }
        app.handle(frame)
        #expect(log.entries == ["V.began(1,2)", "V.ended(1,2)"])
    }
}
