import PanelBench
import PanelCore
import PanelUI
import Testing

/// A controller that logs its load, appearance and layout callbacks as "name.callback".
@MainActor
final class LifecycleController: ViewController {
    let name: String
    let log: Log
    var logsLayout = true

    init(_ name: String, _ log: Log) {
        self.name = name
        self.log = log
        super.init()
    }

    override func viewDidLoad() { log.add("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.add("\(name).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name).viewDidDisappear") }
    override func viewWillLayoutSubviews() { if logsLayout { log.add("\(name).viewWillLayoutSubviews") } }
    override func viewDidLayoutSubviews() { if logsLayout { log.add("\(name).viewDidLayoutSubviews") } }
}

/// The appearance callbacks fire once per transition, in the order UIKit calls them
/// (docs/view-controller-lifecycle.md lists each sequence).
@Suite("The appearance lifecycle in UIKit's order")
@MainActor
struct AppearanceLifecycleTests {
    /// An application with a window that is not visible yet.
    private func hiddenWindow() -> (Application, Window) {
        let clock = ManualClock()
        clock.recordsSleeps = false
        let app = Application(clock: clock, eventQueue: nil)
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        app.addWindow(window)
        return (app, window)
    }

    /// A visible window whose root is `root`, with the log of its showing cleared.
    private func shown(_ root: LifecycleController) -> (Application, Window) {
        let (app, window) = hiddenWindow()
        window.rootViewController = root
        window.makeKeyAndVisible()
        root.log.clear()
        return (app, window)
    }

    /// The sequence UIKit gives when `incoming` replaces `outgoing` on screen.
    private func replacement(_ outgoing: String, _ incoming: String) -> [String] {
        [
            "\(incoming).viewDidLoad", "\(outgoing).viewWillDisappear", "\(incoming).viewWillAppear", "\(incoming).viewWillLayoutSubviews",
            "\(incoming).viewDidLayoutSubviews", "\(outgoing).viewDidDisappear", "\(incoming).viewDidAppear",
        ]
    }

    @Test("a window's root controller loads, will appear, lays out and did appear when the window is shown")
    func rootAppearsWithItsWindow() {
        let log = Log()
        let (app, window) = hiddenWindow()
        window.rootViewController = LifecycleController("A", log)
        window.makeKeyAndVisible()
        #expect(
            log.entries == [
                "A.viewDidLoad", "A.viewWillAppear", "A.viewWillLayoutSubviews", "A.viewDidLayoutSubviews", "A.viewDidAppear",
            ])
        _ = app
    }

    @Test("showing a visible window again calls nothing a second time")
    func secondShowIsSilent() {
        let log = Log()
        let (app, window) = shown(LifecycleController("A", log))
        window.makeKeyAndVisible()
        #expect(log.entries.isEmpty)
        _ = app
    }

    @Test("replacing a visible window's root: old will disappear, new will appear, new lays out, old did disappear, new did appear")
    func replacingTheRoot() {
        let log = Log()
        let (app, window) = shown(LifecycleController("A", log))
        window.rootViewController = LifecycleController("B", log)
        #expect(log.entries == replacement("A", "B"))
        _ = app
    }

    @Test("presenting: the new view loads, presenter will disappear, presented will appear and lays out, presenter did disappear, presented did appear")
    func presenting() {
        let log = Log()
        let a = LifecycleController("A", log)
        let (app, _) = shown(a)
        a.present(LifecycleController("B", log))
        #expect(log.entries == replacement("A", "B"))
        _ = app
    }

    @Test("dismissing: presented will disappear, presenter will appear, presented did disappear, presenter did appear")
    func dismissing() {
        let log = Log()
        let a = LifecycleController("A", log)
        let (app, _) = shown(a)
        let b = LifecycleController("B", log)
        a.present(b)
        log.clear()
        b.dismiss()
        #expect(log.entries == ["B.viewWillDisappear", "A.viewWillAppear", "B.viewDidDisappear", "A.viewDidAppear"])
        #expect(a.isViewVisible && !b.isViewVisible)
        _ = app
    }

