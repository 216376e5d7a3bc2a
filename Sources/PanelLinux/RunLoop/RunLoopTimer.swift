#if os(Linux)
public import PanelCore

/// A one-shot timer on the run loop (a `CLOCK_MONOTONIC` timerfd): armed for a delay, it runs
/// its handler once on the UI thread. For a device's own cadence (an accelerometer sampled
/// while moved) that must not keep the application's timers busy; disarmed, it costs nothing.
@MainActor
public final class RunLoopTimer {
    private let fd: Int32
    private var source: LinuxRunLoop.Source?
    private weak var runLoop: LinuxRunLoop?
    /// Whether it is armed.
    public private(set) var isArmed = false

    /// Adds the timer to `runLoop`, disarmed; `fired` runs each time it expires.
    /// - Throws: ``RunLoopError`` when the kernel refuses the timerfd.
    public init(runLoop: LinuxRunLoop, fired: @escaping @MainActor () -> Void) throws(RunLoopError) {
        let fd: Int32
        switch Syscall.timerFD() {
        case .success(let value): fd = value
        case .failure(let e): throw .systemCallFailed(call: "timerfd_create", errno: e.rawValue)
        }
        self.fd = fd
        self.runLoop = runLoop
        do {
            source = try runLoop.add(fileDescriptor: fd) { [weak self] fd in
                var expirations: UInt64 = 0
                _ = withUnsafeMutableBytes(of: &expirations) { Syscall.read(fd, into: $0) }
                self?.isArmed = false
                fired()
            }
        } catch {
            Syscall.close(fd)
            throw error
        }
    }

    /// Arms it to fire once after `delay` (re-arming moves it).
    public func arm(after delay: MonotonicDuration) {
        _ = Syscall.setTimer(fd, relativeNanoseconds: max(delay.nanoseconds, 1))
        isArmed = true
    }

    /// Disarms it.
    public func disarm() {
        guard isArmed else { return }
        _ = Syscall.setTimer(fd, relativeNanoseconds: nil)
        isArmed = false
    }

    /// Takes it off the run loop (it cannot fire again).
    public func stop() {
        disarm()
        if let source { runLoop?.remove(source) }
        source = nil
    }

    isolated deinit {
        stop()
        Syscall.close(fd)
    }
}
#endif
