#if os(Linux)
import Glibc
import CGPIOD
import CPanelLinux
public import PanelCore

/// One GPIO line through libgpiod and the kernel's GPIO character device (`/dev/gpiochipN`).
///
/// The same Swift API works with libgpiod 1.6 (Debian 12, Raspberry Pi OS Bookworm) and 2.x
/// (Debian 13, Trixie); which one is linked is decided when PanelKit is built
/// (``LinuxGPIOLine/libgpiodAPI``).
///
/// - An input line reports edges with the kernel's CLOCK_MONOTONIC timestamps. With libgpiod 2
///   the sequence numbers are the kernel's; libgpiod 1's kernel interface has none, so they are
///   counted here (a gap can then not be seen).
/// - ``configureAsOutput(initial:)`` / ``configureAsInput(edges:bias:)`` switch direction (the
///   GT911 address strap): in place with libgpiod 2; with libgpiod 1 by releasing and requesting
///   the line again.
/// - The line is released when the object goes away.
///
/// Used by one thread at a time. Reading an event and setting a level allocate nothing.
public final class LinuxGPIOLine: ReconfigurableLine {
    /// What to request.
    public enum Direction: Sendable, Hashable {
        /// An input reporting `edges`, with `bias`.
        case input(edges: EdgeDetection, bias: Bias)
        /// An output driven to `initial`.
        case output(initial: LogicLevel)
    }

    /// Which line on the chip.
    public enum Selector: Sendable, Hashable, CustomStringConvertible {
        /// By offset.
        case offset(Int)
        /// By the name the device tree gives it (`gpioinfo` shows them).
        case name(String)

        public var description: String {
            switch self {
            case .offset(let n): "\(n)"
            case .name(let s): "\"\(s)\""
            }
        }
    }

    /// The libgpiod API this build uses: 1 or 2.
    public static var libgpiodAPI: Int { Int(panel_gpio_api()) }
    /// The libgpiod library's version ("1.6.3", "2.2.1").
    public static var libgpiodVersion: String { String(cString: panel_gpio_library_version()) }

    /// The chip's device path.
    public let chipPath: String
    /// The line's offset on the chip.
    public let offset: Int
    /// Whether the logical level is the inverse of the electrical one.
    public let activeLow: Bool
    /// "gpiochip0:17", as errors name the line.
    public let name: String
    /// A signal that ends a ``waitForEdge(timeout:)`` early (returning nil), so that a thread
    /// blocked on the line can be stopped. It is not lowered here.
    public var interruptor: WakeSignal?

    private let chip: OpaquePointer
    private var line: UnsafeMutablePointer<panel_gpio_line>?

    /// Requests a line.
    /// - Parameters:
    ///   - chip: `/dev/gpiochip0`, `gpiochip0`, `0`, or the chip's label (`pinctrl-rp1`).
    ///   - line: the offset or the line's name.
    ///   - consumer: the name other programs see (`gpioinfo`).
    ///   - activeLow: invert the logical level.
    ///   - direction: input with edges and bias, or output with its first level.
    /// - Throws: ``GPIOError``: no such chip or line, the line in use (naming the consumer), no
    ///   permission (the `gpio` group), or a setting the chip refuses.
    public init(
        chip: String, line selector: Selector, consumer: String = "panelkit",
        activeLow: Bool = false, direction: Direction
    ) throws(GPIOError) {
        let path = try Self.resolveChip(chip)
        guard let handle = panel_gpio_chip_open(path) else {
            throw Self.openError(errno, chip: chip)
        }
        let offset: Int
        switch selector {
        case .offset(let n):
            offset = n
        case .name(let lineName):
            let found = panel_gpio_chip_find_line(handle, lineName)
            guard found >= 0 else {
                panel_gpio_chip_close(handle)
                throw GPIOError(.lineNotFound, line: "\(chip):\(selector)", code: ENOENT)
            }
            offset = Int(found)
        }
        let name = "\(Self.shortName(path)):\(offset)"
        let lines = panel_gpio_chip_num_lines(handle)
        guard offset >= 0, lines < 0 || offset < Int(lines) else {
            panel_gpio_chip_close(handle)
            throw GPIOError(.lineNotFound, line: name, detail: lines >= 0 ? "the chip has \(lines) lines" : nil, code: EINVAL)
        }
        let (output, value, edge, bias) = Self.settings(direction)
        guard
            let requested = panel_gpio_request(
                handle, UInt32(offset), consumer, activeLow ? 1 : 0, output, value, edge, bias)
        else {
            let code = errno
            let error = Self.requestError(code, chip: handle, offset: offset, name: name)
            panel_gpio_chip_close(handle)
            throw error
        }
        self.chip = handle
        self.line = requested
        self.chipPath = path
        self.offset = offset
        self.activeLow = activeLow
        self.name = name
    }

