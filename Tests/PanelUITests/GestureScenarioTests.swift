import PanelBench
import PanelCore
import PanelUI
import Testing
import TouchControllers

/// A recognizer that begins on touchesBegan ("active") or never leaves possible, with
/// configurable prevention (WinObjC's coordinator tests, W1–W4).
@MainActor
final class ScriptedRecognizer: GestureRecognizer {
    var beginsOnTouch = false
    var prevents = true
    var preventable = true
    /// The state each reset started from (failed when another recognizer excluded it).
    var resetFrom: [GestureRecognizer.State] = []
    override func reset() {
        resetFrom.append(state)
        super.reset()
    }
    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        super.touchesBegan(touches, with: event)
        if beginsOnTouch && state == .possible { state = .began }
    }
    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        super.touchesEnded(touches, with: event)
        if state.isActiveForTests { state = .ended } else if state == .possible { state = .failed }
    }
    override func canPrevent(_ other: GestureRecognizer) -> Bool { prevents }
    override func canBePrevented(by other: GestureRecognizer) -> Bool { preventable }
}

extension Bench {
    /// A 200×200 view inside a 400×400 one, each with a watched pan ("I" inner, "O" outer).
    func nestedPans() -> (inner: PanGestureRecognizer, outer: PanGestureRecognizer) {
        let outer = add(View(frame: Rect(x: 0, y: 0, width: 400, height: 400)))
        let inner = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        outer.addSubview(inner)
        let innerPan = PanGestureRecognizer(), outerPan = PanGestureRecognizer()
        watch(innerPan, "I", log)
        watch(outerPan, "O", log)
        inner.addGestureRecognizer(innerPan)
        outer.addGestureRecognizer(outerPan)
        return (innerPan, outerPan)
    }
}

extension GestureRecognizer.State {
    var isActiveForTests: Bool { self == .began || self == .changed }
}

@MainActor
final class AskedDelegate: GestureRecognizerDelegate {
    var simultaneous = false
    var asked = 0
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        asked += 1
        return simultaneous
    }
}

