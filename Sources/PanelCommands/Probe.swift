import ArgumentParser
import PanelBoards
import PanelControllers
import PanelCore
import PanelKit

#if os(Linux)
import Glibc
import PanelLinux
import PanelLinuxPlatform
#endif

/// `panelctl probe`
struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find the board's touch controller: check permissions, try the addresses, detect a kernel driver that owns it, identify the chip.",
        discussion: "Exits 0 when the controller was found and identified; otherwise the last line says what to fix.")

    @OptionGroup var options: BoardOptions

    func run() throws {
        try Probe.probe(try options.load(), registry: options.registry)
    }

    /// Checks and identifies `board`'s controller (looked up in `registry`), saying each step;
    /// throws naming what to fix.
    static func probe(_ board: Board, registry: TouchControllerRegistry) throws(CommandFailure) {
        for line in summary(board) { say(line) }
        for line in board.comment { say("  note: \(line)") }
        say("")
        if board.isMock {
            let bench: Bench
            do { bench = try Bench(board: board, registry: registry) } catch { throw CommandFailure("\(error)") }
            say("bus: mock (an emulated controller; no permissions needed)")
            for line in bench.identification { say(line) }
            say("controller found")
            return
        }
        #if os(Linux)
        try probeLinux(board, registry: registry)
        #else
        throw CommandFailure("probing real hardware needs Linux")
        #endif
    }

    #if os(Linux)
    private static func probeLinux(_ board: Board, registry: TouchControllerRegistry) throws(CommandFailure) {
        var problems: [String] = []
        // Permissions, before anything is opened, so every missing one is listed at once.
        var nodes: [(String, String)] = []
        if case .device(let path) = board.touch.bus { nodes.append((path, "i2c")) }
        for pin in [board.touch.interrupt, board.touch.reset].compactMap({ $0 }) {
            let chip =
                pin.chip.hasPrefix("/")
                ? pin.chip : (pin.chip.hasPrefix("gpiochip") ? "/dev/" + pin.chip : (Int(pin.chip) != nil ? "/dev/gpiochip" + pin.chip : ""))
            if !chip.isEmpty && !nodes.contains(where: { $0.0 == chip }) { nodes.append((chip, "gpio")) }
        }
        if case .framebuffer(let path) = board.display.device { nodes.append((path, "video")) }
        if case .drm(let path?) = board.display.device { nodes.append((path, "video")) }
        if let device = board.touch.device { nodes.append((device, "input")) }
        for (node, group) in nodes {
            if access(node, F_OK) != 0 {
                say("missing: \(node)")
                problems.append("\(node) does not exist (see boards/README.md and the board's comment)")
            } else if access(node, R_OK | W_OK) != 0 && !(group == "input" && access(node, R_OK) == 0) {
                say("no permission: \(node) (join the `\(group)` group, or install PanelKit's udev rules with scripts/install)")
                problems.append("no permission for \(node)")
            } else {
                say("ok: \(node)")
            }
        }
        if board.touch.driver == .evdev {
            let devices = EvdevTouchSource.devices()
            say("input devices: \(devices.isEmpty ? "none readable" : devices.map { "\($0.path) \"\($0.name)\"" }.joined(separator: ", "))")
        } else if case .device(let path) = board.touch.bus {
            let bus: LinuxI2CBus
            do { bus = try LinuxI2CBus(path: path) } catch { throw CommandFailure("\(error)") }
            say("bus: \(path), transfers by \(bus.method)")
            var answering: [I2CAddress] = []
            for address in [board.touch.address, board.touch.alternateAddress].compactMap({ $0 }) {
                if let driver = bus.kernelDriver(boundTo: address) {
                    say("\(address): owned by the kernel driver \(driver)")
                    problems.append("\(I2CBusOpenError.ownedByKernelDriver(path: path, address: address, driver: driver))")
                    continue
                }
                do {
                    try bus.probe(address)
                    say("\(address): answers")
                    answering.append(address)
                } catch {
                    say("\(address): \(error)")
                }
            }
            // A chip that answers before its driver starts it is a wiring fault when silent; one
            // that straps its address or sleeps (a GT911, a CST816) is woken by the start below.
            let answersBeforeStart = registry.catalog.model(of: board.touch.driver)?.answersBeforeStart ?? true
            if answering.isEmpty && problems.isEmpty && answersBeforeStart {
                problems.append(
                    "no controller answers on \(path) at \([board.touch.address, board.touch.alternateAddress].compactMap { $0 }.map(\.description).joined(separator: " or ")): check the wiring and `i2cdetect -y \(path.dropFirst("/dev/i2c-".count))`"
                )
            }
        }
        guard problems.isEmpty else { throw CommandFailure(problems.joined(separator: "\n")) }
        // Identify: start the driver as the demo would (a GT911 is reset and strapped here).
        let queue = EventQueue(capacity: 8)
        let input: LiveInput
        do { input = try LiveInput.start(board: board, queue: queue, registry: registry) } catch { throw CommandFailure("\(error)") }
        input.thread.stop()
        for line in input.identification { say(line) }
        say("controller found")
    }
    #endif
}
