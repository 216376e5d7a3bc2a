import PanelBench
import PanelCore
import PanelUI
import Testing

@MainActor
@Suite("Gesture rules: A20 refusals, A30 sliders and switches, B36, rotation end to end")
struct GestureRulesTests {
    @Test("A20 an illegal transition is refused with a warning naming both states")
    func illegalTransitionRefused() {
        let recognizer = GestureRecognizer()
        let warnings = usageWarnings { recognizer.state = .changed }  // possible → changed is not in the table
        #expect(recognizer.state == .possible)
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("possible → changed") == true)
    }

    @Test("A30 a slider refuses an ancestor's pan that starts on its thumb, not one that starts elsewhere")
    func sliderRefusesPanOnThumb() {
        let bench = Bench()
        let container = bench.add(View(frame: Rect(x: 0, y: 0, width: 600, height: 400)))
        let slider = Slider(frame: Rect(x: 100, y: 100, width: 228, height: 40))
        container.addSubview(slider)
        var values = 0
        slider.addAction(.closure("v") { _, _ in values += 1 }, for: .valueChanged)
        let pan = PanGestureRecognizer()
        watch(pan, "P", bench.log)
        container.addGestureRecognizer(pan)
        bench.down(114, 120)  // on the thumb (value 0)
        bench.move(140, 120)
        bench.move(180, 120)
        bench.up()
        #expect(!bench.log.entries.contains { $0.hasPrefix("act(P") })
        #expect(values == 2)
        bench.log.clear()
        bench.down(300, 120)  // on the track, away from the thumb
        bench.move(340, 120)
        bench.up()
        #expect(bench.log.entries == ["act(P,began)", "act(P,ended)"])
    }

    @Test("A30 a switch refuses an ancestor's single tap and a pan along it")
    func switchRefusals() {
        let bench = Bench()
        let container = bench.add(View(frame: Rect(x: 0, y: 0, width: 600, height: 400)))
        let toggle = Switch(frame: Rect(x: 100, y: 100, width: 51, height: 31))
        container.addSubview(toggle)
        let tap = TapGestureRecognizer(), pan = PanGestureRecognizer()
        watch(tap, "T", bench.log)
        watch(pan, "P", bench.log)
        container.addGestureRecognizer(tap)
        container.addGestureRecognizer(pan)
        bench.tap(110, 110)
        #expect(toggle.isOn && bench.log.entries.isEmpty)
        bench.clock.advance(by: .milliseconds(1000))
        bench.down(145, 110)  // drag left along the switch: it turns off, the pan never begins
        bench.move(105, 112)
        bench.up()
        #expect(!toggle.isOn && bench.log.entries.isEmpty)
    }

    @Test("B36 a two-finger tap that requires a two-finger double tap to fail still cancels the button under a finger")
    func waitingRecognizerStillCancelsViewTouches() {
        let bench = Bench()
        let container = bench.add(View(frame: Rect(x: 0, y: 0, width: 600, height: 400)))
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        container.addSubview(button)
        EventRecorder(bench.log).watch(button)
        let twoFingerTap = TapGestureRecognizer(), twoFingerDouble = TapGestureRecognizer()
        twoFingerTap.numberOfTouchesRequired = 2
        twoFingerDouble.numberOfTouchesRequired = 2
        twoFingerDouble.numberOfTapsRequired = 2
        twoFingerTap.require(toFail: twoFingerDouble)
        watch(twoFingerTap, "T2", bench.log)
        watch(twoFingerDouble, "D2", bench.log)
        container.addGestureRecognizer(twoFingerTap)
        container.addGestureRecognizer(twoFingerDouble)
        bench.report([(0, Point(x: 10, y: 10)), (1, Point(x: 300, y: 300))])
        bench.report([(0, nil), (1, nil)])
        #expect(bench.log.entries == ["touchDown"])
        bench.clock.advance(by: .milliseconds(400))
        bench.app.runOnce()
        #expect(bench.log.entries == ["touchDown", "cancel", "act(T2,ended)"])
    }

    @Test("end to end: two fingers turning a quarter turn on the emulated FT6336U give a rotation of π/2")
    func rotationEndToEnd() throws {
        var panel = try EmulatedFT6x06Panel(width: 320, height: 480)
        let app = Application(clock: panel.clock, eventQueue: panel.queue)
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        app.addWindow(window)
        window.makeKeyAndVisible()
        let view = View(frame: window.bounds)
        window.addSubview(view)
        let rotation = RotationGestureRecognizer()
        var last = 0.0
        var states: [GestureRecognizer.State] = []
        rotation.addTarget(
            nil,
            action: .closure("turn") { sender, _ in
                let r = sender as! RotationGestureRecognizer
                last = r.rotation
                states.append(r.state)
            })
        view.addGestureRecognizer(rotation)
        let script = TouchScript(
            ScriptedFinger(1).down(at: Point(x: 110, y: 240), after: .milliseconds(10))
                .move(to: Point(x: 160, y: 190), over: .milliseconds(100)).hold(for: .milliseconds(30)).lift(),
            ScriptedFinger(2).down(at: Point(x: 210, y: 240), after: .milliseconds(10))
                .move(to: Point(x: 160, y: 290), over: .milliseconds(100)).hold(for: .milliseconds(30)).lift())
        script.play(on: panel.chip, clock: panel.clock)
        panel.run(until: script.end(plus: .milliseconds(50))) { app.runOnce() }
        #expect(states.first == .began && states.last == .ended)
        #expect(abs(last - Double.pi / 2) < 0.02, "rotation \(last)")
    }
}
