import BenchScreens
import Benchmark
import BenchmarkSupport
import PanelBench
import PanelUI

// The LVGL render method (BENCHMARKS.md): 100 labelled buttons on an 800×480
// XRGB8888 screen; the "framebuffer" is a plain 800×480×4 array in memory. Full frame:
// invalidate the whole screen, time the redraw. Press: press a random button (fixed-seed LCG),
// time the redraw; the release and its redraw happen outside the measurement. "FlushCopy"
// variants add LVGL's flush into a separate screen array. Names have no spaces: the
// thresholds check looks the files up by the raw name.

/// The screen every render benchmark draws.
@MainActor
final class RenderBench {
    /// Built once each, outside any measurement: drawing straight into the framebuffer's
    /// memory, and drawing into RAM then copying to the "screen" as LVGL's method does.
    static let shared = RenderBench(flushCopy: false)
    static let flushed = RenderBench(flushCopy: true)

    let grid: ButtonGrid
    let display: Display
    var random = LCG()
    var pressed: Button?

    init(flushCopy: Bool) {
        let clock = ManualClock()
        clock.recordsSleeps = false
        grid = ButtonGrid(count: 100, clock: clock)
        let framebuffer: any Framebuffer =
            flushCopy
            ? FlushCopyFramebuffer() : MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888)
        display = Display(framebuffer: framebuffer)
        grid.application.display = display
        for _ in 0 ..< 5 { fullFrame() }
    }

    func fullFrame() {
        display.setNeedsDisplay()
        _ = try? display.render(grid.application.windows)
    }

    /// Releases the previous button and redraws (not timed), then presses a random one.
    func pressNext() {
        if let pressed {
            pressed.isHighlighted = false
            _ = try? display.render(grid.application.windows)
        }
        let button = grid.buttons[random.next(below: grid.buttons.count)]
        button.isHighlighted = true
        pressed = button
    }

    func redraw() {
        _ = try? display.render(grid.application.windows)
    }
}

/// A million-row list on an 800×480 screen, scrolled 7 points per frame (a slow glide): each
/// frame is the layout (rows in, rows out, cells reused) and the redraw. The titles come from a
/// prepared array, so the data source allocates nothing and what is counted is the list's.
@MainActor
final class ListScrollBench: ListDataSource {
    static let shared = ListScrollBench()

    let application: Application
    let list: ListView
    let titles = (0 ..< 100).map { "Setting \($0)" }
    var offset = 0.0

    init() {
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
        // Warm-up: every reuse pool and array reaches its size.
        for _ in 0 ..< 300 { frame() }
    }

    func numberOfRows(in list: ListView) -> Int { 1_000_000 }

    func list(_ list: ListView, cellForRowAt row: Int) -> ListCell {
        let cell = list.dequeueReusableCell(withIdentifier: "setting", for: row)
        cell.textLabel.text = titles[row % titles.count]
        return cell
    }

    func frame() {
        offset += 7
        list.contentOffset = Point(x: 0, y: offset)
        application.runOnce()
    }
}

/// A 300×200 card holding twelve buttons, over the 100-button screen, turned and scaled a
/// little more each frame (a transform animation's frame, without the animation's clock):
/// the card is drawn into its layer, the layer sampled through the transform onto the screen,
/// and the areas it left and entered redrawn.
@MainActor
final class TransformBench {
    static let shared = TransformBench()

    let grid: ButtonGrid
    let display: Display
    let card = View(frame: Rect(x: 250, y: 140, width: 300, height: 200))
    var step = 0

