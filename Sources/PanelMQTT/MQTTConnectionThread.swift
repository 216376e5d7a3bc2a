import CMosquitto
import Glibc
import PanelThreads
import Synchronization

/// The thread that keeps a client's connection: it connects, runs libmosquitto's loop (which
/// calls the bridge's callbacks), and when the broker cannot be reached, refuses or goes away,
/// reports why and tries again after a backoff that doubles up to its maximum. It sleeps in
/// `select` (libmosquitto's) or `poll` (the backoff) between events: an idle connection wakes it
/// twice per keep-alive period, for the ping.
///
/// libmosquitto's own `loop_start` thread stops for good after a refused connection or a failed
/// first connect; this one never gives up until ``stop()``.
final class MQTTConnectionThread: Sendable {
    private let handle: SendableHandle
    private let configuration: MQTTConfiguration
    private let bridge: MosquittoBridge
    private let stopping = Atomic<Bool>(false)
    private let stopPipe: (read: Int32, write: Int32)
    private let thread = Mutex<SpawnedThread?>(nil)

    /// The mosquitto handle, used by this thread and (thread-safe in libmosquitto once
    /// `mosquitto_threaded_set` is on) by the client's publish and subscribe.
    struct SendableHandle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    init(handle: OpaquePointer, configuration: MQTTConfiguration, bridge: MosquittoBridge) throws(MQTTError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .library(call: "pipe", message: String(cString: strerror(errno))) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.handle = SendableHandle(pointer: handle)
        self.configuration = configuration
        self.bridge = bridge
        stopPipe = (ends[0], ends[1])
        mosquitto_threaded_set(handle, true)
        do {
            let created = try spawn(name: "panelkit-mqtt") { [self] in run() }
            thread.withLock { $0 = created }
        } catch {
            close(ends[0])
            close(ends[1])
            throw .library(call: "pthread_create", message: error.description)
        }
    }

    deinit {
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// Disconnects, wakes the thread wherever it waits and joins it (within a few milliseconds:
    /// a connect in progress to an unreachable host is the longest wait, bounded by the kernel's
    /// connect timeout for a host that does not answer).
    func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        mosquitto_disconnect(handle.pointer)
        var one: UInt8 = 1
        _ = write(stopPipe.write, &one, 1)
        let joined = thread.withLock { (current: inout SpawnedThread?) -> SpawnedThread? in
            defer { current = nil }
            return current
        }
        joined?.join()
    }

    private var isStopping: Bool { stopping.load(ordering: .acquiring) }

    private func run() {
        let handle = handle.pointer
        var delay = configuration.reconnectDelay
        var connected = false
        var everConnected = false
        // Half the keep-alive: libmosquitto's loop sends its ping in time.
        let loopTimeout = Int32(clamping: max(configuration.keepAlive, 2) * 500)
        while !isStopping {
            if !connected {
                bridge.resetConnack()
                let code =
                    everConnected
                    ? mosquitto_reconnect(handle)
                    : mosquitto_connect(handle, configuration.host, Int32(configuration.port), Int32(configuration.keepAlive))
                if isStopping { break }
                guard code == MOSQ_ERR_SUCCESS.rawValue else {
                    bridge.post(.reconnecting("\(configuration.host):\(configuration.port): \(MQTTClient.errorText(code))"))
                    wait(seconds: delay)
                    delay = min(delay * 2, configuration.maximumReconnectDelay)
                    continue
                }
                connected = true
                everConnected = true
            }
            let code = mosquitto_loop(handle, loopTimeout, 1)
            if isStopping { break }
            if bridge.wasAccepted { delay = configuration.reconnectDelay }
            guard code != MOSQ_ERR_SUCCESS.rawValue else { continue }
            connected = false
            let refusal = bridge.refusal
            bridge.post(.reconnecting(refusal ?? "connection lost: \(MQTTClient.errorText(code))"))
            wait(seconds: delay)
            delay = min(delay * 2, configuration.maximumReconnectDelay)
        }
        mosquitto_disconnect(handle)
        bridge.post(.stopped)
    }

    /// Sleeps `seconds`, or until ``stop()``.
    private func wait(seconds: Int) {
        var descriptor = pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(clamping: seconds * 1000))
    }
}
