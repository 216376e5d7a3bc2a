import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

@Suite("Dropdown: a button that opens its list, anchored, scrolling, dismissed outside")
@MainActor
struct DropdownTests {
    func dropdown(_ bench: Bench, items: [String], y: Double = 20) -> (Dropdown, ChangeLog) {
        let dropdown = bench.add(Dropdown(items: items, frame: Rect(x: 20, y: y, width: 220, height: 44)))
        let log = ChangeLog()
        dropdown.addAction(.closure("changed") { _, _ in log.count += 1 }, for: .valueChanged)
        return (dropdown, log)
    }

    func openList(of dropdown: Dropdown, in bench: Bench) -> ListView? {
        bench.window.subviews.last?.subviews.first as? ListView
    }

    func settle(_ bench: Bench) {
        bench.clock.advance(by: .milliseconds(300))
        bench.app.runOnce()
    }

    @Test("a tap opens the list below the button, as tall as its items up to six rows")
    func opensBelow() throws {
        let bench = Bench(width: 400, height: 480)
        let (dropdown, _) = dropdown(bench, items: ["Oslo", "Bergen", "Trondheim"])
        bench.tap(100, 42)
        #expect(dropdown.isOpen)
        let list = try #require(openList(of: dropdown, in: bench))
        #expect(list.frame.minY == 68)
        #expect(list.frame.height == 3 * 44)
    }

    @Test("a tap on an item chooses it, sends valueChanged and closes the list")
    func choosing() {
        let bench = Bench(width: 400, height: 480)
        let (dropdown, log) = dropdown(bench, items: ["Oslo", "Bergen", "Trondheim"])
        bench.tap(100, 42)
        bench.app.layoutIfNeeded()
        bench.tap(100, 68 + 44 + 22)
        settle(bench)
        #expect(dropdown.selectedIndex == 1)
        #expect(log.count == 1)
        #expect(!dropdown.isOpen)
    }

    @Test("a tap outside the list closes it without a change")
    func tapOutside() {
        let bench = Bench(width: 400, height: 480)
        let (dropdown, log) = dropdown(bench, items: ["Oslo", "Bergen"])
        bench.tap(100, 42)
        bench.tap(350, 400)
        #expect(!dropdown.isOpen)
        #expect(dropdown.selectedIndex == nil)
        #expect(log.count == 0)
    }

    @Test("near the bottom of the window the list opens above the button")
    func opensAbove() throws {
        let bench = Bench(width: 400, height: 480)
        let (dropdown, _) = dropdown(bench, items: (1 ... 20).map { "Stop \($0)" }, y: 400)
        bench.tap(100, 422)
        let list = try #require(openList(of: dropdown, in: bench))
        #expect(list.frame.maxY == 396)
        #expect(list.frame.height == 6 * 44)
    }

    @Test("ten thousand items scroll on a screenful of reused rows")
    func manyItems() throws {
        let bench = Bench(width: 400, height: 480)
        let (dropdown, _) = dropdown(bench, items: (0 ..< 10_000).map { "Destination \($0)" })
        bench.tap(100, 42)
        let list = try #require(openList(of: dropdown, in: bench))
        for step in 1 ... 100 {
            list.contentOffset = Point(x: 0, y: Double(step) * 4000)
            bench.app.layoutIfNeeded()
        }
        #expect(list.visibleCells.count <= 8)
        #expect(list.visibleCells.last?.textLabel.text == "Destination \(list.visibleCells.last!.row)")
    }

    @Test("opened by select when focused: down twice and select choose the third item")
    func keys() {
        let bench = Bench(width: 400, height: 480)
        let (dropdown, log) = dropdown(bench, items: ["A", "B", "C", "D"])
        bench.window.setFocus(dropdown)
        press(bench.app, .select)
        #expect(dropdown.isOpen)
        press(bench.app, .downArrow)
        press(bench.app, .downArrow)
        press(bench.app, .downArrow)
        press(bench.app, .select)
        #expect(dropdown.selectedIndex == 2)
        #expect(log.count == 1)
        #expect(!dropdown.isOpen)
    }

    @Test("an index outside the items chooses none, and an empty dropdown does not open")
    func bounds() {
        let bench = Bench(width: 400, height: 480)
        let (dropdown, _) = dropdown(bench, items: [])
        dropdown.selectedIndex = 3
        #expect(dropdown.selectedIndex == nil)
        bench.tap(100, 42)
        #expect(!dropdown.isOpen)
    }

    @Test("a dropdown closed with its choice, and one open over the screen", arguments: goldenFormats.map(\.name))
    func golden(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let bench = Bench(width: 500, height: 300)
        let framebuffer = MemoryFramebuffer(width: 500, height: 300, format: format)
        bench.app.display = Display(framebuffer: framebuffer)
        bench.window.backgroundColor = Color(rgb: 0xF2F2F7)
        bench.add(Dropdown(items: ["Recipe A", "Recipe B"], selectedIndex: 1, frame: Rect(x: 20, y: 20, width: 200, height: 44)))
        let open = bench.add(Dropdown(items: (1 ... 12).map { "Line \($0)" }, selectedIndex: 2, frame: Rect(x: 260, y: 20, width: 200, height: 44)))
        bench.app.runOnce()
        open.open()
        bench.app.runOnce()
        try GoldenImage.check("dropdown-\(formatName)", framebuffer)
    }
}