    init() {
        let clock = ManualClock()
        clock.recordsSleeps = false
        grid = ButtonGrid(count: 100, clock: clock)
        display = Display(framebuffer: MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888))
        grid.application.display = display
        card.backgroundColor = .white
        card.cornerRadius = 12
        card.borderWidth = 2
        for i in 0 ..< 12 {
            let button = Button(frame: Rect(x: 12 + Double(i % 4) * 72, y: 12 + Double(i / 4) * 62, width: 64, height: 52))
            button.setTitle("K\(i)", for: .normal)
            card.addSubview(button)
        }
        grid.window.addSubview(card)
        for _ in 0 ..< 20 { frame() }
    }

    func frame() {
        step += 1
        let phase = Double(step % 200) / 200
        card.transform = AffineTransform(rotationAngle: phase * 0.5).scaledBy(x: 0.8 + phase * 0.4, y: 0.8 + phase * 0.4)
        _ = try? display.render(grid.application.windows)
    }
}

/// TrueType labels drawn with a warm glyph cache: a 60-glyph Latin line (DejaVu Sans, kerned by
/// HarfBuzz), a 20-glyph Chinese line (WenQuanYi Micro Hei through the fallback chain) and a
/// 60-character Arabic line (DejaVu Sans, bidi levels from FriBidi, joined by HarfBuzz), 18
/// px, black on white, into an 800-pixel-wide XRGB8888 strip one line high (the area LVGL's
/// lv_label redraws in Benchmarks/LVGL/lvlabel.c): the clear, shaping, line layout and the blends.
@MainActor
final class TextBench {
    static let shared = TextBench()

    nonisolated static let latin = "Touch the screen to begin. Kerning: AVATAR, Toast, WAVE 1234"
    nonisolated static let chinese = "触摸屏幕开始使用，中文文本显示正确无误。"
    /// 60 characters of Arabic ("Touch the screen to begin. Welcome to the factory's control
    /// panel 3"): joined letters, a right-to-left paragraph with a number, reordered when drawn.
    nonisolated static let arabic = "المس الشاشة للبدء. مرحبا بكم في لوحة التحكم الخاصة بالمصنع 3"
    let bitmap: Bitmap
    let font: Font

    init() {
        let family = try! FontFamily(contentsOfFiles: [
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        ])
        font = family.font(size: 18)
        bitmap = Bitmap(width: 800, height: font.lineHeight, format: .xrgb8888)
        draw(Self.latin)
        draw(Self.chinese)
        draw(Self.arabic)
    }

    func draw(_ text: String) {
        bitmap.withCanvas { canvas in
            canvas.clear(.white)
            canvas.drawText(text, in: PixelRect(x: 0, y: 0, width: 800, height: bitmap.height), font: font, color: .black)
        }
    }
}

/// A text field editing with the on-screen keyboard up, in DejaVu Sans 18: a tap on a key, from
/// the finger's touch frames to the character drawn and presented (two turns of the app).
@MainActor
final class KeystrokeBench {
    static let shared = KeystrokeBench()
    let bench: TypingBench
    let letter: Point
    let delete: Point

    /// A paragraph of a service log, repeated to 2 000 characters, for the multi-line view.
    static let notes = String(String(repeating: "Pump 3 stopped after a pressure drop; restarted by hand and logged. ", count: 30).prefix(2000))
    static let multiline = KeystrokeBench(multiline: true)

    init(multiline: Bool = false) {
        let font = try! FontFamily(contentsOfFiles: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]).font(size: 18)
        bench = multiline ? TypingBench(font: font, text: Self.notes, multiline: true) : TypingBench(font: font)
        letter = bench.center(ofKey: "a")
        delete = bench.center(ofKey: "delete")
        if let view = bench.textView {
            // Typing in the middle: the lines after the caret move on each keystroke.
            let middle = view.text.index(view.text.startIndex, offsetBy: 1000)
            view.selectedRange = middle ..< middle
        }
        for _ in 0 ..< 5 { keystroke(); erase() }
    }

    /// Types "a" (timed).
    func keystroke() { bench.tap(letter) }
    /// Deletes it again (untimed), so the field's text stays the same length.
    func erase() { bench.tap(delete) }
}

let timing: [BenchmarkMetric] = [.wallClock]