@MainActor
@Suite("Gesture scenarios: W1–W5, B20, B21, B24, B35, B37, B38, C9–C15, E3, E8, end to end")
struct GestureScenarioTests {
    func coordinatorBench() -> (Bench, ScriptedRecognizer, ScriptedRecognizer) {
        let bench = Bench()
        let active = ScriptedRecognizer(), possible = ScriptedRecognizer()
        active.beginsOnTouch = true
        watch(active, "A", bench.log)
        watch(possible, "P", bench.log)
        let view = bench.add(View(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        view.addGestureRecognizer(possible)
        view.addGestureRecognizer(active)
        return (bench, active, possible)
    }

    @Test("W1 neither may prevent the other: both survive")
    func neitherPreventsBothSurvive() {
        let (bench, active, possible) = coordinatorBench()
        active.prevents = false
        possible.preventable = false
        possible.prevents = false
        bench.down(10, 10)
        #expect(active.state == .began && possible.state == .possible)
        #expect(possible.resetFrom.isEmpty)
        bench.up()
    }

    @Test("W2 with prevention allowed the active recognizer fails the possible one")
    func activeRecognizerFailsPossibleOne() {
        let (bench, active, possible) = coordinatorBench()
        bench.down(10, 10)
        #expect(active.state == .began)
        #expect(possible.resetFrom == [.failed])  // excluded as soon as the active one began
        bench.up()
        #expect(bench.log.entries == ["act(A,began)", "act(A,ended)"])
    }

    @Test("W3 one delegate allowing simultaneity keeps both, and that delegate was asked")
    func simultaneityKeepsBoth() {
        let (bench, active, possible) = coordinatorBench()
        let delegate = AskedDelegate()
        delegate.simultaneous = true
        possible.delegate = delegate
        possible.beginsOnTouch = true
        bench.down(10, 10)
        #expect(active.state == .began && possible.state == .began)
        #expect(delegate.asked > 0)
        bench.up()
    }

    @Test("W4 both delegates refusing: only the active one remains")
    func refusingDelegatesKeepOnlyActive() {
        let (bench, active, possible) = coordinatorBench()
        let a = AskedDelegate(), b = AskedDelegate()
        active.delegate = a
        possible.delegate = b
        bench.down(10, 10)
        #expect(active.state == .began)
        #expect(a.asked + b.asked > 0)
        #expect(possible.resetFrom == [.failed])
        bench.up()
        #expect(!bench.log.entries.contains { $0.hasPrefix("act(P") })
    }

    @Test("W5 taps with different tap counts: the one that completes wins and the others fail")
    func completedTapCountWins() {
        let bench = Bench()
        let view = bench.add(View(frame: Rect(x: 0, y: 0, width: 200, height: 200)))
        var taps: [TapGestureRecognizer] = []
        for count in 1 ... 3 {
            let tap = TapGestureRecognizer()
            tap.numberOfTapsRequired = count
            watch(tap, "T\(count)", bench.log)
            view.addGestureRecognizer(tap)
            taps.append(tap)
        }
        taps[0].require(toFail: taps[1])
        taps[1].require(toFail: taps[2])
        bench.tap(10, 10)
        bench.tap(10, 10)
        bench.clock.advance(by: .milliseconds(400))
        bench.app.runOnce()
        #expect(bench.log.entries == ["act(T2,ended)"])
    }

    @Test("B20 and B21 recognizers still see touches that exclusive and single-touch views do not get")
    func recognizersSeeBlockedTouches() {
        let bench = Bench()
        let view = bench.add(LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        let pinch = PinchGestureRecognizer()
        watch(pinch, "Z", bench.log)
        view.addGestureRecognizer(pinch)
        let exclusive = bench.add(LoggingView("X", bench.log, frame: Rect(x: 400, y: 0, width: 100, height: 100)))
        exclusive.isExclusiveTouch = true
        bench.down(100, 100, finger: 0)
        bench.down(200, 100, finger: 1)  // single-touch view: not delivered, the pinch gets it
        bench.move(250, 100, finger: 1)
        #expect(bench.log.entries == ["V.began(1)", "V.cancelled(1)", "act(Z,began)"])
        bench.report([(0, nil), (1, nil)])
    }

    @Test("B24 a hit view removed mid-gesture: continuous recognizers on it are cancelled, the view gets touchesCancelled")
    func removedHitViewEndsGestures() {
        let bench = Bench()
        let view = bench.add(LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        watch(pan, "P", bench.log)
        view.addGestureRecognizer(pan)
        bench.down(10, 10)
        bench.move(40, 10)
        view.removeFromSuperview()
        bench.move(50, 10)
        bench.up()
        #expect(bench.log.entries.prefix(3) == ["V.began(1)", "act(P,began)", "V.moved(1)"])
        #expect(bench.log.entries.contains("V.cancelled(1,nil)"))
        #expect(pan.state == .possible)
    }

    @Test("B35 of two nested pans, the first to cross its threshold wins and the other never acts")
    func firstPanToBeginWins() {
        let bench = Bench()
        let (_, outerPan) = bench.nestedPans()
        outerPan.minimumTranslation = 5  // the outer one crosses its threshold first
        bench.down(10, 10)
        bench.move(17, 10)
        bench.move(40, 10)
        bench.up()
        #expect(bench.log.entries == ["act(O,began)", "act(O,changed)", "act(O,ended)"])
    }

    @Test("B37 a system cancel fails a possible tap, cancels an active pan and cancels the views' touches")
    func systemCancelEndsEveryGesture() {
        let bench = Bench()
        let left = bench.add(LoggingView("L", bench.log, frame: Rect(x: 0, y: 0, width: 200, height: 200)))
        let right = bench.add(LoggingView("R", bench.log, frame: Rect(x: 300, y: 0, width: 200, height: 200)))
        let tap = TapGestureRecognizer(), pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        watch(tap, "T", bench.log)
        watch(pan, "P", bench.log)
        left.addGestureRecognizer(tap)
        right.addGestureRecognizer(pan)
        bench.down(10, 10, finger: 0)
        bench.down(310, 10, finger: 1)
        bench.move(350, 10, finger: 1)
        bench.app.cancelAllTouches()
        #expect(bench.log.entries == ["L.began(1)", "R.began(2)", "act(P,began)", "R.moved(2)", "act(P,cancelled)", "L.cancelled(1)", "R.cancelled(2)"])
        #expect(tap.state == .possible && pan.state == .possible)
    }

    @Test("B38, C12–C14 translation from the start, setTranslation turning it into deltas")
    func translationIsMeasuredFromStart() {
        let bench = Bench()
        let root = bench.add(View(frame: Rect(x: 50, y: 50, width: 300, height: 300)))
        let pan = PanGestureRecognizer()
        pan.minimumTranslation = 1
        var seen: [Point] = []
        pan.addTarget(
            nil,
            action: .closure("t") { sender, _ in
                let pan = sender as! PanGestureRecognizer
                seen.append(pan.translation(in: root))
                pan.setTranslation(.zero, in: root)
            })
        root.addGestureRecognizer(pan)
        bench.down(60, 60)
        bench.move(70, 70)
        bench.move(80, 80)
        bench.up()
        #expect(seen == [Point(x: 10, y: 10), Point(x: 10, y: 10), Point(x: 0, y: 0)])
    }

    @Test("C15 a draggable view follows the finger by moving its frame and zeroing the translation")
    func draggableViewFollowsFinger() {
        let bench = Bench()
        let root = bench.add(View(frame: Rect(x: 0, y: 0, width: 400, height: 400)))
        let draggable = View(frame: Rect(x: 180, y: 0, width: 20, height: 50))
        root.addSubview(draggable)
        let pan = PanGestureRecognizer()
        pan.minimumTranslation = 1
        pan.addTarget(
            nil,
            action: .closure("drag") { sender, _ in
                let pan = sender as! PanGestureRecognizer
                let t = pan.translation(in: root)
                draggable.frame.origin = Point(x: draggable.frame.minX + t.x, y: draggable.frame.minY + t.y)
                pan.setTranslation(.zero, in: root)
            })
        draggable.addGestureRecognizer(pan)
        bench.down(185, 10)
        bench.move(200, 12)
        bench.move(215, 15)
        bench.up()
        #expect(draggable.frame.origin == Point(x: 210, y: 5))
    }

    /// A pan on a view that records every state its action sees.
    private func recordingPan(_ bench: Bench) -> (PanGestureRecognizer, Recorder) {
        let pan = PanGestureRecognizer()
        let recorder = Recorder()
        pan.addTarget(nil, action: .closure("s") { sender, _ in recorder.states.append((sender as! GestureRecognizer).state) })
        bench.view(with: pan, "P")
        return (pan, recorder)
    }

    @MainActor final class Recorder { var states: [GestureRecognizer.State] = [] }

    @Test("C9 a pan that ends reports began, changed, ended, then is possible again")
    func panEndsAndResets() {
        let bench = Bench()
        let (pan, recorder) = recordingPan(bench)
        bench.down(42, 12)
        bench.move(34, 45)
        bench.move(30, 50)
        bench.up()
        #expect(recorder.states == [.began, .changed, .ended] && pan.state == .possible)
    }

    @Test("C10 a pan whose touches are cancelled reports cancelled, then is possible again")
    func panCancelsAndResets() {
        let bench = Bench()
        let (pan, recorder) = recordingPan(bench)
        bench.down(42, 12)
        bench.move(34, 45)
        bench.app.cancelAllTouches()
        #expect(recorder.states == [.began, .cancelled] && pan.state == .possible)
    }

    @Test("E3 a recognizer removed from its view while active is cancelled and releases held touches")
    func removedRecognizerIsCancelled() {
        let bench = Bench()
        let view = bench.add(LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        let press = LongPressGestureRecognizer()
        watch(press, "L", bench.log)
        view.addGestureRecognizer(press)
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = 2
        view.addGestureRecognizer(tap)
        bench.tap(10, 10)  // the double tap holds V's ended
        #expect(bench.log.entries == ["V.began(1)"])
        view.removeGestureRecognizer(tap)
        #expect(bench.log.entries == ["V.began(1)", "V.ended(1)"])
    }

    @Test("E8 a held began replays with its original time and location, then one move, then ended")
    func heldBeganReplaysWithOriginalPlace() {
        let bench = Bench()
        let view = bench.add(CapturingView(frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        let tap = TapGestureRecognizer()
        tap.delaysTouchesBegan = true
        tap.numberOfTapsRequired = 2
        view.addGestureRecognizer(tap)
        bench.down(10, 10)
        let downTime = bench.clock.now
        bench.move(12, 10)
        bench.up()
        #expect(view.phases.isEmpty)
        bench.clock.advance(by: .milliseconds(400))
        bench.app.runOnce()
        #expect(view.phases == [.began, .moved, .ended])
        #expect(view.beganLocations == [Point(x: 10, y: 10)])
        #expect(view.beganTimestamps == [downTime])
    }

    @Test("a touch a custom recognizer ignores is not cancelled in its view when the recognizer recognizes")
    func ignoreTouch() {
        final class IgnoringTap: TapGestureRecognizer {
            override func touchesBegan(_ touches: TouchSet, with event: Event) {
                for touch in touches where touch.location(in: nil).x > 100 { ignore(touch, for: event) }
                super.touchesBegan(touches, with: event)
            }
        }
        let bench = Bench()
        let view = bench.add(LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        view.isMultipleTouchEnabled = true
        let recognizer = IgnoringTap()
        recognizer.numberOfTouchesRequired = 1
        watch(recognizer, "T", bench.log)
        view.addGestureRecognizer(recognizer)
        bench.tap(150, 10)
        #expect(bench.log.entries == ["V.began(1)", "V.ended(1)"])
    }

    @Test("a delegate can make one recognizer require another's failure")
    func delegateRequirement() {
        final class RequiringDelegate: GestureRecognizerDelegate {
            weak var other: GestureRecognizer?
            func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
                other === self.other
            }
        }
        let bench = Bench()
        let view = bench.add(View(frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        let single = TapGestureRecognizer(), double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let delegate = RequiringDelegate()
        delegate.other = double
        single.delegate = delegate
        watch(single, "S", bench.log)
        watch(double, "D", bench.log)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        bench.tap(10, 10)
        bench.tap(10, 10)
        #expect(bench.log.entries == ["act(D,ended)"])
    }

    @Test("end to end: a scripted pinch on the emulated FT6336U reaches a pinch recognizer with the right scale")
    func pinchEndToEnd() throws {
        var panel = try EmulatedFT6x06Panel(width: 320, height: 480)
        let clock = panel.clock
        let app = Application(clock: clock, eventQueue: panel.queue)
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        app.addWindow(window)
        window.makeKeyAndVisible()
        let map = View(frame: window.bounds)
        window.addSubview(map)
        let pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer()
        var lastScale = 0.0
        var states: [GestureRecognizer.State] = []
        pinch.addTarget(
            nil,
            action: .closure("zoom") { sender, _ in
                let pinch = sender as! PinchGestureRecognizer
                lastScale = pinch.scale
                states.append(pinch.state)
            })
        map.addGestureRecognizer(pinch)
        map.addGestureRecognizer(rotation)
        let script = TouchScript(
            ScriptedFinger(1).down(at: Point(x: 120, y: 240), after: .milliseconds(10)).move(to: Point(x: 60, y: 240), over: .milliseconds(100)).hold(
                for: .milliseconds(30)
            ).lift(),
            ScriptedFinger(2).down(at: Point(x: 200, y: 240), after: .milliseconds(10)).move(to: Point(x: 260, y: 240), over: .milliseconds(100)).hold(
                for: .milliseconds(30)
            ).lift())
        script.play(on: panel.chip, clock: clock)
        panel.run(until: script.end(plus: .milliseconds(50))) { app.runOnce() }
        // From 80 pt apart to 200 pt apart: an absolute scale of 2.5.
        #expect(states.first == .began && states.last == .ended)
        #expect(abs(lastScale - 2.5) < 0.05, "scale \(lastScale)")
        #expect(rotation.state == .possible)
    }
}
