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
        let bench = TypingBench(font: try FontFamily(contentsOfFiles: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]).font(size: 18))
        let (field, keyboard, framebuffer) = (bench.field, bench.keyboard, bench.framebuffer)
        func center(_ key: String) -> Point { bench.center(ofKey: key) }
        func tap(_ point: Point) { bench.tap(point) }
        let letter = center("a")
        let delete = center("delete")
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
