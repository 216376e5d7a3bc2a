import BenchScreens
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

extension AllocationTests.EventSystem {
    @Test("100 keystrokes into the middle of a 2 000-character text view, each re-wrapped and drawn, allocate nothing", .enabled(if: isOptimizedBuild))
    func typingIntoTextView() throws {
        let text = String(String(repeating: "Pump 3 stopped after a pressure drop; restarted by hand and logged. ", count: 30).prefix(2000))
        let bench = TypingBench(
            font: try FontFamily(contentsOfFiles: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]).font(size: 18), text: text, multiline: true)
        let view = try #require(bench.textView)
        let middle = view.text.index(view.text.startIndex, offsetBy: 1000)
        view.selectedRange = middle ..< middle
        let letter = bench.center(ofKey: "a")
        let delete = bench.center(ofKey: "delete")
        for _ in 0 ..< 10 {
            bench.tap(letter)
            bench.tap(delete)
        }
        let before = bench.framebuffer.presentedFrames
        let mallocs = countMallocs {
            for _ in 0 ..< 50 {
                bench.tap(letter)
                bench.tap(delete)
            }
        }
        #expect(view.text == text)
        #expect(bench.framebuffer.presentedFrames - before >= 100)
        #expect(mallocs == 0, "\(mallocs) mallocs in 100 keystrokes")
    }
}