    deinit {
        panel_gpio_release(line)
        panel_gpio_chip_close(chip)
    }

    // MARK: - Lines

    public func set(_ level: LogicLevel) throws(GPIOError) {
        let l = try requested()
        guard l.pointee.is_output != 0 else { throw GPIOError(.wrongDirection, line: name, code: EPERM) }
        if panel_gpio_set_value(l, level == .high ? 1 : 0) < 0 { throw GPIOError(.io, line: name, code: errno) }
    }

    public func level() throws(GPIOError) -> LogicLevel {
        let value = panel_gpio_get_value(try requested())
        if value < 0 { throw GPIOError(.io, line: name, code: errno) }
        return value == 0 ? .low : .high
    }

    /// The descriptor that is readable when an edge is waiting (for a run loop); nil for an
    /// output or a released line.
    public var eventFileDescriptor: Int32? {
        guard let line, line.pointee.is_output == 0 else { return nil }
        return panel_gpio_fd(line)
    }

    public func waitForEdge(timeout: MonotonicDuration?) throws(GPIOError) -> EdgeEvent? {
        let l = try requested()
        guard l.pointee.is_output == 0 else { throw GPIOError(.wrongDirection, line: name, code: EPERM) }
        switch waitUntilReadable(panel_gpio_fd(l), interruptor: interruptor, timeout: timeout) {
        case .failure(let e): throw GPIOError(.io, line: name, code: e.rawValue)
        case .success(.timedOut), .success(.interrupted): return nil
        case .success(.failed): throw GPIOError(.io, line: name, code: EIO)
        case .success(.readable): break
        }
        var rising: Int32 = 0
        var timestamp: UInt64 = 0
        var sequence: UInt32 = 0
        if panel_gpio_read_event(l, &rising, &timestamp, &sequence) < 0 {
            throw GPIOError(.io, line: name, code: errno)
        }
        return EdgeEvent(
            kind: rising != 0 ? .rising : .falling, timestamp: MonotonicInstant(nanoseconds: timestamp), sequence: sequence)
    }

    public func configureAsOutput(initial: LogicLevel) throws(GPIOError) {
        try reconfigure(.output(initial: initial))
    }

    public func configureAsInput(edges: EdgeDetection, bias: Bias) throws(GPIOError) {
        try reconfigure(.input(edges: edges, bias: bias))
    }

    /// Whether the line is currently an output.
    public var isOutput: Bool { line.map { $0.pointee.is_output != 0 } ?? false }

    private func reconfigure(_ direction: Direction) throws(GPIOError) {
        let l = try requested()
        let (output, value, edge, bias) = Self.settings(direction)
        if panel_gpio_reconfigure(l, output, value, edge, bias) < 0 {
            let code = errno
            if LinuxGPIOLine.libgpiodAPI == 1 {
                // libgpiod 1 released the line before requesting it again; it is gone now.
                let error = Self.requestError(code, chip: chip, offset: offset, name: name)
                free(l)
                line = nil
                throw error
            }
            throw GPIOError(code == EINVAL ? .unsupported : .io, line: name, code: code)
        }
    }

