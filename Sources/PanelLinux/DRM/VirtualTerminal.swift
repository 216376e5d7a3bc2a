#if os(Linux)
import Glibc
import CPanelLinux
import Synchronization

/// The descriptors the VT signals write to (WakeSignals' eventfds): writing to an eventfd is
/// async-signal-safe, and the run loop wakes on it. Lock-free, so the handler may read them.
private let releaseTarget = Atomic<Int32>(-1)
private let acquireTarget = Atomic<Int32>(-1)

/// The virtual terminal a DRM display is shown on, switched under the process's control: when
/// someone switches away (`chvt 2`, Ctrl+Alt+F2 on an ungrabbed keyboard), the kernel asks
/// first (SIGUSR1), the display gives up DRM master and the switch goes ahead; when they come
/// back (SIGUSR2), it takes master again and sets its mode, and the panel shows the app as it
/// was. The VT is in graphics mode meanwhile, so the console's cursor and text stay off it.
///
/// The signals only raise eventfds; the work happens on the UI thread, in the run loop.
@MainActor
public final class VirtualTerminal {
    /// The VT (`/dev/ttyN`).
    public let path: String
    /// Switches away and back handled.
    public private(set) var releases = 0
    public private(set) var acquisitions = 0
    private let fd: Int32
    private let release: WakeSignal
    private let acquire: WakeSignal
    private var registrations: [LinuxRunLoop.Source] = []
    private var started = false

    /// Opens the VT: `path`; else the one on standard input, as a kiosk unit gives its app
    /// (`TTYPath=/dev/tty1`, `StandardInput=tty-fail`: its controlling terminal, owned by the
    /// service's user); else the active one (`VT_GETSTATE` on `/dev/tty0`, which only root and
    /// the tty group may open).
    /// - Throws: ``VirtualTerminalError`` when there is no VT (a container, a kernel without
    ///   CONFIG_VT) or it cannot be opened.
    public init(path: String? = nil) throws(VirtualTerminalError) {
        var chosen = path ?? Self.standardInputTerminal()
        if chosen == nil {
            let console: Int32
            switch Syscall.open("/dev/tty0", flags: O_RDWR | O_NOCTTY) {
            case .success(let opened): console = opened
            case .failure(let e): throw .noTerminal(path: "/dev/tty0", errno: e.rawValue)
            }
            let active = panel_vt_active(console)
            let code = errno
            Syscall.close(console)
            guard active > 0 else { throw .noTerminal(path: "/dev/tty0", errno: code) }
            chosen = "/dev/tty\(active)"
        }
        let path = chosen!
        let fd: Int32
        switch Syscall.open(path, flags: O_RDWR | O_NOCTTY) {
        case .success(let opened): fd = opened
        case .failure(let e): throw .noTerminal(path: path, errno: e.rawValue)
        }
        do {
            release = try WakeSignal()
            acquire = try WakeSignal()
        } catch {
            Syscall.close(fd)
            throw .noTerminal(path: path, errno: ENOMEM)
        }
        self.path = path
        self.fd = fd
    }

