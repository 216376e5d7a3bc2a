import MonitorScreens
import PanelKit

let monitor = MachineMonitor()

/// What `swift run MachineMonitor` does on the mock board: the sensors run for ten seconds (the
/// spindle runs hot and raises its alarm), then the machines tab, a tile picked.
let session = ScriptedSession { script in
    script.screenshot("overview", at: 2000)
    script.screenshot("overview-later", at: 9000)
    script.tap(at: Point(x: 600, y: 455), at: 9500)
    script.screenshot("machines", at: 10_200)
    script.tap(at: Point(x: 300, y: 110), at: 10_500)
    script.screenshot("machine-picked", at: 11_000)
    script.expect("the chart has moved on (\(monitor.overview.temperature.count) samples)") { monitor.overview.temperature.newest != nil }
    script.expect("the machines tab is shown") { monitor.selectedIndex == 1 }
    script.expect("a machine is picked") { monitor.machines.picked.text?.contains(":") == true }
}

PanelApp.main(board: "mock", session: session) { monitor }
