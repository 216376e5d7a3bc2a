import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A 320 × 240 screen whose root is A, drawing into memory.
@MainActor
private func presentationBench() -> (Bench, ScreenController, Log, MemoryFramebuffer) {
    let log = Log()
    let bench = Bench(width: 320, height: 240)
    let framebuffer = MemoryFramebuffer(width: 320, height: 240, format: .xrgb8888)
    bench.app.display = Display(framebuffer: framebuffer)
    let a = ScreenController("A", log, color: Color(rgb: 0xDDEEFF))
    bench.window.rootViewController = a
    bench.app.runOnce()
    log.clear()
    return (bench, a, log, framebuffer)
}

/// B, a page sheet (modal in presentation when asked), presented by `a` without animation.
@MainActor
private func presentSheet(from a: ViewController, _ log: Log, modal: Bool = false) -> ScreenController {
    let b = ScreenController("B", log)
    b.modalPresentationStyle = .pageSheet
    b.isModalInPresentation = modal
    a.present(b, animated: false)
    return b
}

@Suite("Presentation: full screen, sheets and dismissal")
@MainActor
struct PresentationTests {
    @Test("an animated full-screen presentation: A will disappear, B will appear, the dids and the completion after 0.4 s")
    func animatedFullScreen() {
        let (bench, a, log, _) = presentationBench()
        var completed = 0
        a.present(ScreenController("B", log), animated: true) { completed += 1 }
        #expect(log.entries == ["B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear"])
        bench.frames(milliseconds: 380)
        #expect(completed == 0)
        bench.frames(milliseconds: 40)
        #expect(log.entries.suffix(2) == ["A.viewDidDisappear", "B.viewDidAppear"])
        #expect(completed == 1)
    }

    @Test("an animated dismissal: B will disappear, A will appear, then the dids and the completion")
    func animatedDismissal() {
        let (bench, a, log, _) = presentationBench()
        a.present(ScreenController("B", log), animated: false)
        log.clear()
        var completed = 0
        a.dismiss(animated: true) { completed += 1 }
        #expect(log.entries == ["B.viewWillDisappear", "A.viewWillAppear"])
        bench.frames(milliseconds: 420)
        #expect(log.entries == ["B.viewWillDisappear", "A.viewWillAppear", "B.viewDidDisappear", "A.viewDidAppear"])
        #expect(completed == 1)
        #expect(a.presentedViewController == nil)
    }

    @Test("a sheet's presenter stays on screen and hears no appearance callbacks, as in UIKit")
    func sheetLeavesPresenterAlone() {
        let (bench, a, log, _) = presentationBench()
        let b = ScreenController("B", log)
        b.modalPresentationStyle = .pageSheet
        a.present(b, animated: true)
        bench.frames(milliseconds: 420)
        a.dismiss(animated: true)
        bench.frames(milliseconds: 420)
        #expect(log.entries == ["B.viewDidLoad", "B.viewWillAppear", "B.viewDidAppear", "B.viewWillDisappear", "B.viewDidDisappear"])
    }

    @Test("a tap on a sheet's backdrop dismisses it")
    func backdropTapDismisses() {
        let (bench, a, log, _) = presentationBench()
        _ = presentSheet(from: a, log)
        bench.tap(160, 20)
        bench.frames(milliseconds: 420)
        #expect(a.presentedViewController == nil)
    }

    @Test("a tap on the backdrop of a sheet that is modal in presentation leaves it up")
    func modalSheetStays() {
        let (bench, a, log, _) = presentationBench()
        let b = presentSheet(from: a, log, modal: true)
        bench.tap(160, 20)
        bench.frames(milliseconds: 420)
        #expect(a.presentedViewController === b)
    }

    @Test("a tap on the sheet's card does not dismiss it")
    func cardTapStays() {
        let (bench, a, log, _) = presentationBench()
        let b = presentSheet(from: a, log)
        bench.tap(160, 200)
        bench.frames(milliseconds: 420)
        #expect(a.presentedViewController === b)
    }

    @Test("a sheet swiped down past a third of its height is dismissed")
    func swipeDismisses() {
        let (bench, a, log, _) = presentationBench()
        _ = presentSheet(from: a, log)
        log.clear()
        bench.down(160, 90)
        bench.move(160, 130)
        bench.move(160, 170)
        bench.move(160, 171)
        bench.up()
        bench.frames(milliseconds: 420)
        #expect(a.presentedViewController == nil)
        #expect(log.entries == ["B.viewWillDisappear", "B.viewDidDisappear"])
    }

    @Test("an upward drag on a sheet's content reaches the content and does not start a dismissal")
    func upwardDragReachesContent() {
        let (bench, a, log, _) = presentationBench()
        let b = presentSheet(from: a, log)
        let probe = LoggingView("probe", log, frame: Rect(x: 0, y: 30, width: 240, height: 100))
        b.view.addSubview(probe)
        bench.app.runOnce()
        log.clear()
        bench.down(160, 200)
        bench.move(160, 180)
        bench.move(160, 150)
        bench.up()
        #expect(!log.entries.contains { $0.hasPrefix("probe.cancelled") })
        #expect(log.entries.contains { $0.hasPrefix("probe.ended") })
        #expect(a.presentedViewController === b)
    }

