import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// Pages from a list, with a count for the dots.
@MainActor
final class ListPages: PageViewControllerDataSource {
    let pages: [ViewController]
    init(_ pages: [ViewController]) { self.pages = pages }

    func pageViewController(_ pageViewController: PageViewController, viewControllerBefore controller: ViewController) -> ViewController? {
        guard let index = pages.firstIndex(where: { $0 === controller }), index > 0 else { return nil }
        return pages[index - 1]
    }

    func pageViewController(_ pageViewController: PageViewController, viewControllerAfter controller: ViewController) -> ViewController? {
        guard let index = pages.firstIndex(where: { $0 === controller }), index + 1 < pages.count else { return nil }
        return pages[index + 1]
    }

    func presentationCount(for pageViewController: PageViewController) -> Int { pages.count }
}

@Suite("PageViewController: pages turned by a swipe, and the dots")
@MainActor
struct PageViewControllerTests {
    private func pagesBench() -> (Bench, PageViewController, [ScreenController], Log, ListPages) {
        let log = Log()
        let screens = ["P0", "P1", "P2"].map { ScreenController($0, log) }
        let source = ListPages(screens)
        let pages = PageViewController()
        pages.dataSource = source
        pages.setViewControllers([screens[0]], direction: .forward, animated: false)
        let bench = Bench(width: 320, height: 240)
        bench.window.rootViewController = pages
        bench.app.runOnce()
        log.clear()
        return (bench, pages, screens, log, source)
    }

    @Test("a swipe left turns to the next page: it will appear as it comes, and did appear when it lands")
    func swipeTurns() {
        let (bench, pages, _, log, source) = pagesBench()
        defer { withExtendedLifetime(source) {} }
        bench.down(250, 120)
        bench.move(200, 120)
        bench.move(120, 120)
        #expect(log.entries.suffix(2) == ["P0.viewWillDisappear", "P1.viewWillAppear"])
        bench.move(40, 120)
        bench.up()
        bench.frames(milliseconds: 1500)
        #expect(pages.viewControllers.first === pages.children.first { ($0 as? ScreenController)?.name == "P1" })
        #expect(log.entries.filter { $0.contains("ppear") }.suffix(2) == ["P0.viewDidDisappear", "P1.viewDidAppear"])
        #expect(pages.pageControl.currentPage == 1)
    }

    @Test("a short drag let go snaps back, and the page that peeked hears UIKit's reversed sequence")
    func shortDragSnapsBack() {
        let (bench, pages, screens, log, source) = pagesBench()
        defer { withExtendedLifetime(source) {} }
        bench.down(250, 120)
        bench.move(240, 120)
        bench.move(225, 120)
        bench.frames(milliseconds: 200)
        bench.move(224, 120)
        bench.up()
        bench.frames(milliseconds: 1500)
        #expect(pages.viewControllers.first === screens[0])
        #expect(
            log.entries.filter { $0.contains("Appear") || $0.contains("Disappear") } == [
                "P0.viewWillDisappear", "P1.viewWillAppear", "P0.viewWillAppear", "P1.viewWillDisappear", "P0.viewDidAppear", "P1.viewDidDisappear",
            ])
    }

    @Test("a tap on the right of the current dot turns a page forward")
    func pageControlTap() {
        let (bench, pages, screens, _, source) = pagesBench()
        defer { withExtendedLifetime(source) {} }
        let control = pages.pageControl
        let point = control.convert(Point(x: control.bounds.midX + 20, y: control.bounds.midY), to: bench.window)
        bench.tap(point.x, point.y)
        bench.frames(milliseconds: 1500)
        #expect(pages.viewControllers.first === screens[1])
        #expect(control.currentPage == 1)
    }

    @Test("setting a page with an animation scrolls to it and completes with true")
    func animatedSet() {
        let (bench, pages, screens, _, source) = pagesBench()
        defer { withExtendedLifetime(source) {} }
        var result: Bool?
        pages.setViewControllers([screens[2]], direction: .forward, animated: true) { result = $0 }
        bench.frames(milliseconds: 1500)
        #expect(pages.viewControllers.first === screens[2])
        #expect(result == true)
    }

    @Test("nil, an empty list or two controllers are reported and the page stays")
    func badLists() {
        let (bench, pages, screens, _, _) = pagesBench()
        let warnings = usageWarnings {
            pages.setViewControllers(nil, direction: .forward, animated: true)
            pages.setViewControllers([], direction: .forward, animated: true)
            pages.setViewControllers([screens[1], screens[2]], direction: .forward, animated: true)
        }
        #expect(warnings.count == 3)
        #expect(pages.viewControllers.first === screens[0])
        withExtendedLifetime(bench) {}
    }

    @Test("only the current page and its neighbours are children; pages further away are let go")
    func onlyNeighbours() {
        let log = Log()
        let screens = (0 ..< 5).map { ScreenController("P\($0)", log) }
        let source = ListPages(screens)
        let pages = PageViewController()
        pages.dataSource = source
        pages.setViewControllers([screens[2]], direction: .forward, animated: false)
        let bench = Bench(width: 320, height: 240)
        bench.window.rootViewController = pages
        #expect(pages.children.count == 3)
        #expect(!screens[0].isViewLoaded)
        withExtendedLifetime((bench, source)) {}
    }
}

@Suite("PageControl: the dots")
@MainActor
struct PageControlTests {
    @Test("a tap on the left of the current dot goes back a page and sends valueChanged")
    func tapLeft() {
        let bench = Bench(width: 320, height: 240)
        let control = bench.add(PageControl(frame: Rect(x: 60, y: 100, width: 200, height: 26)))
        control.numberOfPages = 5
        control.currentPage = 2
        var changes = 0
        control.addAction(.closure("count") { _, _ in changes += 1 }, for: .valueChanged)
        bench.tap(70, 113)
        #expect(control.currentPage == 1)
        #expect(changes == 1)
    }

    @Test("absurd page numbers are clamped")
    func clamped() {
        let control = PageControl()
        control.numberOfPages = -3
        #expect(control.numberOfPages == 0)
        control.numberOfPages = 4
        control.currentPage = 99
        #expect(control.currentPage == 3)
        control.currentPage = -1
        #expect(control.currentPage == 0)
        control.numberOfPages = Int.max
        control.currentPage = 5
        control.adjust(byDetents: Int.max)
        #expect(control.currentPage == Int.max - 1)
        control.adjust(byDetents: Int.min)
        #expect(control.currentPage == 0)
    }
}
