import MotionSensors
public import PanelBench
// The bench half of the composition root: a mock board's emulated chip, driven by the real
// driver on the mock bus in virtual time.
public import PanelBoards
public import PanelCore
import PanelGraphics
public import PanelPlatform
import TouchControllers

/// An input pipeline driven step by step on the caller's thread (the bench).
public protocol SteppedInput: AnyObject {
    func step(timeout: MonotonicDuration?)
    var statistics: InputStatistics { get }
}

final class PipelineBox<Source: TouchSource, Clock: MonotonicClock>: SteppedInput {
    var pipeline: TouchPipeline<Source, Clock>
    init(_ pipeline: TouchPipeline<Source, Clock>) { self.pipeline = pipeline }
    func step(timeout: MonotonicDuration?) { pipeline.step(timeout: timeout) }
    var statistics: InputStatistics {
        let s = pipeline.statistics
        return InputStatistics(
            reports: s.reports, errors: s.errors, recoveries: s.recoveries,
            watchdogCancels: s.watchdogCancels, framesEmitted: s.framesEmitted, lastError: s.lastError)
    }
}

/// The bench: an emulated chip on the mock bus, driven by the real driver, in virtual time.
public final class Bench {
    /// The emulated controller, as the board names it.
    public enum Chip {
        case focaltech(FT6x06Emulator)
        case goodix(GT911Emulator)
    }

    /// The mock board this bench emulates.
    public let board: Board
    /// The virtual clock the chip, the driver and the session run on.
    public let clock: ManualClock
    /// The queue the driver's frames go to, and the application takes them from.
    public let queue: EventQueue
    /// The emulated controller, to play touches on.
    public let chip: Chip
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
    /// - Throws: ``PanelKitError`` when the board is not a mock board or its driver does not start.
    public init(board: Board, queueCapacity: Int = 64) throws(PanelKitError) {
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
                throw PanelKitError("\(board.name): the emulated accelerometer did not start: \(error)")
            }
        } else {
            motion = nil
        }
        let interrupt = board.touch.interrupt.map { _ in MockLine(name: "int", clock: clock) }
        interrupt?.recordsHistory = false
        let reset = board.touch.reset.map { _ in MockLine(name: "reset", clock: clock, direction: .output) }
        reset?.recordsHistory = false
        var transform = board.transform()
        do {
            switch board.touch.driver {
            case .focaltech:
                let emulator = FT6x06Emulator(
                    address: board.touch.address ?? .ft6x06, chipID: Bench.focalTechChipID(board.touch.compatible),
                    maxPoints: board.touch.maxContacts ?? 2, interrupt: interrupt, reset: reset, clock: clock)
                try interrupt?.configureAsInput(edges: .rising, bias: .asIs)
                let configuration: FT6x06<FT6x06Emulator, MockLine, MockLine, ManualClock>.Configuration = board.focalTechConfiguration()
                var pipeline = TouchPipeline(
                    source: FT6x06(bus: emulator, reset: reset, interrupt: interrupt, clock: clock, configuration: configuration),
                    queue: queue, clock: clock)
                try pipeline.start()
                identification = pipeline.source.info.map(describe) ?? []
                chip = .focaltech(emulator)
                input = PipelineBox(pipeline)
            case .goodix:
                let emulator = GT911Emulator(interrupt: interrupt, reset: reset, clock: clock)
                let configuration: GT911<GT911Emulator, MockLine, MockLine, ManualClock>.Configuration = board.goodixConfiguration()
                var pipeline = TouchPipeline(
                    source: GT911(bus: emulator, reset: reset, interrupt: interrupt, clock: clock, configuration: configuration),
                    queue: queue, clock: clock)
                try pipeline.start()
                identification = pipeline.source.info.map(describe) ?? []
                if let info = pipeline.source.info {
                    transform.controllerWidth = info.xResolution
                    transform.controllerHeight = info.yResolution
                }
                chip = .goodix(emulator)
                input = PipelineBox(pipeline)
            case .evdev:
                throw PanelKitError("\(board.name): a mock board needs an emulated chip (focaltech or goodix), not linux,evdev")
            }
        } catch let error as TouchSourceError {
            throw PanelKitError("\(board.name): the emulated controller did not start: \(error)")
        } catch let error as GPIOError {
            throw PanelKitError("\(board.name): \(error)")
        } catch let error as PanelKitError {
            throw error
        } catch {
            throw PanelKitError("\(board.name): \(error)")
        }
        self.transform = transform
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

    static func focalTechChipID(_ compatible: String) -> UInt8 {
        switch compatible {
        case "focaltech,ft6206": 0x06
        case "focaltech,ft6236": 0x36
        case "focaltech,ft6336": 0x64
        default: 0x55  // the FT5x06 family
        }
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
        switch chip {
        case .focaltech(let emulator): mapped.play(on: emulator, clock: clock)
        case .goodix(let emulator): mapped.play(on: emulator, clock: clock)
        }
        playing = [mapped]
        return mapped.end()
    }

    /// Steps the input pipeline until `end` (virtual time), calling `afterEachStep` each time.
    public func run(until end: MonotonicInstant, afterEachStep: () -> Void) {
        while clock.now < end {
            input.step(timeout: .milliseconds(20))
            afterEachStep()
        }
    }
}
