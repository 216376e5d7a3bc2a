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
#endif
