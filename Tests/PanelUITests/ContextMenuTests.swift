import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// Records which menu entries ran.
@MainActor
final class MenuLog {
    var ran: [String] = []
}

@Suite("Context menu: a long press opens actions beside the finger")
@MainActor
struct ContextMenuTests {
    func tile(_ bench: Bench, at origin: Point = Point(x: 40, y: 40)) -> (View, ContextMenu, MenuLog) {
        let tile = bench.add(View(frame: Rect(x: origin.x, y: origin.y, width: 120, height: 90)))
        tile.backgroundColor = .white
        let log = MenuLog()
        let menu = ContextMenu(on: tile) {
            [
                MenuAction(title: "Start") { log.ran.append("Start") },
                MenuAction(title: "Reset counters", isDestructive: true) { log.ran.append("Reset") },
            ]
        }
        return (tile, menu, log)
    }

    func longPress(_ bench: Bench, _ x: Double, _ y: Double) {
        bench.down(x, y)
        bench.clock.advance(by: .milliseconds(600))
        bench.app.runOnce()
        bench.up()
    }

    @Test("a long press opens the menu beside the finger")
    func opens() {
        let bench = Bench(width: 500, height: 400)
        let (_, menu, _) = tile(bench)
        longPress(bench, 80, 80)
        #expect(menu.isOpen)
    }

    @Test("a short tap does not open the menu")
    func tapDoesNotOpen() {
        let bench = Bench(width: 500, height: 400)
        let (_, menu, _) = tile(bench)
        bench.tap(80, 80)
        #expect(!menu.isOpen)
    }

    @Test("a tap on an entry closes the menu and runs the entry once")
    func runsEntry() {
        let bench = Bench(width: 500, height: 400)
        let (_, menu, log) = tile(bench)
        longPress(bench, 80, 80)
        // The card's second entry: 8 right and below the finger, 44 points a row.
        bench.tap(80 + 8 + 100, 80 + 8 + 44 + 22)
        bench.clock.advance(by: .milliseconds(300))
        bench.app.runOnce()
        #expect(log.ran == ["Reset"])
        #expect(!menu.isOpen)
    }

    @Test("a tap outside the menu closes it and runs nothing")
    func tapOutside() {
        let bench = Bench(width: 500, height: 400)
        let (_, menu, log) = tile(bench)
        longPress(bench, 80, 80)
        bench.tap(450, 350)
        #expect(!menu.isOpen)
        #expect(log.ran.isEmpty)
    }

    @Test("a menu opened near the window's corner stays inside the window")
    func staysInside() throws {
        let bench = Bench(width: 500, height: 400)
        let (_, menu, _) = tile(bench, at: Point(x: 360, y: 290))
        longPress(bench, 470, 370)
        #expect(menu.isOpen)
        let card = try #require(bench.window.subviews.last?.subviews.first)
        #expect(card.frame.maxX <= 500 && card.frame.maxY <= 400)
    }

    @Test("a menu with no entries does not open")
    func empty() {
        let bench = Bench(width: 500, height: 400)
        let view = bench.add(View(frame: Rect(x: 40, y: 40, width: 100, height: 100)))
        let menu = ContextMenu(on: view) { [] }
        longPress(bench, 80, 80)
        #expect(!menu.isOpen)
    }

    @Test("an open menu over a tile", arguments: goldenFormats.map(\.name))
    func golden(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let bench = Bench(width: 400, height: 240)
        let framebuffer = MemoryFramebuffer(width: 400, height: 240, format: format)
        bench.app.display = Display(framebuffer: framebuffer)
        bench.window.backgroundColor = Color(rgb: 0xF2F2F7)
        let (_, menu, _) = tile(bench)
        menu.open(at: Point(x: 90, y: 70))
        bench.app.runOnce()
        try GoldenImage.check("context-menu-\(formatName)", framebuffer)
    }
}
