#if os(Linux)
import Glibc
import Logging
public import PanelBoards
public import PanelCore
import PanelGraphics
public import PanelLinux
public import PanelPlatform
import MotionSensors
public import PanelControllers

/// A board's real input path: the driver on its bus and lines, in a pipeline on an input thread.
public final class LiveInput {
    /// The thread that owns the driver and fills the queue.
    public let thread: InputThread
    /// Wakes the input thread to stop it.
    public let stop: WakeSignal
    /// What the touch controller said about itself at start.
    public let identification: [String]

    fileprivate init(thread: InputThread, stop: WakeSignal, identification: [String]) {
        self.thread = thread
        self.stop = stop
        self.identification = identification
    }

    deinit { thread.stop() }

    /// Builds the board's driver, starts it (identifying the chip) and the input thread.
    public static func start(
        board: Board, queue: EventQueue, realtimePriority: Int32? = nil, healthSignal: WakeSignal? = nil, registry: TouchControllerRegistry = .standard
    ) throws(PanelKitError) -> LiveInput {
        let stop: WakeSignal
        do { stop = try WakeSignal() } catch { throw PanelKitError(.system, error) }
        if board.touch.driver == .evdev {
            let path = try evdevPath(board)
            let source = EvdevTouchSource(path: path, grab: board.touch.grab, transform: board.transform())
            source.interruptor = stop
            let launcher = LiveLauncher(board: board, queue: queue, stop: stop, healthSignal: healthSignal, realtimePriority: realtimePriority)
            return try launcher.launch(source) { s in
                guard let info = s.info else { return DriverIdentity(["evdev: \(path)"]) }
                return DriverIdentity(["evdev: \(path) \"\(info.name)\", \(info.multitouch), x \(info.x), y \(info.y)"])
            }
        }
        guard let controller = registry.controller(for: board) else {
            throw PanelKitError(.board, "\(board.name): no controller in the registry drives \(board.touch.compatible)")
        }
        return try launch(controller, board: board, queue: queue, stop: stop, healthSignal: healthSignal, realtimePriority: realtimePriority)
    }

    /// Opens the board's bus and lines and starts `controller`'s driver on them.
    private static func launch<Controller: TouchController>(
        _ controller: Controller.Type, board: Board, queue: EventQueue, stop: WakeSignal, healthSignal: WakeSignal?, realtimePriority: Int32?
    ) throws(PanelKitError) -> LiveInput {
        let bus = try openBus(board)
        // Separate requests, so each line is sent to the input thread on its own.
        let interrupt = try board.touch.interrupt.map { p throws(PanelKitError) in try pin(p, .input(edges: .rising, bias: p.bias)) }
        let reset = try board.touch.reset.map { p throws(PanelKitError) in try pin(p, .output(initial: .low)) }
        interrupt?.interruptor = stop
        let launcher = LiveLauncher(board: board, queue: queue, stop: stop, healthSignal: healthSignal, realtimePriority: realtimePriority)
        return try controller.launch(on: bus, reset: reset, interrupt: interrupt, clock: SystemClock(), board: board, with: launcher)
    }

    /// The evdev device of a board whose kernel driver owns the touch controller.
    /// - Throws: `PanelKitError` naming the device and how to find it when none matches.
    public static func evdevPath(_ board: Board) throws(PanelKitError) -> String {
        if let device = board.touch.device { return device }
        for name in board.touch.deviceNames {
            if let path = EvdevTouchSource.discover(name: name) { return path }
        }
        let present = EvdevTouchSource.devices().map { "\($0.path) \"\($0.name)\"" }
        throw PanelKitError(
            "\(board.path ?? board.name): no input device named \(board.touch.deviceNames.map { "\"\($0)\"" }.joined(separator: " or ")); "
                + (present.isEmpty
                    ? "no input devices are readable (is the kernel driver loaded? is the user in the `input` group?)"
                    : "present: \(present.joined(separator: ", ")); set touch.device-name to one of them"))
    }

    /// Opens the board's I2C bus.
    /// - Throws: `PanelKitError` naming the bus and the fix (enable I2C, join the `i2c` group).
    public static func openBus(_ board: Board) throws(PanelKitError) -> LinuxI2CBus {
        guard case .device(let path) = board.touch.bus else { throw PanelKitError("\(board.name): not an I2C board") }
        do {
            return try LinuxI2CBus(path: path)
        } catch {
            throw PanelKitError(.system, error)
        }
    }

    /// Requests one of the board's GPIO lines in `direction`.
    /// - Throws: `PanelKitError` naming the chip and line and the fix (a busy line, a permission).
    public static func pin(_ pin: Board.Pin, _ direction: LinuxGPIOLine.Direction) throws(PanelKitError) -> LinuxGPIOLine {
        let selector: LinuxGPIOLine.Selector =
            switch pin.line {
            case .offset(let n): .offset(n)
            case .name(let s): .name(s)
            }
        do {
            return try LinuxGPIOLine(chip: pin.chip, line: selector, activeLow: pin.activeLow, direction: direction)
        } catch {
            throw PanelKitError(.system, "\(pin)", error)
        }
    }

    /// The board's touch interrupt line (watching `interruptEdges`) and reset line, where it has them.
    /// - Throws: `PanelKitError` when a line cannot be requested.
    public static func lines(_ board: Board, interruptEdges: EdgeDetection) throws(PanelKitError) -> (LinuxGPIOLine?, LinuxGPIOLine?) {
        let interrupt = try board.touch.interrupt.map { p throws(PanelKitError) in try pin(p, .input(edges: interruptEdges, bias: p.bias)) }
        // RESET starts released (logical low); the driver's start pulses it (and, for a GT911,
        // straps the address on INT meanwhile).
        let reset = try board.touch.reset.map { p throws(PanelKitError) in try pin(p, .output(initial: .low)) }
        return (interrupt, reset)
    }
}

/// Starts a driver on a board: in a pipeline on its own input thread, filling the queue.
private struct LiveLauncher: DriverLauncher {
    let board: Board
    let queue: EventQueue
    let stop: WakeSignal
    let healthSignal: WakeSignal?
    let realtimePriority: Int32?

    func launch<Driver: TouchSource>(_ driver: sending Driver, identify: @escaping (Driver) -> DriverIdentity) throws(PanelKitError) -> LiveInput {
        var pipeline = TouchPipeline(source: driver, queue: queue, clock: SystemClock())
        do { try pipeline.start() } catch { throw PanelKitError(.touch, "\(board.name)", error) }
        let identification = identify(pipeline.source).lines
        do {
            let thread = try InputThread(
                pipeline: pipeline, stopSignal: stop, healthSignal: healthSignal, options: .init(realtimePriority: realtimePriority))
            return LiveInput(thread: thread, stop: stop, identification: identification)
        } catch {
            throw PanelKitError(.system, error)
        }
    }
}
#endif
