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

        @Option(
            help: ArgumentHelp(
                "Remote support: serve the screen over VNC on this port (the app needs PanelKit's Remote trait; opens IPv4 to the --remote-allow peers only).",
                valueName: "port"))
        var remotePort: UInt16?

        @Option(help: ArgumentHelp("Remote support: the address it listens on (default 127.0.0.1: reach it through an SSH tunnel).", valueName: "address"))
        var remoteAddress = "127.0.0.1"

        @Option(
            help: ArgumentHelp(
                "Remote support: a peer (address or network, 192.168.1.0/24) that may connect; repeat it. Default: localhost only.",
                valueName: "peer"))
        var remoteAllow: [String] = []

        @Option(help: ArgumentHelp("Remote support: the password's file, read by systemd and handed to the app (LoadCredential=).", valueName: "path"))
        var remotePasswordFile = "/etc/panelkit/remote-password"

        @Option(help: ArgumentHelp("Remote support off loopback: the TLS certificate (PEM), handed over like the password.", valueName: "path"))
        var remoteCertificate: String?

        @Option(help: ArgumentHelp("Remote support off loopback: the certificate's key (PEM).", valueName: "path"))
        var remoteKey: String?

        @Flag(help: "Remote support: viewers watch and cannot operate.")
        var remoteViewOnly = false

        @Option(help: ArgumentHelp("Where the app finds board files (default /usr/local/share/panelkit/boards).", valueName: "dir"))
        var boardsDirectory = "/usr/local/share/panelkit/boards"

        @Option(help: ArgumentHelp("Keep calibration and state in /var/lib/NAME (StateDirectory=; a package's purge removes it).", valueName: "name"))
        var stateDirectory: String?

        @Option(help: ArgumentHelp("The unit to start when this one fails for good (OnFailure=): a rollback.", valueName: "unit"))
        var onFailure: String?

        @Option(help: ArgumentHelp("A command to run once the app is ready (ExecStartPost=, after READY=1).", valueName: "command"))
        var readyCommand: String?

        @Option(help: ArgumentHelp("The app's version, shown in its metrics (panelkit_build_info).", valueName: "version"))
        var appVersion: String?

        @Option(help: ArgumentHelp("Seconds the app may take to become ready before the start counts as failed (1–600).", valueName: "seconds"))
        var startTimeout: Int?

        func validate() throws {
            guard (2 ... 600).contains(watchdog) else { throw ValidationError("--watchdog takes 2 to 600 seconds") }
            guard exec.hasPrefix("/") else { throw ValidationError("--exec needs the app's absolute path (systemd runs no shell), e.g. /usr/local/bin/kiosk") }
            if let startTimeout, !(1 ... 600).contains(startTimeout) { throw ValidationError("--start-timeout takes 1 to 600 seconds") }
            if let stateDirectory, stateDirectory.isEmpty || stateDirectory.contains("/") || stateDirectory.hasPrefix(".") {
                throw ValidationError("--state-directory takes a name under /var/lib (doorkeypad), not a path")
            }
            if remotePort != nil {
                let octets = remoteAddress.split(separator: ".", omittingEmptySubsequences: false)
                guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else {
                    throw ValidationError("--remote-address takes an IPv4 address (127.0.0.1, or one of the panel's)")
                }
                if !remoteAddress.hasPrefix("127."), remoteCertificate == nil || remoteKey == nil {
                    throw ValidationError(
                        "--remote-address \(remoteAddress) is off loopback: give --remote-certificate and --remote-key (plain VNC authentication is allowed only on loopback; use an SSH tunnel otherwise)"
                    )
                }
                for value in [remotePasswordFile] + [remoteCertificate, remoteKey].compactMap({ $0 }) where !value.hasPrefix("/") || value.contains(" ") {
                    throw ValidationError("remote support's files take absolute paths without spaces: \(value)")
                }
                for peer in remoteAllow where peer.isEmpty || !peer.allSatisfy({ $0.isHexDigit || ".:/".contains($0) }) {
                    throw ValidationError("--remote-allow \(peer): give an address or a network (192.168.1.20, 192.168.1.0/24)")
                }
            } else if !remoteAllow.isEmpty || remoteViewOnly || remoteCertificate != nil || remoteKey != nil {
                throw ValidationError("the --remote-* options need --remote-port: remote support is off without it")
            }
            if let readyCommand, !readyCommand.hasPrefix("/") { throw ValidationError("--ready-command needs an absolute path (systemd runs no shell)") }
            for (option, value) in [("--app-version", appVersion), ("--on-failure", onFailure), ("--boards-directory", Optional(boardsDirectory))] {
                if let value, value.isEmpty || value.contains(where: { $0 == "\n" || $0 == " " }) {
                    throw ValidationError("\(option) takes one word without spaces or line breaks")
                }
            }
        }

        func run() throws {
            var files = ServiceFiles(board: try options.load(), exec: exec, user: user)
            files.watchdogSeconds = watchdog
            files.realtime = !noRealtime
            files.metricsPort = metricsPort
            if let remotePort {
                files.remote = ServiceFiles.Remote(
                    port: remotePort, address: remoteAddress, allow: remoteAllow, passwordFile: remotePasswordFile,
                    certificate: remoteCertificate, key: remoteKey, viewOnly: remoteViewOnly)
            }
            files.boardsDirectory = boardsDirectory
            files.stateDirectory = stateDirectory
            files.onFailure = onFailure
            files.readyCommand = readyCommand
            files.appVersion = appVersion
            files.startTimeoutSeconds = startTimeout
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
