#if os(Linux)
import Glibc
public import PanelBoards
public import PanelCore
public import PanelLinux
import TouchControllers

/// A board's real input path: the driver on its bus and lines, in a pipeline on an input thread.
public final class LiveInput {
    public let thread: InputThread
    public let stop: WakeSignal
    public let identification: [String]

    private init(thread: InputThread, stop: WakeSignal, identification: [String]) {
        self.thread = thread
        self.stop = stop
        self.identification = identification
    }

    deinit { thread.stop() }

    /// Builds the board's driver, starts it (identifying the chip) and the input thread.
    public static func start(board: Board, queue: EventQueue, realtimePriority: Int32? = nil) throws(PanelKitError) -> LiveInput {
        let stop: WakeSignal
        do { stop = try WakeSignal() } catch { throw PanelKitError("\(error)") }
        func launch<S: TouchSource>(_ source: sending S, identify: (S) -> [String]) throws(PanelKitError) -> LiveInput {
            var pipeline = TouchPipeline(source: source, queue: queue, clock: SystemClock())
            do { try pipeline.start() } catch { throw PanelKitError(.touch, "\(board.name): \(error)") }
            let identification = identify(pipeline.source)
            do {
                let thread = try InputThread(pipeline: pipeline, stopSignal: stop, options: .init(realtimePriority: realtimePriority))
                return LiveInput(thread: thread, stop: stop, identification: identification)
            } catch {
                throw PanelKitError("\(error)")
            }
        }
        switch board.touch.driver {
        case .evdev:
            let path = try evdevPath(board)
            let source = EvdevTouchSource(path: path, grab: board.touch.grab, transform: board.transform())
            source.interruptor = stop
            return try launch(source) { s in
                guard let info = s.info else { return ["evdev: \(path)"] }
                return ["evdev: \(path) \"\(info.name)\", \(info.multitouch), x \(info.x), y \(info.y)"]
            }
        case .focaltech:
            let bus = try openBus(board)
            let (interrupt, reset) = try lines(board, interruptEdges: .rising)
            interrupt?.interruptor = stop
            let configuration: FT6x06<LinuxI2CBus, LinuxGPIOLine, LinuxGPIOLine, SystemClock>.Configuration = board.focalTechConfiguration()
            let driver = FT6x06(bus: bus, reset: reset, interrupt: interrupt, clock: SystemClock(), configuration: configuration)
            return try launch(driver) { d in
                guard let info = d.info else { return [] }
                return describeFocalTech(
                    chip: "\(info.chip)", vendor: info.vendorID, firmware: info.firmwareVersion, library: info.libraryVersion, contacts: info.maxContacts)
            }
        case .goodix:
            let bus = try openBus(board)
            let (interrupt, reset) = try lines(board, interruptEdges: .rising)
            interrupt?.interruptor = stop
            let configuration: GT911<LinuxI2CBus, LinuxGPIOLine, LinuxGPIOLine, SystemClock>.Configuration = board.goodixConfiguration()
            let driver = GT911(bus: bus, reset: reset, interrupt: interrupt, clock: SystemClock(), configuration: configuration)
            return try launch(driver) { d in
                guard let info = d.info else { return [] }
                return describeGoodix(
                    product: info.productID, variant: "\(info.variant)", firmware: info.firmwareVersion, address: info.address,
                    config: info.configVersion, width: info.xResolution, height: info.yResolution, contacts: info.maxContacts)
            }
        }
    }

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

    public static func openBus(_ board: Board) throws(PanelKitError) -> LinuxI2CBus {
        guard case .device(let path) = board.touch.bus else { throw PanelKitError("\(board.name): not an I2C board") }
        do {
            return try LinuxI2CBus(path: path)
        } catch {
            throw PanelKitError("\(error)")
        }
    }

    public static func pin(_ pin: Board.Pin, _ direction: LinuxGPIOLine.Direction) throws(PanelKitError) -> LinuxGPIOLine {
        let selector: LinuxGPIOLine.Selector =
            switch pin.line {
            case .offset(let n): .offset(n)
            case .name(let s): .name(s)
            }
        do {
            return try LinuxGPIOLine(chip: pin.chip, line: selector, activeLow: pin.activeLow, direction: direction)
        } catch {
            throw PanelKitError("\(pin): \(error)")
        }
    }

    public static func lines(_ board: Board, interruptEdges: EdgeDetection) throws(PanelKitError) -> (LinuxGPIOLine?, LinuxGPIOLine?) {
        let interrupt = try board.touch.interrupt.map { p throws(PanelKitError) in try pin(p, .input(edges: interruptEdges, bias: p.bias)) }
        // RESET starts released (logical low); the driver's start pulses it (and, for a GT911,
        // straps the address on INT meanwhile).
        let reset = try board.touch.reset.map { p throws(PanelKitError) in try pin(p, .output(initial: .low)) }
        return (interrupt, reset)
    }
}
#endif
