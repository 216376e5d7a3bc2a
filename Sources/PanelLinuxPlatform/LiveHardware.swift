#if os(Linux)
import Glibc
public import Logging
public import PanelBoards
public import PanelCore
public import PanelGraphics
public import PanelLinux
public import PanelPlatform
import MotionSensors
public import PanelControllers

/// The Linux backend: the board's framebuffer device, its touch controller (the I2C driver on
/// its bus and GPIO interrupt, or the kernel's evdev device) on an input thread, its key
/// devices (keyboards, buttons, remotes) on the run loop, and the epoll run loop, which sleeps
/// until the queue's eventfd, a key device, the next timer or SIGINT/SIGTERM.
@MainActor
public final class LinuxPlatform: Platform {
    /// This platform is a real Linux board.
    public let name = "linux"
    /// The board.
    public let board: Board
    /// The board's display: a framebuffer device or a DRM card.
    public let framebuffer: any Framebuffer
    /// The system's monotonic clock (`CLOCK_MONOTONIC`), the clock of the input's timestamps.
    public let clock: any MonotonicClock = SystemClock()
    /// The queue the input thread fills and the run loop drains.
    public let eventQueue: EventQueue
    /// What the touch controller said about itself at start (chip, firmware, resolution).
    public private(set) var identification: [String] = []
    /// The epoll loop: an app may add its own descriptors (`LinuxRunLoop/add(fileDescriptor:handler:)`).
    public let runLoop: LinuxRunLoop
    /// The input thread, once started.
    public private(set) var input: LiveInput?
    /// The board's key devices, once started.
    public private(set) var keys: LiveKeys?
    /// The board's GPIO buttons, once started.
    public private(set) var buttons: LiveButtons?
    /// Where the platform reports what it found and what went wrong (a key device skipped or
    /// gone, the touch controller's faults and recoveries, the screen's changes): given at init.
    public let logger: Logger
    private weak var client: (any RunLoopClient)?
    /// The backlight and display power the idle policy drives (created at start, when the
    /// log is set).
    public private(set) var screenPower: LinuxScreenPower?
    /// The VT a DRM display is on, switched under the app's control (nil: none, or fbdev).
    public private(set) var terminal: VirtualTerminal?
    /// Tells the app when the wall clock is set, for the board's off hours (nil: none set).
    public private(set) var wallClockWatch: WallClockWatch?
    /// The board's accelerometer, once started (nil: none). Its `latest` is the panel's tilt.
    public private(set) var motion: LiveMotion<LinuxI2CBus>?
    private let realtimePriority: Int32?
    private let registry: TouchControllerRegistry
    /// Raised by the input thread on a fault or a reset; wakes the loop to log it.
    private let healthSignal: WakeSignal
    private var healthSource: LinuxRunLoop.Source?
    private var flipSource: LinuxRunLoop.Source?

    /// What of the board the platform takes: an app takes it all; a tool that only watches the
    /// input (`panelctl monitor`, `record`) leaves the display, the backlight and the board's
    /// other devices to the app that may be running.
    public struct Uses: Sendable, Hashable {
        /// The framebuffer or DRM card, the backlight and the off hours (otherwise: a memory
        /// framebuffer of the panel's size, which nothing shows).
        public var display: Bool
        /// The keys, buttons, encoders and motion sensor (otherwise: the touch controller only).
        public var devices: Bool

        /// Takes `display` and `devices` (the touch controller always).
        public init(display: Bool, devices: Bool) {
            self.display = display
            self.devices = devices
        }

        /// The whole board: what an app runs on.
        public static let everything = Uses(display: true, devices: true)
    }

    /// What of the board this platform takes.
    public let uses: Uses

    /// Opens the board's framebuffer and prepares the loop; the controller (looked up in
    /// `registry`) starts in ``start(client:)``. `logger` receives what the platform finds and
    /// what goes wrong; `uses` says what of the board it takes (all of it, for an app).
    /// - Throws: `PanelKitError`: the framebuffer device is missing, refused or does not
    ///   match the board file; the kernel refused a descriptor.
    public init(
        board: Board, realtimePriority: Int32? = nil, registry: TouchControllerRegistry = .standard, logger: Logger = .silent,
        uses: Uses = .everything
    ) throws(PanelKitError) {
        self.board = board
        self.logger = logger
        self.registry = registry
        self.realtimePriority = realtimePriority
        self.uses = uses
        framebuffer =
            uses.display
            ? try makeFramebuffer(for: board)
            : MemoryFramebuffer(width: board.display.width, height: board.display.height, format: pixelFormat(board.display.format))
        let signal: WakeSignal
        do {
            signal = try WakeSignal()
            healthSignal = try WakeSignal()
        } catch { throw PanelKitError(.system, error) }
        eventQueue = EventQueue(capacity: 64, wakeUp: signal)
        do { runLoop = try LinuxRunLoop(queueSignal: signal, clock: SystemClock()) } catch { throw PanelKitError(.system, error) }
    }

