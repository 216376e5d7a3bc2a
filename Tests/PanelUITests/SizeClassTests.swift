import PanelBench
import PanelCore
import PanelUI
import Testing

/// A view that records the traits it is told it had.
@MainActor
final class TraitRecordingView: View {
    var previous: [TraitCollection] = []
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection) {
        super.traitCollectionDidChange(previousTraitCollection)
        previous.append(previousTraitCollection)
    }
}

@Suite("Size classes: compact and regular from the window's size, as UIKit derives them")
@MainActor
struct SizeClassTests {
    @Test(
        "each panel size gets the size classes the layout guide documents",
        arguments: [
            (320.0, 240.0, UserInterfaceSizeClass.compact, UserInterfaceSizeClass.compact),
            (480, 272, .compact, .compact), (800, 480, .regular, .compact), (1024, 600, .regular, .regular),
            (1280, 800, .regular, .regular), (720, 1280, .regular, .regular), (480, 800, .compact, .regular),
        ])
    func sizeClassesOfPanels(width: Double, height: Double, horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass) {
        let window = Window(frame: Rect(x: 0, y: 0, width: width, height: height))
        let view = View()
        window.addSubview(view)
        #expect(view.traitCollection.horizontalSizeClass == horizontal)
        #expect(view.traitCollection.verticalSizeClass == vertical)
    }

    @Test("a view outside any window has unspecified size classes")
    func noWindow() {
        #expect(View().traitCollection.horizontalSizeClass == .unspecified)
    }

    @Test("turning the window from landscape to portrait tells its views, with the traits they had")
    func rotationTellsViews() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let view = TraitRecordingView()
        window.addSubview(view)
        window.frame = Rect(x: 0, y: 0, width: 480, height: 800)
        #expect(view.previous.map(\.horizontalSizeClass) == [.regular])
        #expect(view.traitCollection.horizontalSizeClass == .compact)
    }

    @Test("a window resized within one size class tells nobody")
    func sameClassIsQuiet() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let view = TraitRecordingView()
        window.addSubview(view)
        window.frame = Rect(x: 0, y: 0, width: 1024, height: 480)
        #expect(view.previous.isEmpty)
    }

    @Test("a text size change tells every view, and the traits carry the new size")
    func textSizeTellsViews() {
        let bench = Bench(width: 800, height: 480)
        let view = TraitRecordingView()
        bench.add(view)
        bench.app.textSize = 1.5
        #expect(view.previous.map(\.textSize) == [1])
        #expect(view.traitCollection.textSize == 1.5)
    }
}

/// A controller that records the traits it is told its view had.
@MainActor
final class TraitRecordingController: ViewController {
    var previous: [TraitCollection] = []
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection) {
        super.traitCollectionDidChange(previousTraitCollection)
        previous.append(previousTraitCollection)
    }
}

@Suite("Size classes reach view controllers")
@MainActor
struct ControllerTraitTests {
    @Test("turning the window tells the root view's controller, with the traits its view had")
    func controllerHearsRotation() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let controller = TraitRecordingController()
        window.rootViewController = controller
        window.frame = Rect(x: 0, y: 0, width: 480, height: 800)
        #expect(controller.previous.map(\.horizontalSizeClass) == [.regular])
        #expect(controller.traitCollection.horizontalSizeClass == .compact)
    }
}
