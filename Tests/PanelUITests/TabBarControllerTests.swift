import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// Records what a tab bar controller's delegate hears, and vetoes one tab.
@MainActor
final class TabDelegate: TabBarControllerDelegate {
    var vetoed: ViewController?
    var selected: [String] = []

    func tabBarController(_ tabBarController: TabBarController, shouldSelect controller: ViewController) -> Bool { controller !== vetoed }
    func tabBarController(_ tabBarController: TabBarController, didSelect controller: ViewController) {
        selected.append(controller.title ?? "?")
    }
}

@Suite("TabBarController: tabs, lazy screens, badges and the delegate")
@MainActor
struct TabBarControllerTests {
    private func tabsBench() -> (Bench, TabBarController, [ScreenController], Log, MemoryFramebuffer) {
        let log = Log()
        let screens = ["T0", "T1", "T2"].map { ScreenController($0, log, color: Color(rgb: 0xF0F0F0)) }
        let tabs = TabBarController(viewControllers: screens)
        let bench = Bench(width: 320, height: 240)
        let framebuffer = MemoryFramebuffer(width: 320, height: 240, format: .xrgb8888)
        bench.app.display = Display(framebuffer: framebuffer)
        bench.window.rootViewController = tabs
        bench.app.runOnce()
        log.clear()
        return (bench, tabs, screens, log, framebuffer)
    }

    /// The centre of tab `index` of three on a 320 × 240 window.
    private func tab(_ index: Int) -> (Double, Double) { (Double(index) * 320 / 3 + 53, 240 - 28) }

    @Test("a tab's screen loads the first time the tab is selected, not before")
    func lazyLoading() {
        let (bench, tabs, screens, log, _) = tabsBench()
        #expect(screens[0].isViewLoaded)
        #expect(!screens[1].isViewLoaded)
        tabs.selectedIndex = 1
        #expect(screens[1].isViewLoaded)
        #expect(!screens[2].isViewLoaded)
        #expect(log.entries == ["T1.viewDidLoad", "T0.viewWillDisappear", "T1.viewWillAppear", "T0.viewDidDisappear", "T1.viewDidAppear"])
        withExtendedLifetime(bench) {}
    }

    @Test("a tapped tab cross-fades in, and the delegate hears didSelect")
    func tapSelects() {
        let (bench, tabs, _, log, _) = tabsBench()
        let delegate = TabDelegate()
        tabs.delegate = delegate
        let (x, y) = tab(2)
        bench.tap(x, y)
        #expect(tabs.selectedIndex == 2)
        #expect(delegate.selected == ["T2"])
        #expect(log.entries == ["T2.viewDidLoad", "T0.viewWillDisappear", "T2.viewWillAppear"])
        // 250 ms of fade after two frames: the new screen's layout, then its drawing.
        bench.frames(milliseconds: 350)
        #expect(log.entries.suffix(2) == ["T0.viewDidDisappear", "T2.viewDidAppear"])
    }

    @Test("a cross-fade starts from the leaving screen as it is, a change not yet drawn included")
    func fadeStartsFromTheLeavingScreenAsItIs() {
        let (bench, _, screens, _, framebuffer) = tabsBench()
        screens[0].view.backgroundColor = Color(rgb: 0xC00000)
        let (x, y) = tab(2)
        bench.tap(x, y)
        bench.app.runOnce()
        let shown = framebuffer.bitmap.color(x: 300, y: 150)
        #expect(shown.red > 180 && shown.green < 40 && shown.blue < 40)
    }

    @Test("half way through a cross-fade, the screen shows both tabs mixed")
    func fadeMixesBothScreens() {
        let (bench, _, screens, _, framebuffer) = tabsBench()
        screens[0].view.backgroundColor = Color(rgb: 0x000000)
        bench.app.runOnce()
        let (x, y) = tab(2)
        bench.tap(x, y)
        bench.app.runOnce()
        // The fade's clock starts after the frame that draws the new screen (16 ms on).
        bench.frames(milliseconds: 16 + 125)
        let shown = framebuffer.bitmap.color(x: 300, y: 150)
        #expect(shown.green > 60 && shown.green < 180)
    }

