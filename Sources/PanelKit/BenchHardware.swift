#if Bench
import MotionSensors
public import PanelBench
// The bench half of the composition root: a mock board's emulated chip, driven by the real
// driver on the mock bus in virtual time.
public import PanelBoards
public import PanelControllers
public import PanelCore
import PanelGraphics
import PanelLinuxPlatform
public import PanelPlatform

/// An input pipeline driven step by step on the caller's thread (the bench).
public protocol SteppedInput: AnyObject {
    func step(timeout: MonotonicDuration?)
    var statistics: InputStatistics { get }
}

final class PipelineBox<Source: TouchSource, Clock: MonotonicClock>: SteppedInput {
    var pipeline: TouchPipeline<Source, Clock>
    init(_ pipeline: TouchPipeline<Source, Clock>) { self.pipeline = pipeline }
    func step(timeout: MonotonicDuration?) { pipeline.step(timeout: timeout) }
    var statistics: InputStatistics { pipeline.statistics }
}

/// The bench: an emulated chip on the mock bus, driven by the real driver, in virtual time.
public final class Bench {
    /// The mock board this bench emulates.
    public let board: Board
    /// The virtual clock the chip, the driver and the session run on.
    public let clock: ManualClock
    /// The queue the driver's frames go to, and the application takes them from.
    public let queue: EventQueue
    /// The emulated controller, to play touches on (an `FT6x06Emulator`, a `GT911Emulator`…,
    /// as the board's compatible names).
    public let chip: any TouchControllerEmulator
    /// The real driver's pipeline, stepped by the session in virtual time.
    public let input: any SteppedInput
    /// What the driver read from the chip at start (probe's output).
    public let identification: [String]
    /// The board's push buttons (`buttons`), on emulated lines read through the real debounce
    /// and hold logic: a script pushes them by name (``button(named:)``).
    public let buttons: [BenchButton]
    /// The board's accelerometer (`motion`), emulated and read by the real driver and shake
    /// detector: a script shakes the board.
    public let motion: BenchMotion?
    /// The transform the driver uses (with the chip's own resolution for a GT911).
    public let transform: TouchscreenTransform
    /// Where a finger on the glass lands in controller coordinates: the transform without the
    /// board's calibration (a miscalibrated panel reports the same raw numbers either way).
    public var glass: TouchscreenTransform {
        var t = transform
        t.calibration = nil
        return t
    }

    /// Makes the mock board's chip, starts the real driver on it and emulates its buttons and motion.
    /// - Parameters:
    ///   - board: a mock board (its `touch.bus` is `mock`).
    ///   - queueCapacity: the capacity of the queue the driver fills.
    ///   - registry: the controllers the board's compatible is looked up in.
    /// - Throws: `PanelKitError` when the board is not a mock board or its driver does not start.
    public init(board: Board, queueCapacity: Int = 64, registry: TouchControllerRegistry = .standard) throws(PanelKitError) {
        guard board.isMock else { throw PanelKitError("\(board.name) is not a mock board") }
        self.board = board
        let clock = ManualClock()
        clock.recordsSleeps = false
        self.clock = clock
        queue = EventQueue(capacity: queueCapacity)
        buttons = board.buttons.map { button in
            BenchButton(
                name: button.press.name, type: button.press.pressType, clock: clock, interval: .milliseconds(Int64(button.debounceMilliseconds)),
                mode: button.debounce, holding: button.hold.behavior)
        }
        if let m = board.motion {
            do {
                motion = try BenchMotion(
                    clock: clock, address: m.address, range: m.range(), rate: m.rate, shakeThreshold: Double(m.shakeThresholdMilliG) / 1000)
            } catch {
                throw PanelKitError(.system, "\(board.name): the emulated accelerometer did not start", error)
            }
        } else {
            motion = nil
        }
        guard let found = registry.controller(for: board) else {
            throw PanelKitError(
                .board,
                "\(board.name): a mock board needs an emulated chip (\(registry.catalog.models.map(\.driver.rawValue).joined(separator: ", "))), not \(board.touch.compatible)"
            )
        }
        guard let controller = found as? any EmulatedTouchController.Type else {
            throw PanelKitError(
                .board,
                "\(board.name): the controller \(found) for \(board.touch.compatible) has no emulator, so it cannot run headless; conform it to PanelBench's EmulatedTouchController (makeEmulator), or run the board on its hardware"
            )
        }
        let interrupt = board.touch.interrupt.map { _ in MockLine(name: "int", clock: clock) }
        interrupt?.recordsHistory = false
        let reset = board.touch.reset.map { _ in MockLine(name: "reset", clock: clock, direction: .output) }
        reset?.recordsHistory = false
        do {
            try interrupt?.configureAsInput(edges: .rising, bias: .asIs)
        } catch {
            throw PanelKitError(.system, "\(board.name)", error)
        }
        let started = try Bench.emulate(controller, board: board, interrupt: interrupt, reset: reset, clock: clock, queue: queue)
        chip = started.chip
        input = started.input
        identification = started.identity.lines
        var transform = board.transform()
        if let resolution = started.identity.resolution {
            transform.controllerWidth = resolution.width
            transform.controllerHeight = resolution.height
        }
        self.transform = transform
    }

