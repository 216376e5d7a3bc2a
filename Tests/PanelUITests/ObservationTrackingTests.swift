import Observation
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

@Observable
@MainActor
final class Reading {
    var pressure = 1.0
    var unit = "bar"
    var alarm = false
}

/// A label that shows a model's pressure from updateProperties, counting its updates.
@MainActor
final class PressureLabel: Label {
    let reading: Reading
    var updates = 0
    var order: [String] = []
    init(_ reading: Reading) {
        self.reading = reading
        super.init(frame: Rect(x: 0, y: 0, width: 200, height: 40))
    }
    override func updateProperties() {
        updates += 1
        order.append("updateProperties")
        text = "\(reading.pressure) \(reading.unit)"
    }
    override func layoutSubviews() {
        order.append("layoutSubviews")
        super.layoutSubviews()
    }
}

/// A view that reads the alarm flag while laying out and the pressure while drawing.
@MainActor
final class AlarmView: View {
    let reading: Reading
    var layouts = 0
    var draws = 0
    init(_ reading: Reading) {
        self.reading = reading
        super.init(frame: Rect(x: 0, y: 50, width: 100, height: 40))
    }
    override func layoutSubviews() {
        layouts += 1
        _ = reading.alarm
    }
    override func draw(_ rect: Rect, in canvas: inout Canvas) {
        draws += 1
        _ = reading.pressure
    }
}

@MainActor
final class ReadingController: ViewController {
    let reading: Reading
    let label = Label(frame: Rect(x: 0, y: 0, width: 200, height: 40))
    var calls: [String] = []
    init(_ reading: Reading) {
        self.reading = reading
        super.init()
    }
    override func viewDidLoad() { view.addSubview(label) }
    override func updateProperties() {
        calls.append("controller")
        label.text = reading.unit
    }
}

/// A controller that reads the alarm flag in viewWillLayoutSubviews.
@MainActor
final class AlarmLayoutController: ViewController {
    let reading: Reading
    var layouts = 0
    init(_ reading: Reading) {
        self.reading = reading
        super.init()
    }
    override func viewWillLayoutSubviews() {
        layouts += 1
        view.backgroundColor = reading.alarm ? Color(rgb: 0xFF0000) : nil
    }
}

@MainActor
final class RootView: View {
    var calls: [String] { controller?.calls ?? [] }
    weak var controller: ReadingController?
    override func updateProperties() { controller?.calls.append("view") }
}

@Suite("Observation: views update from @Observable models as UIKit 26 tracks them")
@MainActor
struct ObservationTrackingTests {
    @Test("updateProperties runs before layoutSubviews in a turn")
    func updateBeforeLayout() {
        let bench = Bench()
        let label = bench.add(PressureLabel(Reading()))
        label.order.removeAll()
        label.setNeedsUpdateProperties()
        label.setNeedsLayout()
        bench.app.runOnce()
        #expect(label.order == ["updateProperties", "layoutSubviews"])
    }

    @Test("a view whose updateProperties read a property updates again after it changes, once per turn however often it changed")
    func changeUpdatesOncePerTurn() async {
        let bench = Bench()
        let reading = Reading()
        let label = bench.add(PressureLabel(reading))
        bench.app.runOnce()
        #expect(label.text == "1.0 bar")
        let before = label.updates
        for value in 1 ... 100 { reading.pressure = Double(value) }
        bench.app.runOnce()
        #expect(label.updates == before + 1)
        #expect(label.text == "100.0 bar")
    }

    @Test("a change updates exactly the views that read that property")
    func onlyReadersUpdate() async {
        let bench = Bench()
        bench.app.display = Display(framebuffer: MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888))
        let reading = Reading()
        let label = bench.add(PressureLabel(reading))
        let alarm = bench.add(AlarmView(reading))
        bench.app.runOnce()
        let (updates, layouts, draws) = (label.updates, alarm.layouts, alarm.draws)
        reading.alarm = true
        await letTasksRun()
        bench.app.runOnce()
        #expect(label.updates == updates)
        #expect(alarm.layouts == layouts + 1)
        #expect(alarm.draws == draws)
    }

    @Test("a property read in draw redraws the view when it changes, without a layout")
    func drawReadRedraws() async {
        let bench = Bench()
        bench.app.display = Display(framebuffer: MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888))
        let reading = Reading()
        let alarm = bench.add(AlarmView(reading))
        bench.app.runOnce()
        let (layouts, draws) = (alarm.layouts, alarm.draws)
        reading.pressure = 3
        await letTasksRun()
        bench.app.runOnce()
        #expect(alarm.draws == draws + 1)
        #expect(alarm.layouts == layouts)
    }

    @Test("a change made off the main actor updates the view on the main actor in a later turn")
    func changeFromAnotherThread() async {
        let bench = Bench()
        let reading = Reading()
        let label = bench.add(PressureLabel(reading))
        bench.app.runOnce()
        await Task.detached { await MainActor.run { reading.pressure = 7 } }.value
        await letTasksRun()
        bench.app.runOnce()
        #expect(label.text == "7.0 bar")
    }

    @Test("a property no pass read does not update anything when it changes")
    func unreadPropertyIsIgnored() async {
        let bench = Bench()
        bench.app.display = Display(framebuffer: MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888))
        let reading = Reading()
        let alarm = bench.add(AlarmView(reading))
        bench.app.runOnce()
        let (layouts, draws) = (alarm.layouts, alarm.draws)
        reading.unit = "psi"
        await letTasksRun()
        bench.app.runOnce()
        #expect(alarm.layouts == layouts)
        #expect(alarm.draws == draws)
    }

    @Test("a controller's updateProperties runs just before its view's, and again when what it read changes")
    func controllerBeforeView() async {
        let bench = Bench()
        let reading = Reading()
        let controller = ReadingController(reading)
        let root = RootView(frame: bench.window.bounds)
        root.controller = controller
        controller.view = root
        bench.window.rootViewController = controller
        bench.app.runOnce()
        #expect(controller.calls == ["controller", "view"])
        #expect(controller.label.text == "bar")
        reading.unit = "kPa"
        await letTasksRun()
        bench.app.runOnce()
        #expect(controller.calls == ["controller", "view", "controller", "view"])
        #expect(controller.label.text == "kPa")
    }

    @Test("a property a controller read in viewWillLayoutSubviews lays its view out again when it changes")
    func controllerLayoutReadTracked() {
        let bench = Bench()
        let reading = Reading()
        let controller = AlarmLayoutController(reading)
        bench.window.rootViewController = controller
        bench.app.runOnce()
        let layouts = controller.layouts
        reading.alarm = true
        bench.app.runOnce()
        #expect(controller.layouts == layouts + 1)
        #expect(controller.view.backgroundColor == Color(rgb: 0xFF0000))
    }

    @Test("setNeedsUpdateProperties runs updateProperties at the next pass, once")
    func setNeedsUpdatePropertiesRunsOnce() {
        let bench = Bench()
        let label = bench.add(PressureLabel(Reading()))
        bench.app.runOnce()
        let before = label.updates
        label.setNeedsUpdateProperties()
        label.setNeedsUpdateProperties()
        bench.app.runOnce()
        bench.app.runOnce()
        #expect(label.updates == before + 1)
    }
}
