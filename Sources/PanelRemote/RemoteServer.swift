#if os(Linux)
import CVNCServer
import Glibc
public import Logging
import PanelCore
import PanelFiles
import PanelGraphics
public import PanelPlatform
public import PanelUI
import Synchronization

/// Remote support: the panel's screen served over VNC (LibVNCServer), so that someone at a
/// desk sees it live and, unless ``RemoteConfiguration/viewOnly``, operates it.
///
/// - The network is LibVNCServer's threads': one listens (blocked in `select` with no timeout),
///   and each viewer has one that reads and one that writes. A viewer that stops reading blocks
///   only its own writer, until LibVNCServer's write timeout drops it; the UI thread never
///   waits on a socket. What the threads hear (a connect, a password, a pointer, a key, a
///   disconnect) reaches the UI thread through an inbox the app's run loop watches
///   (``DescriptorWatching``), or, on a loop that watches no descriptors (the simulator's), as
///   a main-actor task. With no viewer, nothing wakes and nothing is copied.
/// - With a viewer, each presented frame's changed rectangles are copied into the server's
///   screen and marked modified; LibVNCServer sends only those, with the encodings the viewer
///   asked for (Tight, ZRLE, ZLib, Hextile...).
/// - The pointer's left button is a finger (``RemotePointer``); keys become presses and typed
///   text (``RemoteKey``). A viewer who goes away with the button down cancels its finger.
/// - Security: a password from a file (``readSecretFile(_:setting:)``), VNC authentication
///   only on loopback (TLS WebSockets otherwise), failed attempts rate-limited per address
///   (``FailureLimiter``), at most ``RemoteConfiguration/maxClients`` viewers, an idle
///   timeout, and every connect, disconnect, refusal and failed attempt logged with the peer's
///   address. While a viewer is connected the display draws ``RemoteIndicator`` over
///   everything.
@MainActor
public final class RemoteServer {
    /// What the server was started with.
    public let configuration: RemoteConfiguration
    /// The port it listens on (the one picked, when the configuration asked for 0).
    public let port: UInt16
    /// Viewers connected now (authenticated or not), as the UI thread has heard.
    public var clientCount: Int { sessions.count }
    /// Failed authentications since the start, as the UI thread has heard.
    public private(set) var failedAuthentications = 0

    private let screen: rfbScreenInfoPtr
    private let gate: RemoteGate
    private let pixels: UnsafeMutableRawPointer
    private let format: PixelFormat
    private let width: Int
    private let height: Int
    private weak var application: Application?
    private let watcher: (any DescriptorWatching)?
    private let logger: Logger
    private var sessions: [UInt: Session] = [:]
    private var nextViewer: UInt32 = 0
    private var idleTimer: TimerHandle?
    private var stopped = false
    private let desktopName: UnsafeMutablePointer<CChar>?
    private let certificate: UnsafeMutablePointer<CChar>?
    private let key: UnsafeMutablePointer<CChar>?

    private struct Session {
        let peer: String
        var pointer: RemotePointer
        var lastInput: MonotonicInstant
        var authenticated = false
    }

