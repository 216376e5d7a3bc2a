import PanelKit
import ThermostatScreen

let thermostat = ThermostatController()

/// What `swift run Thermostat` does on the mock board: the setpoint up to about 25 °C, the
/// heating off and on again.
let session = ScriptedSession { script in
    let slider = thermostat.slider
    let thumb = slider.convert(slider.thumbRect.center, to: nil)
    let track = slider.convert(slider.trackRect, to: nil)
    let target = Point(x: track.origin.x + track.size.width * (25 - 15) / (28 - 15), y: thumb.y)
    script.drag(from: thumb, to: target, at: 300)
    script.screenshot("setpoint-25", at: 900)
    script.tap(thermostat.heating, at: 1200)
    script.screenshot("heating-off", at: 1500)
    script.tap(thermostat.heating, at: 1800)
    script.expect("the setpoint is 25 °C (is \(thermostat.setpoint))") { abs(thermostat.setpoint - 25) <= 0.5 }
    script.expect("the heating is on and running") { thermostat.isHeating }
}

PanelApp.main(board: "mock", session: session) { thermostat }
