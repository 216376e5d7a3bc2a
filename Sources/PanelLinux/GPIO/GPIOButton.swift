#if os(Linux)
import Glibc
import CPanelLinux
public import PanelCore
public import PanelPlatform

/// A push button on a GPIO line (a machine panel's hardware keys, a kiosk's service button):
/// both edges watched on the UI's run loop, debounced (``Debouncer``), delivered as a press of
/// its type that begins and ends once per push, or repeating or turning into a long press
/// while held (``PressHold``).
///
/// The line's descriptor and a timerfd for the debounce deadline go into the run loop
/// (``LinuxRunLoop/add(fileDescriptor:handler:)``), the timer set for the sooner of the
/// debounce's and the hold's deadlines; between pushes nothing wakes.
public final class GPIOButton {
    /// The press it makes.
    public let type: PressType
    /// The line (input, both edges).
    public let line: LinuxGPIOLine
    /// The debouncer's state.
    public private(set) var debouncer: Debouncer
    /// What holding it does, and the press that is down.
    public private(set) var hold: PressHold
    /// Edges read (bounces included), for `panelctl monitor` and tests.
    public private(set) var edgeCount: UInt64 = 0
    private let timer: Int32
    private var armed = false

    /// Watches `line` (already requested as an input with both edges); `interval` and `mode`
    /// set the debounce.
    /// - Throws: ``GPIOError`` when the line's level cannot be read.
    public init(
        line: LinuxGPIOLine, type: PressType, interval: MonotonicDuration = .milliseconds(10), mode: Debouncer.Mode = .eager,
        holding: PressHold.Behavior = .single
    ) throws(GPIOError) {
        self.line = line
        self.type = type
        hold = PressHold(type: type, behavior: holding)
        let pressed = try line.level() == .high
        debouncer = Debouncer(interval: interval, mode: mode, pressed: pressed)
        switch Syscall.timerFD() {
        case .success(let fd): timer = fd
        case .failure(let e): throw GPIOError(.io, line: line.name, code: e.rawValue)
        }
    }

    deinit { Syscall.close(timer) }

    /// The descriptors to watch: the line's edges, and the debounce deadline.
    public var fileDescriptors: (edges: Int32, deadline: Int32)? {
        line.eventFileDescriptor.map { ($0, timer) }
    }

    /// Reads the waiting edges and delivers what they decide (eager: a press at once).
    public func readEdges(_ deliver: (DeviceInput) -> Void) throws(GPIOError) {
        while let edge = try line.waitForEdge(timeout: .zero) {
            edgeCount &+= 1
            if let change = debouncer.edge(to: edge.kind == .rising, at: edge.timestamp) {
                hold.changed(pressed: change.pressed, at: change.timestamp, deliver)
            }
        }
        arm()
    }

    /// The timer fired: a debounce deadline (the level is read and decides) or the hold's (a
    /// repeat, a long press).
    public func deadlinePassed(_ deliver: (DeviceInput) -> Void) throws(GPIOError) {
        var expirations: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &expirations) { Syscall.read(timer, into: $0) }
        armed = false
        let now = SystemClock().now
        if let due = debouncer.deadline, due <= now {
            let level = try line.level() == .high
            if let change = debouncer.settle(level: level, at: now) { hold.changed(pressed: change.pressed, at: change.timestamp, deliver) }
        }
        hold.advance(to: now, deliver)
        arm()
    }

    /// Ends a press that is down (the app is stopping, or the line failed).
    public func cancel(at time: MonotonicInstant, _ deliver: (DeviceInput) -> Void) {
        hold.cancel(at: time, deliver)
        debouncer = Debouncer(interval: debouncer.interval, mode: debouncer.mode, pressed: false)
        disarm()
    }

    /// Sets the timerfd for the sooner of the debouncer's and the hold's deadlines (or clears it).
    private func arm() {
        let deadline: MonotonicInstant? =
            switch (debouncer.deadline, hold.deadline) {
            case (let a?, let b?): min(a, b)
            case (let a, let b): a ?? b
            }
        guard let deadline else {
            disarm()
            return
        }
        let remaining = deadline - SystemClock().now
        _ = Syscall.setTimer(timer, relativeNanoseconds: max(remaining.nanoseconds, 1))
        armed = true
    }

    private func disarm() {
        guard armed else { return }
        _ = Syscall.setTimer(timer, relativeNanoseconds: nil)
        armed = false
    }
}
#endif
