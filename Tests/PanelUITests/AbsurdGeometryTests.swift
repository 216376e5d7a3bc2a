import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

@Suite("Absurd geometry reaches the renderer without trapping")
@MainActor
struct AbsurdGeometryTests {
    @Test("a view moved to an absurd place is simply not seen", arguments: [1e300, -1e300, Double.infinity, Double.nan])
    func absurdFrameIsNotDrawn(coordinate: Double) throws {
        let bench = Bench(width: 100, height: 100)
        let framebuffer = MemoryFramebuffer(width: 100, height: 100, format: .xrgb8888)
        bench.app.display = Display(framebuffer: framebuffer)
        bench.window.backgroundColor = .white
        let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        view.backgroundColor = .red
        bench.add(view)
        try bench.app.render()
        view.frame = Rect(x: coordinate, y: 10, width: 20, height: 20)
        try bench.app.render()
        #expect(framebuffer.bitmap.color(x: 15, y: 15) == .white)
    }

    @Test("a scroll view whose content is scrolled to an absurd offset draws without trapping")
    func absurdScrollOffset() throws {
        let bench = Bench(width: 100, height: 100)
        bench.app.display = Display(framebuffer: MemoryFramebuffer(width: 100, height: 100, format: .xrgb8888))
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = Size(width: 100, height: 1000)
        let content = View(frame: Rect(x: 0, y: 0, width: 100, height: 1000))
        content.backgroundColor = .blue
        scroll.addSubview(content)
        bench.add(scroll)
        scroll.contentOffset = Point(x: 0, y: 1e300)
        #expect(try bench.app.render())
    }
}