    /// Starts listening, serving `application`'s display; `watcher` (the platform's run loop)
    /// wakes the UI thread for what the viewers do (nil: a main-actor task does, which the
    /// platform's loop must run: ``MainActorJobs``), and `logger` gets the audit trail
    /// (journald under systemd).
    /// - Throws: ``RemoteError``: the password file is refused, the address is not IPv4 or not
    ///   loopback without TLS, the port is taken. Nothing is left listening.
    public init(
        configuration: RemoteConfiguration, application: Application, watcher: (any DescriptorWatching)?, logger: Logger
    ) throws(RemoteError) {
        guard let display = application.display else { throw .server("the app has no display to serve") }
        var address = in_addr()
        guard inet_pton(AF_INET, configuration.host == "localhost" ? "127.0.0.1" : configuration.host, &address) == 1 else {
            throw .address(configuration.host)
        }
        let encrypted = configuration.certificateFile != nil || configuration.keyFile != nil
        if encrypted {
            guard configuration.certificateFile != nil, configuration.keyFile != nil else {
                throw .encryption("TLS needs both --remote-certificate and --remote-key")
            }
            guard panel_rfb_can_encrypt() != 0 else {
                throw .encryption(
                    "this LibVNCServer was built without TLS (GnuTLS or OpenSSL): rebuild it with one, or listen on loopback and use an SSH tunnel")
            }
            for path in [configuration.certificateFile, configuration.keyFile].compactMap({ $0 }) where access(path, R_OK) != 0 {
                throw .encryption("\(path) cannot be read (\(String(cString: strerror(errno)))): give the service's user read access")
            }
        } else if !configuration.isLoopback {
            throw .plainOffLoopback(host: configuration.host)
        }
        let secret: String
        do {
            secret = try readSecretFile(configuration.passwordFile, setting: "--remote-password-file")
        } catch {
            throw .passwordFile(path: error.path, problem: error.problem)
        }
        let port = try Self.checkPort(address, configuration.port, host: configuration.host)
        let wakeUp = watcher == nil ? -1 : panel_remote_eventfd()
        guard wakeUp >= 0 || watcher == nil else { throw .server("eventfd: \(String(cString: strerror(errno)))") }

        self.configuration = configuration
        self.port = port
        self.application = application
        self.watcher = watcher
        self.logger = logger
        gate = RemoteGate(configuration: configuration, password: Array(secret.utf8), wakeUp: wakeUp)
        width = Int(display.size.width)
        height = Int(display.size.height)
        format = display.framebuffer.geometry.format
        let bytesPerPixel = format.bytesPerPixel
        rfbLogEnable(0)
        var argc: Int32 = 0
        guard
            let screen = rfbGetScreen(
                &argc, nil, Int32(width), Int32(height), bytesPerPixel == 2 ? 5 : 8, 3, Int32(bytesPerPixel))
        else {
            close(wakeUp)
            throw .server("LibVNCServer could not make a screen (out of memory)")
        }
        self.screen = screen
        pixels = .allocate(byteCount: width * height * bytesPerPixel, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: width * height * bytesPerPixel)
        desktopName = strdup("PanelKit")
        certificate = configuration.certificateFile.flatMap { strdup($0) }
        key = configuration.keyFile.flatMap { strdup($0) }
        configure(screen, address: address, bytesPerPixel: bytesPerPixel)
        gate.install(on: screen)
        if let watcher {
            do {
                try watcher.watch(wakeUp) { [weak self] _ in self?.drain() }
            } catch {
                release()
                stopped = true
                throw .server("the run loop cannot watch the server's inbox: \(error)")
            }
        } else {
            gate.drainer.withLock {
                $0 = { [weak self] in Task { @MainActor in self?.drain() } }
            }
        }
        panel_rfb_init_server(screen)
        guard screen.pointee.listenSock >= 0 else {
            watcher?.stopWatching(wakeUp)
            release()
            stopped = true
            throw .listen(host: configuration.host, port: port, reason: "LibVNCServer could not listen (another process took the port?)")
        }
        // The listener's thread, and a reader's and a writer's for each viewer.
        rfbRunEventLoop(screen, -1, 1)
        let mode = configuration.viewOnly ? "view only" : "view and control"
        logger.notice("remote support listening on \(configuration.host):\(port) (\(mode), \(encrypted ? "TLS" : "VNC authentication on loopback"))")
    }