    /// Starts the controller (identifying the chip) on the input thread; SIGINT and SIGTERM
    /// stop the loop from now on.
    public func start(client: any RunLoopClient) throws(PanelKitError) {
        runLoop.prepareToRun()
        var devices = board
        if !uses.devices {
            devices.keys = Board.Keys()
            devices.buttons = []
            devices.encoders = []
            devices.motion = nil
        }
        let keys = try LiveKeys(board: devices, logger: logger)
        let buttons = try LiveButtons(board: devices, logger: logger)
        let input = try LiveInput.start(board: board, queue: eventQueue, realtimePriority: realtimePriority, healthSignal: healthSignal, registry: registry)
        self.input = input
        self.keys = keys
        self.client = client
        self.buttons = buttons
        identification = input.identification + keys.identification + buttons.identification
        try buttons.start(on: runLoop, client: client)
        let health = TouchHealthLog(logger: logger)
        let thread = input.thread
        healthSource = try? runLoop.add(fileDescriptor: healthSignal.fileDescriptor) { [healthSignal] _ in
            _ = healthSignal.clear()
            health.observe(
                errors: thread.errorCount, recoveries: thread.recoveryCount, failedRecoveries: thread.failedRecoveryCount,
                lastError: thread.lastError, backoff: thread.backoff, failing: thread.isFailing, now: SystemClock().now)
        }
        if let drm = framebuffer as? DRMFramebuffer {
            identification.append("display: \(drm.path) \(drm.output.connector.name) \(drm.output.mode), page flips on vblank")
            startTerminal(for: drm)
            // Animation frames follow the page flips, not a free-running timer.
            flipSource = try? drm.paceFrames(of: client, on: runLoop)
        }
        try keys.start(on: runLoop, client: client)
        if let m = devices.motion {
            let motion = try LiveMotion.open(m, logger: logger)
            try motion.start(on: runLoop, client: client)
            self.motion = motion
            identification.append("motion: LIS3DH at \(m.address) on \(m.bus), INT1 \(motion.line.name), ±\(m.rangeG) g, \(m.rate) Hz while moved")
        }
        if uses.display, board.power.isIdlePolicySet || board.power.backlight != nil {
            let directory: String? =
                switch board.power.backlight {
                case .automatic: SysfsBacklight.discover() ?? "/sys/class/backlight (none found)"
                case .path(let path): path
                case nil: nil
                }
            let power = LinuxScreenPower(backlight: directory, framebuffer: framebuffer, logger: logger)
            screenPower = power
            client.screenPower = power
            if let backlight = power.backlight { identification.append("backlight: \(backlight.directory), max \(backlight.maximum)") }
        }
        if uses.display, let offHours = board.power.offHours {
            do {
                wallClockWatch = try WallClockWatch(runLoop: runLoop) { [weak client] in client?.wallClockDidChange() }
                identification.append("off hours: \(offHours), local time")
            } catch {
                logger.subsystem("power").warning("off hours are kept, but a change of the wall clock will not be seen until their next edge (\(error))")
            }
        }
        raiseOnTermination(runLoop.stopSignal)
    }

    /// Gives the DRM display up around VT switches; without a VT (a container, ssh) one line.
    private func startTerminal(for drm: DRMFramebuffer) {
        do {
            let terminal = try VirtualTerminal()
            let logger = self.logger.subsystem("display")
            try terminal.start(
                on: runLoop, onRelease: { drm.releaseDisplay() },
                onAcquire: {
                    do { try drm.acquireDisplay() } catch { logger.error("\(error)") }
                })
            self.terminal = terminal
        } catch {
            logger.subsystem("display").warning("\(error)")
        }
    }

    /// Sleeps in `epoll_wait` until input, a timer, a signal or `deadline`; false once stopped.
    public func waitForEvents(until deadline: MonotonicInstant?) -> Bool {
        guard !runLoop.isStopping else { return false }
        runLoop.wait(until: deadline)
        return !runLoop.isStopping
    }

    /// Ends the run loop at its next wait (safe from any thread).
    public func stop() { runLoop.stop() }

    /// Joins the input thread (after the client cancelled every touch) and puts SIGINT and
    /// SIGTERM back.
    /// What the input thread counted so far (its atomics, read from the main actor), and the
    /// controller's health.
    public var inputStatistics: InputStatistics { input?.thread.statistics ?? InputStatistics() }

    /// The system's local time, for the board's off hours.
    public var localClock: (any LocalClock)? { SystemLocalClock() }

    /// The epoll loop, for the app's own descriptors (metrics, diagnostics).
    public var descriptorWatcher: (any DescriptorWatching)? { runLoop }

    public func shutDown() -> InputStatistics {
        restoreTermination()
        if let keys, let client { keys.stop(runLoop: runLoop, client: client) }
        if let healthSource { runLoop.remove(healthSource) }
        healthSource = nil
        if let flipSource { runLoop.remove(flipSource) }
        flipSource = nil
        (framebuffer as? DRMFramebuffer)?.onFlip = nil
        terminal?.stop(runLoop: runLoop)
        wallClockWatch?.stop()
        if let buttons, let client { buttons.stop(runLoop: runLoop, client: client) }
        motion?.stop()
        guard let input else { return InputStatistics() }
        input.thread.stop()
        return input.thread.statistics
    }
}

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
