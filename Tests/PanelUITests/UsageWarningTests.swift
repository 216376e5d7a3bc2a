import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// Runs `body` and returns the usage warnings it reported (this task's only).
@MainActor
func usageWarnings(during body: () -> Void) -> [UsageWarning] {
    UsageWarning.collecting(body).warnings
}

/// An app's mistakes with PanelKit's public API are reported and ignored, as UIKit logs and
/// ignores them: none of them stops the kiosk.
@Suite("App mistakes are warnings, not traps")
@MainActor
struct UsageWarningTests {
    @Test("present(_:) from a controller whose view is in no window is reported and does nothing")
    func presentWithoutWindow() {
        let presenter = ViewController(), presented = ViewController()
        let warnings = usageWarnings { presenter.present(presented) }
        #expect(warnings.map(\.call) == ["present(_:)"])
        #expect(presenter.presentedViewController == nil)
        #expect(presented.presentingViewController == nil)
    }

    @Test("present(_:) while already presenting is reported and keeps the first presentation")
    func presentTwice() {
        let bench = Bench()
        let root = ViewController()
        bench.window.rootViewController = root
        let first = ViewController(), second = ViewController()
        root.present(first)
        let warnings = usageWarnings { root.present(second) }
        #expect(warnings.map(\.call) == ["present(_:)"])
        #expect(root.presentedViewController === first)
        #expect(!second.isViewLoaded || second.view.superview == nil)
    }

    @Test("presenting a controller that is already presented is reported and does nothing")
    func presentPresented() {
        let bench = Bench()
        let root = ViewController(), other = ViewController(), shown = ViewController()
        bench.window.rootViewController = root
        root.present(shown)
        bench.window.addSubview(other.view)
        let warnings = usageWarnings { other.present(shown) }
        #expect(warnings.map(\.call) == ["present(_:)"])
        #expect(shown.presentingViewController === root)
    }

    @Test("adding a view to its own subview is reported and leaves the tree as it was")
    func subviewCycle() {
        let parent = View(), child = View()
        parent.addSubview(child)
        let warnings = usageWarnings { child.addSubview(parent) }
        #expect(warnings.map(\.call) == ["addSubview(_:)"])
        #expect(parent.superview == nil)
        #expect(child.subviews.isEmpty)
    }

    @Test("adding a view to itself is reported and ignored")
    func subviewOfItself() {
        let view = View()
        let warnings = usageWarnings { view.addSubview(view) }
        #expect(warnings.map(\.call) == ["addSubview(_:)"])
        #expect(view.subviews.isEmpty)
    }

    @Test("adding a window as a subview is reported and ignored")
    func windowAsSubview() {
        let view = View()
        let warnings = usageWarnings { view.addSubview(Window(frame: .zero)) }
        #expect(warnings.map(\.call) == ["addSubview(_:)"])
        #expect(view.subviews.isEmpty)
    }

    @Test("inserting above or below a view that is not a subview is reported and ignored")
    func insertBesideStranger() {
        let parent = View(), stranger = View(), view = View()
        let warnings = usageWarnings {
            parent.insertSubview(view, aboveSubview: stranger)
            parent.insertSubview(view, belowSubview: stranger)
        }
        #expect(warnings.map(\.call) == ["insertSubview(_:aboveSubview:)", "insertSubview(_:belowSubview:)"])
        #expect(parent.subviews.isEmpty)
    }