/// Registers a benchmark on one of the screens: `prepare` runs untimed, `measure` is timed.
func renderBenchmark(
    _ name: String, configuration: Benchmark.Configuration? = nil, flushCopy: Bool = false,
    prepare: @escaping @MainActor (RenderBench) -> Void = { _ in },
    measure: @escaping @MainActor (RenderBench) -> Void
) {
    mainActorBenchmark(name, configuration: configuration) { benchmark in
        let bench = flushCopy ? RenderBench.flushed : RenderBench.shared
        prepare(bench)
        benchmark.startMeasurement()
        measure(bench)
        benchmark.stopMeasurement()
    }
}

let benchmarks: @Sendable () -> Void = {
    // Thresholds (Thresholds/*.json, `scripts/bench --check`): wall clock may not grow by more
    // than half at p90 (machines differ); allocations must stay at zero.
    Benchmark.defaultConfiguration = .init(
        metrics: timing, timeUnits: .microseconds, warmupIterations: 5, maxDuration: .seconds(3), maxIterations: 2000,
        thresholds: [.wallClock: BenchmarkThresholds(relative: [.p90: 50.0])])

    renderBenchmark("RenderFullFrame_100Buttons_800x480_XRGB8888") { $0.fullFrame() }
    renderBenchmark("RenderFullFrameFlushCopy_100Buttons_800x480_XRGB8888", flushCopy: true) { $0.fullFrame() }
    renderBenchmark("RenderOnePress_100Buttons_800x480_XRGB8888", prepare: { $0.pressNext() }) { $0.redraw() }
    renderBenchmark("RenderOnePressFlushCopy_100Buttons_800x480_XRGB8888", flushCopy: true, prepare: { $0.pressNext() }) {
        $0.redraw()
    }
    renderBenchmark("Allocations_RenderFullFrame_100Buttons", configuration: allocationsOnly()) { $0.fullFrame() }
    mainActorBenchmark("ListScrollFrame_1MRows_800x480") { benchmark in
        let bench = ListScrollBench.shared
        benchmark.startMeasurement()
        bench.frame()
        benchmark.stopMeasurement()
    }
    for (name, text) in [("Latin60", TextBench.latin), ("CJK20", TextBench.chinese), ("Arabic60", TextBench.arabic)] {
        mainActorBenchmark("TextLabel_\(name)_WarmCache") { benchmark in
            let bench = TextBench.shared
            benchmark.startMeasurement()
            bench.draw(text)
            benchmark.stopMeasurement()
        }
        mainActorBenchmark("Allocations_TextLabel_\(name)", configuration: allocationsOnly(maxIterations: 1000)) { benchmark in
            let bench = TextBench.shared
            benchmark.startMeasurement()
            bench.draw(text)
            benchmark.stopMeasurement()
        }
    }
    mainActorBenchmark("Keystroke_TapToPresented_800x480") { benchmark in
        let bench = KeystrokeBench.shared
        benchmark.startMeasurement()
        bench.keystroke()
        benchmark.stopMeasurement()
        bench.erase()
    }
    mainActorBenchmark("Keystroke_TextView2000Chars_TapToPresented_800x480") { benchmark in
        let bench = KeystrokeBench.multiline
        benchmark.startMeasurement()
        bench.keystroke()
        benchmark.stopMeasurement()
        bench.erase()
    }
    mainActorBenchmark("Allocations_Keystroke_TextView2000Chars", configuration: allocationsOnly(maxIterations: 1000)) { benchmark in
        let bench = KeystrokeBench.multiline
        benchmark.startMeasurement()
        bench.keystroke()
        bench.erase()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("Allocations_Keystroke", configuration: allocationsOnly(maxIterations: 1000)) { benchmark in
        let bench = KeystrokeBench.shared
        benchmark.startMeasurement()
        bench.keystroke()
        bench.erase()
        benchmark.stopMeasurement()
    }
    // A push's frames (the screens of LVGL's screen-load benchmark, ScreenLoadBench): one frame a
    // measurement, a new push started outside it when one ends. The first frame of each push
    // (the call, the copy of the leaving screen) is timed by Benchmarks' ScreenPush.
    mainActorBenchmark("TransitionFrame_Push_800x480") { benchmark in
        let bench = TransitionBench.small
        bench.prepare()
        benchmark.startMeasurement()
        bench.frame()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("TransitionFrame_Push_1280x800") { benchmark in
        let bench = TransitionBench.large
        bench.prepare()
        benchmark.startMeasurement()
        bench.frame()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("Allocations_TransitionFrame", configuration: allocationsOnly(maxIterations: 1000)) { benchmark in
        let bench = TransitionBench.small
        bench.prepare()
        benchmark.startMeasurement()
        bench.frame()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("TransformFrame_Card300x200_800x480") { benchmark in
        let bench = TransformBench.shared
        benchmark.startMeasurement()
        bench.frame()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("Allocations_TransformFrame", configuration: allocationsOnly(maxIterations: 1000)) { benchmark in
        let bench = TransformBench.shared
        benchmark.startMeasurement()
        bench.frame()
        benchmark.stopMeasurement()
    }
    // Dashboards: LVGL's chart scene (ChartFeedBench: 4 series of 1000 points, one sample each
    // appended and presented per measurement; Benchmarks' ChartFeed runs it beside lvchart.c),
    // two gauges set to a new value and presented, and a glide frame of a flicked 10 000-tile grid.
    for (name, mode) in [("Shift", ChartView.UpdateMode.shift), ("Circular", .circular)] {
        mainActorBenchmark("ChartAppend_\(name)_4x1000_800x480") { benchmark in
            let bench = mode == .shift ? Dashboards.shift : Dashboards.circular
            let values = bench.nextValues()
            benchmark.startMeasurement()
            bench.frame(values)
            benchmark.stopMeasurement()
        }
        mainActorBenchmark("Allocations_ChartAppend_\(name)", configuration: allocationsOnly(maxIterations: 1000)) { benchmark in
            let bench = mode == .shift ? Dashboards.shift : Dashboards.circular
            let values = bench.nextValues()
            benchmark.startMeasurement()
            bench.frame(values)
            benchmark.stopMeasurement()
        }
    }
    mainActorBenchmark("GaugeChange_2Gauges_800x480") { benchmark in
        benchmark.startMeasurement()
        Dashboards.gauges.change()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("Allocations_GaugeChange", configuration: allocationsOnly(maxIterations: 1000)) { benchmark in
        benchmark.startMeasurement()
        Dashboards.gauges.change()
        benchmark.stopMeasurement()
    }
    // Auto Layout: a settings screen of 30 rows and 240 constraints (BenchScreens'
    // SettingsLayoutBench). The first solve activates the constraints of a screen built outside
    // the measurement and lays it out; a change moves one row's height constant and lays out
    // again (gated: no allocation). LVGL's flex layout of the same rows: Benchmarks/LVGL/run.sh layout.
    mainActorBenchmark(
        "Layout_Settings30Rows_FirstSolve",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], warmupIterations: 3, maxIterations: 200)
    ) { benchmark in
        let screen = SettingsLayoutBench()
        benchmark.startMeasurement()
        screen.activate()
        screen.layout()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("Layout_Settings30Rows_ConstantChange") { benchmark in
        benchmark.startMeasurement()
        Dashboards.settings.changeOne()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("Allocations_Layout_ConstantChange", configuration: allocationsOnly(maxIterations: 1000)) { benchmark in
        benchmark.startMeasurement()
        Dashboards.settings.changeOne()
        benchmark.stopMeasurement()
    }
    // A dashboard bound to a model that changes 1 000 times a second: a 60 Hz frame with its 16
    // or 17 changes (the views that read them update once each), and a frame with none.
    mainActorBenchmark("BoundDashboard_Frame_1000ChangesPerSecond") { benchmark in
        benchmark.startMeasurement()
        Dashboards.bound.frame()
        benchmark.stopMeasurement()
    }
    // Measured, not gated: a changed frame allocates (Observation re-registers what each updated
    // view read; a label's new text is a new string). BENCHMARKS.md §8 has the figure.
    mainActorBenchmark(
        "BoundDashboard_Frame_Mallocs", configuration: .init(metrics: [.mallocCountTotal], warmupIterations: 10, maxIterations: 1000)
    ) { benchmark in
        benchmark.startMeasurement()
        Dashboards.bound.frame()
        benchmark.stopMeasurement()
    }
    // LVGL's widgets demo rebuilt: a full redraw of its Profile tab, shadows, round photo and icons.
    mainActorBenchmark("Allocations_WidgetShowcase_FullRedraw", configuration: allocationsOnly()) { benchmark in
        benchmark.startMeasurement()
        ShowcaseBench.shared.fullRedraw()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("Allocations_BoundDashboard_IdleFrame", configuration: allocationsOnly(maxIterations: 1000)) { benchmark in
        benchmark.startMeasurement()
        Dashboards.bound.idleFrame()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("StyleSwitch_Settings_800x480") { benchmark in
        benchmark.startMeasurement()
        Dashboards.styleSwitch.flip()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("Allocations_StyleSwitch", configuration: allocationsOnly(maxIterations: 1000)) { benchmark in
        benchmark.startMeasurement()
        Dashboards.styleSwitch.flip()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("GridFlingFrame_10000Cells_800x480") { benchmark in
        Dashboards.prepareGlide()
        benchmark.startMeasurement()
        Dashboards.grid.frame()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("Allocations_GridFlingFrame", configuration: allocationsOnly(maxIterations: 1000)) { benchmark in
        Dashboards.prepareGlide()
        benchmark.startMeasurement()
        Dashboards.grid.frame()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("PickerFlingFrame_3Wheels_800x480") { benchmark in
        Dashboards.preparePickerGlide()
        benchmark.startMeasurement()
        Dashboards.picker.frame()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("Allocations_PickerFlingFrame", configuration: allocationsOnly(maxIterations: 1000)) { benchmark in
        Dashboards.preparePickerGlide()
        benchmark.startMeasurement()
        Dashboards.picker.frame()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("JPEGDecode_1920x1080", configuration: .init(maxDuration: .seconds(3), maxIterations: 200)) { benchmark in
        _ = Photos.data  // read before the clock starts
        benchmark.startMeasurement()
        blackHole(Photos.decode())
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("PhotoAspectFit_1920x1080_To800x480_FromCache") { benchmark in
        benchmark.startMeasurement()
        Photos.drawFromCache()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("Allocations_PhotoAspectFit_FromCache", configuration: allocationsOnly(maxIterations: 200)) { benchmark in
        Photos.drawFromCache()
        benchmark.startMeasurement()
        Photos.drawFromCache()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("Allocations_ListScrollFrame_1MRows", configuration: allocationsOnly(maxIterations: 1000)) { benchmark in
        let bench = ListScrollBench.shared
        benchmark.startMeasurement()
        bench.frame()
        benchmark.stopMeasurement()
    }
    renderBenchmark("Allocations_RenderOnePress_100Buttons", configuration: allocationsOnly(), prepare: { $0.pressNext() }) {
        $0.redraw()
    }
}

/// ScreenLoadBench with the push running: `prepare()` starts a new push when none runs (two
/// whole pushes first, so the snapshots exist).
@MainActor
final class TransitionBench {
    static let small = TransitionBench(width: 800, height: 480)
    static let large = TransitionBench(width: 1280, height: 800)

    let bench: ScreenLoadBench

    init(width: Int, height: Int) {
        bench = ScreenLoadBench(width: width, height: height)
        bench.transition()
        bench.transition()
    }

    func prepare() {
        if !bench.isTransitioning { bench.startTransition() }
    }

    func frame() { bench.frame() }
}