    @Test("a transition reversed halfway gives UIKit's cancelled interactive pop sequence")
    func reversedTransition() {
        let log = Log()
        let top = LifecycleController("top", log)
        let below = LifecycleController("below", log)
        let (app, _) = shown(top)
        below.loadViewIfNeeded()
        log.clear()
        top.beginAppearanceTransition(false, animated: true)
        below.beginAppearanceTransition(true, animated: true)
        // The finger lifts short of half way: everything goes back.
        top.beginAppearanceTransition(true, animated: true)
        below.beginAppearanceTransition(false, animated: true)
        top.endAppearanceTransition()
        below.endAppearanceTransition()
        #expect(
            log.entries == [
                "top.viewWillDisappear", "below.viewWillAppear", "top.viewWillAppear", "below.viewWillDisappear", "top.viewDidAppear",
                "below.viewDidDisappear",
            ])
        #expect(top.isViewVisible && !below.isViewVisible)
        _ = app
    }

    @Test("a child controller hears its parent's appearance transitions, after the parent")
    func childrenFollowTheirParent() {
        let log = Log()
        let (app, window) = hiddenWindow()
        let parent = LifecycleController("parent", log)
        let child = LifecycleController("child", log)
        parent.logsLayout = false
        child.logsLayout = false
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        window.rootViewController = parent
        log.clear()
        window.makeKeyAndVisible()
        #expect(log.entries == ["parent.viewWillAppear", "child.viewWillAppear", "parent.viewDidAppear", "child.viewDidAppear"])
        _ = app
    }

    @Test("an end without a begin calls nothing")
    func endWithoutBegin() {
        let log = Log()
        let controller = LifecycleController("A", log)
        controller.endAppearanceTransition()
        #expect(log.entries.isEmpty)
    }

    @Test("a dismissed controller and its view are freed")
    func dismissedControllerIsFreed() {
        let log = Log()
        let a = LifecycleController("A", log)
        let (app, _) = shown(a)
        weak var presented: LifecycleController?
        weak var presentedView: View?
        do {
            let b = LifecycleController("B", log)
            a.present(b)
            presented = b
            presentedView = b.view
            b.dismiss()
        }
        #expect(presented == nil)
        #expect(presentedView == nil)
        _ = app
    }
}

@Suite("Hiding a window")
@MainActor
struct WindowVisibilityLifecycleTests {
    @Test("hiding a visible window makes its root disappear, and showing it again makes it appear")
    func hideAndShow() {
        let log = Log()
        let clock = ManualClock()
        clock.recordsSleeps = false
        let app = Application(clock: clock, eventQueue: nil)
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        app.addWindow(window)
        let root = LifecycleController("A", log)
        window.rootViewController = root
        window.makeKeyAndVisible()
        log.clear()
        window.isHidden = true
        #expect(log.entries == ["A.viewWillDisappear", "A.viewDidDisappear"])
        log.clear()
        window.isHidden = false
        #expect(log.entries == ["A.viewWillAppear", "A.viewDidAppear"])
    }
}

/// A controller that notes whether its window was key when it appeared.
@MainActor
final class KeyCheckingController: ViewController {
    var windowWasKey: Bool?
    override func viewDidAppear(_ animated: Bool) { windowWasKey = view.window?.isKeyWindow }
}

@Suite("Showing a window")
@MainActor
struct MakeKeyAndVisibleTests {
    @Test("a root shown by makeKeyAndVisible appears with its window already key")
    func keyBeforeAppearing() {
        let clock = ManualClock()
        clock.recordsSleeps = false
        let app = Application(clock: clock, eventQueue: nil)
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        app.addWindow(window)
        let root = KeyCheckingController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        #expect(root.windowWasKey == true)
    }
}
