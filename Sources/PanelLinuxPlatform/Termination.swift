#if os(Linux)
import Glibc
import PanelCore
import PanelPlatform
import Synchronization
public import PanelLinux

/// The descriptor SIGINT/SIGTERM write to (a WakeSignal's eventfd): writing 8 bytes to an
/// eventfd is async-signal-safe, and the run loop or poll() wakes on it.
/// Lock-free, so reading it in the handler is async-signal-safe.
private let signalTarget = Atomic<Int32>(-1)
/// The last SIGINT or SIGTERM received since the handler was installed (0: none). Lock-free,
/// so storing it in the handler is async-signal-safe.
private let receivedSignal = Atomic<Int32>(0)

/// Makes SIGINT and SIGTERM raise `signal` instead of killing the process, so a command stops
/// cleanly (touches cancelled, the input thread joined, counters printed).
public func raiseOnTermination(_ signal: WakeSignal) {
    signalTarget.store(signal.fileDescriptor, ordering: .releasing)
    installTerminationHandler()
}

/// Makes SIGINT and SIGTERM set ``terminationRequested`` instead of killing the process: for
/// a loop that checks it between steps (a headless session in virtual time).
public func watchTermination() {
    signalTarget.store(-1, ordering: .releasing)
    installTerminationHandler()
}

/// The signal (SIGINT or SIGTERM) that asked the process to stop since ``watchTermination()``
/// or ``raiseOnTermination(_:)``; nil when none did.
public var terminationRequested: Int32? {
    let signal = receivedSignal.load(ordering: .acquiring)
    return signal == 0 ? nil : signal
}

private func installTerminationHandler() {
    receivedSignal.store(0, ordering: .releasing)
    let handler: @convention(c) (Int32) -> Void = { signal in
        receivedSignal.store(signal, ordering: .releasing)
        var one: UInt64 = 1
        let fd = signalTarget.load(ordering: .acquiring)
        if fd >= 0 { _ = write(fd, &one, 8) }
    }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    sigaction(SIGTERM, &action, nil)
    // A parent that blocks them (a launcher built on libdispatch, whose threads block signals,
    // hands its mask down through fork and exec) would leave the handler never called: the
    // app would not stop on SIGTERM. This thread takes them.
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, SIGINT)
    sigaddset(&unblocked, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
}

/// Puts SIGINT and SIGTERM back to their default action (the signal no longer outlives the
/// descriptor it wrote to).
public func restoreTermination() {
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    signalTarget.store(-1, ordering: .releasing)
}

#endif
