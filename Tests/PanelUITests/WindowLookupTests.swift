import PanelBench
import PanelCore
import PanelUI
import Testing

@Suite("A window finds what it shows by label and identifier")
@MainActor
struct WindowLookupTests {
    @Test("a label finds the button titled so and the segment titled so, with their frames on the window")
    func viewsAndParts() {
        let bench = Bench(width: 400, height: 300)
        let button = Button(frame: Rect(x: 10, y: 10, width: 100, height: 44))
        button.setTitle("Week", for: .normal)
        let segments = SegmentedControl(items: ["Day", "Week"], frame: Rect(x: 10, y: 100, width: 200, height: 32))
        bench.add(button)
        bench.add(segments)
        let found = bench.window.elements(labelled: "Week")
        #expect(found.count == 2)
        #expect(found.first?.view === button)
        #expect(found.last?.view === segments)
        #expect(found.last?.frame.minX == 10 + segments.frameForSegment(at: 1).minX)
    }

    @Test("a hidden view is not found, nor anything in it")
    func hiddenLeftOut() {
        let bench = Bench(width: 400, height: 300)
        let panel = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let button = Button(frame: Rect(x: 10, y: 10, width: 100, height: 44))
        button.setTitle("Go", for: .normal)
        panel.addSubview(button)
        bench.add(panel)
        panel.isHidden = true
        #expect(bench.window.elements(labelled: "Go").isEmpty)
    }

    @Test("while an alert is up, only what is in it is found")
    func modalOnly() {
        let bench = Bench(width: 400, height: 300)
        let behind = Button(frame: Rect(x: 10, y: 10, width: 100, height: 44))
        behind.setTitle("OK", for: .normal)
        behind.accessibilityIdentifier = "behind"
        bench.add(behind)
        let alert = AlertController(title: "Done", message: nil)
        alert.addAction(AlertAction(title: "OK"))
        bench.present(alert)
        bench.animate(milliseconds: 300)
        #expect(bench.window.elements(labelled: "OK").count == 1)
        #expect(bench.window.views(identifiedBy: "behind").isEmpty)
    }
}
