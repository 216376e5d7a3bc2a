import Glibc
import MonitorScreens
import PanelKit
import PanelMQTT

let monitor = MachineMonitor()

// With MQTT_HOST set, the sensors come from the plant's broker (README.md: the MQTT_* settings).
if let host = getenv("MQTT_HOST"), !String(cString: host).isEmpty {
    do {
        let stale = getenv("MQTT_STALE_SECONDS").flatMap { Int(String(cString: $0)) } ?? 5
        monitor.overview.live = try LiveSensors(
            configuration: MQTTConfiguration(environment: MQTTConfiguration.processEnvironment), staleAfter: .milliseconds(Int64(max(stale, 1)) * 1000))
    } catch {
        print("error: \(error)")
        exit(1)
    }
}

/// What `swift run MachineMonitor` does on the mock board: the sensors run for ten seconds (the
/// spindle runs hot and raises its alarm), then the machines tab, a tile picked.
let session = ScriptedSession { script in
    script.screenshot("overview", at: 2000)
    script.screenshot("overview-later", at: 9000)
    script.tap(label: "Machines", at: 9500)  // the tab, found by its title when the tap comes
    script.screenshot("machines", at: 10_200)
    script.tap(at: 10_500, on: "the third machine's tile") { monitor.machines.grid.cellForItem(at: 2) }
    script.screenshot("machine-picked", at: 11_000)
    script.expect("the chart has moved on (\(monitor.overview.temperature.count) samples)") { monitor.overview.temperature.newest != nil }
    script.expect("the machines tab is shown") { monitor.selectedIndex == 1 }
    script.expect("a machine is picked") { monitor.machines.picked.text?.contains(":") == true }
}

PanelApp.main(board: "mock", session: session) { monitor }
