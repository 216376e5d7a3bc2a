#if os(Linux)
import CVNCServer
import Glibc
import PanelCore
import PanelPlatform
import Synchronization

/// What LibVNCServer's threads (the listener and one per viewer) tell the UI thread.
enum RemoteEvent: Sendable {
    /// A viewer connected; `client` identifies it until ``gone(client:)``.
    case connected(client: UInt, peer: String)
    /// A viewer was refused at the door (rate limit, too many viewers, not encrypted).
    case refused(peer: String, reason: String)
    /// A viewer gave the right password.
    case authenticated(client: UInt)
    /// A viewer gave a wrong password, or any password while its address is locked.
    case failed(peer: String, locked: Bool)
    /// A viewer's pointer.
    case pointer(client: UInt, buttons: UInt8, x: Int, y: Int)
    /// A viewer's key.
    case key(client: UInt, down: Bool, keysym: UInt32)
    /// A viewer went: disconnected, dropped after a write timed out, or closed by the server.
    case gone(client: UInt)
}

/// The server's state that LibVNCServer's threads use: who may come in, the password, the
/// viewers alive now, and the inbox of events for the UI thread, which an eventfd wakes.
/// Everything mutable is behind one mutex, held only for bookkeeping (never across I/O).
final class RemoteGate: Sendable {
    struct State {
        var limiter: FailureLimiter
        /// Viewers connected now (their `rfbClientPtr` bits), between the new-client and the
        /// client-gone hooks: only these may be closed from the UI thread.
        var live: Set<UInt> = []
        var inbox: [RemoteEvent] = []
    }

    let state: Mutex<State>
    let password: [UInt8]
    let maxClients: Int
    let viewOnly: Bool
    let requiresEncryption: Bool
    let lockout: MonotonicDuration
    /// Readable while events wait (an eventfd), when the run loop watches descriptors; -1
    /// otherwise, and then ``drainer`` is handed to the main actor instead.
    let wakeUp: Int32
    /// Where there is no descriptor to watch (the simulator's SDL loop): drains the inbox on
    /// the main actor, as a task the platform's loop runs.
    let drainer = Mutex<(@Sendable () -> Void)?>(nil)
    /// Whether a drain is on its way (one task for a burst of events).
    private let draining = Atomic<Bool>(false)
    /// Set before the server shuts down, which joins the threads of the viewers still there.
    let stopping = Atomic<Bool>(false)

    init(configuration: RemoteConfiguration, password: [UInt8], wakeUp: Int32) {
        state = Mutex(State(limiter: configuration.failureLimiter))
        // VNC authentication uses the password's first 8 bytes, zero-padded.
        self.password = Array((password.prefix(8) + [UInt8](repeating: 0, count: 8)).prefix(8))
        maxClients = configuration.maxClients
        viewOnly = configuration.viewOnly
        requiresEncryption = configuration.certificateFile != nil
        lockout = configuration.failureLimiter.lockout
        self.wakeUp = wakeUp
    }

    func post(_ event: RemoteEvent) {
        state.withLock { $0.inbox.append(event) }
        if wakeUp >= 0 {
            var one: UInt64 = 1
            _ = write(wakeUp, &one, 8)
        } else if !draining.exchange(true, ordering: .acquiringAndReleasing), let drain = drainer.withLock({ $0 }) {
            drain()
        }
    }

    /// The events waiting, oldest first.
    func take() -> [RemoteEvent] {
        draining.store(false, ordering: .releasing)
        var count: UInt64 = 0
        if wakeUp >= 0 { _ = read(wakeUp, &count, 8) }
        return state.withLock { state in
            defer { state.inbox.removeAll(keepingCapacity: true) }
            return state.inbox
        }
    }

    /// Closes a viewer from the UI thread (idle, server stopping), if it is still connected.
    func close(_ client: UInt) {
        state.withLock { state in
            guard state.live.contains(client), let pointer = rfbClientPtr(bitPattern: client) else { return }
            rfbCloseClient(pointer)
        }
    }

    // MARK: - LibVNCServer's hooks, on its threads