    @Test("a sheet swiped down a little and let go slides back and hears that it appears again")
    func swipeCancelled() {
        let (bench, a, log, _) = presentationBench()
        let b = presentSheet(from: a, log)
        log.clear()
        bench.down(160, 90)
        bench.move(160, 110)
        bench.move(160, 111)
        bench.up()
        bench.frames(milliseconds: 420)
        #expect(a.presentedViewController === b)
        #expect(log.entries == ["B.viewWillDisappear", "B.viewWillAppear", "B.viewDidAppear"])
    }

    @Test("a presented controller presents another over itself, and dismissing from the bottom takes both away")
    func presentOverPresented() {
        let (bench, a, log, _) = presentationBench()
        let b = ScreenController("B", log)
        let c = ScreenController("C", log)
        c.modalPresentationStyle = .pageSheet
        a.present(b, animated: true)
        bench.frames(milliseconds: 420)
        b.present(c, animated: true)
        bench.frames(milliseconds: 420)
        #expect(b.presentedViewController === c)
        #expect(c.presentingViewController === b)
        log.clear()
        a.dismiss(animated: true)
        bench.frames(milliseconds: 420)
        #expect(a.presentedViewController == nil)
        #expect(b.presentedViewController == nil)
        #expect(
            log.entries == ["C.viewWillDisappear", "C.viewDidDisappear", "B.viewWillDisappear", "A.viewWillAppear", "B.viewDidDisappear", "A.viewDidAppear"])
    }

    @Test("presenting from a screen inside a navigation controller presents from the navigation controller")
    func presentsFromOutermost() {
        let log = Log()
        let a = ScreenController("A", log)
        let (bench, navigation, _) = navigationBench(a)
        let b = ScreenController("B", log)
        a.present(b, animated: false)
        #expect(b.presentingViewController === navigation)
        #expect(navigation.presentedViewController === b)
        withExtendedLifetime(bench) {}
    }

    @Test("dismissing when nothing is presented is reported once and ignored")
    func dismissNothing() {
        let (bench, a, _, _) = presentationBench()
        let warnings = usageWarnings { a.dismiss(animated: true) }
        #expect(warnings.count == 1)
        withExtendedLifetime(bench) {}
    }

    @Test("presenting while a presentation runs is reported and ignored")
    func presentDuringPresentation() {
        let (bench, a, log, _) = presentationBench()
        let b = ScreenController("B", log)
        a.present(b, animated: true)
        let warnings = usageWarnings {
            a.present(ScreenController("C", log), animated: true)
            b.present(ScreenController("D", log), animated: true)
            a.dismiss(animated: true)
        }
        #expect(warnings.count == 3)
        bench.frames(milliseconds: 420)
        #expect(a.presentedViewController === b)
        #expect(b.presentedViewController == nil)
    }

    @Test("presenting while a navigation push runs is reported and ignored")
    func presentDuringPush() {
        let log = Log()
        let (bench, navigation, _) = navigationBench(ScreenController("A", log))
        navigation.pushViewController(ScreenController("B", log), animated: true)
        let warnings = usageWarnings { navigation.present(ScreenController("C", log), animated: true) }
        #expect(warnings.count == 1)
        bench.frames(milliseconds: 420)
        #expect(navigation.presentedViewController == nil)
    }

    @Test("a dismissed controller is freed with its view and its sheet")
    func dismissedIsFreed() {
        let (bench, a, log, _) = presentationBench()
        weak var controller: ScreenController?
        weak var view: View?
        do {
            let b = ScreenController("B", log)
            b.modalPresentationStyle = .pageSheet
            controller = b
            view = b.view
            a.present(b, animated: true)
        }
        bench.frames(milliseconds: 420)
        a.dismiss(animated: true)
        bench.frames(milliseconds: 420)
        #expect(controller == nil)
        #expect(view == nil)
    }

    @Test("a sheet half up shows the dimmed screen and the card rising")
    func sheetHalfUp() throws {
        let (bench, a, log, framebuffer) = presentationBench()
        let b = ScreenController("B", log)
        b.modalPresentationStyle = .pageSheet
        a.present(b, animated: true)
        bench.frames(milliseconds: 200)
        // Half way: the screen above the card darkened, the card's top in the lower half.
        let dimmed = framebuffer.bitmap.color(x: 300, y: 10)
        #expect(dimmed.red < 0xDD && dimmed.red > 0x80)
        #expect(framebuffer.bitmap.color(x: 260, y: 235) == .white)
        #expect(framebuffer.bitmap.color(x: 260, y: 100) != .white)
        bench.frames(milliseconds: 300)
        #expect(framebuffer.bitmap.color(x: 260, y: 100) == .white)
    }
}