    /// Takes the VT: process-controlled switching, graphics mode; `onRelease` and `onAcquire`
    /// run on the run loop around a switch away and back.
    /// - Throws: ``VirtualTerminalError`` when the kernel refuses the mode.
    public func start(on runLoop: LinuxRunLoop, onRelease: @escaping @MainActor () -> Void, onAcquire: @escaping @MainActor () -> Void)
        throws(VirtualTerminalError)
    {
        releaseTarget.store(release.fileDescriptor, ordering: .releasing)
        acquireTarget.store(acquire.fileDescriptor, ordering: .releasing)
        // The handlers call write(2) itself: it is async-signal-safe, and Syscall's mocking hook
        // (a task-local) is not.
        install(SIGUSR1) { _ in
            var one: UInt64 = 1
            let target = releaseTarget.load(ordering: .acquiring)
            if target >= 0 { _ = write(target, &one, 8) }
        }
        install(SIGUSR2) { _ in
            var one: UInt64 = 1
            let target = acquireTarget.load(ordering: .acquiring)
            if target >= 0 { _ = write(target, &one, 8) }
        }
        guard panel_vt_set_process_mode(fd, 1, Int16(SIGUSR1), Int16(SIGUSR2)) == 0 else {
            let code = errno
            restoreSignals()
            throw .refused(path: path, call: "VT_SETMODE", errno: code)
        }
        _ = Syscall.ioctl(fd, UInt(panel_kdsetmode), value: UInt(panel_kd_graphics))
        started = true
        do {
            registrations.append(
                try runLoop.add(fileDescriptor: release.fileDescriptor) { [weak self] _ in
                    guard let self else { return }
                    self.release.clear()
                    onRelease()
                    self.releases += 1
                    _ = Syscall.ioctl(self.fd, UInt(panel_vt_reldisp), value: 1)
                })
            registrations.append(
                try runLoop.add(fileDescriptor: acquire.fileDescriptor) { [weak self] _ in
                    guard let self else { return }
                    self.acquire.clear()
                    _ = Syscall.ioctl(self.fd, UInt(panel_vt_reldisp), value: UInt(panel_vt_ackacq))
                    onAcquire()
                    self.acquisitions += 1
                })
        } catch {
            stop(runLoop: runLoop)
            throw .refused(path: path, call: "epoll_ctl", errno: EINVAL)
        }
    }

    /// Gives the VT back: automatic switching, text mode, the signals' default actions.
    public func stop(runLoop: LinuxRunLoop) {
        for registration in registrations { runLoop.remove(registration) }
        registrations.removeAll()
        guard started else { return }
        started = false
        _ = panel_vt_set_process_mode(fd, 0, 0, 0)
        _ = Syscall.ioctl(fd, UInt(panel_kdsetmode), value: UInt(panel_kd_text))
        restoreSignals()
    }

    isolated deinit {
        Syscall.close(fd)
    }

    /// `name` when it is a virtual terminal's node (`/dev/tty1` … `/dev/tty63`), else nil: a
    /// pseudo-terminal, a serial line, `/dev/tty0` (the active VT, not one) or none.
    nonisolated static func virtualTerminal(named name: String?) -> String? {
        guard let name, name.hasPrefix("/dev/tty") else { return nil }
        let number = name.utf8.dropFirst("/dev/tty".utf8.count)
        guard (1 ... 2).contains(number.count), number.first != UInt8(ascii: "0"),
            number.allSatisfy({ (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains($0) }),
            number.reduce(0, { $0 * 10 + Int($1 - UInt8(ascii: "0")) }) <= 63
        else { return nil }
        return name
    }

    /// The VT on standard input, if standard input is one.
    private nonisolated static func standardInputTerminal() -> String? {
        guard isatty(STDIN_FILENO) == 1, let name = ttyname(STDIN_FILENO) else { return nil }
        return virtualTerminal(named: String(cString: name))
    }

    private func install(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(signal, &action, nil)
    }

    private func restoreSignals() {
        releaseTarget.store(-1, ordering: .releasing)
        acquireTarget.store(-1, ordering: .releasing)
        Glibc.signal(SIGUSR1, SIG_DFL)
        Glibc.signal(SIGUSR2, SIG_DFL)
    }
}

/// Why the VT cannot be switched under PanelKit's control; the app runs on without it (a VT
/// switch then leaves the display to whoever takes it).
public enum VirtualTerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    case noTerminal(path: String, errno: Int32)
    case refused(path: String, call: String, errno: Int32)

    public var description: String {
        switch self {
        case .noTerminal(let path, let errno):
            "no virtual terminal (\(path): \(String(cString: strerror(errno)))): VT switches are not handled (fine in a container or over ssh; a kiosk unit should set TTYPath=/dev/tty1)"
        case .refused(let path, let call, let errno):
            "\(path): \(call) failed (\(String(cString: strerror(errno)))): VT switches are not handled"
        }
    }
}
#endif
