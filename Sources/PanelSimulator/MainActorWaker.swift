#if Simulator
import CSDL2
import Glibc
import PanelThreads
import Synchronization

/// Wakes the simulator's `SDL_WaitEvent` when main-actor work is queued: SDL cannot sleep on a
/// descriptor, so a thread sleeps in `poll` on the main queue's wake-up
/// (``MainActorJobs/wakeUpDescriptor``) and pushes one SDL event for it. An idle app wakes
/// neither thread; a burst of jobs is one event until the loop has taken it.
final class MainActorWaker: Sendable {
    /// The `code` of the SDL user event it pushes.
    static let eventCode: Int32 = 0x504b_4d41

    private let descriptor: Int32
    /// A pipe: the thread sleeps on its read end; ``stop()`` writes a byte.
    private let stopPipe: (read: Int32, write: Int32)
    private let pending = Atomic<Bool>(false)
    private let thread = Mutex<SpawnedThread?>(nil)

    /// Starts the thread that watches `descriptor`; nil when the thread or its stop eventfd
    /// cannot be made (the simulator then runs main-actor work only when something else wakes it).
    init?(watching descriptor: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.descriptor = descriptor
        stopPipe = (ends[0], ends[1])
        guard let handle = try? spawn(name: "panelkit-waker", { [self] in watch() }) else { return nil }
        thread.withLock { $0 = handle }
    }

    /// The loop took the event: the next job queued pushes another.
    func eventHandled() { pending.store(false, ordering: .releasing) }

    /// Stops the thread and waits for it.
    func stop() {
        var one: UInt8 = 1
        _ = write(stopPipe.write, &one, 1)
        let handle = thread.withLock { (h: inout SpawnedThread?) -> SpawnedThread? in
            defer { h = nil }
            return h
        }
        handle?.join()
    }

    deinit {
        close(stopPipe.read)
        close(stopPipe.write)
    }

    private func watch() {
        var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)]
        while true {
            fds[0].revents = 0
            fds[1].revents = 0
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return }
            if fds[1].revents != 0 { return }
            guard fds[0].revents != 0 else { continue }
            var count: UInt64 = 0
            _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
            guard !pending.exchange(true, ordering: .acquiringAndReleasing) else { continue }
            var event = SDL_Event()
            event.type = SDL_USEREVENT.rawValue
            event.user.code = Self.eventCode
            SDL_PushEvent(&event)
        }
    }
}
#endif