    /// Runs `count` frames one by one, each drawn, as the run loop does.
    private func drawnFrames(_ bench: Bench, _ count: Int) {
        for _ in 0 ..< count {
            bench.clock.advance(by: .milliseconds(16))
            bench.app.runOnce()
        }
    }

    @Test("a tab that fades in is drawn once, into its snapshot: its view then takes the snapshot's place as it is")
    func fadedInScreenIsDrawnOnce() {
        let (bench, _, screens, _, _) = tabsBench()
        screens[2].loadViewIfNeeded()
        let counter = CountingView(frame: Rect(x: 200, y: 100, width: 40, height: 40))
        screens[2].view.addSubview(counter)
        let (x, y) = tab(2)
        bench.tap(x, y)
        drawnFrames(bench, 30)
        #expect(counter.draws == 1)
    }

    @Test("the frame that draws the new tab into its snapshot still shows the old tab alone, and the mix starts the frame after")
    func drawingFrameShowsTheOldTabAlone() {
        let (bench, _, screens, _, framebuffer) = tabsBench()
        screens[0].view.backgroundColor = Color(rgb: 0x000000)
        screens[2].loadViewIfNeeded()
        screens[2].view.backgroundColor = Color(rgb: 0x00FF00)
        drawnFrames(bench, 1)
        let counter = CountingView(frame: Rect(x: 200, y: 100, width: 40, height: 40))
        screens[2].view.addSubview(counter)
        let (x, y) = tab(2)
        bench.tap(x, y)
        var frames = 0
        while counter.draws == 0 && frames < 5 {
            drawnFrames(bench, 1)
            frames += 1
        }
        #expect(frames >= 2, "the tap's frame lays out only")
        #expect(counter.draws == 1)
        #expect(framebuffer.bitmap.color(x: 20, y: 20).green == 0)
        drawnFrames(bench, 1)
        #expect(framebuffer.bitmap.color(x: 20, y: 20).green > 0)
    }

    @Test("after a cross-fade the screen shows what a full redraw shows")
    func fadeEndsAsAFullRedraw() {
        let (bench, _, screens, _, framebuffer) = tabsBench()
        screens[0].view.backgroundColor = Color(rgb: 0x204080)
        drawnFrames(bench, 1)
        let (x, y) = tab(2)
        bench.tap(x, y)
        drawnFrames(bench, 30)
        let shown = (0 ..< 240).flatMap { row in (0 ..< 320).map { framebuffer.bitmap.color(x: $0, y: row) } }
        bench.window.setNeedsDisplay()
        bench.app.runOnce()
        let redrawn = (0 ..< 240).flatMap { row in (0 ..< 320).map { framebuffer.bitmap.color(x: $0, y: row) } }
        #expect(shown == redrawn)
    }

    @Test("a change to the new tab during the fade's last frame is drawn when its view takes the snapshot's place")
    func changeDuringLastFrameIsDrawn() {
        let (bench, _, screens, log, framebuffer) = tabsBench()
        let (x, y) = tab(2)
        bench.tap(x, y)
        var frames = 0
        while !log.entries.contains("T2.viewDidAppear") && frames < 60 {
            drawnFrames(bench, 1)
            frames += 1
        }
        screens[2].view.backgroundColor = Color(rgb: 0x00A000)
        drawnFrames(bench, 2)
        let shown = framebuffer.bitmap.color(x: 300, y: 150)
        #expect(shown.green > 140 && shown.red < 40)
    }

    @Test("a screen pushed inside a tab is not drawn again when its view takes its snapshot's place")
    func pushInsideATabEndsWithoutARedraw() {
        let log = Log()
        let root = ScreenController("R", log)
        let navigation = NavigationController(rootViewController: root)
        let tabs = TabBarController(viewControllers: [navigation, ScreenController("T1", log)])
        let bench = Bench(width: 320, height: 240)
        bench.app.display = Display(framebuffer: MemoryFramebuffer(width: 320, height: 240, format: .xrgb8888))
        bench.window.rootViewController = tabs
        bench.app.runOnce()
        let pushed = ScreenController("P", log)
        pushed.loadViewIfNeeded()
        let counter = CountingView(frame: Rect(x: 200, y: 100, width: 40, height: 40))
        pushed.view.addSubview(counter)
        navigation.pushViewController(pushed, animated: true)
        var frames = 0
        while !log.entries.contains("P.viewDidAppear") && frames < 60 {
            drawnFrames(bench, 1)
            frames += 1
        }
        let drawsWhenShown = counter.draws
        drawnFrames(bench, 3)
        #expect(drawsWhenShown > 0)
        #expect(counter.draws == drawsWhenShown)
    }

