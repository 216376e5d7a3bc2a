import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// Controllers that leave a container are freed with their views: nothing in the stack, the
/// recognizers, the frame clock or the transition keeps them.
@Suite("Containers free the controllers that leave them")
@MainActor
struct ContainerMemoryTests {
    @Test("a controller popped with an animation is freed with its view")
    func poppedIsFreed() {
        let log = Log()
        let (bench, navigation, _) = navigationBench(ScreenController("A", log))
        weak var controller: ScreenController?
        weak var view: View?
        do {
            let b = ScreenController("B", log)
            controller = b
            navigation.pushViewController(b, animated: true)
            bench.frames(milliseconds: 400)
            view = b.view
        }
        navigation.popViewController(animated: true)
        bench.frames(milliseconds: 400)
        #expect(controller == nil)
        #expect(view == nil)
    }

    @Test("a controller popped by the edge drag is freed with its view")
    func interactivelyPoppedIsFreed() {
        let log = Log()
        let (bench, navigation, _) = navigationBench(ScreenController("A", log))
        weak var controller: ScreenController?
        do {
            let b = ScreenController("B", log)
            controller = b
            navigation.pushViewController(b, animated: false)
        }
        bench.edgeDrag(to: 250, flick: true)
        bench.frames(milliseconds: 400)
        #expect(navigation.viewControllers.count == 1)
        #expect(controller == nil)
    }

    @Test("controllers replaced by setViewControllers are freed")
    func replacedAreFreed() {
        let log = Log()
        let (bench, navigation, _) = navigationBench(ScreenController("A", log))
        weak var old: ScreenController?
        do {
            let b = ScreenController("B", log)
            old = b
            navigation.pushViewController(b, animated: false)
            navigation.setViewControllers([ScreenController("C", log)], animated: true)
        }
        bench.frames(milliseconds: 400)
        #expect(old == nil)
        #expect(navigation.viewControllers.count == 1)
    }

    @Test("a navigation controller taken off the window is freed with its whole stack")
    func wholeStackIsFreed() {
        let log = Log()
        let bench = Bench(width: 320, height: 240)
        weak var navigation: NavigationController?
        weak var top: ScreenController?
        do {
            let made = NavigationController(rootViewController: ScreenController("A", log))
            let b = ScreenController("B", log)
            made.pushViewController(b, animated: false)
            bench.window.rootViewController = made
            made.pushViewController(ScreenController("C", log), animated: true)
            bench.frames(milliseconds: 400)
            navigation = made
            top = b
            bench.window.rootViewController = nil
        }
        bench.frames(milliseconds: 20)
        #expect(navigation == nil)
        #expect(top == nil)
    }
}
