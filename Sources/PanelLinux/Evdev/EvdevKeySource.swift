#if os(Linux)
import Glibc
import CPanelLinux
public import PanelCore
public import PanelPlatform

/// Keys from a kernel input device (`/dev/input/eventN`): a USB or I2C keyboard, a keypad,
/// `gpio-keys` buttons, an IR receiver through the kernel's rc-core. Its events become
/// ``DeviceInput`` through a ``KeyDecoder`` (presses, remote-control commands, typing).
///
/// Unlike touches it needs no thread of its own: key events are few, so the UI's run loop
/// watches the descriptor (``LinuxRunLoop/add(fileDescriptor:handler:)``) and ``read(_:)``
/// delivers on the main actor as they arrive. Timestamps are CLOCK_MONOTONIC. It is grabbed
/// (`EVIOCGRAB`) by default, so that what is typed on the panel does not also reach the console.
public final class EvdevKeySource {
    /// The device path.
    public let path: String
    /// Whether the device is taken for this process alone.
    public let grab: Bool
    /// `EVIOCGNAME`, once opened.
    public private(set) var name: String?
    /// Times the kernel reported lost events (`SYN_DROPPED`).
    public private(set) var droppedCount: UInt64 = 0
    /// The decoder: its layout and what it holds down.
    public private(set) var decoder: KeyDecoder
    /// The open descriptor, or -1.
    public private(set) var fileDescriptor: Int32 = -1

    private let buffer = UnsafeMutableBufferPointer<input_event>.allocate(capacity: 64)

    /// A source for `path`; ``open()`` opens it.
    /// - Parameters:
    ///   - layout: how keys type (nil: they do not, e.g. a remote or `gpio-keys`).
    ///   - unhandled: told once per key code that did nothing.
    public init(path: String, grab: Bool = true, layout: XKBKeyboardState?, unhandled: @escaping (UInt16) -> Void = { _ in }) {
        self.path = path
        self.grab = grab
        decoder = KeyDecoder(layout: layout)
        decoder.unhandled = unhandled
    }

    deinit {
        close()
        buffer.deallocate()
    }

    /// Opens the device and checks that it has keys or a relative axis (a knob).
    /// - Throws: ``EvdevError``: missing, refused, grabbed by another program, or with neither.
    public func open() throws(EvdevError) {
        close()
        let fd: Int32
        switch Syscall.open(path, flags: O_RDONLY | O_NONBLOCK | O_CLOEXEC) {
        case .success(let value): fd = value
        case .failure(let e):
            switch e.rawValue {
            case ENOENT, ENODEV, ENXIO: throw .deviceNotFound(path: path)
            case EACCES, EPERM: throw .permissionDenied(path: path)
            default: throw .readFailed(path: path, errno: e.rawValue)
            }
        }
        let name = EvdevTouchSource.deviceName(fd: fd) ?? "?"
        var types: UInt64 = 0
        let ok = withUnsafeMutableBytes(of: &types) { raw in
            Syscall.ioctl(fd, UInt(panel_eviocgbit(0, UInt32(raw.count))), raw.baseAddress!)
        }
        guard case .success = ok, types & (1 << UInt64(EV_KEY) | 1 << UInt64(EV_REL)) != 0 else {
            Syscall.close(fd)
            throw .noKeys(path: path, name: name)
        }
        var clock = CLOCK_MONOTONIC
        _ = Syscall.ioctl(fd, UInt(panel_eviocsclockid()), &clock)
        if grab, case .failure(let e) = Syscall.ioctl(fd, UInt(panel_eviocgrab()), value: 1) {
            Syscall.close(fd)
            throw .grabFailed(path: path, errno: e.rawValue)
        }
        self.name = name
        fileDescriptor = fd
    }

    /// Reads what the device has and delivers it; returns when it would block.
    /// - Throws: ``EvdevError/disconnected(path:)`` when the device went away (the caller
    ///   cancels what is down with ``cancelAll(_:)`` and closes it).
    public func read(_ deliver: (DeviceInput) -> Void) throws(EvdevError) {
        guard fileDescriptor >= 0 else { throw .disconnected(path: path) }
        while true {
            let count: Int
            switch Syscall.read(fileDescriptor, into: UnsafeMutableRawBufferPointer(buffer)) {
            case .success(0): throw .disconnected(path: path)
            case .success(let n): count = n / MemoryLayout<input_event>.stride
            case .failure(let e) where e.rawValue == EAGAIN: return
            case .failure(let e) where e.rawValue == ENODEV: throw .disconnected(path: path)
            case .failure(let e): throw .readFailed(path: path, errno: e.rawValue)
            }
            for i in 0 ..< count {
                let event = buffer[i]
                // CLOCK_MONOTONIC; a negative or absurd stamp saturates rather than traps.
                let time = MonotonicInstant(
                    nanoseconds: UInt64(clamping: event.time.tv_sec) &* 1_000_000_000 &+ UInt64(clamping: event.time.tv_usec) &* 1_000)
                if event.type == UInt16(EV_SYN) && Int32(event.code) == SYN_DROPPED { droppedCount += 1 }
                if decoder.decode(type: event.type, code: event.code, value: event.value, at: time, deliver) {
                    let state = kernelKeyState()
                    decoder.resynchronize(down: { state[$0] }, at: time, deliver)
                }
            }
        }
    }

    /// Cancels every press that is down (before closing, or when the device went away).
    public func cancelAll(at time: MonotonicInstant, _ deliver: (DeviceInput) -> Void) {
        decoder.cancelAll(at: time, deliver)
    }

    /// Closes the device (ungrabbing it).
    public func close() {
        guard fileDescriptor >= 0 else { return }
        Syscall.close(fileDescriptor)
        fileDescriptor = -1
    }

    /// The keys the kernel holds down now (`EVIOCGKEY`); all up when it cannot tell.
    private func kernelKeyState() -> KeyBits {
        var bits = KeyBits()
        var words = InlineArray<12, UInt64>(repeating: 0)
        let ok = withUnsafeMutableBytes(of: &words) { raw in
            Syscall.ioctl(fileDescriptor, UInt(panel_eviocgkey(UInt32(raw.count))), raw.baseAddress!)
        }
        guard case .success = ok else { return bits }
        for w in 0 ..< 12 where words[w] != 0 {
            for b in 0 ..< 64 where words[w] & (1 << UInt64(b)) != 0 { bits[UInt16(w * 64 + b)] = true }
        }
        return bits
    }

    /// The `eventN` devices that have keys or a knob, with their names (for errors and `panelctl probe`).
    public static func keyDevices(in directory: String = "/dev/input") -> [(path: String, name: String)] {
        EvdevTouchSource.devices(in: directory).filter { device in
            guard case .success(let fd) = Syscall.open(device.path, flags: O_RDONLY | O_NONBLOCK | O_CLOEXEC) else { return false }
            defer { Syscall.close(fd) }
            var types: UInt64 = 0
            let ok = withUnsafeMutableBytes(of: &types) { raw in
                Syscall.ioctl(fd, UInt(panel_eviocgbit(0, UInt32(raw.count))), raw.baseAddress!)
            }
            guard case .success = ok else { return false }
            return types & (1 << UInt64(EV_KEY) | 1 << UInt64(EV_REL)) != 0
        }
    }
}
#endif