    @Test("makeKey() on a window in no application is reported and ignored")
    func makeKeyWithoutApplication() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let warnings = usageWarnings { window.makeKeyAndVisible() }
        #expect(warnings.map(\.call) == ["makeKey()"])
        #expect(!window.isKeyWindow)
    }

    @Test("location(ofTouch:in:) with an index out of range is reported and answers the recognizer's location")
    func touchIndexOutOfRange() {
        let recognizer = TapGestureRecognizer()
        let view = View(frame: Rect(x: 10, y: 20, width: 50, height: 50))
        view.addGestureRecognizer(recognizer)
        var location = Point(x: -1, y: -1)
        let warnings = usageWarnings { location = recognizer.location(ofTouch: 3, in: view) }
        #expect(warnings.map(\.call) == ["location(ofTouch:in:)"])
        #expect(location == recognizer.location(in: view))
    }

    @Test("registering a bare-name action is reported and registers nothing")
    func bareNameRegistered() {
        let responder = Responder()
        let warnings = usageWarnings { responder.registerAction(Action(Selector("save"))) }
        #expect(warnings.map(\.call) == ["registerAction(_:)"])
        #expect(!responder.canPerformAction(Selector("save"), withSender: nil))
    }

    @Test("addAction(_:for:) with a non-closure action is reported and adds nothing")
    func addActionBareName() {
        let button = Button()
        let warnings = usageWarnings { button.addAction(Action(Selector("save")), for: .touchUpInside) }
        #expect(warnings.map(\.call) == ["addAction(_:for:)"])
        #expect(button.allTargets.isEmpty)
    }

    @Test("a repeating timer with no interval throws a typed error naming the fix")
    func zeroIntervalTimer() {
        let bench = Bench()
        #expect(throws: ApplicationError.nonPositiveTimerInterval) {
            try bench.app.scheduleTimer(after: .zero, repeating: .zero) { _ in }
        }
    }

    @Test("an application asked for zero touches is reported and gets one")
    func zeroTouchCapacity() {
        var app: Application?
        let warnings = usageWarnings { app = Application(clock: ManualClock(), timerCapacity: 0, touchCapacity: 0) }
        #expect(warnings.map(\.call) == ["Application(touchCapacity:)", "Application(timerCapacity:)"])
        #expect(app != nil)
    }

    @Test("sendRemoteControl(_:) with a subtype that is not a remote's is reported and sends nothing")
    func remoteControlWrongSubtype() {
        let bench = Bench()
        let warnings = usageWarnings { bench.app.sendRemoteControl(.motionShake) }
        #expect(warnings.map(\.call) == ["sendRemoteControl(_:)"])
    }

    @Test("a touch frame handed in from inside a touch handler is reported and dropped")
    func reentrantFrame() {
        let bench = Bench()
        let button = bench.add(Button(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        let app = bench.app
        button.addAction(.closure("reenter") { _, _ in app.handle(TouchFrame(timestamp: app.clock.now, contacts: [])) }, for: .touchDown)
        let warnings = usageWarnings { bench.tap(50, 50) }
        #expect(warnings.map(\.call) == ["handle(_:)"])
    }

    @Test("clips nested past the maximum draw nothing until popped, then the clip is as it was")
    func clipOverflow() {
        let bitmap = Bitmap(width: 8, height: 8, format: .argb8888)
        let pixels = bitmap.pixels
        var canvas = Canvas(pixels)
        let warnings = usageWarnings {
            for _ in 0 ..< (Canvas.maximumClipDepth + 3) { canvas.pushClip(PixelRect(x: 0, y: 0, width: 8, height: 8)) }
            #expect(canvas.clipRect.isEmpty)
            for _ in 0 ..< (Canvas.maximumClipDepth + 3) { canvas.popClip() }
        }
        #expect(warnings.map(\.call) == ["pushClip(_:)"])
        #expect(canvas.clipRect == pixels.bounds)
    }

    @Test("popping a clip that was never pushed is reported and changes nothing")
    func clipUnderflow() {
        let bitmap = Bitmap(width: 8, height: 8, format: .argb8888)
        let pixels = bitmap.pixels
        var canvas = Canvas(pixels)
        let warnings = usageWarnings { canvas.popClip() }
        #expect(warnings.map(\.call) == ["popClip()"])
        #expect(canvas.clipRect == pixels.bounds)
    }
}
