#if os(Linux)
import Glibc
import CPanelLinux
public import PanelCore
import PanelPlatform

/// Touches from a kernel input device (`/dev/input/eventN`): for panels whose controller a
/// kernel driver already handles (`edt-ft5x06`, `goodix`, the Raspberry Pi 7" display's
/// `rpi-ft5406`, USB touchscreens).
///
/// - Multitouch protocol B (slots and tracking IDs) and protocol A (anonymous contacts separated
///   by `SYN_MT_REPORT`); a single-touch device (`ABS_X`/`ABS_Y`/`BTN_TOUCH`) reads as one
///   contact.
/// - The coordinate ranges come from `EVIOCGABS`; the transform's controller size is set from
///   them, so a board file gives only the panel size, swap, inversion and rotation.
/// - `SYN_DROPPED` (the kernel's buffer overflowed): events up to the next `SYN_REPORT` are
///   discarded and the slot state is read back with `EVIOCGMTSLOTS`, as libevdev does.
/// - Timestamps are CLOCK_MONOTONIC (`EVIOCSCLOCKID`), the clock GPIO edges and the UI use.
/// - Optional `EVIOCGRAB`, so that the console or another program does not also see touches.
///
/// It produces the same ``TouchFrame``s as the I2C drivers (one report per `SYN_REPORT`; a slot
/// whose tracking ID goes to -1 is an `.ended` contact), so everything above is unchanged.
/// Reading allocates nothing.
public final class EvdevTouchSource: TouchSource {
    /// How the device reports contacts.
    public enum MultitouchProtocol: Sendable, Hashable {
        /// Protocol B with this many slots.
        case slots(Int)
        /// Protocol A: anonymous contacts.
        case anonymous
        /// Single touch: `ABS_X`/`ABS_Y` and `BTN_TOUCH`.
        case singleTouch
    }

    /// What the device said about itself at ``start()``.
    public struct DeviceInfo: Sendable, Hashable {
        /// `EVIOCGNAME` ("generic ft5x06 (79)", "Goodix Capacitive TouchScreen").
        public var name: String
        /// How contacts are reported.
        public var multitouch: MultitouchProtocol
        /// The X range (`EVIOCGABS`).
        public var x: ClosedRange<Int32>
        /// The Y range.
        public var y: ClosedRange<Int32>
    }

    /// The device path.
    public private(set) var path: String
    /// Whether to take the device for this process alone (`EVIOCGRAB`).
    public let grab: Bool
    /// The transform; its controller size is set from the device's ranges at start.
    public private(set) var transform: TouchscreenTransform?
    /// The device, once started.
    public private(set) var info: DeviceInfo?
    /// Times the kernel reported lost events (`SYN_DROPPED`).
    public private(set) var droppedCount: UInt64 = 0
    /// Ends a ``waitForData(timeout:contactsDown:)`` early (the input thread's stop signal).
    public var interruptor: WakeSignal?