    private func requested() throws(GPIOError) -> UnsafeMutablePointer<panel_gpio_line> {
        guard let line else { throw GPIOError(.io, line: name, detail: "the line was lost in a failed reconfiguration", code: EBADF) }
        return line
    }

    // MARK: - Helpers

    private static func settings(_ direction: Direction) -> (Int32, Int32, Int32, Int32) {
        switch direction {
        case .output(let initial):
            return (1, initial == .high ? 1 : 0, Int32(PANEL_GPIO_EDGE_NONE), Int32(PANEL_GPIO_BIAS_AS_IS))
        case .input(let edges, let bias):
            let e: Int32 =
                switch edges {
                case .none: Int32(PANEL_GPIO_EDGE_NONE)
                case .rising: Int32(PANEL_GPIO_EDGE_RISING)
                case .falling: Int32(PANEL_GPIO_EDGE_FALLING)
                case .both: Int32(PANEL_GPIO_EDGE_BOTH)
                }
            let b: Int32 =
                switch bias {
                case .asIs: Int32(PANEL_GPIO_BIAS_AS_IS)
                case .disabled: Int32(PANEL_GPIO_BIAS_DISABLED)
                case .pullUp: Int32(PANEL_GPIO_BIAS_PULL_UP)
                case .pullDown: Int32(PANEL_GPIO_BIAS_PULL_DOWN)
                }
            return (0, 0, e, b)
        }
    }

    /// The device path for a chip given as a path, `gpiochipN`, `N` or a label.
    static func resolveChip(_ chip: String) throws(GPIOError) -> String {
        if chip.hasPrefix("/") { return chip }
        if chip.hasPrefix("gpiochip") { return "/dev/" + chip }
        if let n = Int(chip), n >= 0 { return "/dev/gpiochip\(n)" }
        // A label: look at every chip.
        var sawChip = false
        for n in 0 ..< 64 {
            let path = "/dev/gpiochip\(n)"
            guard let handle = panel_gpio_chip_open(path) else { continue }
            sawChip = true
            var label = [CChar](repeating: 0, count: 64)
            let ok = panel_gpio_chip_label(handle, &label, label.count) == 0
            panel_gpio_chip_close(handle)
            let text = label.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            if ok && text == chip { return path }
        }
        throw GPIOError(.chipNotFound, line: chip, detail: sawChip ? nil : "no GPIO chips are visible", code: ENOENT)
    }

    private static func shortName(_ path: String) -> String {
        path.hasPrefix("/dev/") ? String(path.dropFirst(5)) : path
    }

    private static func openError(_ code: Int32, chip: String) -> GPIOError {
        switch code {
        case EACCES, EPERM: GPIOError(.permissionDenied, line: chip, code: code)
        case ENOENT, ENODEV, ENXIO, ENOTTY: GPIOError(.chipNotFound, line: chip, code: code)
        default: GPIOError(.io, line: chip, detail: "opening the chip failed", code: code)
        }
    }

    private static func requestError(_ code: Int32, chip: OpaquePointer, offset: Int, name: String) -> GPIOError {
        switch code {
        case EBUSY:
            var consumer = [CChar](repeating: 0, count: 64)
            let used = panel_gpio_line_usage(chip, UInt32(offset), &consumer, consumer.count)
            let who = consumer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            return GPIOError(.lineBusy, line: name, detail: used >= 0 && !who.isEmpty ? who : nil, code: code)
        case EACCES, EPERM:
            return GPIOError(.permissionDenied, line: name, code: code)
        case EINVAL, EOPNOTSUPP:
            return GPIOError(.unsupported, line: name, detail: "the chip refused the requested direction, edge or bias", code: code)
        default:
            return GPIOError(.io, line: name, code: code)
        }
    }
}
#endif
