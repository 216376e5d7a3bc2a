import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// Each navigation transition's callbacks, in UIKit's order (docs/view-controller-lifecycle.md).
@Suite("The navigation lifecycle in UIKit's order")
@MainActor
struct NavigationLifecycleTests {
    /// A navigation controller on screen over A, with B pushed (without animation) when asked.
    private func stack(pushingB: Bool = true) -> (Bench, NavigationController, Log) {
        let log = Log()
        let (bench, navigation, _) = navigationBench(ScreenController("A", log))
        if pushingB {
            navigation.pushViewController(ScreenController("B", log), animated: false)
            bench.app.runOnce()
        }
        log.clear()
        return (bench, navigation, log)
    }

    @Test("an animated push: B will move, A will disappear, B will appear, and the dids after 0.35 s")
    func animatedPush() {
        let (bench, navigation, log) = stack(pushingB: false)
        navigation.pushViewController(ScreenController("B", log), animated: true)
        #expect(log.entries == ["B.willMove(parent)", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear"])
        log.clear()
        bench.frames(milliseconds: 340)
        #expect(log.entries.isEmpty)
        bench.frames(milliseconds: 20)
        #expect(log.entries == ["A.viewDidDisappear", "B.viewDidAppear", "B.didMove(parent)"])
    }

    @Test("a push without animation runs the whole sequence at once")
    func instantPush() {
        let (bench, navigation, log) = stack(pushingB: false)
        navigation.pushViewController(ScreenController("B", log), animated: false)
        withExtendedLifetime(bench) {}
        #expect(
            log.entries == [
                "B.willMove(parent)", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear", "B.viewDidAppear",
                "B.didMove(parent)",
            ])
    }

    @Test("an animated pop: B will move away, B will disappear, A will appear, and the dids after 0.35 s")
    func animatedPop() {
        let (bench, navigation, log) = stack()
        navigation.popViewController(animated: true)
        #expect(log.entries == ["B.willMove(nil)", "B.viewWillDisappear", "A.viewWillAppear"])
        log.clear()
        bench.frames(milliseconds: 360)
        #expect(log.entries == ["B.viewDidDisappear", "A.viewDidAppear", "B.didMove(nil)"])
    }

    @Test("popping to the root: only the top and the root hear appearance callbacks, every popped controller leaves")
    func popToRoot() {
        let (bench, navigation, log) = stack()
        navigation.pushViewController(ScreenController("C", log), animated: false)
        log.clear()
        navigation.popToRootViewController(animated: true)
        bench.frames(milliseconds: 360)
        #expect(
            log.entries == [
                "C.willMove(nil)", "B.willMove(nil)", "C.viewWillDisappear", "A.viewWillAppear", "C.viewDidDisappear", "A.viewDidAppear",
                "B.didMove(nil)", "C.didMove(nil)",
            ])
        #expect(navigation.viewControllers.count == 1)
    }

    @Test("replacing the stack with a new top comes in as a push")
    func setViewControllersPush() {
        let (bench, navigation, log) = stack()
        let root = navigation.viewControllers[0]
        navigation.setViewControllers([root, ScreenController("C", log)], animated: true)
        bench.frames(milliseconds: 360)
        #expect(
            log.entries == [
                "B.willMove(nil)", "C.willMove(parent)", "C.viewDidLoad", "B.viewWillDisappear", "C.viewWillAppear", "B.viewDidDisappear",
                "C.viewDidAppear", "B.didMove(nil)", "C.didMove(parent)",
            ])
    }

    @Test("a finger dragged from the left edge starts the pop: B will disappear and A will appear")
    func interactivePopBegins() {
        let (bench, _, log) = stack()
        bench.down(3, 120)
        bench.move(40, 120)
        #expect(log.entries == ["B.willMove(nil)", "B.viewWillDisappear", "A.viewWillAppear"])
    }

    @Test("an interactive pop let go past half the width completes: B did disappear, A did appear, B leaves")
    func interactivePopCompletes() {
        let (bench, navigation, log) = stack()
        bench.edgeDrag(to: 200)
        log.clear()
        bench.frames(milliseconds: 400)
        #expect(log.entries == ["B.viewDidDisappear", "A.viewDidAppear", "B.didMove(nil)"])
        #expect(navigation.viewControllers.count == 1)
    }

    @Test("a cancelled interactive pop gives UIKit's sequence and keeps the stack")
    func interactivePopCancelled() {
        let (bench, navigation, log) = stack()
        bench.edgeDrag(to: 60)
        bench.frames(milliseconds: 400)
        #expect(
            log.entries == [
                "B.willMove(nil)", "B.viewWillDisappear", "A.viewWillAppear", "B.viewWillAppear", "A.viewWillDisappear", "B.viewDidAppear",
                "A.viewDidDisappear", "B.didMove(parent)",
            ])
        #expect(navigation.viewControllers.count == 2)
        #expect(navigation.topViewController?.title == "B")
    }

    @Test("a flick to the right completes an interactive pop that is short of half the width")
    func flickCompletes() {
        let (bench, navigation, _) = stack()
        bench.edgeDrag(to: 90, flick: true)
        bench.frames(milliseconds: 400)
        #expect(navigation.viewControllers.count == 1)
    }

    @Test("a navigation controller off screen changes its stack without appearance callbacks")
    func offScreen() {
        let log = Log()
        let navigation = NavigationController(rootViewController: ScreenController("A", log))
        navigation.pushViewController(ScreenController("B", log), animated: true)
        #expect(log.entries == ["A.willMove(parent)", "A.didMove(parent)", "B.willMove(parent)", "B.didMove(parent)"])
        #expect(navigation.viewControllers.count == 2)
    }

    @Test("the top screen hears the navigation controller's own appearance; the screens under it do not")
    func forwardsToTopOnly() {
        let log = Log()
        let navigation = NavigationController(rootViewController: ScreenController("A", log))
        navigation.pushViewController(ScreenController("B", log), animated: false)
        log.clear()
        let bench = Bench(width: 320, height: 240)
        bench.window.rootViewController = navigation
        #expect(log.entries == ["B.viewDidLoad", "B.viewWillAppear", "B.viewDidAppear"])
    }
}
