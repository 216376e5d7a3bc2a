import PanelBench
import PanelCore
import PanelUI
import Testing

@MainActor
final class LoggingController: ViewController {
    let log: Log
    init(_ log: Log) { self.log = log }
    var forwards = true
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        log.add("VC.began")
        if forwards { super.touchesBegan(touches, with: event) }
    }
}

@MainActor
final class ChainWindow: Window {
    var log: Log?
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        log?.add("window.began")
        super.touchesBegan(touches, with: event)
    }
}

@MainActor
final class ChainApplication: Application {
    var log: Log?
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        log?.add("application.began")
        super.touchesBegan(touches, with: event)
    }
}

/// A responder that can become first responder and logs motion, remote and press events.
@MainActor
final class FieldView: View {
    let log: Log
    var refusesToResign = false
    init(_ log: Log) {
        self.log = log
        super.init(frame: Rect(x: 0, y: 0, width: 50, height: 20))
    }
    override var canBecomeFirstResponder: Bool { true }
    override var canResignFirstResponder: Bool { !refusesToResign }
    override func motionBegan(_ motion: Event.Subtype, with event: Event?) { log.add("field.motionBegan(\(motion))") }
    override func motionEnded(_ motion: Event.Subtype, with event: Event?) { log.add("field.motionEnded(\(motion))") }
    override func remoteControlReceived(with event: Event?) { log.add("field.remote(\(event?.subtype.rawValue ?? -1))") }
    override func pressesBegan(_ presses: Set<Press>, with event: Event?) { log.add("field.pressesBegan(\(presses.map(\.type)))") }
    override func pressesEnded(_ presses: Set<Press>, with event: Event?) { log.add("field.pressesEnded(\(presses.count))") }
}

