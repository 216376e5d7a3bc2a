import PanelBench
import PanelCore
import PanelUI
import Testing

/// Logs "act(NAME,state)" for every action of a recognizer.
@MainActor
func watch(_ recognizer: GestureRecognizer, _ name: String, _ log: Log) {
    recognizer.addTarget(
        nil,
        action: .closure(Selector("log-\(name)")) { sender, _ in
            if let recognizer = sender as? GestureRecognizer { log.add("act(\(name),\(recognizer.state))") }
        })
}

/// A tap recognizer that logs its touches calls.
@MainActor
final class LoggingTap: TapGestureRecognizer {
    var log: Log?
    var label = "T"
    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        log?.add("\(label).touchesBegan")
        super.touchesBegan(touches, with: event)
    }
    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        log?.add("\(label).touchesEnded")
        super.touchesEnded(touches, with: event)
    }
}

@MainActor
final class RefusingDelegate: GestureRecognizerDelegate {
    var shouldBegin = true
    var shouldReceive = true
    var simultaneous = false
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { shouldReceive }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { simultaneous }
}

extension Bench {
    /// A logging view filling 300×300 at the origin with `recognizer` attached and watched as
    /// `name`.
    @discardableResult
    func view(with recognizer: GestureRecognizer, _ name: String) -> LoggingView {
        let view = add(LoggingView("V", log, frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        watch(recognizer, name, log)
        view.addGestureRecognizer(recognizer)
        return view
    }
}

extension Bench {
    /// A 400×400 container holding `control` at the origin (100×50), with its control events
    /// recorded and `tap` attached to the container and watched as "T".
    func container(holding control: Control, tap: TapGestureRecognizer) {
        let container = add(View(frame: Rect(x: 0, y: 0, width: 400, height: 400)))
        control.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        container.addSubview(control)
        EventRecorder(log).watch(control)
        watch(tap, "T", log)
        container.addGestureRecognizer(tap)
    }
}

@MainActor
@Suite("Gesture recognizers with views and controls (A20–A32, A34, B3–B16, B26–B28, B39, seeds)")
struct GestureTests {
    @Test("B3 tap recognizer on a view: the view's held ended becomes touchesCancelled before the action")
    func tapRecognizerCancelsHeldEnded() {
        let bench = Bench()
        let view = bench.add(LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        let tap = LoggingTap()
        tap.log = bench.log
        watch(tap, "T", bench.log)
        view.addGestureRecognizer(tap)
        bench.tap(10, 10)
        #expect(bench.log.entries == ["T.touchesBegan", "V.began(1)", "T.touchesEnded", "V.cancelled(1)", "act(T,ended)"])
        #expect(tap.state == .possible)
    }

    @Test("B4 with cancelsTouchesInView false the action runs, then the held ended is delivered")
    func actionThenHeldEndedWithoutCancelling() {
        let bench = Bench()
        let view = bench.add(LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        watch(tap, "T", bench.log)
        view.addGestureRecognizer(tap)
        bench.tap(10, 10)
        #expect(bench.log.entries == ["V.began(1)", "act(T,ended)", "V.ended(1)"])
    }

    @Test("B5 with delaysTouchesBegan a recognized tap leaves the view untouched")
    func delaysTouchesBeganHidesRecognizedTap() {
        let bench = Bench()
        let view = bench.add(CapturingView(frame: Rect(x: 0, y: 0, width: 200, height: 200)))
        let tap = TapGestureRecognizer()
        tap.delaysTouchesBegan = true
        watch(tap, "T", bench.log)
        view.addGestureRecognizer(tap)
        bench.tap(10, 10)
        #expect(bench.log.entries == ["act(T,ended)"] && view.phases.isEmpty)
    }

    @Test("B5 with delaysTouchesBegan a tap that fails replays the held began where it was, then the moves, then goes live")
    func delaysTouchesBeganReplaysFailedTap() {
        let bench = Bench()
        let view = bench.add(CapturingView(frame: Rect(x: 0, y: 0, width: 200, height: 200)))
        let tap = TapGestureRecognizer()
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)
        bench.down(20, 20)
        bench.move(25, 20)
        let heldWhilePossible = view.phases.isEmpty
        bench.move(50, 20)  // 30 pt: the tap fails
        let replayed = view.phases
        bench.move(60, 20)
        bench.up()
        #expect(heldWhilePossible && replayed == [.began, .moved] && view.beganLocations == [Point(x: 20, y: 20)])
        #expect(view.phases == [.began, .moved, .moved, .ended])
    }

    @Test("B6 pan: moves below the threshold reach the view, the crossing cancels it, then actions only")
    func panCancelsViewAtThreshold() {
        let bench = Bench()
        let pan = PanGestureRecognizer()
        bench.view(with: pan, "P")
        bench.down(10, 10)
        bench.move(15, 10)
        bench.move(25, 10)
        bench.move(60, 10)
        bench.move(110, 10)
        bench.up()
        #expect(
            bench.log.entries == [
                "V.began(1)", "V.moved(1)", "V.cancelled(1)", "act(P,began)", "act(P,changed)", "act(P,changed)", "act(P,ended)",
            ])
        #expect(pan.state == .possible)
    }

    @Test("B7 pan with cancelsTouchesInView false: actions and view moves alternate, action first")
    func panActionsAndViewMovesAlternate() {
        let bench = Bench()
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        bench.view(with: pan, "P")
        bench.down(10, 10)
        bench.move(30, 10)
        bench.move(50, 10)
        bench.up()
        #expect(bench.log.entries == ["V.began(1)", "act(P,began)", "V.moved(1)", "act(P,changed)", "V.moved(1)", "act(P,ended)", "V.ended(1)"])
    }

    @Test("B8 pan lifted before the threshold fails and the view gets its ended in the same event")
    func panLiftedEarlyDeliversEnded() {
        let bench = Bench()
        let pan = PanGestureRecognizer()
        bench.view(with: pan, "P")
        bench.down(10, 10)
        bench.move(13, 10)
        bench.up()
        #expect(bench.log.entries == ["V.began(1)", "V.moved(1)", "V.ended(1)"])
    }

    @Test("B9 a button inside a container with a tap recognizer: the button wins, the tap fails")
    func buttonBeatsAncestorTap() {
        let bench = Bench()
        let tap = TapGestureRecognizer()
        bench.container(holding: Button(), tap: tap)
        bench.tap(10, 10)
        #expect(bench.log.entries == ["touchDown", "upInside", "primary"])
        // A tap on the container outside the button is the recognizer's.
        bench.log.clear()
        bench.clock.advance(by: .milliseconds(1000))
        bench.tap(300, 300)
        #expect(bench.log.entries == ["act(T,ended)"])
    }

    @Test("B10 a custom Control gets no protection: touchCancel, then the tap's action")
    func customControlGetsNoProtection() {
        let bench = Bench()
        let tap = TapGestureRecognizer()
        bench.container(holding: Control(), tap: tap)
        bench.tap(10, 10)
        #expect(bench.log.entries == ["touchDown", "cancel", "act(T,ended)"])
    }

    /// A button with a tap recognizer of its own, both logged.
    private func buttonWithOwnTap(_ bench: Bench) -> TapGestureRecognizer {
        let button = bench.add(Button(frame: Rect(x: 0, y: 0, width: 100, height: 50)))
        EventRecorder(bench.log).watch(button)
        let tap = TapGestureRecognizer()
        watch(tap, "T", bench.log)
        button.addGestureRecognizer(tap)
        return tap
    }

    @Test("B11 and seed 000: a tap recognizer on the button itself wins: the button cancels, then the tap acts")
    func tapOnButtonItselfWins() {
        let bench = Bench()
        _ = buttonWithOwnTap(bench)
        bench.tap(10, 10)
        #expect(bench.log.entries == ["touchDown", "cancel", "act(T,ended)"])
    }

    @Test("B11 and seed 000: with cancelsTouchesInView false the button's own tap acts first, then the button fires")
    func tapOnButtonWithoutCancellingFiresBoth() {
        let bench = Bench()
        buttonWithOwnTap(bench).cancelsTouchesInView = false
        bench.tap(10, 10)
        #expect(bench.log.entries == ["touchDown", "act(T,ended)", "upInside", "primary"])
    }

    @Test("B12 and seed 000: a tap on the button's superview with cancelsTouchesInView false fires, then the button")
    func superviewTapWithoutCancellingFiresBoth() {
        let bench = Bench()
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        bench.container(holding: Button(), tap: tap)
        bench.tap(10, 10)
        #expect(bench.log.entries == ["touchDown", "act(T,ended)", "upInside", "primary"])
    }

    @Test("seed 000: a container of cells with a tap recognizer: the recognizer wins over the cell")
    func containerOfCells() {
        let bench = Bench()
        let list = bench.add(View(frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        let cell = LoggingView("cell", bench.log, frame: Rect(x: 0, y: 0, width: 300, height: 44))
        list.addSubview(cell)
        let tap = TapGestureRecognizer()
        watch(tap, "T", bench.log)
        list.addGestureRecognizer(tap)
        bench.tap(10, 10)
        #expect(bench.log.entries == ["cell.began(1)", "cell.cancelled(1)", "act(T,ended)"])
    }

    @Test("B13 single tap requiring a double tap to fail: delayed single, or the double alone")
    func singleTapWaitsForDoubleTapToFail() {
        let bench = Bench()
        let view = bench.add(LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        watch(single, "S", bench.log)
        watch(double, "D", bench.log)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        // One tap: nothing until the double tap's 0.35 s window closes.
        bench.tap(10, 10)
        #expect(bench.log.entries == ["V.began(1)"])
        bench.clock.advance(by: .milliseconds(400))
        bench.app.runOnce()
        #expect(bench.log.entries == ["V.began(1)", "V.cancelled(1)", "act(S,ended)"])
        // Two quick taps: the double alone; the view sees began, began, then the cancels.
        bench.log.clear()
        bench.tap(10, 10)
        bench.tap(12, 10)
        #expect(bench.log.entries == ["V.began(2)", "V.began(3)", "V.cancelled(2,3)", "act(D,ended)"])
        bench.clock.advance(by: .milliseconds(400))
        bench.app.runOnce()
        #expect(bench.log.entries.count == 4)
    }

    @Test("B14 and E18 single and double tap with no dependency: the single fires on both taps, the double on the second")
    func singleTapFiresOnEveryTap() {
        let bench = Bench()
        let view = bench.add(View(frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        watch(single, "S", bench.log)
        watch(double, "D", bench.log)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        bench.tap(10, 10)
        bench.tap(12, 10)
        #expect(bench.log.entries == ["act(S,ended)", "act(S,ended)", "act(D,ended)"])
    }

    @Test("B15 a long press held still is begun by its timer, with no touch event, and cancels the view's touch")
    func longPressBeganByTimer() {
        let bench = Bench()
        bench.view(with: LongPressGestureRecognizer(), "L")
        bench.down(10, 10)
        bench.clock.advance(by: .milliseconds(500))
        bench.app.runOnce()
        #expect(bench.log.entries == ["V.began(1)", "V.cancelled(1)", "act(L,began)"])
    }

    @Test("B15 a begun long press reports the finger's moves as changed and its lift as ended")
    func longPressChangesAndEnds() {
        let bench = Bench()
        bench.view(with: LongPressGestureRecognizer(), "L")
        bench.down(10, 10)
        bench.clock.advance(by: .milliseconds(500))
        bench.app.runOnce()
        bench.log.clear()
        bench.move(40, 40)
        bench.up()
        #expect(bench.log.entries == ["act(L,changed)", "act(L,ended)"])
    }

    @Test("B15 a long press whose finger moves 15 pt before 0.5 s fails, and the view gets the whole touch")
    func longPressFailsOnMovement() {
        let bench = Bench()
        bench.view(with: LongPressGestureRecognizer(), "L")
        bench.down(10, 10)
        bench.clock.advance(by: .milliseconds(190))
        bench.move(25, 10)
        bench.clock.advance(by: .milliseconds(500))
        bench.app.runOnce()
        bench.up()
        #expect(bench.log.entries == ["V.began(1)", "V.moved(1)", "V.ended(1)"])
    }

    @Test("B15 a long press lifted at 0.3 s fails, and the view's ended arrives at once")
    func longPressFailsOnEarlyLift() {
        let bench = Bench()
        bench.view(with: LongPressGestureRecognizer(), "L")
        bench.down(10, 10)
        bench.clock.advance(by: .milliseconds(290))
        bench.up()
        #expect(bench.log.entries == ["V.began(1)", "V.ended(1)"])
    }

    @Test("B16 long press and tap on one view: a quick tap fails the press, a long hold fails the tap")
    func longPressAndTapExcludeEachOther() {
        let bench = Bench()
        let view = bench.add(View(frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        let press = LongPressGestureRecognizer()
        let tap = TapGestureRecognizer()
        watch(press, "L", bench.log)
        watch(tap, "T", bench.log)
        view.addGestureRecognizer(press)
        view.addGestureRecognizer(tap)
        bench.tap(10, 10)
        bench.clock.advance(by: .milliseconds(600))
        bench.app.runOnce()
        #expect(bench.log.entries == ["act(T,ended)"])
        bench.log.clear()
        bench.down(10, 10)
        bench.clock.advance(by: .milliseconds(500))
        bench.app.runOnce()
        bench.up()
        #expect(bench.log.entries == ["act(L,began)", "act(L,ended)"])
    }

    @Test("B26 a recognizer disabled while changed is cancelled and its action runs")
    func disabledRecognizerIsCancelled() {
        let bench = Bench()
        let pan = PanGestureRecognizer()
        bench.view(with: pan, "P")
        bench.down(10, 10)
        bench.move(40, 10)
        bench.move(50, 10)
        pan.isEnabled = false
        bench.move(60, 10)
        bench.up()
        #expect(bench.log.entries == ["V.began(1)", "V.cancelled(1)", "act(P,began)", "act(P,changed)", "act(P,cancelled)"])
        #expect(pan.state == .possible)
    }

    @Test("B27 a delegate that refuses a touch hides it from the recognizer, which neither holds nor cancels it")
    func refusedTouchIsHiddenFromRecognizer() {
        let bench = Bench()
        let tap = TapGestureRecognizer()
        let delegate = RefusingDelegate()
        delegate.shouldReceive = false
        tap.delegate = delegate
        bench.view(with: tap, "T")
        bench.tap(10, 10)
        #expect(bench.log.entries == ["V.began(1)", "V.ended(1)"])
    }

    @Test("B28 a pan whose delegate refuses to begin fails, and the view keeps its moves and its end")
    func refusedBeginFailsPan() {
        let bench = Bench()
        let pan = PanGestureRecognizer()
        let delegate = RefusingDelegate()
        delegate.shouldBegin = false
        pan.delegate = delegate
        bench.view(with: pan, "P")
        bench.down(10, 10)
        bench.move(40, 10)
        bench.up()
        #expect(bench.log.entries == ["V.began(1)", "V.moved(1)", "V.ended(1)"])
    }

    @Test("B39 a recognizer on the window sees every touch of the window")
    func windowRecognizerSeesEveryTouch() {
        let bench = Bench()
        bench.add(View(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        let tap = TapGestureRecognizer()
        watch(tap, "W", bench.log)
        bench.window.addGestureRecognizer(tap)
        bench.tap(10, 10)
        bench.clock.advance(by: .milliseconds(1000))
        bench.tap(500, 300)
        #expect(bench.log.entries == ["act(W,ended)", "act(W,ended)"])
    }

    @Test("A20 legal transitions outside a window run and end back in possible (illegal ones trap: GestureRulesTests)")
    func stateTable() {
        let recognizer = GestureRecognizer()
        recognizer.state = .began
        recognizer.state = .changed
        recognizer.state = .ended
        #expect(recognizer.state == .possible)
        recognizer.state = .failed
        #expect(recognizer.state == .possible)
    }

    @Test("A23 simultaneity: two pans on nested views both run when a delegate allows it, else the first wins")
    func simultaneity() {
        let bench = Bench()
        let (_, outerPan) = bench.nestedPans()
        bench.down(10, 10)
        bench.move(40, 10)
        bench.up()
        #expect(bench.log.entries == ["act(I,began)", "act(I,ended)"])
        bench.log.clear()
        let delegate = RefusingDelegate()
        delegate.simultaneous = true
        outerPan.delegate = delegate
        bench.down(10, 10)
        bench.move(40, 10)
        bench.up()
        #expect(bench.log.entries == ["act(I,began)", "act(O,began)", "act(I,ended)", "act(O,ended)"])
    }

    /// A pan on a 400-point view whose action records the translation, then (when `rebase`)
    /// sets it back to zero on each change; driven by a drag from (10, 10).
    private func drag(_ bench: Bench, rebase: Bool, _ moves: [Point]) -> (PanGestureRecognizer, View, [Point]) {
        let view = bench.add(View(frame: Rect(x: 0, y: 0, width: 400, height: 400)))
        let pan = PanGestureRecognizer()
        var translations: [Point] = []
        pan.addTarget(
            nil,
            action: .closure("t") { sender, _ in
                let pan = sender as! PanGestureRecognizer
                translations.append(pan.translation(in: view))
                if rebase && pan.state == .changed { pan.setTranslation(.zero, in: view) }
            })
        view.addGestureRecognizer(pan)
        bench.down(10, 10)
        for move in moves { bench.move(move.x, move.y) }
        return (pan, view, translations)
    }

    @Test("A34 a pan's translation is measured from the touch-down, so began already reports the threshold distance")
    func panTranslationFromTouchDown() {
        let bench = Bench()
        let (_, _, translations) = drag(bench, rebase: false, [Point(x: 30, y: 10), Point(x: 40, y: 15)])
        #expect(translations == [Point(x: 20, y: 0), Point(x: 30, y: 5)])
    }

    @Test("A34 setTranslation in a pan's action rebases the translations that follow")
    func panSetTranslationRebases() {
        let bench = Bench()
        let (_, _, translations) = drag(bench, rebase: true, [Point(x: 30, y: 10), Point(x: 40, y: 15), Point(x: 45, y: 15)])
        #expect(translations == [Point(x: 20, y: 0), Point(x: 30, y: 5), Point(x: 5, y: 0)])
    }

    @Test("A34 a pan's velocity is in points per second")
    func panVelocity() {
        let bench = Bench()
        let (pan, view, _) = drag(bench, rebase: false, [Point(x: 30, y: 10)])
        #expect(pan.velocity(in: view).x == 2000)  // 20 pt in 10 ms
    }
}
