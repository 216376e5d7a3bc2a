import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A picker's data: components of numbered rows, and the delegate's log.
@MainActor
final class WheelSource: PickerViewDataSource, PickerViewDelegate {
    var rows: [Int]
    var selections: [(row: Int, component: Int)] = []
    init(rows: [Int]) { self.rows = rows }
    func numberOfComponents(in pickerView: PickerView) -> Int { rows.count }
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { rows[component] }
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { "Row \(row)" }
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        selections.append((row, component))
    }
}

@Suite("PickerView: wheels of rows that glide, snap, loop and announce")
@MainActor
struct PickerTests {
    /// A 300 × 216 picker at the window's origin; rows 36 points, the band at 90…126.
    func picker(_ bench: Bench, rows: [Int], loops: Bool = false) -> (PickerView, WheelSource) {
        let source = WheelSource(rows: rows)
        let picker = bench.add(PickerView(frame: Rect(x: 0, y: 0, width: 300, height: 216)))
        picker.loops = loops
        picker.dataSource = source
        picker.delegate = source
        bench.app.layoutIfNeeded()
        return (picker, source)
    }

    /// A vertical drag at x 150 from `y0` to `y1`, `step` points per 10 ms report.
    func drag(_ bench: Bench, from y0: Double, to y1: Double, step: Double) {
        bench.down(150, y0)
        var y = y0
        let direction: Double = y1 > y0 ? 1 : -1
        while (y1 - y) * direction > 0 {
            y += direction * min(step, abs(y1 - y))
            bench.move(150, y)
        }
        bench.up()
    }

    func wheel(_ picker: PickerView, _ component: Int = 0) -> ScrollView {
        picker.subviews.compactMap { $0 as? ScrollView }[component]
    }

    /// The content offset centres a whole row.
    func restsOnARow(_ scroll: ScrollView) -> Bool {
        let position = (scroll.contentOffset.y + scroll.contentInset.top) / PickerView.defaultRowHeight
        return abs(position - position.rounded()) < 1e-9
    }

    @Test("a flick glides on the scroll physics and comes to rest with a row exactly in the band")
    func flickSnaps() {
        let bench = Bench(width: 300, height: 216)
        let (picker, source) = picker(bench, rows: [300])
        drag(bench, from: 200, to: 20, step: 30)
        let lifted = wheel(picker).contentOffset.y
        bench.run(milliseconds: 6000)
        #expect(wheel(picker).contentOffset.y > lifted + 100)
        #expect(restsOnARow(wheel(picker)))
        let row = picker.selectedRow(inComponent: 0)
        #expect(row > 5)
        #expect(source.selections.count == 1)
        #expect(source.selections.first?.row == row)
    }

    @Test("while a flicked wheel glides, the centred row runs ahead of the selection, and they agree at rest")
    func centredRowWhileMoving() {
        let bench = Bench(width: 300, height: 216)
        let (picker, _) = picker(bench, rows: [300])
        #expect(picker.centeredRow(inComponent: 0) == 0)
        drag(bench, from: 200, to: 20, step: 30)
        bench.run(milliseconds: 100)
        let gliding = picker.centeredRow(inComponent: 0)
        #expect(gliding > 0)
        #expect(picker.selectedRow(inComponent: 0) == 0)
        bench.run(milliseconds: 6000)
        #expect(picker.centeredRow(inComponent: 0) == picker.selectedRow(inComponent: 0))
        #expect(picker.centeredRow(inComponent: 0) > gliding)
        #expect(picker.centeredRow(inComponent: 1) == -1)
    }

    @Test("a slow drag that lifts between rows springs to the nearest row")
    func slowDragSnaps() {
        let bench = Bench(width: 300, height: 216)
        let (picker, _) = picker(bench, rows: [20])
        bench.down(150, 150)
        for y in stride(from: 148.0, through: 98, by: -2) { bench.move(150, y) }
        bench.run(milliseconds: 300)
        bench.up()
        bench.run(milliseconds: 2000)
        #expect(restsOnARow(wheel(picker)))
        #expect(picker.selectedRow(inComponent: 0) == 1)
    }

    @Test("a tap on the row below the band turns the wheel to it and tells the delegate")
    func tapOnRow() {
        let bench = Bench(width: 300, height: 216)
        let (picker, source) = picker(bench, rows: [20])
        let changes = ChangeLog()
        picker.addAction(.closure("changed") { _, _ in changes.count += 1 }, for: .valueChanged)
        bench.tap(150, 108 + 36)
        bench.run(milliseconds: 1500)
        #expect(picker.selectedRow(inComponent: 0) == 1)
        #expect(source.selections.map(\.row) == [1])
        #expect(changes.count == 1)
    }