    func accept(_ client: rfbClientPtr) -> rfbNewClientAction {
        let peer = client.pointee.host.map { String(cString: $0) } ?? "unknown"
        let key = UInt(bitPattern: client)
        let now = SystemClock().now
        let refusal: String? = state.withLock { state in
            if state.limiter.isLocked(peer, at: now) { return "too many failed passwords, locked for \(lockout)" }
            if state.live.count >= maxClients { return "\(maxClients) viewers are connected already" }
            if requiresEncryption && panel_rfb_client_is_encrypted(client) == 0 {
                return "not encrypted (this server takes only TLS WebSocket viewers)"
            }
            state.live.insert(key)
            return nil
        }
        if let refusal {
            post(.refused(peer: peer, reason: refusal))
            return RFB_CLIENT_REFUSE
        }
        client.pointee.viewOnly = viewOnly ? 1 : 0
        client.pointee.clientGoneHook = { client in
            guard let client, let gate = RemoteGate.of(client) else { return }
            let key = UInt(bitPattern: client)
            gate.state.withLock { _ = $0.live.remove(key) }
            gate.post(.gone(client: key))
            // This runs on the viewer's reader thread as it ends. LibVNCServer joins that
            // thread only when the server shuts down; a viewer that left before would keep its
            // thread's stack for good. So it detaches itself, unless the shutdown joins it.
            if !gate.stopping.load(ordering: .acquiring) { pthread_detach(pthread_self()) }
        }
        post(.connected(client: key, peer: peer))
        return RFB_CLIENT_ACCEPT
    }

    func check(_ client: rfbClientPtr, _ response: UnsafePointer<CChar>, _ length: Int) -> Bool {
        let peer = client.pointee.host.map { String(cString: $0) } ?? "unknown"
        let now = SystemClock().now
        if state.withLock({ $0.limiter.isLocked(peer, at: now) }) {
            post(.failed(peer: peer, locked: true))
            return false
        }
        var expected = withUnsafeBytes(of: client.pointee.authChallenge) { Array($0) }
        var key = password.map { CChar(bitPattern: $0) } + [0]
        expected.withUnsafeMutableBufferPointer { bytes in
            key.withUnsafeMutableBufferPointer { rfbEncryptBytes(bytes.baseAddress, $0.baseAddress) }
        }
        var difference: UInt8 = length == expected.count ? 0 : 1
        for i in 0 ..< min(length, expected.count) { difference |= expected[i] ^ UInt8(bitPattern: response[i]) }
        guard difference == 0 else {
            state.withLock { $0.limiter.recordFailure(peer, at: now) }
            post(.failed(peer: peer, locked: false))
            return false
        }
        state.withLock { $0.limiter.recordSuccess(peer) }
        post(.authenticated(client: UInt(bitPattern: client)))
        return true
    }

    static func of(_ client: rfbClientPtr) -> RemoteGate? {
        guard let screen = client.pointee.screen, let data = screen.pointee.screenData else { return nil }
        return Unmanaged<RemoteGate>.fromOpaque(data).takeUnretainedValue()
    }

    /// Hands LibVNCServer the hooks, which find this gate through the screen's `screenData`.
    /// The screen keeps the gate alive (one reference, ``uninstall(from:)`` gives it back) for
    /// as long as LibVNCServer's threads may call the hooks.
    func install(on screen: rfbScreenInfoPtr) {
        screen.pointee.screenData = Unmanaged.passRetained(self).toOpaque()
        // VNC authentication is offered when this is set; the check is ``check(_:_:_:)``.
        screen.pointee.authPasswdData = Unmanaged.passUnretained(self).toOpaque()
        screen.pointee.passwordCheck = { client, response, length in
            guard let client, let response, let gate = RemoteGate.of(client) else { return 0 }
            return gate.check(client, response, Int(length)) ? 1 : 0
        }
        screen.pointee.newClientHook = { client in
            guard let client, let gate = RemoteGate.of(client) else { return RFB_CLIENT_REFUSE }
            return gate.accept(client)
        }
        screen.pointee.ptrAddEvent = { buttons, x, y, client in
            guard let client, let gate = RemoteGate.of(client) else { return }
            gate.post(.pointer(client: UInt(bitPattern: client), buttons: UInt8(truncatingIfNeeded: buttons), x: Int(x), y: Int(y)))
        }
        screen.pointee.kbdAddEvent = { down, keysym, client in
            guard let client, let gate = RemoteGate.of(client) else { return }
            gate.post(.key(client: UInt(bitPattern: client), down: down != 0, keysym: UInt32(truncatingIfNeeded: keysym)))
        }
    }

    /// Takes the screen's reference back, once its threads have ended.
    static func uninstall(from screen: rfbScreenInfoPtr) {
        guard let data = screen.pointee.screenData else { return }
        screen.pointee.screenData = nil
        screen.pointee.authPasswdData = nil
        Unmanaged<RemoteGate>.fromOpaque(data).release()
    }
}
#endif
