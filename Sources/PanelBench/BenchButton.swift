public import PanelCore
public import PanelPlatform

/// A board's push button on the bench: an emulated GPIO line that a scripted finger pushes
/// (bouncing, if asked), read through the real debounce (``Debouncer``) and hold
/// (``PressHold``: auto-repeat, long press) logic in virtual time, as PanelLinux's
/// `GPIOButton` reads a real line on a board. What it delivers is what the board would.
public final class BenchButton {
    /// The name a script pushes it by: the board's press name (`menu`, `select`, `key-59`).
    public let name: String
    /// The press it makes.
    public let type: PressType
    /// The emulated line (an input watched on both edges; high while pushed).
    public let line: MockLine
    /// The debouncer's state.
    public private(set) var debouncer: Debouncer
    /// What holding it does, and the press that is down.
    public private(set) var hold: PressHold
    private let clock: ManualClock

    /// A button named `name` on a new emulated line of `clock`.
    public init(
        name: String, type: PressType, clock: ManualClock, interval: MonotonicDuration = .milliseconds(10), mode: Debouncer.Mode = .eager,
        holding: PressHold.Behavior = .single
    ) {
        self.name = name
        self.type = type
        self.clock = clock
        line = MockLine(name: name, clock: clock)
        line.recordsHistory = false
        // A mock line takes any configuration; only injected errors fail it.
        try? line.configureAsInput(edges: .both, bias: .asIs)
        debouncer = Debouncer(interval: interval, mode: mode, pressed: false)
        hold = PressHold(type: type, behavior: holding)
    }

    /// Schedules a push on the clock: down at `at`, bouncing `bounces` times 1 ms apart as a
    /// real contact does, and up `duration` later (bouncing again).
    public func schedulePush(at start: MonotonicInstant, for duration: MonotonicDuration, bounces: Int = 0) {
        let line = self.line
        func settle(to level: LogicLevel, from time: MonotonicInstant) {
            let other: LogicLevel = level == .high ? .low : .high
            for bounce in 0 ..< max(bounces, 0) {
                clock.schedule(at: time + .milliseconds(Int64(2 * bounce))) { _ in line.deviceDrive(level) }
                clock.schedule(at: time + .milliseconds(Int64(2 * bounce + 1))) { _ in line.deviceDrive(other) }
            }
            clock.schedule(at: time + .milliseconds(Int64(2 * max(bounces, 0)))) { _ in line.deviceDrive(level) }
        }
        settle(to: .high, from: start)
        settle(to: .low, from: start + duration)
    }

    /// When the button next needs a look (a debounce to settle, a repeat or a long press due);
    /// nil when nothing is pending.
    public var deadline: MonotonicInstant? {
        switch (debouncer.deadline, hold.deadline) {
        case (let a?, let b?): min(a, b)
        case (let a, let b): a ?? b
        }
    }

    /// Reads the line's edges up to now and the deadlines that have passed, delivering what
    /// they decide.
    public func poll(_ deliver: (DeviceInput) -> Void) {
        while let edge = try? line.waitForEdge(timeout: .zero) {
            if let change = debouncer.edge(to: edge.kind == .rising, at: edge.timestamp) {
                hold.changed(pressed: change.pressed, at: change.timestamp, deliver)
            }
        }
        let now = clock.now
        if let due = debouncer.deadline, due <= now,
            let change = debouncer.settle(level: line.effectiveLevel == .high, at: now)
        {
            hold.changed(pressed: change.pressed, at: change.timestamp, deliver)
        }
        hold.advance(to: now, deliver)
    }

    /// Ends a press that is down (the session is stopping).
    public func cancel(_ deliver: (DeviceInput) -> Void) {
        hold.cancel(at: clock.now, deliver)
        debouncer = Debouncer(interval: debouncer.interval, mode: debouncer.mode, pressed: false)
    }
}
