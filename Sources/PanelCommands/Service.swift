import ArgumentParser
import PanelBoards

/// `panelctl service`: the files that install a kiosk app as a sandboxed systemd service.
struct Service: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the systemd unit or the udev rules that run a kiosk app as a sandboxed service (scripts/install writes them).",
        subcommands: [Unit.self, UdevRules.self])

    struct Unit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Print the systemd unit: Type=notify with a watchdog, the board's devices only (DevicePolicy=closed), no network, a read-only system; systemd-analyze security scores it about 1 (SAFE)."
        )

        @OptionGroup var options: BoardOptions

        @Option(help: ArgumentHelp("The command the unit runs: your app and its arguments.", valueName: "command"))
        var exec: String

        @Option(help: ArgumentHelp("The user it runs as (in the panelkit group).", valueName: "user"))
        var user = "pi"

        @Option(help: ArgumentHelp("Seconds without a ping from the UI loop before systemd restarts the app (2–600).", valueName: "seconds"))
        var watchdog = 10

        @Flag(help: "Without CAP_SYS_NICE: the input thread at normal priority.")
        var noRealtime = false

        @Option(help: ArgumentHelp("Serve Prometheus metrics on 127.0.0.1:PORT (opens IPv4 to localhost only).", valueName: "port"))
        var metricsPort: UInt16?

        func validate() throws {
            guard (2 ... 600).contains(watchdog) else { throw ValidationError("--watchdog takes 2 to 600 seconds") }
            guard exec.hasPrefix("/") else { throw ValidationError("--exec needs the app's absolute path (systemd runs no shell), e.g. /usr/local/bin/kiosk") }
        }

        func run() throws {
            var files = ServiceFiles(board: try options.load(), exec: exec, user: user)
            files.watchdogSeconds = watchdog
            files.realtime = !noRealtime
            files.metricsPort = metricsPort
            print(files.unit, terminator: "")
        }
    }

    struct UdevRules: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "udev-rules",
            abstract: "Print the udev rules that let the panelkit group open exactly the board's devices (input devices by name).")

        @OptionGroup var options: BoardOptions

        func run() throws {
            print(ServiceFiles(board: try options.load(), exec: "", user: "").udevRules, terminator: "")
        }
    }
}
