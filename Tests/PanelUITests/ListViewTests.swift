import PanelBench
import PanelCore
import PanelUI
import Testing

/// A data source of `count` rows titled "Row N", counting the cells it is handed, and a
/// delegate logging selections (and giving per-row heights when asked to).
@MainActor
final class NumberedRows: ListDataSource, ListDelegate {
    var count: Int
    var heights: ((Int) -> Double)?
    var selected: [Int] = []
    var cellsMade = Set<ObjectIdentifier>()
    init(count: Int) { self.count = count }

    func numberOfRows(in list: ListView) -> Int { count }
    func list(_ list: ListView, cellForRowAt row: Int) -> ListCell {
        let cell = list.dequeueReusableCell(withIdentifier: "row", for: row)
        cell.textLabel.text = "Row \(row)"
        cellsMade.insert(ObjectIdentifier(cell))
        return cell
    }
    func list(_ list: ListView, heightForRowAt row: Int) -> Double? { heights?(row) }
    func list(_ list: ListView, didSelectRowAt row: Int) { selected.append(row) }
}

@MainActor
func listBench(rows: Int, heights: ((Int) -> Double)? = nil) -> (Bench, ListView, NumberedRows) {
    let bench = Bench()
    let list = ListView(frame: Rect(x: 0, y: 0, width: 800, height: 480))
    let rowsSource = NumberedRows(count: rows)
    rowsSource.heights = heights
    bench.add(list)
    list.listDelegate = rowsSource
    list.dataSource = rowsSource
    bench.app.layoutIfNeeded()
    return (bench, list, rowsSource)
}

@Suite("List: rows on reused cells, selection, a million rows")
@MainActor
struct ListViewTests {
    @Test("only the rows in view have cells: 11 of 44-point rows in 480 points")
    func onlyVisibleRowsHaveCells() {
        let (_, list, rows) = listBench(rows: 1000)
        defer { withExtendedLifetime(rows) {} }  // the list holds its data source weakly
        #expect(list.visibleCells.map(\.row) == Array(0 ... 10))
    }

    @Test("the content is as tall as the rows")
    func contentHeightIsTheRows() {
        let (_, list, rows) = listBench(rows: 1_000_000)
        defer { withExtendedLifetime(rows) {} }  // the list holds its data source weakly
        #expect(list.contentSize.height == 44_000_000)
    }

    @Test("scrolling a thousand rows reuses a screenful of cells")
    func scrollingReusesCells() {
        let (bench, list, rows) = listBench(rows: 1_000_000)
        defer { withExtendedLifetime(rows) {} }  // the list holds its data source weakly
        for step in 1 ... 1000 {
            list.contentOffset = Point(x: 0, y: Double(step) * 44)
            bench.app.layoutIfNeeded()
        }
        #expect(list.visibleCells.first?.row == 1000)
        #expect(rows.cellsMade.count <= 13)
    }

    @Test("a cell shows the row it is on after reuse")
    func reusedCellShowsItsRow() {
        let (bench, list, rows) = listBench(rows: 1000)
        defer { withExtendedLifetime(rows) {} }  // the list holds its data source weakly
        list.contentOffset = Point(x: 0, y: 44 * 500)
        bench.app.layoutIfNeeded()
        #expect(list.cellForRow(at: 503)?.textLabel.text == "Row 503")
    }

    @Test("a tap on a row selects it and tells the delegate")
    func tapSelectsTheRow() {
        let (bench, list, rows) = listBench(rows: 100)
        defer { withExtendedLifetime(rows) {} }  // the list holds its data source weakly
        bench.tap(400, 44 * 3 + 20)
        #expect(rows.selected == [3])
        #expect(list.cellForRow(at: 3)?.isSelected == true)
    }

    @Test("a flick over the rows selects nothing")
    func flickSelectsNothing() {
        let (bench, _, rows) = listBench(rows: 100)
        defer { withExtendedLifetime(rows) {} }  // the list holds its data source weakly
        bench.drag(fromY: 400, toY: 100)
        #expect(rows.selected.isEmpty)
    }

    @Test("a finger resting on a row highlights it")
    func restingFingerHighlightsTheRow() {
        let (bench, list, rows) = listBench(rows: 100)
        defer { withExtendedLifetime(rows) {} }  // the list holds its data source weakly
        bench.down(400, 44 * 2 + 20)
        bench.run(milliseconds: 200)
        #expect(list.cellForRow(at: 2)?.isHighlighted == true)
    }

    @Test("reloadData picks up a new row count")
    func reloadPicksUpTheCount() {
        let (bench, list, rows) = listBench(rows: 100)
        defer { withExtendedLifetime(rows) {} }  // the list holds its data source weakly
        rows.count = 3
        list.reloadData()
        bench.app.layoutIfNeeded()
        #expect(list.visibleCells.map(\.row) == [0, 1, 2])
    }

    @Test("rows of their own heights lie one under the other")
    func perRowHeights() {
        let (_, list, rows) = listBench(rows: 100) { row in row % 2 == 0 ? 30 : 60 }
        defer { withExtendedLifetime(rows) {} }  // the list holds its data source weakly
        #expect(list.rect(forRow: 3) == Rect(x: 0, y: 120, width: 800, height: 60))
        #expect(list.contentSize.height == 50 * 30 + 50 * 60)
    }

    @Test("the row at a point is found with rows of their own heights")
    func rowAtPointWithHeights() {
        let (_, list, rows) = listBench(rows: 100) { row in row % 2 == 0 ? 30 : 60 }
        defer { withExtendedLifetime(rows) {} }  // the list holds its data source weakly
        #expect(list.row(at: Point(x: 10, y: 125)) == 3)
    }

    @Test("an absurd content offset shows the last rows, not a trap")
    func absurdOffsetIsClamped() {
        let (bench, list, rows) = listBench(rows: 1000)
        defer { withExtendedLifetime(rows) {} }  // the list holds its data source weakly
        list.contentOffset = Point(x: 0, y: 1e300)
        bench.app.layoutIfNeeded()
        #expect(list.visibleCells.map(\.row) == [999])
    }

    @Test("NaN, infinite and negative row heights from the delegate count as zero", arguments: [Double.nan, .infinity, -40])
    func absurdRowHeightsCountAsZero(height: Double) {
        let (_, list, rows) = listBench(rows: 10) { row in row == 0 ? 44 : height }
        defer { withExtendedLifetime(rows) {} }  // the list holds its data source weakly
        #expect(list.contentSize.height == 44)
    }
}
