public import PanelCore

/// A GPIO line for bench tests: an output the code under test drives (RESET), an input an
/// emulator drives (INT), or a line that switches between the two (the GT911's INT).
///
/// Levels are logical. Edges are buffered from the moment edge detection is enabled, stamped
/// with the ``ManualClock``'s time and numbered, as the kernel does. ``waitForEdge(timeout:)``
/// advances the clock to the next timer until an edge arrives or the timeout passes, so a
/// driver waiting on the line lets emulated time run. Observers see every level change (an
/// emulator watches RESET and INT to decide its strap address).
public final class MockLine: ReconfigurableLine {
    /// Direction of the line.
    public enum Direction: Sendable, Hashable {
        /// The code under test reads it.
        case input
        /// The code under test drives it.
        case output
    }

    /// One recorded operation, for sequence and timing checks.
    public struct Record: Sendable, Hashable {
        /// When.
        public var time: MonotonicInstant
        /// What.
        public var operation: Operation
    }

    /// An operation on the line.
    public enum Operation: Sendable, Hashable {
        /// Made an output at this level.
        case configuredOutput(LogicLevel)
        /// Made an input.
        case configuredInput(EdgeDetection, Bias)
        /// Driven by the code under test.
        case set(LogicLevel)
        /// Driven by the device side (emulator or test).
        case deviceDrove(LogicLevel)
    }

    /// The name used in errors and messages.
    public let name: String
    /// The clock that stamps and paces events.
    public let clock: ManualClock
    /// Current direction.
    public private(set) var direction: Direction
    /// Edges reported while an input.
    public private(set) var edges: EdgeDetection = .none
    /// Pull while an input.
    public private(set) var bias: Bias = .asIs
    /// The level the code under test drives (meaningful as an output).
    public private(set) var outputLevel: LogicLevel = .low
    /// The level the device side drives (what an input reads).
    public private(set) var inputLevel: LogicLevel
    /// Operations, oldest first (when ``recordsHistory`` is on).
    public private(set) var history: [Record] = []
    /// Whether ``history`` is recorded (turn off for allocation-counting tests).
    public var recordsHistory = true
    /// Errors to throw from the next operations, oldest first (injected faults).
    public var injectedErrors: [GPIOError] = []

    private var buffer: [EdgeEvent] = []
    private var sequence: UInt32 = 0
    private var observers: [(MockLine, LogicLevel) -> Void] = []
    private var pulseIdle: LogicLevel = .low
    private var endPulse: ((MonotonicInstant) -> Void)?

    /// Creates a line.
    public init(name: String, clock: ManualClock, direction: Direction = .input, level: LogicLevel = .low) {
        self.name = name
        self.clock = clock
        self.direction = direction
        self.inputLevel = level
        self.outputLevel = level
        buffer.reserveCapacity(64)
        endPulse = { [weak self] _ in
            guard let self else { return }
            self.deviceDrive(self.pulseIdle)
        }
    }

    /// The level seen on the wire: the driven level for an output, the device's for an input.
    public var effectiveLevel: LogicLevel { direction == .output ? outputLevel : inputLevel }

    /// Calls `observer` with the new effective level whenever it changes.
    public func observe(_ observer: @escaping (MockLine, LogicLevel) -> Void) {
        observers.append(observer)
    }

    /// Buffered edges not yet taken.
    public var pendingEdges: Int { buffer.count }

    // MARK: Code-under-test side

    public func set(_ level: LogicLevel) throws(GPIOError) {
        try injected()
        guard direction == .output else { throw GPIOError(.wrongDirection, line: name) }
        record(.set(level))
        let old = effectiveLevel
        outputLevel = level
        notify(from: old)
    }

    public func level() throws(GPIOError) -> LogicLevel {
        try injected()
        return effectiveLevel
    }

    public func configureAsOutput(initial: LogicLevel) throws(GPIOError) {
        try injected()
        record(.configuredOutput(initial))
        let old = effectiveLevel
        direction = .output
        outputLevel = initial
        edges = .none
        buffer.removeAll(keepingCapacity: true)
        notify(from: old)
    }

    public func configureAsInput(edges: EdgeDetection, bias: Bias) throws(GPIOError) {
        try injected()
        record(.configuredInput(edges, bias))
        let old = effectiveLevel
        direction = .input
        self.edges = edges
        self.bias = bias
        buffer.removeAll(keepingCapacity: true)
        notify(from: old)
    }

    public func waitForEdge(timeout: MonotonicDuration?) throws(GPIOError) -> EdgeEvent? {
        try injected()
        guard direction == .input else { throw GPIOError(.wrongDirection, line: name) }
        let deadline = timeout.map { clock.now + $0 }
        while buffer.isEmpty {
            guard let next = clock.nextDeadline else {
                if let deadline { clock.advance(to: deadline) }
                return nil  // nothing will ever happen: do not hang the test
            }
            if let deadline, next > deadline {
                clock.advance(to: deadline)
                return nil
            }
            clock.advance(to: next)
        }
        return buffer.removeFirst()
    }

    // MARK: Device side

    /// Drives the line from the device side. Generates an edge event if the line is an input
    /// that reports this direction. Ignored electrically while the code under test drives it,
    /// but observers still see the input level.
    public func deviceDrive(_ level: LogicLevel) {
        guard level != inputLevel else { return }
        let old = effectiveLevel
        inputLevel = level
        record(.deviceDrove(level))
        guard direction == .input else { return }
        let kind: EdgeEvent.Kind = level == .high ? .rising : .falling
        let wanted: Bool =
            switch edges {
            case .none: false
            case .both: true
            case .rising: kind == .rising
            case .falling: kind == .falling
            }
        if wanted {
            sequence &+= 1
            buffer.append(EdgeEvent(kind: kind, timestamp: clock.now, sequence: sequence))
        }
        notify(from: old)
    }

    /// Drives `active` now and back after `width`: one interrupt pulse.
    public func devicePulse(active: LogicLevel, width: MonotonicDuration) {
        pulseIdle = active == .high ? .low : .high
        deviceDrive(active)
        clock.schedule(after: width, endPulse!)
    }

    private func injected() throws(GPIOError) {
        if !injectedErrors.isEmpty { throw injectedErrors.removeFirst() }
    }

    private func record(_ operation: Operation) {
        if recordsHistory { history.append(Record(time: clock.now, operation: operation)) }
    }

    /// Tells observers the effective level (after any change of level or direction).
    private func notify(from old: LogicLevel) {
        let new = effectiveLevel
        for observer in observers { observer(self, new) }
    }
}
