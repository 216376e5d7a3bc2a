public import PanelBench
public import PanelUI

/// A three-wheel picker (1 000 rows each, 480 × 216, the middle one looping) on an 800 × 480
/// XRGB8888 screen, its middle wheel flicked by a finger through the real dispatch, frame clock
/// and timers: a flick is a fast drag of 150 points over six reports and a lift; the glide,
/// stretched to end on a row, runs frame by frame until the wheel rests. The picker benchmark
/// and the allocation tests share it.
@MainActor
public final class PickerFlingBench: PickerViewDataSource, PickerViewDelegate {
    /// The application, on a manual clock.
    public let application: Application
    /// The clock frames advance.
    public let clock = ManualClock()
    /// The picker.
    public let picker: PickerView
    private let titles = (0 ..< 100).map { "Station \($0)" }
    private let finger: FlickDriver
    private var downward = false

    /// The picker on its screen, drawn once.
    public init() {
        clock.recordsSleeps = false
        application = Application(clock: clock)
        application.display = Display(framebuffer: MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888))
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        window.backgroundColor = .white
        application.addWindow(window)
        window.makeKeyAndVisible()
        picker = PickerView(frame: Rect(x: 160, y: 132, width: 480, height: 216))
        window.addSubview(picker)
        finger = FlickDriver(application: application, clock: clock, x: 400)
        picker.dataSource = self
        picker.delegate = self
        picker.selectRow(500, inComponent: 1, animated: false)
        application.runOnce()
    }

    /// Three wheels.
    public func numberOfComponents(in pickerView: PickerView) -> Int { 3 }

    /// 1 000 rows each.
    public func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { 1000 }

    /// A title from a fixed set (configuring a row allocates nothing).
    public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        titles[row % titles.count]
    }

    /// Starts a flick of the middle wheel: the finger's reports and lift (each drawn as it
    /// arrives). Near an end the next flick goes the other way.
    public func flick() {
        let row = picker.selectedRow(inComponent: 1)
        if row > 800 { downward = true }
        if row < 200 { downward = false }
        finger.flick(from: downward ? 160 : 320, step: downward ? 25 : -25, steps: 6)
    }

    /// Whether the glide still runs.
    public var isGliding: Bool { finger.isGliding }

    /// One frame of the glide: the clock moves one frame-clock interval and the application runs
    /// once (the wheel moves, its labels are reused, the display draws and presents).
    public func frame() { finger.frame() }
}
