import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A 320 × 240 bench whose window lays out right to left (as under Arabic or Hebrew).
@MainActor
private func rightToLeftBench() -> Bench {
    let bench = Bench(width: 320, height: 240)
    bench.window.semanticContentAttribute = .forceRightToLeft
    return bench
}

/// A view whose intrinsic size is fixed.
@MainActor
private final class Block: View {
    let size: Size
    init(_ width: Double, _ height: Double) {
        size = Size(width: width, height: height)
        super.init(frame: .zero)
    }
    override var intrinsicContentSize: Size { size }
}

@Suite("Right-to-left layout: the built-in views mirror under a right-to-left direction")
@MainActor
struct RightToLeftLayoutTests {
    @Test("a view's direction is its nearest ancestor's semantic content attribute, else the app's, left to right by default")
    func effectiveDirection() {
        let bench = Bench(width: 320, height: 240)
        let outer = bench.add(View(frame: Rect(x: 0, y: 0, width: 200, height: 100)))
        let inner = bench.add(View(frame: Rect(x: 0, y: 0, width: 50, height: 50)), to: outer)
        #expect(inner.effectiveUserInterfaceLayoutDirection == .leftToRight)
        outer.semanticContentAttribute = .forceRightToLeft
        #expect(inner.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        inner.semanticContentAttribute = .playback
        #expect(inner.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }

    @Test("a horizontal stack view lines its views up from the right edge right to left")
    func stackRow() {
        let bench = rightToLeftBench()
        let first = Block(40, 20)
        let second = Block(60, 20)
        let stack = bench.add(StackView(arrangedSubviews: [first, second], frame: Rect(x: 0, y: 0, width: 200, height: 20)))
        stack.spacing = 10
        bench.app.runOnce()
        #expect(first.frame == Rect(x: 160, y: 0, width: 40, height: 20))
        #expect(second.frame == Rect(x: 0, y: 0, width: 150, height: 20))
    }

    @Test("a vertical stack view's leading alignment is its right edge right to left")
    func stackColumnLeading() {
        let bench = rightToLeftBench()
        let block = Block(40, 20)
        let stack = bench.add(StackView(arrangedSubviews: [block], frame: Rect(x: 0, y: 0, width: 200, height: 100)))
        stack.axis = .vertical
        stack.alignment = .leading
        bench.app.runOnce()
        #expect(block.frame.minX == 160)
    }

    @Test("a subtree set to force left to right keeps its stack views left to right in a right-to-left window")
    func optOut() {
        let bench = rightToLeftBench()
        let block = Block(40, 20)
        let stack = bench.add(StackView(arrangedSubviews: [block, Block(40, 20)], frame: Rect(x: 0, y: 0, width: 200, height: 20)))
        stack.semanticContentAttribute = .forceLeftToRight
        bench.app.runOnce()
        #expect(block.frame.minX == 0)
    }

    @Test("a slider right to left has its minimum at the right: a touch near the right end sets a value near the minimum")
    func sliderMirrors() {
        let bench = rightToLeftBench()
        let slider = bench.add(Slider(frame: Rect(x: 10, y: 100, width: 300, height: 40)))
        slider.value = 0.5
        bench.app.runOnce()
        bench.down(160, 120)
        bench.move(250, 120)
        bench.move(300, 120)
        bench.up()
        #expect(slider.value < 0.05)
        #expect(slider.thumbRect.midX > 280)
    }

    @Test("a segmented control right to left puts its first segment at the right, and a tap there selects it")
    func segmentsMirror() {
        let bench = rightToLeftBench()
        let control = bench.add(SegmentedControl(items: ["One", "Two", "Three"]))
        control.frame = Rect(x: 10, y: 10, width: 300, height: 32)
        control.selectedSegmentIndex = 2
        #expect(control.frameForSegment(at: 0).minX == 200)
        bench.tap(290, 26)
        #expect(control.selectedSegmentIndex == 0)
    }

    @Test("a tab bar right to left puts the first tab at the right")
    func tabsMirror() {
        let bench = rightToLeftBench()
        let first = ViewController()
        first.title = "First"
        let second = ViewController()
        second.title = "Second"
        let tabs = TabBarController(viewControllers: [first, second])
        bench.window.rootViewController = tabs
        bench.app.runOnce()
        bench.tap(300, 220)
        #expect(tabs.selectedIndex == 0)
        bench.tap(20, 220)
        #expect(tabs.selectedIndex == 1)
    }

    @Test("the navigation bar right to left puts the back button at the right")
    func backButtonAtRight() {
        let log = Log()
        let (bench, navigation, _) = navigationBench(ScreenController("A", log))
        bench.window.semanticContentAttribute = .forceRightToLeft
        navigation.pushViewController(ScreenController("B", log), animated: false)
        bench.app.runOnce()
        let back = navigation.navigationBar.backButton
        #expect(!back.isHidden)
        #expect(back.frame.maxX > 300)
    }

    @Test("a swipe from the right edge pops the top screen right to left")
    func swipeBackFromTheRight() {
        let log = Log()
        let (bench, navigation, _) = navigationBench(ScreenController("A", log))
        bench.window.semanticContentAttribute = .forceRightToLeft
        navigation.pushViewController(ScreenController("B", log), animated: false)
        bench.app.runOnce()
        bench.down(317, 120)
        bench.move(200, 120)
        bench.move(60, 120)
        bench.up()
        bench.frames(milliseconds: 400)
        #expect(navigation.viewControllers.count == 1)
    }

    @Test("a swipe from the left edge does not pop right to left")
    func noSwipeBackFromTheLeft() {
        let log = Log()
        let (bench, navigation, _) = navigationBench(ScreenController("A", log))
        bench.window.semanticContentAttribute = .forceRightToLeft
        navigation.pushViewController(ScreenController("B", log), animated: false)
        bench.app.runOnce()
        bench.edgeDrag(to: 250, flick: true)
        bench.frames(milliseconds: 400)
        #expect(navigation.viewControllers.count == 2)
    }

    @Test("a flipped frame is mirrored across its superview's middle right to left and unchanged left to right")
    func flippedFrames() {
        let bench = Bench(width: 320, height: 240)
        let parent = bench.add(View(frame: Rect(x: 0, y: 0, width: 300, height: 100)))
        let rect = Rect(x: 10, y: 5, width: 100, height: 20)
        #expect(parent.flippedForLayoutDirection(rect) == rect)
        parent.semanticContentAttribute = .forceRightToLeft
        #expect(parent.flippedForLayoutDirection(rect) == Rect(x: 190, y: 5, width: 100, height: 20))
    }
}
