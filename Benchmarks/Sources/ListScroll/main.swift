// ListScroll: PanelKit's side of the list comparison with LVGL (Benchmarks/LVGL/lvlist.c),
// and the proof that a list's memory does not grow with its row count (scripts/footprint).
//
// usage: ListScroll ROWS [frames=2000] [warmup=200]
// An 800×480 XRGB8888 memory framebuffer, a ListView of ROWS rows ("Setting <i>", 44 points)
// filling it, scrolled 7 points a frame and drawn at once: each frame (layout, cell reuse,
// redraw, present) is timed. At the end of the list it jumps back to the top (not timed).
// prints: panelkit-list rows=<r> frames=<f> p50_us=<> p90_us=<> p99_us=<> cells=<> peak_rss_kb=<>
import Glibc
import PanelBench
import PanelUI

@MainActor
final class Scroller: ListDataSource {
    let rows: Int
    let application: Application
    let list: ListView
    let titles = (0 ..< 100).map { "Setting \($0)" }
    var cellsMade = 0

    init(rows: Int) {
        self.rows = rows
        let clock = ManualClock()
        clock.recordsSleeps = false
        application = Application(clock: clock)
        application.display = Display(framebuffer: MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888))
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        application.addWindow(window)
        window.makeKeyAndVisible()
        list = ListView(frame: window.bounds)
        window.addSubview(list)
        list.dataSource = self
        application.runOnce()
    }

    func numberOfRows(in list: ListView) -> Int { rows }

    func list(_ list: ListView, cellForRowAt row: Int) -> ListCell {
        let cell = list.dequeueReusableCell(withIdentifier: "setting", for: row)
        if cell.tag == 0 {
            cellsMade += 1
            cell.tag = cellsMade
        }
        cell.textLabel.text = titles[row % titles.count]
        return cell
    }

    /// Moves 7 points and draws; returns the nanoseconds it took.
    func frame() -> Int64 {
        let maximum = list.contentSize.height - list.bounds.height
        if list.contentOffset.y + 7 > maximum {
            list.contentOffset = .zero
            application.runOnce()
        }
        let start = ContinuousClock.now
        list.contentOffset = Point(x: 0, y: list.contentOffset.y + 7)
        application.runOnce()
        let elapsed = ContinuousClock.now - start
        return elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
    }
}

/// VmHWM from /proc/self/status: the peak resident set, in kB (-1 when unreadable).
func peakResidentKilobytes() -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return -1 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmHWM:") {
            return Int(text.dropFirst(6).filter(\.isNumber)) ?? -1
        }
    }
    return -1
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let rows = Int(arguments[1]), rows > 0 else {
    print("usage: ListScroll ROWS [frames] [warmup]  (ROWS a positive whole number)")
    exit(2)
}
let frames = arguments.count > 2 ? Int(arguments[2]) ?? 2000 : 2000
let warmup = arguments.count > 3 ? Int(arguments[3]) ?? 200 : 200
guard frames > 0, warmup >= 0 else {
    print("ListScroll: frames must be positive and warmup not negative")
    exit(2)
}
MainActor.assumeIsolated {
    let scroller = Scroller(rows: rows)
    for _ in 0 ..< warmup { _ = scroller.frame() }
    var samples = (0 ..< frames).map { _ in scroller.frame() }
    samples.sort()
    func microseconds(_ quantile: Int) -> String {
        let tenths = (samples[min(frames * quantile / 100, frames - 1)] + 50) / 100
        return "\(tenths / 10).\(tenths % 10)"
    }
    print(
        "panelkit-list rows=\(rows) frames=\(frames) p50_us=\(microseconds(50)) p90_us=\(microseconds(90)) p99_us=\(microseconds(99)) cells=\(scroller.cellsMade) peak_rss_kb=\(peakResidentKilobytes())"
    )
}
