import Glibc
import LinePlatform
import PanelKit
import ThermostatScreen

// The Thermostat example's screen, unmodified, on a platform written outside PanelKit. Its
// touches are the lines of `LINE_INPUT` (a file or a FIFO: `mkfifo /tmp/touch; LINE_INPUT=/tmp/touch
// swift run LineThermostat`, then `echo "down 400 240" > /tmp/touch`), or, without it, the lines
// below: the setpoint dragged up to 24 °C and the heating switched off, with a screenshot
// after each. The screenshots go to --output (default: the current directory).

let demo = """
    shot start
    down 373 244
    move 450 244
    move 530 244
    up
    wait 300
    shot setpoint-24
    down 285 285
    up
    wait 300
    shot heating-off
    quit

    """

/// The read end of the demo's lines, or of `LINE_INPUT`.
func openInput() -> Int32 {
    if let path = getenv("LINE_INPUT").map({ String(cString: $0) }) { return open(path, O_RDONLY | O_CLOEXEC) }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return -1 }
    _ = demo.utf8CString.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count - 1) }
    close(ends[1])
    return ends[0]
}

let thermostat = ThermostatController()
PanelApp.main(
    board: "mock",
    platform: PlatformFactory(name: "line") { context throws(PanelKitError) in
        try LinePlatform(
            width: context.board.display.width, height: context.board.display.height, input: openInput(),
            screenshotDirectory: context.options.output ?? ".")
    }
) { thermostat }
