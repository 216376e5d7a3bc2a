import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// Mistakes with a navigation stack are reported once and ignored, as UIKit logs them.
@Suite("Navigation mistakes are warnings, not traps")
@MainActor
struct NavigationMistakeTests {
    private func stack() -> (Bench, NavigationController, Log) {
        let log = Log()
        let (bench, navigation, _) = navigationBench(ScreenController("A", log))
        return (bench, navigation, log)
    }

    @Test("pushing a controller already in the stack is reported and ignored")
    func pushTwice() {
        let (bench, navigation, log) = stack()
        let b = ScreenController("B", log)
        navigation.pushViewController(b, animated: false)
        let warnings = usageWarnings { navigation.pushViewController(b, animated: false) }
        #expect(warnings.count == 1)
        #expect(navigation.viewControllers.count == 2)
        withExtendedLifetime(bench) {}
    }

    @Test("pushing a controller that is in another stack is reported and ignored")
    func pushFromAnotherStack() {
        let (bench, navigation, log) = stack()
        let other = NavigationController(rootViewController: ScreenController("X", log))
        let x = other.viewControllers[0]
        let warnings = usageWarnings { navigation.pushViewController(x, animated: false) }
        #expect(warnings.count == 1)
        #expect(navigation.viewControllers.count == 1)
        #expect(x.parent === other)
        withExtendedLifetime(bench) {}
    }

    @Test("popping the root is reported and returns nil")
    func popRoot() {
        let (bench, navigation, _) = stack()
        var popped: ViewController?
        let warnings = usageWarnings { popped = navigation.popViewController(animated: true) }
        #expect(warnings.count == 1)
        #expect(popped == nil)
        #expect(navigation.viewControllers.count == 1)
        withExtendedLifetime(bench) {}
    }

    @Test("pushing while a push is under way is reported and ignored")
    func pushDuringTransition() {
        let (bench, navigation, log) = stack()
        navigation.pushViewController(ScreenController("B", log), animated: true)
        let warnings = usageWarnings { navigation.pushViewController(ScreenController("C", log), animated: true) }
        #expect(warnings.count == 1)
        bench.frames(milliseconds: 400)
        #expect(navigation.viewControllers.map(\.title) == ["A", "B"])
    }

    @Test("an empty list of controllers is reported and the stack kept")
    func emptyList() {
        let (bench, navigation, _) = stack()
        let warnings = usageWarnings { navigation.setViewControllers([], animated: true) }
        #expect(warnings.count == 1)
        #expect(navigation.viewControllers.count == 1)
        withExtendedLifetime(bench) {}
    }

    @Test("a list naming a controller twice is reported and the stack kept")
    func repeatedList() {
        let (bench, navigation, log) = stack()
        let b = ScreenController("B", log)
        let warnings = usageWarnings { navigation.setViewControllers([b, b], animated: false) }
        #expect(warnings.count == 1)
        #expect(navigation.viewControllers.map(\.title) == ["A"])
        withExtendedLifetime(bench) {}
    }

    @Test("popping to a controller that is not in the stack is reported and returns nil")
    func popToStranger() {
        let (bench, navigation, log) = stack()
        var popped: [ViewController]?
        let warnings = usageWarnings { popped = navigation.popToViewController(ScreenController("Z", log), animated: false) }
        #expect(warnings.count == 1)
        #expect(popped == nil)
        withExtendedLifetime(bench) {}
    }

    @Test("a touch that lands on the screens during an animated push reaches neither of them")
    func touchDuringPushIsAbsorbed() {
        let log = Log()
        let (bench, navigation, _) = navigationBench(ScreenController("A", log))
        let b = ScreenController("B", log)
        navigation.pushViewController(b, animated: true)
        var taps = 0
        let button = b.view.subviews.compactMap { $0 as? Button }.first!
        button.addAction(.closure("count") { _, _ in taps += 1 }, for: .touchUpInside)
        bench.frames(milliseconds: 100)
        bench.tap(300, 120)
        bench.frames(milliseconds: 300)
        #expect(taps == 0)
        bench.tap(80, 44 + 42)
        #expect(taps == 1)
    }

    @Test("a touch held on the old screen when a push starts ends once, and is cancelled when the screen leaves")
    func heldTouchEndsOnce() {
        let log = Log()
        let a = ScreenController("A", log)
        let (bench, navigation, _) = navigationBench(a)
        let probe = LoggingView("probe", log, frame: Rect(x: 200, y: 100, width: 100, height: 100))
        a.view.addSubview(probe)
        bench.down(250, 200)
        navigation.pushViewController(ScreenController("B", log), animated: true)
        bench.frames(milliseconds: 400)
        bench.up()
        let probeEvents = log.entries.filter { $0.hasPrefix("probe") }
        #expect(probeEvents.count == 2)
        #expect(probeEvents.first?.contains("began") == true)
    }

    @Test("a drag whose translation is not a number holds the pop at its start, and letting go puts everything back")
    func notANumberProgress() {
        let log = Log()
        let (bench, navigation, _) = navigationBench(ScreenController("A", log))
        navigation.pushViewController(ScreenController("B", log), animated: false)
        bench.down(3, 120)
        bench.move(40, 120)
        #expect(navigation.isTransitioning)
        navigation.interactivePopGestureRecognizer.setTranslation(Point(x: .nan, y: 0), in: nil)
        bench.move(80, 120)
        bench.move(81, 120)
        bench.up()
        bench.frames(milliseconds: 400)
        #expect(!navigation.isTransitioning)
        #expect(navigation.viewControllers.count == 2)
    }
}
