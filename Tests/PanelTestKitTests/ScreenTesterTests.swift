import PanelBench
import PanelCore
import PanelTestKit
import PanelUI
import Testing

@MainActor
@Suite("ScreenTester: fingers on a window through an emulated controller")
struct ScreenTesterTests {
    func button(in tester: ScreenTester, count: UnsafeMutablePointer<Int>? = nil) -> Button {
        let button = Button(frame: Rect(x: 300, y: 200, width: 160, height: 60))
        button.setTitle("Go", for: .normal)
        tester.window.addSubview(button)
        return button
    }

    @Test("a tap through the emulated FT6x06 fires a button's touchUpInside once", arguments: [ScreenTester.Controller.ft6x06, .gt911])
    func tapFiresOnce(controller: ScreenTester.Controller) throws {
        let tester = try ScreenTester(controller: controller)
        let button = button(in: tester)
        var fired = 0
        button.addAction(.closure("go") { _, _ in fired += 1 }, for: .touchUpInside)
        tester.tap(button)
        #expect(fired == 1)
    }

    @Test("a tap where another view covers the target is recorded as an issue and not played")
    func coveredView() throws {
        let tester = try ScreenTester()
        let target = button(in: tester)
        var fired = 0
        target.addAction(.closure("go") { _, _ in fired += 1 }, for: .touchUpInside)
        let cover = View(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        tester.window.addSubview(cover)
        withKnownIssue("the tester reports the covered view") {
            tester.tap(target)
        }
        #expect(fired == 0)
    }

    @Test("advancing the clock fires the application's due timers without a run-loop turn by the test")
    func advanceFiresTimers() throws {
        let tester = try ScreenTester(drawing: false)
        var firedAt: [Int64] = []
        let start = tester.clock.now
        try tester.application.scheduleTimer(after: .milliseconds(100)) { _ in firedAt.append((tester.clock.now - start).nanoseconds / 1_000_000) }
        try tester.application.scheduleTimer(after: .milliseconds(250)) { _ in firedAt.append((tester.clock.now - start).nanoseconds / 1_000_000) }
        tester.advance(by: .milliseconds(200))
        #expect(firedAt == [100])
        tester.advance(by: .milliseconds(100))
        #expect(firedAt == [100, 250])
    }

    @Test("a long press through the GT911 recognizes once its 0.5 s have passed on the manual clock")
    func longPress() throws {
        let tester = try ScreenTester(controller: .gt911)
        let target = button(in: tester)
        var began = 0
        let recognizer = LongPressGestureRecognizer(
            target: nil,
            action: .closure("press") { sender, _ in
                if (sender as? GestureRecognizer)?.state == .began { began += 1 }
            })
        target.addGestureRecognizer(recognizer)
        tester.longPress(target)
        #expect(began == 1)
    }

    @Test("the screenshot shows the window's views in their pixels")
    func screenshot() throws {
        let tester = try ScreenTester(size: Size(width: 200, height: 100))
        let red = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        red.backgroundColor = .red
        tester.window.addSubview(red)
        let image = try #require(tester.screenshot())
        #expect(image.color(x: 30, y: 30) == .red)
        #expect(image.color(x: 150, y: 80) != .red)
    }
}

/// Logs the presses that reach it as "TYPE PHASE".
@MainActor
final class PressLog: View {
    var log: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: Set<Press>, with event: Event?) { log += presses.map { "\($0.type) began" } }
    override func pressesEnded(_ presses: Set<Press>, with event: Event?) { log += presses.map { "\($0.type) ended" } }
    override func pressesCancelled(_ presses: Set<Press>, with event: Event?) { log += presses.map { "\($0.type) cancelled" } }
}

@MainActor
@Suite("ScreenTester's buttons")
struct ScreenTesterButtonTests {
    @Test("a pushed button's presses reach the first responder through its debounce")
    func pushReachesResponder() throws {
        let screen = try ScreenTester(drawing: false)
        let view = PressLog(frame: screen.window.bounds)
        screen.window.addSubview(view)
        _ = view.becomeFirstResponder()
        screen.addButton("select", type: .select, debounce: .milliseconds(15), mode: .deferred)
        screen.push(button: "select", hold: .milliseconds(120), bounces: 3)
        #expect(view.log == ["select began", "select ended"])
    }

    @Test("a held button with a long press turns into the long press's type")
    func longPress() throws {
        let screen = try ScreenTester(drawing: false)
        let view = PressLog(frame: screen.window.bounds)
        screen.window.addSubview(view)
        _ = view.becomeFirstResponder()
        screen.addButton("select", type: .select, holding: .longPress(after: .milliseconds(500), type: .menu))
        screen.push(button: "select", hold: .milliseconds(700))
        #expect(view.log == ["select began", "select cancelled", "menu began", "menu ended"])
    }
}

/// Logs the shakes that reach it.
@MainActor
final class ShakeLog: View {
    var log: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func motionBegan(_ motion: Event.Subtype, with event: Event?) { log.append("began") }
    override func motionEnded(_ motion: Event.Subtype, with event: Event?) { log.append("ended") }
}

@MainActor
@Suite("ScreenTester's accelerometer")
struct ScreenTesterShakeTests {
    @Test("shaking the board through its emulated accelerometer gives the first responder one shake")
    func shake() throws {
        let screen = try ScreenTester(drawing: false)
        let view = ShakeLog(frame: screen.window.bounds)
        screen.window.addSubview(view)
        _ = view.becomeFirstResponder()
        try screen.addAccelerometer()
        screen.shake()
        #expect(view.log == ["began", "ended"])
    }
}
