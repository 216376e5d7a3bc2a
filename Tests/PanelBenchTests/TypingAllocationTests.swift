import MallocInterposerSwift
import PanelBench
import PanelCore
import PanelUI
import Testing

/// Keystrokes on the on-screen keyboard into a text field, each drawn. Inside the serialized
/// allocation suite: the malloc hook is process-wide, so no two counts may overlap.
extension AllocationTests.EventSystem {
    @Test("100 keystrokes on the on-screen keyboard (a capital under caps lock, then delete), each drawn, allocate nothing", .enabled(if: isOptimizedBuild))
    func typing() throws {
        let clock = ManualClock()
        clock.recordsSleeps = false
        let app = Application(clock: clock)
        let framebuffer = MemoryFramebuffer(width: 800, height: 480)
        app.display = Display(framebuffer: framebuffer)
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        app.addWindow(window)
        window.makeKeyAndVisible()
        let field = TextField(frame: Rect(x: 20, y: 20, width: 400, height: 44))
        field.font = try FontFamily(contentsOfFiles: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]).font(size: 18)
        field.text = "Kiosk 42"
        window.addSubview(field)
        field.becomeFirstResponder()
        for _ in 0 ..< 30 {
            clock.advance(by: .milliseconds(17))
            app.runOnce()
        }
        let keyboard = try #require(window.keyboard)
        func center(_ key: String) -> Point { keyboard.convert(keyboard.frame(ofKey: key)!.center, to: window) }
        let letter = center("a")
        let delete = center("delete")
        var identity: UInt32 = 0
        func tap(_ point: Point) {
            identity += 1
            clock.advance(by: .milliseconds(40))
            var down = TouchFrame(timestamp: clock.now)
            _ = down.append(Contact(trackID: 0, position: point, phase: .began, identity: identity))
            app.handle(down)
            app.runOnce()
            clock.advance(by: .milliseconds(40))
            var up = TouchFrame(timestamp: clock.now)
            _ = up.append(Contact(trackID: 0, position: point, phase: .ended, identity: identity))
            app.handle(up)
            app.runOnce()
        }
        // Caps lock (two quick taps on shift): the keys draw and type capitals.
        let shift = center("shift")
        tap(shift)
        tap(shift)
        for _ in 0 ..< 10 {
            tap(letter)
            tap(delete)
        }
        #expect(keyboard.shift == .locked)
        let before = framebuffer.presentedFrames
        let mallocs = countMallocs {
            for _ in 0 ..< 50 {
                tap(letter)
                tap(delete)
            }
        }
        #expect(field.text == "Kiosk 42")
        #expect(framebuffer.presentedFrames - before >= 100)
        #expect(mallocs == 0, "\(mallocs) mallocs in 100 keystrokes")
    }
}
