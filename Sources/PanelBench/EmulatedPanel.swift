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
public struct EmulatedFT6x06Panel {
    public typealias Driver = FT6x06<FT6x06Emulator, NoLine, MockLine, ManualClock>

    /// The manual clock everything runs on.
    public let clock: ManualClock
    /// The emulated chip (play scripts on it).
    public let chip: FT6x06Emulator
    /// The queue the pipeline fills.
    public let queue: EventQueue
    /// The input pipeline (driver, tracker, queue).
    public var pipeline: TouchPipeline<Driver, ManualClock>

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
        let driver = Driver(bus: chip, interrupt: interrupt, clock: clock, configuration: .init(
            transform: TouchscreenTransform(controllerWidth: width, controllerHeight: height)))
        pipeline = TouchPipeline(source: driver, queue: queue, clock: clock)
        try pipeline.start()
    }

    /// Steps the pipeline until the clock reaches `end`, calling `afterEachStep` (the UI's run
    /// loop turn) after every step.
    public mutating func run(until end: MonotonicInstant, stepTimeout: MonotonicDuration = .milliseconds(20), afterEachStep: () -> Void) {
        while clock.now < end {
            pipeline.step(timeout: stepTimeout)
            afterEachStep()
        }
    }
}