    @Test("selectRow turns the wheel without telling the delegate, clamped to the rows")
    func selectRowIsQuiet() {
        let bench = Bench(width: 300, height: 216)
        let (picker, source) = picker(bench, rows: [10, 5])
        picker.selectRow(7, inComponent: 0, animated: false)
        picker.selectRow(99, inComponent: 1, animated: false)
        picker.selectRow(-3, inComponent: 5, animated: false)
        #expect(picker.selectedRow(inComponent: 0) == 7)
        #expect(picker.selectedRow(inComponent: 1) == 4)
        #expect(wheel(picker).contentOffset.y == 7 * 36 - 90)
        #expect(source.selections.isEmpty)
    }

    @Test("an empty component selects nothing and its keys and drags do nothing")
    func emptyComponent() {
        let bench = Bench(width: 300, height: 216)
        let (picker, source) = picker(bench, rows: [0, 3])
        #expect(picker.numberOfComponents == 2)
        #expect(picker.selectedRow(inComponent: 0) == -1)
        #expect(picker.selectedRow(inComponent: 1) == 0)
        drag(bench, from: 200, to: 20, step: 30)
        bench.run(milliseconds: 2000)
        #expect(!picker.focusedArrow(.down))
        #expect(picker.selectedRow(inComponent: 0) == -1)
        #expect(source.selections.isEmpty)
    }

    @Test("a looping wheel turns from its last row to its first")
    func loopingWraps() {
        let bench = Bench(width: 300, height: 216)
        let (picker, source) = picker(bench, rows: [10], loops: true)
        picker.selectRow(9, inComponent: 0, animated: false)
        #expect(picker.focusedArrow(.down))
        bench.run(milliseconds: 1500)
        #expect(picker.selectedRow(inComponent: 0) == 0)
        #expect(source.selections.map(\.row) == [0])
        #expect(restsOnARow(wheel(picker)))
    }

    @Test("a looping wheel flicked far comes back to its middle repetition at rest")
    func loopingRecentres() {
        let bench = Bench(width: 300, height: 216)
        let (picker, _) = picker(bench, rows: [12], loops: true)
        let scroll = wheel(picker)
        let middle = scroll.contentOffset.y
        for _ in 0 ..< 3 {
            drag(bench, from: 210, to: 10, step: 40)
            bench.run(milliseconds: 8000)
        }
        #expect(abs(scroll.contentOffset.y - middle) < 12 * 36)
        #expect(restsOnARow(scroll))
    }

    @Test("up and down turn the focused wheel; left and right move between wheels and leave at the ends")
    func keys() {
        let bench = Bench(width: 300, height: 216)
        let (picker, source) = picker(bench, rows: [5, 5])
        #expect(!picker.focusedArrow(.up))
        #expect(picker.focusedArrow(.down))
        bench.run(milliseconds: 1000)
        #expect(picker.focusedArrow(.right))
        #expect(picker.focusedComponent == 1)
        #expect(!picker.focusedArrow(.right))
        picker.adjust(byDetents: 3)
        bench.run(milliseconds: 1000)
        #expect(picker.focusedArrow(.left))
        #expect(!picker.focusedArrow(.left))
        #expect(source.selections.map { [$0.row, $0.component] } == [[1, 0], [3, 1]])
    }

    @Test("a lift asks the scroll delegate where to rest, and the glide ends exactly there")
    func willEndDraggingTarget() {
        final class Snapper: ScrollViewDelegate {
            var proposed: Point?
            func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {
                proposed = targetContentOffset
                targetContentOffset.y = 1000
            }
        }
        let (bench, scroll) = scrollBench(contentHeight: 100_000)
        let snapper = Snapper()
        scroll.delegate = snapper
        bench.drag(fromY: 400, toY: 100, step: 30)
        bench.run(milliseconds: 8000)
        #expect((snapper.proposed?.y ?? 0) > 1000)
        #expect(scroll.contentOffset.y == 1000)
    }

    @Test("three wheels with the band behind the selected rows", arguments: goldenFormats.map(\.name))
    func golden(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let bench = Bench(width: 320, height: 216)
        let framebuffer = MemoryFramebuffer(width: 320, height: 216, format: format)
        bench.app.display = Display(framebuffer: framebuffer)
        bench.window.backgroundColor = .white
        let (picker, source) = picker(bench, rows: [31, 12, 50])
        picker.frame = Rect(x: 10, y: 0, width: 300, height: 216)
        picker.selectRow(14, inComponent: 0, animated: false)
        picker.selectRow(2, inComponent: 2, animated: false)
        bench.app.runOnce()
        withExtendedLifetime(source) {}
        try GoldenImage.check("picker-\(formatName)", framebuffer)
    }
}
