#if os(Linux)
import Glibc
import CPanelLinux

/// Why a uinput device could not be made.
public enum UInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `/dev/uinput` cannot be opened.
    case cannotOpen(errno: Int32)
    /// The kernel refused a uinput request.
    case requestFailed(request: String, errno: Int32)
    /// The device was created but no `/dev/input/event*` node with its name appeared.
    case deviceNeverAppeared(name: String)

    public var description: String {
        switch self {
        case .cannotOpen(let e):
            "cannot open /dev/uinput (\(String(cString: strerror(e)))): load the module (modprobe uinput) and run as root or in the group its udev rule names"
        case .requestFailed(let request, let e): "uinput refused \(request) (\(String(cString: strerror(e))))"
        case .deviceNeverAppeared(let name): "the uinput device \"\(name)\" never appeared under /dev/input: is udev (or devtmpfs) running?"
        }
    }
}

/// A touchscreen made through uinput (800×480 by default): the kernel's own evdev path, fed
/// by this process. For the kernel tests, the latency measurement on a DRM display, and
/// replaying touches onto a real board.
public final class UInputTouchscreen {
    /// What kind of touchscreen it claims to be.
    public enum Kind: Sendable {
        /// Multitouch protocol B (slots, 10 of them).
        case slots
        /// Multitouch protocol A (`SYN_MT_REPORT`, anonymous contacts).
        case anonymous
        /// One finger (`ABS_X`/`ABS_Y` and `BTN_TOUCH`).
        case singleTouch
    }

    let fd: Int32
    /// Its name, as evdev reports it.
    public let name: String

    /// Creates the device.
    /// - Throws: ``UInputError`` naming the refusal and the fix.
    public init(name: String, width: Int32 = 800, height: Int32 = 480, kind: Kind = .slots) throws(UInputError) {
        self.name = name
        let fd: Int32
        switch Syscall.open("/dev/uinput", flags: O_WRONLY | O_NONBLOCK) {
        case .success(let opened): fd = opened
        case .failure(let e): throw .cannotOpen(errno: e.rawValue)
        }
        self.fd = fd
        func set(_ request: UInt, _ name: String, _ value: Int32) throws(UInputError) {
            if case .failure(let e) = Syscall.ioctl(fd, request, value: UInt(value)) { throw .requestFailed(request: name, errno: e.rawValue) }
        }
        do throws(UInputError) {
            try set(UInt(panel_ui_set_evbit()), "UI_SET_EVBIT", EV_KEY)
            try set(UInt(panel_ui_set_keybit()), "UI_SET_KEYBIT", BTN_TOUCH)
            try set(UInt(panel_ui_set_evbit()), "UI_SET_EVBIT", EV_ABS)
            try set(UInt(panel_ui_set_propbit()), "UI_SET_PROPBIT", INPUT_PROP_DIRECT)
            var axes: [(Int32, Int32)] = [(ABS_X, width - 1), (ABS_Y, height - 1)]
            if kind != .singleTouch { axes += [(ABS_MT_POSITION_X, width - 1), (ABS_MT_POSITION_Y, height - 1)] }
            if kind == .slots { axes += [(ABS_MT_SLOT, 9), (ABS_MT_TRACKING_ID, 65535)] }
            for (code, maximum) in axes {
                try set(UInt(panel_ui_set_absbit()), "UI_SET_ABSBIT", code)
                var setup = uinput_abs_setup()
                setup.code = UInt16(code)
                setup.absinfo.minimum = 0
                setup.absinfo.maximum = maximum
                if case .failure(let e) = Syscall.ioctl(fd, UInt(panel_ui_abs_setup()), &setup) {
                    throw UInputError.requestFailed(request: "UI_ABS_SETUP", errno: e.rawValue)
                }
            }
            try Self.create(fd, name: name, product: 0x5678)
        } catch {
            Syscall.close(fd)
            throw error
        }
    }

    deinit {
        _ = Syscall.ioctl(fd, UInt(panel_ui_dev_destroy()), value: 0)
        Syscall.close(fd)
    }

    /// Writes one event.
    public func emit(_ type: Int32, _ code: Int32, _ value: Int32) {
        var event = input_event()
        event.type = UInt16(type)
        event.code = UInt16(code)
        event.value = value
        _ = withUnsafeBytes(of: &event) { Syscall.write(fd, $0) }
    }

    /// Protocol B: selects `slot`, sets its tracking id (-1 lifts it) and position.
    public func slot(_ slot: Int32, id: Int32, x: Int32? = nil, y: Int32? = nil) {
        emit(EV_ABS, ABS_MT_SLOT, slot)
        emit(EV_ABS, ABS_MT_TRACKING_ID, id)
        if let x { emit(EV_ABS, ABS_MT_POSITION_X, x) }
        if let y { emit(EV_ABS, ABS_MT_POSITION_Y, y) }
    }

    /// Ends the report.
    public func sync() { emit(EV_SYN, SYN_REPORT, 0) }

    /// A finger down at (x, y) as one report (protocol B).
    public func press(x: Int32, y: Int32, id: Int32 = 1) {
        slot(0, id: id, x: x, y: y)
        emit(EV_KEY, BTN_TOUCH, 1)
        sync()
    }

    /// The finger of ``press(x:y:id:)`` lifted, as one report.
    public func lift() {
        slot(0, id: -1)
        emit(EV_KEY, BTN_TOUCH, 0)
        sync()
    }

    /// Waits (up to 2 s) for the evdev node to appear and returns its path.
    /// - Throws: ``UInputError/deviceNeverAppeared(name:)``.
    public func devicePath() throws(UInputError) -> String {
        for _ in 0 ..< 200 {
            if let path = EvdevTouchSource.discover(name: name) { return path }
            usleep(10_000)
        }
        throw .deviceNeverAppeared(name: name)
    }

    /// Names the uinput device on `fd` and creates it (its capabilities already set).
    /// - Throws: ``UInputError/requestFailed(request:errno:)``.
    public static func create(_ fd: Int32, name: String, product: UInt16) throws(UInputError) {
        var setup = uinput_setup()
        setup.id.bustype = UInt16(BUS_VIRTUAL)
        setup.id.vendor = 0x1234
        setup.id.product = product
        withUnsafeMutableBytes(of: &setup.name) { raw in
            for (i, b) in name.utf8.prefix(raw.count - 1).enumerated() { raw[i] = b }
        }
        if case .failure(let e) = Syscall.ioctl(fd, UInt(panel_ui_dev_setup()), &setup) { throw .requestFailed(request: "UI_DEV_SETUP", errno: e.rawValue) }
        if case .failure(let e) = Syscall.ioctl(fd, UInt(panel_ui_dev_create()), value: 0) { throw .requestFailed(request: "UI_DEV_CREATE", errno: e.rawValue) }
    }
}
#endif
