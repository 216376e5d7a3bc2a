import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// Numbered tiles, logging selections.
@MainActor
final class NumberedTiles: GridDataSource, GridDelegate {
    var count: Int
    var selected: [Int] = []
    var made = Set<ObjectIdentifier>()
    init(count: Int) { self.count = count }
    func numberOfItems(in grid: GridView) -> Int { count }
    func grid(_ grid: GridView, cellForItemAt index: Int) -> GridCell {
        let cell = grid.dequeueReusableCell(withIdentifier: "tile", for: index)
        cell.textLabel.text = "M\(index)"
        made.insert(ObjectIdentifier(cell))
        return cell
    }
    func grid(_ grid: GridView, didSelectItemAt index: Int) { selected.append(index) }
}

@MainActor
func gridBench(items: Int, width: Double = 800) -> (Bench, GridView, NumberedTiles) {
    let bench = Bench(width: width, height: 480)
    let grid = GridView(frame: Rect(x: 0, y: 0, width: width, height: 480))
    let tiles = NumberedTiles(count: items)
    bench.add(grid)
    grid.gridDelegate = tiles
    grid.dataSource = tiles
    bench.app.layoutIfNeeded()
    return (bench, grid, tiles)
}

@Suite("Grid: items of one size in rows and columns, reused cells, selection")
@MainActor
struct GridViewTests {
    @Test("as many columns fit as the width allows, the spare width shared between them")
    func columns() {
        let (_, grid, tiles) = gridBench(items: 100)
        defer { withExtendedLifetime(tiles) {} }
        // (800 - 24 + 12) / (120 + 12) = 5.97: five columns, 776 - 600 = 176 spread over four gaps.
        #expect(grid.numberOfColumns == 5)
        #expect(grid.rect(forItemAt: 1).minX == 12 + 120 + 44)
        #expect(grid.rect(forItemAt: 4).maxX == 800 - 12)
        #expect(grid.rect(forItemAt: 5).minY == 12 + 132)
    }

    @Test("the content is as tall as the rows with their spacing and insets")
    func contentHeight() {
        let (_, grid, tiles) = gridBench(items: 101)
        defer { withExtendedLifetime(tiles) {} }
        // 21 rows: 12 + 21 × 132 - 12 + 12.
        #expect(grid.contentSize.height == 12 + 21 * 132 - 12 + 12)
    }

    @Test("only the items in view have cells: four rows of five in 480 points")
    func visibleOnly() {
        let (_, grid, tiles) = gridBench(items: 10_000)
        defer { withExtendedLifetime(tiles) {} }
        #expect(grid.visibleCells.map(\.index) == Array(0 ..< 20))
    }

    @Test("scrolling ten thousand items reuses a screenful of cells")
    func reuse() {
        let (bench, grid, tiles) = gridBench(items: 10_000)
        for step in 1 ... 300 {
            grid.contentOffset = Point(x: 0, y: Double(step) * 50)
            bench.app.layoutIfNeeded()
        }
        #expect(tiles.made.count <= 30)
        #expect(grid.visibleCells.first!.index == grid.indexForItem(at: Point(x: 20, y: 15_000 + 20)) ?? -1)
    }

    @Test("the item at a point is found, and the spacing between items is no item")
    func itemAtPoint() {
        let (_, grid, tiles) = gridBench(items: 100)
        defer { withExtendedLifetime(tiles) {} }
        #expect(grid.indexForItem(at: Point(x: 20, y: 20)) == 0)
        #expect(grid.indexForItem(at: Point(x: 140, y: 20)) == nil)
        #expect(grid.indexForItem(at: Point(x: 200, y: 160)) == 6)
        #expect(grid.indexForItem(at: Point(x: .nan, y: 20)) == nil)
    }

    @Test("a tap selects the item and tells the delegate")
    func selection() {
        let (bench, grid, tiles) = gridBench(items: 100)
        bench.tap(200, 160)
        bench.clock.advance(by: .milliseconds(300))
        bench.app.runOnce()
        #expect(tiles.selected == [6])
        #expect(grid.selectedIndex == 6)
    }

    @Test("absurd sizes, spacings and counts lay out without trapping")
    func absurd() {
        let (bench, grid, tiles) = gridBench(items: -4)
        #expect(grid.numberOfItems == 0)
        tiles.count = 1_000_000_000_000
        grid.itemSize = Size(width: .nan, height: -3)
        grid.interitemSpacing = .infinity
        grid.reloadData()
        grid.contentOffset = Point(x: 0, y: 1e300)
        bench.app.layoutIfNeeded()
        #expect(grid.numberOfItems == 100_000_000)
        #expect(grid.numberOfColumns >= 1)
    }

    @Test("a narrower grid takes fewer columns and moves its cells")
    func resize() {
        let (bench, grid, tiles) = gridBench(items: 100)
        defer { withExtendedLifetime(tiles) {} }
        grid.frame = Rect(x: 0, y: 0, width: 400, height: 480)
        bench.app.layoutIfNeeded()
        #expect(grid.numberOfColumns == 2)
        #expect(grid.cellForItem(at: 1)?.frame == grid.rect(forItemAt: 1))
    }

    @Test("a grid of tiles with one selected", arguments: goldenFormats.map(\.name))
    func golden(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let bench = Bench(width: 420, height: 260)
        let framebuffer = MemoryFramebuffer(width: 420, height: 260, format: format)
        bench.app.display = Display(framebuffer: framebuffer)
        let grid = bench.add(GridView(frame: Rect(x: 0, y: 0, width: 420, height: 260)))
        grid.itemSize = Size(width: 90, height: 70)
        let tiles = NumberedTiles(count: 30)
        grid.dataSource = tiles
        grid.selectItem(3)
        bench.app.runOnce()
        try GoldenImage.check("grid-\(formatName)", framebuffer)
        withExtendedLifetime(tiles) {}
    }
}