    private var fd: Int32 = -1
    private var configuredTransform: TouchscreenTransform?
    private let buffer = UnsafeMutableBufferPointer<input_event>.allocate(capacity: 64)
    private var buffered = 0
    private var cursor = 0
    private var slots = InlineArray<16, SlotState>(repeating: SlotState())
    private var currentSlot = 0
    private var dropping = false
    /// Protocol A / single touch: the contacts of the report being assembled.
    private var pending = TouchFrame()
    private var anonymous = SlotState()
    /// Whether the protocol A contact being assembled has had any value (an empty
    /// `SYN_MT_REPORT` means "no contacts").
    private var anonymousHasData = false
    private var singleTouchDown = false
    private var lastEventTime = MonotonicInstant.zero
    private let resyncBuffer = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 17)
    /// The per-slot values read back after `SYN_DROPPED`.
    private static let resyncCodes: [Int32] = [ABS_MT_TRACKING_ID, ABS_MT_POSITION_X, ABS_MT_POSITION_Y]

    struct SlotState {
        var trackingID: Int32 = -1
        var x: Int32 = 0
        var y: Int32 = 0
        var pressure: Int32 = -1
        var major: Int32 = -1
        /// A contact that ended in this report (reported once as `.ended`).
        var endedPending = false
        /// A new contact that took over the slot in the same report as the old one ended; it
        /// is reported in the next frame.
        var beginPending = false

        /// A new tracking ID: -1 ends the contact; another ID in a live slot ends the old
        /// contact and starts a new one.
        mutating func setTrackingID(_ value: Int32) {
            if trackingID >= 0 && value != trackingID {
                endedPending = true
                beginPending = value >= 0
            }
            trackingID = value
        }
    }

    /// Creates the source; ``start()`` opens the device.
    /// - Parameters:
    ///   - path: `/dev/input/eventN` (see ``discover(name:in:)``).
    ///   - grab: take the device for this process alone.
    ///   - transform: the panel size, swap, inversion, rotation and calibration; the controller
    ///     size is replaced by the device's ranges. nil maps the device range to itself.
    public init(path: String, grab: Bool = false, transform: TouchscreenTransform? = nil) {
        self.path = path
        self.grab = grab
        self.configuredTransform = transform
    }

    deinit {
        if fd >= 0 { Syscall.close(fd) }
        buffer.deallocate()
        resyncBuffer.deallocate()
    }

    // MARK: - Discovery

    /// The `eventN` devices and their names.
    public static func devices(in directory: String = "/dev/input") -> [(path: String, name: String)] {
        var found: [(String, String)] = []
        for name in Syscall.directoryEntries(directory) ?? [] {
            guard name.hasPrefix("event") else { continue }
            let path = directory + "/" + name
            if let deviceName = deviceName(at: path) { found.append((path, deviceName)) }
        }
        return found.sorted { a, b in
            (Int(a.0.dropFirst(directory.count + 6)) ?? 0) < (Int(b.0.dropFirst(directory.count + 6)) ?? 0)
        }
    }

    /// The first device whose name equals `name`, or else contains it (case-insensitive).
    public static func discover(name: String, in directory: String = "/dev/input") -> String? {
        match(name: name, in: devices(in: directory))
    }

    /// Among `devices`, the first whose name equals `name`, or else contains it
    /// (case-insensitive): how a board's `device-name` finds its device.
    public static func match(name: String, in devices: [(path: String, name: String)]) -> String? {
        if let exact = devices.first(where: { $0.name == name }) { return exact.path }
        let needle = Array(name.lowercased().utf8)
        return devices.first(where: { contains(Array($0.name.lowercased().utf8), needle) })?.path
    }

    /// Whether `needle` occurs in `haystack`. Written out rather than `String.contains(_:)`,
    /// whose substring search lives in the standard library's string processing module: one
    /// call to it links the module and its regex parser (about 0.9 MB) into every app.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0 ... haystack.count - needle.count).contains { start in
            haystack[start ..< start + needle.count].elementsEqual(needle)
        }
    }

    static func deviceName(at path: String) -> String? {
        guard case .success(let fd) = Syscall.open(path, flags: O_RDONLY | O_NONBLOCK) else { return nil }
        defer { Syscall.close(fd) }
        return deviceName(fd: fd)
    }

    static func deviceName(fd: Int32) -> String? {
        var bytes = [UInt8](repeating: 0, count: 256)
        let ok = bytes.withUnsafeMutableBytes { raw in
            Syscall.ioctl(fd, UInt(panel_eviocgname(UInt32(raw.count - 1))), raw.baseAddress!)
        }
        guard case .success = ok else { return nil }
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    // MARK: - TouchSource

    public func start() throws(TouchSourceError) {
        if fd >= 0 { Syscall.close(fd); fd = -1 }
        let opened: Int32
        switch Syscall.open(path, flags: O_RDONLY | O_NONBLOCK) {
        case .success(let value): opened = value
        case .failure(let e):
            throw fail(Self.openError(e.rawValue, path: path))
        }
        do throws(EvdevError) {
            let info = try Self.inspect(opened, path: path)
            var clock = CLOCK_MONOTONIC
            _ = Syscall.ioctl(opened, UInt(panel_eviocsclockid()), &clock)
            if grab {
                if case .failure(let e) = Syscall.ioctl(opened, UInt(panel_eviocgrab()), value: 1) {
                    throw EvdevError.grabFailed(path: path, errno: e.rawValue)
                }
            }
            self.info = info
            let width = Int(info.x.upperBound) - Int(info.x.lowerBound) + 1
            let height = Int(info.y.upperBound) - Int(info.y.lowerBound) + 1
            if var transform = configuredTransform {
                transform.controllerWidth = width
                transform.controllerHeight = height
                self.transform = transform
            } else {
                self.transform = TouchscreenTransform(controllerWidth: width, controllerHeight: height)
            }
        } catch {
            Syscall.close(opened)
            throw fail(error)
        }
        fd = opened
        buffered = 0
        cursor = 0
        dropping = false
        pending.removeAll()
        anonymous = SlotState()
        anonymousHasData = false
        resynchronize()
    }

    public func waitForData(timeout: MonotonicDuration?, contactsDown: Bool) throws(TouchSourceError) -> WakeReason {
        guard fd >= 0 else { throw .notStarted }
        if cursor < buffered || slotsPendingBegin { return .interrupt(lastEventTime) }
        switch waitUntilReadable(fd, interruptor: interruptor, timeout: timeout) {
        case .failure(let e): throw fail(.readFailed(path: path, errno: e.rawValue))
        case .success(.timedOut), .success(.interrupted): return .timeout
        case .success(.failed): throw fail(.disconnected(path: path))
        case .success(.readable): break
        }
        return .interrupt(SystemClock().now)
    }

    public func readFrame() throws(TouchSourceError) -> TouchFrame? {
        guard fd >= 0 else { throw .notStarted }
        if slotsPendingBegin {
            return frameFromSlots()
        }
        while true {
            if cursor == buffered {
                switch Syscall.read(fd, into: UnsafeMutableRawBufferPointer(buffer)) {
                case .success(let n):
                    if n == 0 { throw fail(.disconnected(path: path)) }
                    buffered = n / MemoryLayout<input_event>.stride
                    cursor = 0
                case .failure(let e) where e.rawValue == EAGAIN:
                    return nil  // the rest of the report has not arrived yet
                case .failure(let e) where e.rawValue == ENODEV:
                    throw fail(.disconnected(path: path))
                case .failure(let e):
                    throw fail(.readFailed(path: path, errno: e.rawValue))
                }
            }
            while cursor < buffered {
                let event = buffer[cursor]
                cursor += 1
                if let frame = handle(event) { return frame }
            }
        }
    }

    public func recover() throws(TouchSourceError) {
        try start()
    }

    /// The last device error, typed.
    public private(set) var lastDeviceError: EvdevError?

    private func fail(_ error: EvdevError) -> TouchSourceError {
        lastDeviceError = error
        return .device(description: error.description)
    }

    // MARK: - Decoding

    private var slotsPendingBegin: Bool {
        for i in 0 ..< 16 where slots[i].beginPending { return true }
        return false
    }

    private func handle(_ event: input_event) -> TouchFrame? {
        let type = Int32(event.type)
        let code = Int32(event.code)
        if type == EV_SYN {
            switch code {
            case SYN_REPORT:
                // The kernel's CLOCK_MONOTONIC stamp; a negative or absurd one (a broken driver)
                // saturates rather than traps.
                lastEventTime = MonotonicInstant(
                    nanoseconds: UInt64(clamping: event.time.tv_sec) &* 1_000_000_000 &+ UInt64(clamping: event.time.tv_usec) &* 1_000)
                if dropping {
                    dropping = false
                    resynchronize()
                }
                return report()
            case SYN_DROPPED:
                dropping = true
                droppedCount += 1
                return nil
            case SYN_MT_REPORT:
                if !dropping { endAnonymousContact() }
                return nil
            default:
                return nil
            }
        }
        if dropping { return nil }
        if type == EV_KEY && code == BTN_TOUCH {
            singleTouchDown = event.value != 0
            return nil
        }
        guard type == EV_ABS else { return nil }
        let value = event.value
        switch info?.multitouch {
        case .slots:
            switch code {
            case ABS_MT_SLOT: currentSlot = Int(value)
            case ABS_MT_TRACKING_ID:
                if currentSlot >= 0 && currentSlot < 16 { slots[currentSlot].setTrackingID(value) }
            case ABS_MT_POSITION_X: if currentSlot >= 0 && currentSlot < 16 { slots[currentSlot].x = value }
            case ABS_MT_POSITION_Y: if currentSlot >= 0 && currentSlot < 16 { slots[currentSlot].y = value }
            case ABS_MT_PRESSURE: if currentSlot >= 0 && currentSlot < 16 { slots[currentSlot].pressure = value }
            case ABS_MT_TOUCH_MAJOR: if currentSlot >= 0 && currentSlot < 16 { slots[currentSlot].major = value }
            default: break
            }
        case .anonymous:
            anonymousHasData = true
            switch code {
            case ABS_MT_POSITION_X: anonymous.x = value
            case ABS_MT_POSITION_Y: anonymous.y = value
            case ABS_MT_TRACKING_ID: anonymous.trackingID = value
            case ABS_MT_PRESSURE: anonymous.pressure = value
            case ABS_MT_TOUCH_MAJOR: anonymous.major = value
            default: break
            }
        case .singleTouch:
            switch code {
            case ABS_X: anonymous.x = value
            case ABS_Y: anonymous.y = value
            case ABS_PRESSURE: anonymous.pressure = value
            default: break
            }
        case nil:
            break
        }
        return nil
    }

    private func endAnonymousContact() {
        guard anonymousHasData else { return }
        anonymousHasData = false
        let index = pending.count
        let id = anonymous.trackingID >= 0 ? UInt8(truncatingIfNeeded: anonymous.trackingID) & 0x0F : UInt8(index)
        _ = pending.append(contact(trackID: id, anonymous, phase: .moved))
        anonymous = SlotState()
    }

    private func report() -> TouchFrame {
        switch info?.multitouch {
        case .slots:
            return frameFromSlots()
        case .anonymous:
            var frame = pending
            frame.timestamp = lastEventTime
            pending.removeAll()
            return frame
        case .singleTouch:
            var frame = TouchFrame(timestamp: lastEventTime)
            if singleTouchDown { _ = frame.append(contact(trackID: 0, anonymous, phase: .moved)) }
            return frame
        case nil:
            return TouchFrame(timestamp: lastEventTime)
        }
    }

    /// The current slots as a report: live contacts as `.moved`, contacts that ended in this
    /// report as `.ended`. A slot taken over in the same report shows its new contact next time.
    private func frameFromSlots() -> TouchFrame {
        var frame = TouchFrame(timestamp: lastEventTime)
        for i in 0 ..< 16 {
            var slot = slots[i]
            if slot.endedPending {
                _ = frame.append(contact(trackID: UInt8(i), slot, phase: .ended))
                slot.endedPending = false
            } else if slot.trackingID >= 0 {
                slot.beginPending = false
                _ = frame.append(contact(trackID: UInt8(i), slot, phase: .moved))
            }
            slots[i] = slot
        }
        return frame
    }

    private func contact(trackID: UInt8, _ slot: SlotState, phase: TouchPhase) -> Contact {
        // Int arithmetic: a value far outside the axis's range (a broken driver) cannot overflow,
        // and the transform clamps it to the screen's edge.
        let x = Int(slot.x) - Int(info?.x.lowerBound ?? 0)
        let y = Int(slot.y) - Int(info?.y.lowerBound ?? 0)
        let position = transform?.apply(x: x, y: y) ?? Point(x: Double(x), y: Double(y))
        return Contact(
            trackID: trackID, position: position, phase: phase,
            size: slot.major >= 0 ? UInt16(clamping: slot.major) : nil,
            weight: slot.pressure >= 0 ? UInt16(clamping: slot.pressure) : nil)
    }

    /// Reads every slot back from the kernel (after `SYN_DROPPED`, and at start).
    private func resynchronize() {
        guard case .slots(let count)? = info?.multitouch else { return }
        let n = min(count, 16)
        for code in Self.resyncCodes {
            resyncBuffer[0] = code
            let ok = Syscall.ioctl(
                fd, UInt(panel_eviocgmtslots(UInt32(MemoryLayout<Int32>.stride * (n + 1)))),
                UnsafeMutableRawPointer(resyncBuffer.baseAddress!))
            guard case .success = ok else { continue }
            for i in 0 ..< n {
                let value = resyncBuffer[i + 1]
                switch code {
                case ABS_MT_TRACKING_ID:
                    slots[i].setTrackingID(value)
                case ABS_MT_POSITION_X: slots[i].x = value
                default: slots[i].y = value
                }
            }
        }
        var slot: input_absinfo = input_absinfo()
        if case .success = Syscall.ioctl(fd, UInt(panel_eviocgabs(UInt32(ABS_MT_SLOT))), &slot) {
            currentSlot = Int(slot.value)
        }
    }

    /// The widest axis a touchscreen has: controllers report at most 16-bit coordinates, and
    /// digitizers a few times that; a range of millions is a broken or non-touch device.
    static let maximumAxisSpan = 1 << 20
    /// The kernel's multitouch slot limit is far below this; more is a broken device.
    static let maximumSlots: Int32 = 64

    private static func inspect(_ fd: Int32, path: String) throws(EvdevError) -> DeviceInfo {
        let name = deviceName(fd: fd) ?? "?"
        var bits = InlineArray<8, UInt64>(repeating: 0)  // ABS_CNT = 64 bits
        let ok = withUnsafeMutableBytes(of: &bits) { raw in
            Syscall.ioctl(fd, UInt(panel_eviocgbit(UInt32(EV_ABS), UInt32(raw.count))), raw.baseAddress!)
        }
        guard case .success = ok else { throw .notATouchscreen(path: path, name: name) }
        func has(_ code: Int32) -> Bool { bits[Int(code) / 64] & (1 << UInt64(Int(code) % 64)) != 0 }
        func range(_ code: Int32) -> ClosedRange<Int32>? {
            var abs = input_absinfo()
            guard case .success = Syscall.ioctl(fd, UInt(panel_eviocgabs(UInt32(code))), &abs),
                abs.maximum > abs.minimum
            else { return nil }
            return abs.minimum ... abs.maximum
        }
        let multitouch: MultitouchProtocol
        let x: ClosedRange<Int32>?
        let y: ClosedRange<Int32>?
        if has(ABS_MT_POSITION_X) && has(ABS_MT_POSITION_Y) {
            if has(ABS_MT_SLOT) {
                var slots = input_absinfo()
                guard case .success = Syscall.ioctl(fd, UInt(panel_eviocgabs(UInt32(ABS_MT_SLOT))), &slots) else {
                    throw .notATouchscreen(path: path, name: name)
                }
                guard slots.minimum == 0, slots.maximum >= 0, slots.maximum < Self.maximumSlots else {
                    throw .implausibleAxis(path: path, name: name, axis: "ABS_MT_SLOT", minimum: slots.minimum, maximum: slots.maximum)
                }
                multitouch = .slots(Int(slots.maximum) + 1)
            } else {
                multitouch = .anonymous
            }
            x = range(ABS_MT_POSITION_X)
            y = range(ABS_MT_POSITION_Y)
        } else if has(ABS_X) && has(ABS_Y) {
            multitouch = .singleTouch
            x = range(ABS_X)
            y = range(ABS_Y)
        } else {
            throw .notATouchscreen(path: path, name: name)
        }
        guard let x, let y else { throw .notATouchscreen(path: path, name: name) }
        let axisNames = multitouch == .singleTouch ? ("ABS_X", "ABS_Y") : ("ABS_MT_POSITION_X", "ABS_MT_POSITION_Y")
        for (axis, r) in [(axisNames.0, x), (axisNames.1, y)] where Int(r.upperBound) - Int(r.lowerBound) >= Self.maximumAxisSpan {
            throw .implausibleAxis(path: path, name: name, axis: axis, minimum: r.lowerBound, maximum: r.upperBound)
        }
        return DeviceInfo(name: name, multitouch: multitouch, x: x, y: y)
    }

    private static func openError(_ code: Int32, path: String) -> EvdevError {
        switch code {
        case ENOENT, ENODEV, ENXIO: .deviceNotFound(path: path)
        case EACCES, EPERM: .permissionDenied(path: path)
        default: .readFailed(path: path, errno: code)
        }
    }
}

