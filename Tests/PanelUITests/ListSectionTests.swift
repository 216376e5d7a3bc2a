import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// Alarms grouped by severity: sections of their own sizes with titles, notes and an index.
@MainActor
final class AlarmSections: ListDataSource, ListDelegate {
    var counts: [Int]
    var titles: [String]
    var index: [String]?
    var selected: [IndexPath] = []
    init(counts: [Int], titles: [String]? = nil, index: [String]? = nil) {
        self.counts = counts
        self.titles = titles ?? counts.indices.map { "Section \($0)" }
        self.index = index
    }
    func numberOfSections(in list: ListView) -> Int { counts.count }
    func list(_ list: ListView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func list(_ list: ListView, cellForRowAt indexPath: IndexPath) -> ListCell {
        let cell = list.dequeueReusableCell(withIdentifier: "alarm", for: indexPath)
        cell.textLabel.text = "Alarm \(indexPath.section).\(indexPath.row)"
        return cell
    }
    func list(_ list: ListView, titleForHeaderInSection section: Int) -> String? { titles[section] }
    func list(_ list: ListView, titleForFooterInSection section: Int) -> String? { section == 0 ? "Acknowledge to silence." : nil }
    func sectionIndexTitles(for list: ListView) -> [String]? { index }
    func list(_ list: ListView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
}

@MainActor
func sectionBench(_ source: AlarmSections, style: ListView.Style = .plain, height: Double = 480) -> (Bench, ListView) {
    let bench = Bench(width: 400, height: height)
    let list = ListView(frame: Rect(x: 0, y: 0, width: 400, height: height), style: style)
    bench.add(list)
    list.listDelegate = source
    list.dataSource = source
    bench.app.layoutIfNeeded()
    return (bench, list)
}

@Suite("List sections: titles, notes, pinned headers, grouped cards and an index")
@MainActor
struct ListSectionTests {
    @Test("a plain list's content is its titles, rows and notes end to end")
    func contentHeight() {
        let source = AlarmSections(counts: [2, 3])
        let (_, list) = sectionBench(source)
        // Titles 28 each, rows 44 each, one note of 28.
        #expect(list.contentSize.height == 28 + 88 + 28 + 28 + 132)
        #expect(list.numberOfSections == 2 && list.numberOfRows == 5)
    }

    @Test("the row at a point is found in its section")
    func indexPathAtPoint() {
        let source = AlarmSections(counts: [2, 3])
        let (_, list) = sectionBench(source)
        #expect(list.indexPathForRow(at: Point(x: 10, y: 30)) == IndexPath(row: 0, section: 0))
        #expect(list.indexPathForRow(at: Point(x: 10, y: 10)) == nil)
        #expect(list.indexPathForRow(at: Point(x: 10, y: 28 + 88 + 28 + 28 + 50)) == IndexPath(row: 1, section: 1))
    }

    @Test("a plain list's section title stays pinned at the top while its rows scroll under it")
    func pinnedHeader() {
        let source = AlarmSections(counts: [30, 30])
        let (bench, list) = sectionBench(source)
        list.contentOffset = Point(x: 0, y: 300)
        bench.app.layoutIfNeeded()
        let header = list.subviews.compactMap { $0 as? ListHeaderFooterView }.first { !$0.isHidden && $0.section == 0 && !$0.isFooter }
        #expect(header?.frame.minY == 300)
    }

    @Test("the next section's title pushes the pinned one up")
    func pinnedHeaderPushed() {
        let source = AlarmSections(counts: [10, 10])
        let (bench, list) = sectionBench(source)
        // Section 0 ends at 28 + 440 + 28 = 496; its title is pushed up 10 points at 478.
        list.contentOffset = Point(x: 0, y: 478)
        bench.app.layoutIfNeeded()
        let header = list.subviews.compactMap { $0 as? ListHeaderFooterView }.first { !$0.isHidden && $0.section == 0 && !$0.isFooter }
        #expect(header?.frame.minY == 468.0)
    }

    @Test("a grouped list insets its rows, hides the separator under each section's last row and capitalises titles")
    func groupedDress() throws {
        let source = AlarmSections(counts: [2, 1], titles: ["Critical", "Warning"])
        let (_, list) = sectionBench(source, style: .grouped)
        let first = try #require(list.cellForRow(at: IndexPath(row: 0, section: 0)))
        let last = try #require(list.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(first.frame.minX == 16 && first.frame.width == 400 - 32)
        #expect(!first.subviews.contains { $0.frame.height == 1 && $0.isHidden })
        #expect(last.subviews.contains { $0.frame.height == 1 && $0.isHidden })
        let titles = list.subviews.compactMap { $0 as? ListHeaderFooterView }.filter { !$0.isHidden && !$0.isFooter }.map { $0.textLabel.text }
        #expect(titles.contains("CRITICAL"))
    }

    @Test("a tap selects the row at its index path and tells the delegate")
    func selection() throws {
        let source = AlarmSections(counts: [2, 3])
        let (bench, list) = sectionBench(source)
        let cell = try #require(list.cellForRow(at: IndexPath(row: 1, section: 1)))
        let centre = cell.convert(Point(x: 50, y: 20), to: nil)
        bench.tap(centre.x, centre.y)
        bench.clock.advance(by: .milliseconds(300))
        bench.app.runOnce()
        #expect(source.selected == [IndexPath(row: 1, section: 1)])
        #expect(list.indexPathForSelectedRow == IndexPath(row: 1, section: 1))
    }

    @Test("touching a title of the index scrolls to its section")
    func indexJumps() {
        let source = AlarmSections(counts: Array(repeating: 8, count: 26), index: (0 ..< 26).map { String(UnicodeScalar(65 + $0)!) })
        let (bench, list) = sectionBench(source)
        // The index runs from y 8 to 472: 26 titles of about 17.8 points. "K" is the 11th.
        bench.down(390, 8 + 17.85 * 10.5)
        bench.clock.advance(by: .milliseconds(300))
        bench.app.runOnce()
        bench.up()
        #expect(list.contentOffset.y == list.rect(forSection: 10).minY)
    }

    @Test("sliding along the index moves through the sections and does not scroll the list by its pan")
    func indexSlide() {
        let source = AlarmSections(counts: Array(repeating: 8, count: 26), index: (0 ..< 26).map { String(UnicodeScalar(65 + $0)!) })
        let (bench, list) = sectionBench(source)
        bench.down(390, 20)
        for y in stride(from: 40.0, through: 200, by: 20) { bench.move(390, y) }
        bench.up()
        #expect(!list.isDragging)
        #expect(list.contentOffset.y == list.rect(forSection: 10).minY)
    }

    @Test("scrolling a hundred titled sections keeps a screenful of title views")
    func titlesReused() {
        let source = AlarmSections(counts: Array(repeating: 3, count: 100))
        let (bench, list) = sectionBench(source)
        for step in 1 ... 60 {
            list.contentOffset = Point(x: 0, y: Double(step) * 97)
            bench.app.layoutIfNeeded()
        }
        let made = list.subviews.filter { $0 is ListHeaderFooterView }.count
        #expect(made < 12)
    }

    @Test("negative row counts from the data source count as empty sections")
    func negativeCounts() {
        let source = AlarmSections(counts: [-5, 2])
        let (_, list) = sectionBench(source)
        #expect(list.numberOfRows(inSection: 0) == 0)
        #expect(list.numberOfRows == 2)
    }

    @Test("a one-section data source still works through the row-number methods")
    func oneSectionSource() {
        let (_, list, rows) = listBench(rows: 5)
        defer { withExtendedLifetime(rows) {} }
        #expect(list.numberOfSections == 1)
        #expect(list.visibleCells.map(\.indexPath) == (0 ..< 5).map { IndexPath(row: $0, section: 0) })
    }

    @Test("a grouped list of alarms by severity; a plain one pinned mid-scroll with an index", arguments: goldenFormats.map(\.name))
    func golden(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let bench = Bench(width: 640, height: 360)
        let framebuffer = MemoryFramebuffer(width: 640, height: 360, format: format)
        bench.app.display = Display(framebuffer: framebuffer)
        let grouped = AlarmSections(counts: [2, 3, 1], titles: ["Critical", "Warning", "Info"])
        let left = bench.add(ListView(frame: Rect(x: 0, y: 0, width: 320, height: 360), style: .grouped))
        left.listDelegate = grouped
        left.dataSource = grouped
        let plain = AlarmSections(counts: Array(repeating: 4, count: 6), titles: (0 ..< 6).map { "Line \($0 + 1)" }, index: ["1", "2", "3", "4", "5", "6"])
        let right = bench.add(ListView(frame: Rect(x: 320, y: 0, width: 320, height: 360)))
        right.listDelegate = plain
        right.dataSource = plain
        right.contentOffset = Point(x: 0, y: 60)
        bench.app.runOnce()
        try GoldenImage.check("list-sections-\(formatName)", framebuffer)
        withExtendedLifetime((grouped, plain)) {}
    }
}