@MainActor
@Suite("Responder chain and first responder (A1, A12, A13, B33)")
struct ResponderChainTests {
    @Test("B33 an unhandled touch travels view, view controller, window, application, delegate")
    func unhandledTouchTravels() {
        let log = Log()
        let clock = ManualClock()
        let app = ChainApplication(clock: clock)
        app.log = log
        let delegate = LoggingDelegate(log)
        app.delegate = delegate
        let window = ChainWindow(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.log = log
        app.addWindow(window)
        window.makeKeyAndVisible()
        let controller = LoggingController(log)
        window.rootViewController = controller
        let root = controller.view!
        #expect(root.frame == window.bounds)
        var frame = TouchFrame(timestamp: clock.now)
        _ = frame.append(Contact(trackID: 0, position: Point(x: 10, y: 10), phase: .began, identity: 1))
        app.handle(frame)
        #expect(log.entries == ["VC.began", "window.began", "application.began", "delegate.began"])
        frame = TouchFrame(timestamp: clock.now)
        _ = frame.append(Contact(trackID: 0, position: Point(x: 10, y: 10), phase: .ended, identity: 1))
        app.handle(frame)
        #expect(log.entries.last == "delegate.ended")
    }

    @Test("A12 the responder chain links a view to its controller or superview, a controller to its view's superview, a window to the application")
    func nextResponders() {
        let bench = Bench()
        let controller = ViewController()
        let container = bench.add(View(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        container.addSubview(controller.view)
        let child = View()
        controller.view.addSubview(child)
        #expect(child.next === controller.view)
        #expect(controller.view.next === controller)
        #expect(controller.next === container)
        #expect(container.next === bench.window)
        #expect(bench.window.next === bench.app)
        #expect(bench.app.next == nil)
        // The window's root controller's next is the window.
        let root = ViewController()
        bench.window.rootViewController = root
        #expect(root.next === bench.window)
    }

    @Test("A12 a presented controller's next is the presenting controller")
    func presentedController() {
        let bench = Bench()
        let root = ViewController()
        bench.window.rootViewController = root
        let sheet = ViewController()
        root.present(sheet)
        #expect(sheet.next === root)
        #expect(sheet.view.window === bench.window)
        #expect(root.presentedViewController === sheet && sheet.presentingViewController === root)
        sheet.dismiss()
        #expect(sheet.view.window == nil && root.presentedViewController == nil)
        #expect(sheet.next == nil)
    }

    @Test("A12 the application's next is its delegate only when that is a plain responder")
    func applicationNext() {
        final class PlainDelegate: ApplicationDelegate {}
        final class ViewDelegate: View, ApplicationDelegate {}
        let app = Application(clock: ManualClock())
        let responder = LoggingDelegate(Log())
        app.delegate = responder
        #expect(app.next === responder)
        app.delegate = PlainDelegate()
        #expect(app.next == nil)
        app.delegate = ViewDelegate()
        #expect(app.next == nil)
    }

    @Test("view controllers load their view once, then viewDidLoad, and contain children")
    func controllerLifecycle() {
        final class Custom: ViewController {
            var loads = 0, didLoads = 0
            override func loadView() { loads += 1; view = Label(frame: Rect(x: 0, y: 0, width: 10, height: 10)) }
            override func viewDidLoad() { didLoads += 1 }
        }
        let controller = Custom()
        #expect(!controller.isViewLoaded)
        #expect(controller.view is Label)
        _ = controller.view
        #expect(controller.loads == 1 && controller.didLoads == 1)
        let parent = ViewController()
        parent.addChild(controller)
        #expect(parent.children.first === controller && controller.parent === parent)
        controller.removeFromParent()
        #expect(parent.children.isEmpty && controller.parent == nil)
    }

    @Test("A13 a plain view cannot become first responder: it must opt in")
    func firstResponderIsOptIn() {
        let bench = Bench()
        let plain = bench.add(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(!plain.becomeFirstResponder())
    }

    @Test("A13 a window has one first responder: a second one to become it takes it from the first")
    func oneFirstResponderPerWindow() {
        let bench = Bench()
        let a = bench.add(FieldView(bench.log))
        let b = bench.add(FieldView(bench.log))
        let first = a.becomeFirstResponder() && bench.window.firstResponder === a
        #expect(first && b.becomeFirstResponder() && !a.isFirstResponder && b.isFirstResponder)
    }

    @Test("A13 a first responder that refuses to resign keeps the role until it resigns")
    func resignCanRefuse() {
        let bench = Bench()
        let a = bench.add(FieldView(bench.log))
        let b = bench.add(FieldView(bench.log))
        _ = b.becomeFirstResponder()
        b.refusesToResign = true
        let kept = !a.becomeFirstResponder() && b.isFirstResponder
        b.refusesToResign = false
        #expect(kept && b.resignFirstResponder() && bench.window.firstResponder == nil)
    }

    @Test("A13 a view in no window cannot become first responder")
    func firstResponderNeedsAWindow() {
        let bench = Bench()
        #expect(!FieldView(bench.log).becomeFirstResponder())
    }

    @Test("A13 removing the first responder from its window clears the window's first responder")
    func removedFirstResponderIsCleared() {
        let bench = Bench()
        let a = bench.add(FieldView(bench.log))
        _ = a.becomeFirstResponder()
        a.removeFromSuperview()
        #expect(bench.window.firstResponder == nil)
    }

    @Test("A13 touches go to the hit view, not to the first responder")
    func touchesIgnoreFirstResponder() {
        let bench = Bench()
        let field = bench.add(FieldView(bench.log))
        _ = bench.add(LoggingView("hit", bench.log, frame: Rect(x: 100, y: 100, width: 50, height: 50)))
        _ = field.becomeFirstResponder()
        bench.tap(110, 110)
        #expect(bench.log.entries == ["hit.began(1)", "hit.ended(1)"])
    }

    @Test("A1 motion, remote-control and press events go to the first responder, else up from the window")
    func nonTouchEvents() {
        let bench = Bench()
        let delegate = LoggingDelegate(bench.log)
        bench.app.delegate = delegate
        // No first responder: the window's chain ends at the delegate.
        bench.app.sendMotion(.motionShake, phase: .began)
        #expect(bench.log.entries == ["delegate.motionBegan(motionShake)"])
        bench.log.clear()
        let field = bench.add(FieldView(bench.log))
        field.becomeFirstResponder()
        bench.app.sendMotion(.motionShake, phase: .began)
        bench.app.sendMotion(.motionShake, phase: .ended)
        bench.app.sendRemoteControl(.remoteControlTogglePlayPause)
        let press = Press(type: .select)
        bench.app.sendPresses([press])
        press.phase = .ended
        bench.app.sendPresses([press])
        #expect(
            bench.log.entries == [
                "field.motionBegan(motionShake)", "field.motionEnded(motionShake)", "field.remote(103)",
                "field.pressesBegan([select])", "field.pressesEnded(1)",
            ])
        #expect(press.responder === field)
    }

    @Test("A1 event types and subtypes carry UIKit's raw values")
    func subtypes() {
        #expect(Event.Subtype.none.rawValue == 0)
        #expect(Event.Subtype.motionShake.rawValue == 1)
        #expect(Event.Subtype.remoteControlPlay.rawValue == 100)
        #expect(Event.Subtype.remoteControlEndSeekingForward.rawValue == 109)
        #expect(GestureRecognizer.State.recognized == .ended)
        #expect(GestureRecognizer.State.failed.rawValue == 5)
    }
}
