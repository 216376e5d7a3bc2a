import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

@Suite("Sheets: their width on small panels, and UIKit's medium and large detents")
@MainActor
struct SheetDetentTests {
    /// A bench `width` × `height` whose root presents a page sheet at once; returns the card's
    /// view (the presented controller's view's superview) with the rest.
    private func sheet(
        width: Double, height: Double, detents: [SheetPresentationController.Detent] = []
    ) -> (Bench, root: ViewController, sheet: ViewController) {
        let bench = Bench(width: width, height: height)
        let root = ViewController()
        bench.window.rootViewController = root
        let sheet = ViewController()
        sheet.modalPresentationStyle = .pageSheet
        sheet.sheetPresentationController?.detents = detents
        root.present(sheet, animated: false)
        bench.app.runOnce()
        return (bench, root, sheet)
    }

    private func card(_ sheet: ViewController) -> Rect { sheet.view.superview?.frame ?? .zero }

    @Test("on a landscape panel narrower than 480 points a sheet takes the full width")
    func fullWidthOnSmallPanels() {
        let (_, _, sheet) = sheet(width: 320, height: 240)
        #expect(card(sheet).width == 320)
        #expect(card(sheet).minX == 0)
    }

    @Test("on a landscape panel 480 points or wider a sheet is a centred card 80 points narrower, at most 640")
    func centredCardOnWidePanels() {
        let (_, _, sheet) = sheet(width: 800, height: 480)
        #expect(card(sheet).width == 640)
        #expect(card(sheet).minX == 80)
    }

    @Test("a sheet with medium and large detents rests at medium, half the window tall")
    func restsAtMedium() {
        let (_, _, sheet) = sheet(width: 800, height: 480, detents: [.medium(), .large()])
        #expect(card(sheet).minY == 240)
    }

    @Test("a swipe up moves a medium sheet to large, and a swipe down brings it back to medium")
    func swipeBetweenDetents() {
        let (bench, root, sheet) = sheet(width: 800, height: 480, detents: [.medium(), .large()])
        bench.down(400, 250)
        for y in stride(from: 240.0, through: 60, by: -30) { bench.move(400, y) }
        bench.up()
        bench.frames(milliseconds: 400)
        #expect(sheet.sheetPresentationController?.selectedDetentIdentifier == .large)
        #expect(card(sheet).minY == 20)
        bench.down(400, 30)
        for y in stride(from: 60.0, through: 260, by: 40) { bench.move(400, y) }
        bench.up()
        bench.frames(milliseconds: 400)
        #expect(sheet.sheetPresentationController?.selectedDetentIdentifier == .medium)
        #expect(card(sheet).minY == 240)
        #expect(root.presentedViewController === sheet)
    }

    @Test("a swipe down on a sheet at its smallest detent dismisses it")
    func swipeDownFromSmallestDismisses() {
        let (bench, root, _) = sheet(width: 800, height: 480, detents: [.medium(), .large()])
        bench.down(400, 250)
        for y in stride(from: 280.0, through: 460, by: 30) { bench.move(400, y) }
        bench.up()
        bench.frames(milliseconds: 500)
        #expect(root.presentedViewController == nil)
    }

    @Test("choosing a detent in code moves the card there")
    func selectDetentInCode() {
        let (bench, _, sheet) = sheet(width: 800, height: 480, detents: [.medium(), .large()])
        sheet.sheetPresentationController?.selectedDetentIdentifier = .large
        bench.frames(milliseconds: 400)
        #expect(card(sheet).minY == 20)
    }

    @Test("only a page sheet has a sheet presentation controller")
    func onlyPageSheets() {
        let controller = ViewController()
        #expect(controller.sheetPresentationController == nil)
        controller.modalPresentationStyle = .pageSheet
        #expect(controller.sheetPresentationController != nil)
    }
}