/// Why an input device could not be used.
public enum EvdevError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No such node.
    case deviceNotFound(path: String)
    /// The process may not open it.
    case permissionDenied(path: String)
    /// The device reports no absolute X/Y axes.
    case notATouchscreen(path: String, name: String)
    /// The device has no keys (`EV_KEY`) and no relative axis (`EV_REL`).
    case noKeys(path: String, name: String)
    /// `EVIOCGRAB` failed: another program grabbed it.
    case grabFailed(path: String, errno: Int32)
    /// The device went away (unplugged, driver unbound).
    case disconnected(path: String)
    /// An axis's range is beyond any touchscreen's (a broken driver, or not a touchscreen).
    case implausibleAxis(path: String, name: String, axis: String, minimum: Int32, maximum: Int32)
    /// A read or ioctl failed.
    case readFailed(path: String, errno: Int32)

    public var description: String {
        switch self {
        case .deviceNotFound(let path):
            return
                "\(path) does not exist: check that the touch controller's kernel driver is loaded (`dmesg | grep -i touch`) and find the device by name (`panelctl probe` lists /dev/input devices)"
        case .permissionDenied(let path):
            return "permission denied opening \(path): add the user to the `input` group (`sudo usermod -aG input $USER`, then log in again) or run as root"
        case .notATouchscreen(let path, let name):
            return "\(path) (\"\(name)\") has no absolute X/Y axes, so it is not a touchscreen: pick another /dev/input/eventN"
        case .noKeys(let path, let name):
            return
                "\(path) (\"\(name)\") has no keys and no relative axis, so it is not a keyboard, keypad, button, remote or knob: pick another /dev/input/eventN (panelctl probe lists them)"
        case .grabFailed(let path, let errno):
            return
                "could not grab \(path) (\(Errno(rawValue: errno))): another program (an X server, another PanelKit app) holds it; stop it or set grab to false"
        case .disconnected(let path):
            return "\(path) went away: the device was unplugged or its driver unbound"
        case .implausibleAxis(let path, let name, let axis, let minimum, let maximum):
            return
                "\(path) (\"\(name)\") reports \(axis) from \(minimum) to \(maximum), which no touchscreen has: its driver is broken or it is not a touchscreen; pick another device (panelctl probe lists them) or fix the driver's ranges"
        case .readFailed(let path, let errno):
            return "reading \(path) failed: \(Errno(rawValue: errno))"
        }
    }
}
#endif