    /// Disconnects every viewer (cancelling their fingers), stops listening and joins
    /// LibVNCServer's threads.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        gate.stopping.store(true, ordering: .releasing)
        rfbShutdownServer(screen, 1)
        drain()
        for key in Array(sessions.keys) { ended(key, reason: "disconnected: the server stopped") }
        if gate.wakeUp >= 0 { watcher?.stopWatching(gate.wakeUp) }
        gate.drainer.withLock { $0 = nil }
        release()
        logger.notice("remote support stopped")
    }

    /// A server dropped without ``stop()`` stops: LibVNCServer's threads must not outlive the
    /// screen they read.
    isolated deinit {
        stop()
    }

    private func release() {
        RemoteGate.uninstall(from: screen)
        rfbScreenCleanup(screen)
        if gate.wakeUp >= 0 { close(gate.wakeUp) }
        pixels.deallocate()
        free(desktopName)
        free(certificate)
        free(key)
    }

    /// Checks the port can be taken (naming why not: in use, not this machine's address); for
    /// port 0, picks a free one.
    private static func checkPort(_ address: in_addr, _ port: UInt16, host: String) throws(RemoteError) -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .listen(host: host, port: port, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var sa = sockaddr_in()
        sa.sin_family = sa_family_t(AF_INET)
        sa.sin_port = port.bigEndian
        sa.sin_addr = address
        let bound = withUnsafePointer(to: &sa) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let reason =
                errno == EADDRINUSE
                ? "the port is in use by another process (ss -ltnp 'sport = :\(port)' names it): choose another with --remote \(host):PORT"
                : "\(String(cString: strerror(errno))): is \(host) an address of this machine?"
            throw .listen(host: host, port: port, reason: reason)
        }
        guard port == 0 else { return port }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &sa) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return UInt16(bigEndian: sa.sin_port)
    }

    private func configure(_ screen: rfbScreenInfoPtr, address: in_addr, bytesPerPixel: Int) {
        let s = screen
        s.pointee.frameBuffer = pixels.assumingMemoryBound(to: CChar.self)
        s.pointee.paddedWidthInBytes = Int32(width * bytesPerPixel)
        s.pointee.serverFormat.bitsPerPixel = UInt8(format.bitsPerPixel)
        s.pointee.serverFormat.depth = UInt8(format.red.length + format.green.length + format.blue.length)
        s.pointee.serverFormat.bigEndian = 0
        s.pointee.serverFormat.trueColour = 1
        s.pointee.serverFormat.redShift = UInt8(format.red.offset)
        s.pointee.serverFormat.greenShift = UInt8(format.green.offset)
        s.pointee.serverFormat.blueShift = UInt8(format.blue.offset)
        s.pointee.serverFormat.redMax = UInt16((1 << format.red.length) - 1)
        s.pointee.serverFormat.greenMax = UInt16((1 << format.green.length) - 1)
        s.pointee.serverFormat.blueMax = UInt16((1 << format.blue.length) - 1)
        s.pointee.desktopName = UnsafePointer(desktopName)
        s.pointee.port = Int32(port)
        s.pointee.autoPort = 0
        s.pointee.ipv6port = 0
        s.pointee.listenInterface = address.s_addr
        s.pointee.httpPort = 0
        s.pointee.alwaysShared = 1
        // A viewer's writer waits this long for more changes before it sends (and sleeps this
        // long between looks while its viewer is still logging in): 5 ms, LibVNCServer's default.
        s.pointee.deferUpdateTime = 5
        s.pointee.deferPtrUpdateTime = 0
        s.pointee.maxClientWait = Int32(clamping: configuration.clientTimeout.nanoseconds / 1_000_000)
        s.pointee.permitFileTransfer = 0
        s.pointee.cursor = nil
        s.pointee.sslcertfile = certificate
        s.pointee.sslkeyfile = key
    }

    // MARK: - What the viewers did, on the UI thread

    private func drain() {
        for event in gate.take() { handle(event) }
    }

    private func handle(_ event: RemoteEvent) {
        let now = application?.clock.now ?? .zero
        switch event {
        case .connected(let client, let peer):
            let viewer = nextViewer
            nextViewer = (nextViewer + 1) & 0x7FFF
            sessions[client] = Session(
                peer: peer, pointer: RemotePointer(width: width, height: height, identityBase: 0x8000_0000 | viewer << 16), lastInput: now)
            logger.notice("remote support: \(peer) connected (\(sessions.count) of \(configuration.maxClients) viewers)")
            if sessions.count == 1 { startMirroring() }
        case .refused(let peer, let reason):
            logger.warning("remote support: refused \(peer): \(reason)")
        case .authenticated(let client):
            sessions[client]?.authenticated = true
            sessions[client]?.lastInput = now
            logger.notice("remote support: \(sessions[client]?.peer ?? "a viewer") authenticated\(configuration.viewOnly ? " (view only)" : "")")
        case .failed(let peer, let locked):
            failedAuthentications += 1
            logger.warning("remote support: failed password from \(peer)\(locked ? " (locked: too many failed passwords)" : "")")
        case .pointer(let client, let buttons, let x, let y):
            guard var session = sessions[client], session.authenticated, !configuration.viewOnly, let application else { return }
            session.lastInput = now
            let frame = session.pointer.update(buttons: buttons, x: x, y: y, at: now)
            sessions[client] = session
            if let frame { application.handle(frame) }
        case .key(let client, let down, let keysym):
            guard sessions[client]?.authenticated == true, !configuration.viewOnly, let application else { return }
            sessions[client]?.lastInput = now
            guard let remoteKey = RemoteKey.from(keysym: keysym, typing: application.wantsTextInput),
                let input = remoteKey.input(down: down, at: now)
            else { return }
            application.handle(input)
        case .gone(let client):
            ended(client, reason: "disconnected")
        }
    }

    /// A viewer went: its finger is cancelled, and with the last one the mirror and the
    /// indicator stop.
    private func ended(_ client: UInt, reason: String) {
        guard var session = sessions.removeValue(forKey: client) else { return }
        if let application, let frame = session.pointer.cancel(at: application.clock.now) { application.handle(frame) }
        logger.notice("remote support: \(session.peer) \(reason) (\(sessions.count) viewers left)")
        if sessions.isEmpty { stopMirroring() }
    }

    // MARK: - The mirror

    private func startMirroring() {
        guard let application, let display = application.display else { return }
        display.overlay = { [width] canvas in RemoteIndicator.draw(into: &canvas, screenWidth: width) }
        display.didPresent = { [weak self] region, pixels in self?.copy(region, from: pixels) }
        // The next frame draws everything, the badge included, into the mirror.
        display.setNeedsDisplay()
        idleTimer = try? application.scheduleTimer(after: .seconds(Int64(1)), repeating: .seconds(Int64(1))) { [weak self] _ in
            self?.closeIdleViewers()
        }
    }

    private func stopMirroring() {
        guard let application, let display = application.display else { return }
        display.overlay = nil
        display.didPresent = nil
        display.setNeedsDisplay(RemoteIndicator.frame(screenWidth: width))
        if let idleTimer { application.cancelTimer(idleTimer) }
        idleTimer = nil
    }

    /// Copies the presented rectangles into the server's screen and marks them: the viewers'
    /// writers send them.
    private func copy(_ region: DirtyRegion, from source: PixelBuffer) {
        let target = PixelBuffer(baseAddress: pixels, width: width, height: height, strideBytes: width * format.bytesPerPixel, format: format)
        for rect in region {
            let r = rect.intersection(target.bounds)
            guard r.width > 0, r.height > 0 else { continue }
            target.copy(r, from: source)
            rfbMarkRectAsModified(screen, Int32(r.x), Int32(r.y), Int32(r.x + r.width), Int32(r.y + r.height))
        }
    }

    private func closeIdleViewers() {
        guard let application else { return }
        let now = application.clock.now
        for (client, session) in sessions where now >= session.lastInput + configuration.idleTimeout {
            logger.notice("remote support: \(session.peer) idle for \(configuration.idleTimeout): disconnecting")
            gate.close(client)
        }
    }
}
#endif
