public import ArgumentParser
import PanelBoards
import PanelControllers
import PanelCore
import PanelKit

/// `panelctl`: the command line of PanelKit. Each subcommand lives in its own file.
public struct PanelCtl: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "panelctl",
        abstract: "Touch panels on Linux boards: probe the controller, watch touches, calibrate, record and replay, test the display, run the demo.",
        discussion: """
            Every command takes --board NAME|PATH (default: mock, the built-in bench with an emulated \
            FT6336U and a memory framebuffer, which needs no hardware). Board files: boards/README.md.
            """,
        subcommands: [
            Demo.self, Simulate.self, Probe.self, Monitor.self, Calibrate.self, Record.self, Replay.self,
            FramebufferInfo.self, FramebufferTest.self, Screenshot.self, BoardCommand.self, Service.self, Status.self,
            AccessibilityAuditCommand.self,
        ])

    public init() {}
}

/// `--board` and `--config-dir`, shared by every command.
struct BoardOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The board: a name (mock, mock-gt911, raspberrypi-gt911-7inch, …) or a path to a board file.", valueName: "name|path"))
    var board = "mock"

    @Option(
        name: .customLong("config-dir"),
        help: ArgumentHelp("Where calibration overrides are kept (default: $PANELKIT_CONFIG_DIR, else ~/.config/panelkit).", valueName: "dir"))
    var configDirectory: String?

    /// The touch controllers board files may name: PanelKit's.
    var registry: TouchControllerRegistry { .standard }

    var loader: BoardLoader {
        configDirectory.map { BoardLoader(registry: registry, calibrationDirectory: $0) } ?? BoardLoader(registry: registry)
    }

    func load() throws(CommandFailure) -> Board {
        do {
            return try loader.load(board)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}

/// `panelctl board …`
struct BoardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board",
        abstract: "Check, list and show board files.",
        subcommands: [Validate.self, List.self, Show.self])

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Decode and validate board files; every problem is listed with its key path and fix.")

        @Argument(help: ArgumentHelp("Board files (or board names).", valueName: "file"))
        var files: [String]

        func run() throws {
            var failed = 0
            for file in files {
                do {
                    let board = try BoardLoader().decode(file)
                    say("\(board.path ?? file): ok — \(board.model)")
                } catch {
                    failed += 1
                    say("\(error)")
                }
            }
            if failed > 0 { throw CommandFailure("\(failed) of \(files.count) board file\(files.count == 1 ? "" : "s") invalid") }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the boards found in the search path.")
        func run() throws {
            let loader = BoardLoader()
            for name in loader.availableBoards() {
                let model = (try? loader.load(name).model) ?? "(invalid: run panelctl board validate \(name))"
                say("\(name.padded(42)) \(model)")
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a board as PanelKit understands it, defaults filled in.")
        @OptionGroup var options: BoardOptions
        func run() throws {
            for line in summary(try options.load()) { say(line) }
        }
    }
}

/// A board in a few lines (probe and board show print it).
func summary(_ board: Board) -> [String] {
    var lines = ["board: \(board.name) — \(board.model)"]
    if let path = board.path { lines.append("file: \(path)") }
    let t = board.touch
    var touch = "touch: \(t.compatible) (\(t.driver))"
    if let bus = t.bus { touch += " on \(bus)" }
    if let a = t.address { touch += " at \(a)" }
    if let alt = t.alternateAddress { touch += " (or \(alt))" }
    lines.append(touch)
    if let i = t.interrupt {
        lines.append("interrupt: \(i)")
    } else if t.driver != .evdev {
        lines.append("interrupt: none (polling every \(t.pollIntervalMilliseconds) ms)")
    }
    if let r = t.reset { lines.append("reset: \(r)") }
    if t.driver == .evdev {
        if let d = t.device { lines.append("device: \(d)") }
        if !t.deviceNames.isEmpty { lines.append("device name: \(t.deviceNames.map { "\"\($0)\"" }.joined(separator: " or "))\(t.grab ? ", grabbed" : "")") }
    }
    var mapping = "controller: \(t.sizeX.map(String.init) ?? "device")×\(t.sizeY.map(String.init) ?? "device")"
    if t.invertedX { mapping += ", inverted x" }
    if t.invertedY { mapping += ", inverted y" }
    if t.swappedXY { mapping += ", swapped x/y" }
    if let m = t.maxContacts { mapping += ", at most \(m) contacts" }
    lines.append(mapping)
    if let c = t.calibration {
        let p = c.pointercal
        lines.append("calibration: [\(p.0), \(p.1), \(p.2), \(p.3), \(p.4), \(p.5), \(p.6)]")
    }
    let d = board.display
    lines.append(
        "display: \(d.device) \(d.width)×\(d.height)\(d.device == .memory ? " \(d.format.rawValue)" : ""), rotation \(d.rotation.rawValue)°, UI \(Int(d.uiSize.width))×\(Int(d.uiSize.height))"
    )
    return lines
}

extension PanelCtl {
    /// Parses and runs one command line, writing through ``Console/current`` (errors and help
    /// included), and returns the exit status: how tests and embedding programs run panelctl.
    public static func run(arguments: [String]) -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return 0
        } catch {
            let status = exitCode(for: error).rawValue
            let text = message(for: error)
            if status == 0 { say(text) } else { Console.current.warning("Error: " + text) }
            return status
        }
    }
}