    @Test("a tab the delegate refuses is not selected")
    func vetoed() {
        let (bench, tabs, screens, _, _) = tabsBench()
        let delegate = TabDelegate()
        delegate.vetoed = screens[1]
        tabs.delegate = delegate
        let (x, y) = tab(1)
        bench.tap(x, y)
        #expect(tabs.selectedIndex == 0)
        #expect(delegate.selected.isEmpty)
    }

    @Test("setting selectedIndex does not ask or tell the delegate, as in UIKit")
    func programmaticSelection() {
        let (bench, tabs, screens, _, _) = tabsBench()
        let delegate = TabDelegate()
        delegate.vetoed = screens[1]
        tabs.delegate = delegate
        tabs.selectedIndex = 1
        #expect(tabs.selectedIndex == 1)
        #expect(delegate.selected.isEmpty)
        withExtendedLifetime(bench) {}
    }

    @Test("an index with no tab is reported and the selection kept")
    func badIndex() {
        let (bench, tabs, _, _, _) = tabsBench()
        let warnings = usageWarnings {
            tabs.selectedIndex = 7
            tabs.selectedIndex = -1
        }
        #expect(warnings.count == 2)
        #expect(tabs.selectedIndex == 0)
        withExtendedLifetime(bench) {}
    }

    @Test("a badge shows in red at the tab's icon")
    func badge() {
        let (bench, tabs, screens, _, framebuffer) = tabsBench()
        screens[1].tabBarItem.badgeValue = "3"
        bench.app.runOnce()
        let button = tabs.tabBar.buttons[1]
        let origin = button.convert(Point.zero, to: bench.window)
        var reds = 0
        for y in Int(origin.y) ..< Int(origin.y + button.bounds.height) {
            for x in Int(origin.x) ..< Int(origin.x + button.bounds.width) {
                let c = framebuffer.bitmap.color(x: x, y: y)
                if c.red > 200 && c.green < 100 && c.blue < 100 { reds += 1 }
            }
        }
        #expect(reds > 50)
    }

    @Test("a removed tab's controller is freed")
    func removedIsFreed() {
        let (bench, tabs, screens, log, _) = tabsBench()
        weak var gone: ScreenController?
        do {
            let extra = ScreenController("X", log)
            gone = extra
            tabs.setViewControllers(screens + [extra], animated: false)
            tabs.selectedIndex = 3
            tabs.setViewControllers(screens, animated: false)
        }
        bench.frames(milliseconds: 20)
        #expect(gone == nil)
        #expect(tabs.selectedIndex == 0)
    }

    @Test("a tab's icon is drawn above its title, faded while the tab is not selected")
    func icon() throws {
        let (bench, tabs, screens, _, framebuffer) = tabsBench()
        let green: [UInt8] = (0 ..< 24 * 24 * 4).map { $0 % 4 == 1 || $0 % 4 == 3 ? 255 : 0 }
        screens[1].tabBarItem.image = try Image(width: 24, height: 24, rgba: green)
        bench.app.runOnce()
        let button = tabs.tabBar.buttons[1]
        let centre = button.convert(Point(x: button.bounds.midX, y: button.bounds.midY - 8), to: bench.window)
        let faded = framebuffer.bitmap.color(x: Int(centre.x), y: Int(centre.y))
        #expect(faded.green > 200 && faded.red > 50)
        tabs.selectedIndex = 1
        bench.app.runOnce()
        let shown = framebuffer.bitmap.color(x: Int(centre.x), y: Int(centre.y))
        #expect(shown.green == 255 && shown.red == 0)
    }
}