    /// Starts `controller`'s emulator and its real driver in a pipeline stepped in virtual time.
    private static func emulate<Controller: EmulatedTouchController>(
        _ controller: Controller.Type, board: Board, interrupt: MockLine?, reset: MockLine?, clock: ManualClock, queue: EventQueue
    ) throws(PanelKitError) -> (chip: any TouchControllerEmulator, input: any SteppedInput, identity: DriverIdentity) {
        let emulator = controller.makeEmulator(board: board, interrupt: interrupt, reset: reset, clock: clock)
        let launcher = BenchLauncher(board: board, queue: queue, clock: clock)
        // Nothing is sent: the driver runs on this thread, sharing the emulator, the lines and
        // the clock the bench goes on stepping.
        let (input, identity) = try controller.launch(
            onBench: emulator, reset: reset, interrupt: interrupt, clock: clock, board: board, with: launcher)
        return (emulator, input, identity)
    }

    /// The board's button that `name` names (its press: `menu`, `select`, `key-59`).
    public func button(named name: String) -> BenchButton? {
        buttons.first { $0.name == name }
    }

    /// When a button or the accelerometer next needs a look; nil when none does.
    public var nextDeviceDeadline: MonotonicInstant? {
        var soonest = motion?.deadline
        for button in buttons {
            if let deadline = button.deadline, soonest.map({ deadline < $0 }) ?? true { soonest = deadline }
        }
        return soonest
    }

    /// Reads every button and the accelerometer: what their lines and deadlines decide,
    /// delivered.
    public func pollDevices(_ deliver: (DeviceInput) -> Void) {
        for button in buttons { button.poll(deliver) }
        motion?.poll(deliver)
    }

    /// Ends every press a button holds down and a shake in progress (the session is stopping).
    public func cancelDevices(_ deliver: (DeviceInput) -> Void) {
        for button in buttons { button.cancel(deliver) }
        motion?.cancel(deliver)
    }

    private var playing: [TouchScript] = []

    /// Schedules a script's fingers on the emulated chip, in UI points of the glass (where the
    /// fingers physically are; the board's calibration then corrects what the chip reports);
    /// returns when it ends.
    @discardableResult
    public func play(_ script: TouchScript) -> MonotonicInstant {
        let glass = self.glass
        let mapped = script.mapped { point in
            let raw = glass.controllerPoint(for: point) ?? (0, 0)
            return Point(x: Double(raw.x), y: Double(raw.y))
        }
        mapped.play(on: chip, clock: clock)
        playing = [mapped]
        return mapped.end()
    }

    /// Adds a finger to the script playing, in UI points of the glass (a tap whose place was
    /// found when its time came). Nothing plays: nothing is added.
    public func add(_ finger: ScriptedFinger) {
        let glass = self.glass
        playing.last?.add(
            finger.mapped { point in
                let raw = glass.controllerPoint(for: point) ?? (0, 0)
                return Point(x: Double(raw.x), y: Double(raw.y))
            })
    }

    /// Steps the input pipeline until `end` (virtual time), calling `afterEachStep` each time.
    public func run(until end: MonotonicInstant, afterEachStep: () -> Void) {
        while clock.now < end {
            input.step(timeout: .milliseconds(20))
            afterEachStep()
        }
    }
}

/// Starts a driver on the bench: in a pipeline on the bench's queue and virtual clock, stepped
/// by the session.
struct BenchLauncher: BenchDriverLauncher {
    let board: Board
    let queue: EventQueue
    let clock: ManualClock

    func launch<Driver: TouchSource>(_ driver: Driver, identify: @escaping (Driver) -> DriverIdentity) throws(PanelKitError) -> (
        any SteppedInput, DriverIdentity
    ) {
        var pipeline = TouchPipeline(source: driver, queue: queue, clock: clock)
        do {
            try pipeline.start()
        } catch {
            throw PanelKitError(.touch, "\(board.name): the emulated controller did not start", error)
        }
        return (PipelineBox(pipeline), identify(pipeline.source))
    }
}
#endif
