public import PanelCore
public import TouchControllers

/// An emulated FT6336U wired to the real driver, tracker and queue on a manual clock: the
/// whole input path of a board, ready for a UI to consume the queue.
///
/// ```swift
/// var panel = try EmulatedFT6x06Panel(width: 320, height: 480)
/// let app = Application(clock: panel.clock, eventQueue: panel.queue)
/// script.play(on: panel.chip, clock: panel.clock)
/// panel.run(until: script.end(plus: .milliseconds(50))) { app.runOnce() }
/// ```
public struct EmulatedFT6x06Panel: EmulatedPanel {
    public typealias Driver = FT6x06<FT6x06Emulator, NoLine, MockLine, ManualClock>

    /// The manual clock everything runs on.
    public let clock: ManualClock
    /// The emulated chip (play scripts on it).
    public let chip: FT6x06Emulator
    /// The queue the pipeline fills.
    public let queue: EventQueue
    /// The input pipeline (driver, tracker, queue).
    public var pipeline: TouchPipeline<Driver, ManualClock>
    /// The transform in effect: the controller's `width`×`height` onto a panel of that size.
    public var transform: TouchscreenTransform { pipeline.source.configuration.transform }

    /// Creates the panel and starts the driver. The controller reports in `width`×`height`.
    public init(width: Int = 320, height: Int = 480, queueCapacity: Int = 64) throws(TouchSourceError) {
        clock = ManualClock()
        clock.recordsSleeps = false
        let interrupt = MockLine(name: "ft6336u-int", clock: clock)
        interrupt.recordsHistory = false
        chip = FT6x06Emulator(interrupt: interrupt, clock: clock)
        do {
            try interrupt.configureAsInput(edges: .rising, bias: .asIs)
        } catch {
            throw .gpio(error)
        }
        queue = EventQueue(capacity: queueCapacity)
        let driver = Driver(
            bus: chip, interrupt: interrupt, clock: clock,
            configuration: .init(
                transform: TouchscreenTransform(controllerWidth: width, controllerHeight: height)))
        pipeline = TouchPipeline(source: driver, queue: queue, clock: clock)
        try pipeline.start()
    }

}

/// An emulated GT911 wired to the real driver (reset, address strap, configuration check),
/// tracker and queue on a manual clock: the Goodix twin of ``EmulatedFT6x06Panel``.
///
/// The chip reports in its factory configuration's resolution (320×480 unless a
/// `configuration` block says otherwise); the driver reads it at start and maps to `width`×`height`.
public struct EmulatedGT911Panel: EmulatedPanel {
    public typealias Driver = GT911<GT911Emulator, MockLine, MockLine, ManualClock>

    /// The manual clock everything runs on.
    public let clock: ManualClock
    /// The emulated chip (play scripts on it).
    public let chip: GT911Emulator
    /// The queue the pipeline fills.
    public let queue: EventQueue
    /// The input pipeline (driver, tracker, queue).
    public var pipeline: TouchPipeline<Driver, ManualClock>

    /// The transform in effect: the chip's own resolution (read at start) onto the panel.
    public let transform: TouchscreenTransform

    /// Creates the panel and starts the driver (reset pulse and address strap included).
    /// `width`×`height` is the panel in pixels; the chip reports in its configured resolution.
    public init(width: Int = 320, height: Int = 480, queueCapacity: Int = 64) throws(TouchSourceError) {
        clock = ManualClock()
        clock.recordsSleeps = false
        let reset = MockLine(name: "gt911-reset", clock: clock, direction: .output)
        let interrupt = MockLine(name: "gt911-int", clock: clock, direction: .input)
        reset.recordsHistory = false
        interrupt.recordsHistory = false
        chip = GT911Emulator(interrupt: interrupt, reset: reset, clock: clock)
        queue = EventQueue(capacity: queueCapacity)
        var transform = TouchscreenTransform(controllerWidth: width, controllerHeight: height, panelWidth: width, panelHeight: height)
        let driver = Driver(bus: chip, reset: reset, interrupt: interrupt, clock: clock, configuration: .init(transform: transform))
        pipeline = TouchPipeline(source: driver, queue: queue, clock: clock)
        try pipeline.start()
        if let info = pipeline.source.info {
            transform.controllerWidth = info.xResolution
            transform.controllerHeight = info.yResolution
        }
        self.transform = transform
    }

}

/// An emulated controller behind the real driver, tracker and queue on a manual clock.
public protocol EmulatedPanel {
    associatedtype Driver: TouchSource
    /// The manual clock everything runs on.
    var clock: ManualClock { get }
    /// The queue the pipeline fills.
    var queue: EventQueue { get }
    /// The input pipeline (driver, tracker, queue).
    var pipeline: TouchPipeline<Driver, ManualClock> { get set }
}

extension EmulatedPanel {
    /// Steps the pipeline until the clock reaches `end`, calling `afterEachStep` (the UI's run
    /// loop turn) after every step.
    public mutating func run(until end: MonotonicInstant, stepTimeout: MonotonicDuration = .milliseconds(20), afterEachStep: () -> Void) {
        while clock.now < end {
            pipeline.step(timeout: stepTimeout)
            afterEachStep()
        }
    }
}
