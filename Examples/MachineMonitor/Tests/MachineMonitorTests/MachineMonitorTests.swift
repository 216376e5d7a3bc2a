import Glibc
import MonitorScreens
import PanelKit
import PanelTestKit
import Testing

/// Compares a screenshot with `Goldens/<name>.png` beside this file, pixel for pixel;
/// PANELKIT_REGENERATE_GOLDENS=1 writes it instead (review it before committing).
func checkGolden(_ name: String, _ image: Image?, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let image = try #require(image, sourceLocation: sourceLocation)
    let file = #filePath
    let directory = String(file[..<file.lastIndex(of: "/")!]) + "/Goldens"
    let path = "\(directory)/\(name).png"
    if let flag = getenv("PANELKIT_REGENERATE_GOLDENS"), String(cString: flag) == "1" {
        try image.writePNG(to: path)
        return
    }
    let golden = try Image(contentsOfFile: path)
    if golden != image {
        try image.writePNG(to: "\(directory)/\(name).actual.png")
        Issue.record("\(name) differs from its golden; see \(name).actual.png", sourceLocation: sourceLocation)
    }
}

@MainActor
@Suite("Machine monitor, touched through an emulated FT6x06")
struct MachineMonitorTests {
    func screen() throws -> (MachineMonitor, ScreenTester) {
        let monitor = MachineMonitor()
        let tester = try ScreenTester(size: Size(width: 800, height: 480))
        tester.window.rootViewController = monitor
        tester.advance(by: .milliseconds(20))
        return (monitor, tester)
    }

    @Test("the sensor timer feeds the chart and the gauges four times a second")
    func feed() throws {
        let (monitor, tester) = try screen()
        let before = monitor.overview.temperature.newest
        tester.advance(by: .milliseconds(1000))
        #expect(monitor.overview.temperature.newest != before)
        #expect(abs(monitor.overview.temperatureGauge.value - monitor.overview.temperature.newest!) < 0.001)
    }

    @Test("a spindle past 85 °C raises one critical alarm, and the fault lamp shows whether it is hot now")
    func overTemperature() throws {
        let (monitor, tester) = try screen()
        let overview = monitor.overview
        for _ in 0 ..< 120 where !overview.overTemperatureRaised { tester.advance(by: .milliseconds(250)) }
        #expect(overview.overTemperatureRaised)
        tester.advance(by: .milliseconds(5000))
        #expect(overview.alarms.alarms(of: .critical).count == 1)
        #expect(overview.alarmList.numberOfSections == 3)
        #expect(overview.lights[3].isOn == (overview.temperature.newest! >= OverviewController.temperatureLimit))
    }

    @Test("the machines tab shows a grid of tiles, and a tap on one names it")
    func pickMachine() throws {
        let (monitor, tester) = try screen()
        tester.tap(label: "Machines")
        tester.advance(by: .milliseconds(300))
        #expect(monitor.selectedIndex == 1)
        let tile = try #require(monitor.machines.grid.cellForItem(at: 2))
        tester.tap(tile)
        #expect(monitor.machines.picked.text == "Saw 3: running")
    }

    @Test("a pan over the chart puts its cursor on a sample")
    func chartCursor() throws {
        let (monitor, tester) = try screen()
        let chart = monitor.overview.chart
        let plot = chart.convert(chart.plotRect, to: nil)
        tester.drag(from: Point(x: plot.origin.x + 100, y: plot.origin.y + 100), to: Point(x: plot.origin.x + 300, y: plot.origin.y + 120))
        #expect(chart.cursorSlot != nil)
    }

    @Test("the overview after two seconds, and the machines tab (goldens)")
    func goldens() throws {
        let (monitor, tester) = try screen()
        tester.advance(by: .milliseconds(2000))
        try checkGolden("overview", tester.screenshot())
        tester.tap(label: "Machines")
        tester.advance(by: .milliseconds(400))
        try checkGolden("machines", tester.screenshot())
        withExtendedLifetime(monitor) {}
    }
}
