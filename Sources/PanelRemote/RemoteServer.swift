#if os(Linux)
import CVNCServer
import Glibc
public import Logging
import PanelCore
import PanelFiles
import PanelGraphics
public import PanelPlatform
public import PanelUI

/// Remote support: the panel's screen served over VNC (LibVNCServer), so that someone at a
/// desk sees it live and, unless ``RemoteConfiguration/viewOnly``, operates it.
///
/// - It runs on the app's run loop (``DescriptorWatching``): the listening socket and each
///   viewer's are watched, and LibVNCServer is called only when one is readable. With no
///   viewer, nothing wakes and nothing is copied.
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
    /// Viewers connected now (authenticated or not).
    public var clientCount: Int { sessions.count }
    /// Failed authentications since the start.
    public private(set) var failedAuthentications = 0
    /// Bytes of screen updates sent since the start (LibVNCServer's count, all viewers).
    public var bytesSent: Int {
        var total = 0
        for session in sessions.values { total += Int(session.client.pointee.rawBytesEquivalent) }
        return total + bytesOfGoneClients
    }

    private let screen: rfbScreenInfoPtr
    private let pixels: UnsafeMutableRawPointer
    private let format: PixelFormat
    private let width: Int
    private let height: Int
    private weak var application: Application?
    private let watcher: any DescriptorWatching
    private let logger: Logger
    private var password: [CChar]
    private var limiter: FailureLimiter
    private var sessions: [UInt: Session] = [:]
    private var nextViewer: UInt32 = 0
    private var idleTimer: TimerHandle?
    private var bytesOfGoneClients = 0
    private var stopped = false
    private let desktopName: UnsafeMutablePointer<CChar>?
    private let certificate: UnsafeMutablePointer<CChar>?
    private let key: UnsafeMutablePointer<CChar>?

    private struct Session {
        let client: rfbClientPtr
        let socket: Int32
        let peer: String
        var pointer: RemotePointer
        var lastInput: MonotonicInstant
        var authenticated = false
    }

    /// Starts listening, serving `application`'s display through `watcher` (the platform's run
    /// loop); `logger` gets the audit trail (journald under systemd).
    /// - Throws: ``RemoteError``: the password file is refused, the address is not IPv4 or not
    ///   loopback without TLS, the port is taken. Nothing is left listening.
    public init(
        configuration: RemoteConfiguration, application: Application, watcher: any DescriptorWatching, logger: Logger
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
                throw .encryption("this LibVNCServer was built without TLS (GnuTLS or OpenSSL): rebuild it with one, or listen on loopback and use an SSH tunnel")
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

        self.configuration = configuration
        self.port = port
        self.application = application
        self.watcher = watcher
        self.logger = logger
        limiter = configuration.failureLimiter
        // VNC authentication uses the password's first 8 bytes.
        password = Array(secret.utf8.prefix(8)).map { CChar(bitPattern: $0) } + [0]
        let geometry = display.size
        width = Int(geometry.width)
        height = Int(geometry.height)
        format = display.framebuffer.geometry.format
        let bytesPerPixel = format.bytesPerPixel
        rfbLogEnable(0)
        var argc: Int32 = 0
        guard
            let screen = rfbGetScreen(
                &argc, nil, Int32(width), Int32(height), bytesPerPixel == 2 ? 5 : 8, 3, Int32(bytesPerPixel))
        else { throw .server("LibVNCServer could not make a screen (out of memory)") }
        self.screen = screen
        pixels = .allocate(byteCount: width * height * bytesPerPixel, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: width * height * bytesPerPixel)
        desktopName = strdup("PanelKit")
        certificate = configuration.certificateFile.flatMap { strdup($0) }
        key = configuration.keyFile.flatMap { strdup($0) }
        configure(screen, address: address, bytesPerPixel: bytesPerPixel)
        panel_rfb_init_server(screen)
        guard screen.pointee.listenSock >= 0 else {
            release()
            throw .listen(host: configuration.host, port: port, reason: "LibVNCServer could not listen (another process took the port?)")
        }
        do {
            try watcher.watch(screen.pointee.listenSock) { [weak self] _ in self?.serve() }
        } catch {
            release()
            throw .server("the run loop cannot watch the listening socket: \(error)")
        }
        let mode = configuration.viewOnly ? "view only" : "view and control"
        logger.notice("remote support listening on \(configuration.host):\(port) (\(mode), \(encrypted ? "TLS" : "VNC authentication on loopback"))")
    }

    /// Disconnects every viewer (cancelling their fingers) and stops listening.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        for session in sessions.values { rfbCloseClient(session.client) }
        // Closed clients are reaped (clientGoneHook) by one more pass.
        rfbProcessEvents(screen, 0)
        for key in Array(sessions.keys) { ended(key, reason: "server stopped") }
        if screen.pointee.listenSock >= 0 { watcher.stopWatching(screen.pointee.listenSock) }
        release()
        logger.notice("remote support stopped")
    }

    private func release() {
        rfbShutdownServer(screen, 1)
        rfbScreenCleanup(screen)
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
        s.pointee.deferUpdateTime = 0
        s.pointee.deferPtrUpdateTime = 0
        s.pointee.handleEventsEagerly = 1
        s.pointee.maxClientWait = Int32(clamping: configuration.clientTimeout.nanoseconds / 1_000_000)
        s.pointee.permitFileTransfer = 0
        s.pointee.cursor = nil
        s.pointee.sslcertfile = certificate
        s.pointee.sslkeyfile = key
        s.pointee.screenData = Unmanaged.passUnretained(self).toOpaque()
        // VNC authentication is offered when this is set; the check is ours.
        s.pointee.authPasswdData = Unmanaged.passUnretained(self).toOpaque()
        s.pointee.passwordCheck = { client, response, length in
            guard let client, let response else { return 0 }
            return RemoteServer.of(client).map { server in
                MainActor.assumeIsolated { server.check(client, response, Int(length)) ? 1 : 0 }
            } ?? 0
        }
        s.pointee.newClientHook = { client in
            guard let client, let server = RemoteServer.of(client) else { return RFB_CLIENT_REFUSE }
            return MainActor.assumeIsolated { server.accept(client) }
        }
        s.pointee.ptrAddEvent = { buttons, x, y, client in
            guard let client, let server = RemoteServer.of(client) else { return }
            MainActor.assumeIsolated { server.pointer(client, buttons: UInt8(truncatingIfNeeded: buttons), x: Int(x), y: Int(y)) }
        }
        s.pointee.kbdAddEvent = { down, keysym, client in
            guard let client, let server = RemoteServer.of(client) else { return }
            MainActor.assumeIsolated { server.key(client, down: down != 0, keysym: UInt32(truncatingIfNeeded: keysym)) }
        }
    }

    private nonisolated static func of(_ client: rfbClientPtr) -> RemoteServer? {
        guard let screen = client.pointee.screen, let data = screen.pointee.screenData else { return nil }
        return Unmanaged<RemoteServer>.fromOpaque(data).takeUnretainedValue()
    }

    private static func key(_ client: rfbClientPtr) -> UInt { UInt(bitPattern: client) }

    // MARK: - Events

    /// A socket is readable: LibVNCServer accepts, reads and answers, and calls the hooks.
    private func serve() {
        guard !stopped else { return }
        rfbProcessEvents(screen, 0)
    }

    private func accept(_ client: rfbClientPtr) -> rfbNewClientAction {
        let peer = client.pointee.host.map { String(cString: $0) } ?? "unknown"
        let now = application?.clock.now ?? .zero
        if limiter.isLocked(peer, at: now) {
            logger.warning("remote support: refused \(peer): too many failed passwords, locked for \(configuration.failureLimiter.lockout)")
            return RFB_CLIENT_REFUSE
        }
        if sessions.count >= configuration.maxClients {
            logger.warning("remote support: refused \(peer): \(configuration.maxClients) viewers are connected already")
            return RFB_CLIENT_REFUSE
        }
        if configuration.certificateFile != nil, panel_rfb_client_is_encrypted(client) == 0 {
            logger.warning("remote support: refused \(peer): not encrypted (this server takes only TLS WebSocket viewers)")
            return RFB_CLIENT_REFUSE
        }
        let socket = client.pointee.sock
        do {
            try watcher.watch(socket) { [weak self] _ in self?.serve() }
        } catch {
            logger.error("remote support: refused \(peer): \(error)")
            return RFB_CLIENT_REFUSE
        }
        client.pointee.viewOnly = configuration.viewOnly ? 1 : 0
        client.pointee.clientGoneHook = { client in
            guard let client, let server = RemoteServer.of(client) else { return }
            MainActor.assumeIsolated { server.ended(RemoteServer.key(client), reason: "disconnected") }
        }
        let viewer = nextViewer
        nextViewer = (nextViewer + 1) & 0x7FFF
        sessions[Self.key(client)] = Session(
            client: client, socket: socket, peer: peer,
            pointer: RemotePointer(width: width, height: height, identityBase: 0x8000_0000 | viewer << 16), lastInput: now)
        logger.notice("remote support: \(peer) connected (\(sessions.count) of \(configuration.maxClients) viewers)")
        if sessions.count == 1 { startMirroring() }
        return RFB_CLIENT_ACCEPT
    }

    private func check(_ client: rfbClientPtr, _ response: UnsafePointer<CChar>, _ length: Int) -> Bool {
        let key = Self.key(client)
        let peer = sessions[key]?.peer ?? "unknown"
        let now = application?.clock.now ?? .zero
        if limiter.isLocked(peer, at: now) {
            failedAuthentications += 1
            logger.warning("remote support: failed password from \(peer) (locked: too many failed passwords)")
            return false
        }
        var expected = withUnsafeBytes(of: client.pointee.authChallenge) { Array($0) }
        expected.withUnsafeMutableBufferPointer { bytes in
            password.withUnsafeMutableBufferPointer { rfbEncryptBytes(bytes.baseAddress, $0.baseAddress) }
        }
        var difference: UInt8 = length == expected.count ? 0 : 1
        for i in 0 ..< min(length, expected.count) { difference |= expected[i] ^ UInt8(bitPattern: response[i]) }
        guard difference == 0 else {
            failedAuthentications += 1
            limiter.recordFailure(peer, at: now)
            logger.warning("remote support: failed password from \(peer)")
            return false
        }
        limiter.recordSuccess(peer)
        sessions[key]?.authenticated = true
        sessions[key]?.lastInput = now
        logger.notice("remote support: \(peer) authenticated\(configuration.viewOnly ? " (view only)" : "")")
        return true
    }

    private func pointer(_ client: rfbClientPtr, buttons: UInt8, x: Int, y: Int) {
        let key = Self.key(client)
        guard var session = sessions[key], session.authenticated, !configuration.viewOnly, let application else { return }
        let now = application.clock.now
        session.lastInput = now
        let frame = session.pointer.update(buttons: buttons, x: x, y: y, at: now)
        sessions[key] = session
        if let frame { application.handle(frame) }
    }

    private func key(_ client: rfbClientPtr, down: Bool, keysym: UInt32) {
        let key = Self.key(client)
        guard sessions[key]?.authenticated == true, !configuration.viewOnly, let application else { return }
        let now = application.clock.now
        sessions[key]?.lastInput = now
        guard let remoteKey = RemoteKey.from(keysym: keysym, typing: application.wantsTextInput),
            let input = remoteKey.input(down: down, at: now)
        else { return }
        application.handle(input)
    }

    /// A viewer went (disconnected, dropped, timed out): its finger is cancelled, its socket
    /// no longer watched, and with the last one the mirror and the indicator stop.
    private func ended(_ key: UInt, reason: String) {
        guard var session = sessions.removeValue(forKey: key) else { return }
        watcher.stopWatching(session.socket)
        bytesOfGoneClients += Int(session.client.pointee.rawBytesEquivalent)
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
            self?.dropIdleViewers()
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

    /// Copies the presented rectangles into the server's screen, marks them, and sends them to
    /// the viewers that asked for an update.
    private func copy(_ region: DirtyRegion, from source: PixelBuffer) {
        let target = PixelBuffer(baseAddress: pixels, width: width, height: height, strideBytes: width * format.bytesPerPixel, format: format)
        for rect in region {
            let r = rect.intersection(target.bounds)
            guard r.width > 0, r.height > 0 else { continue }
            target.copy(r, from: source)
            rfbMarkRectAsModified(screen, Int32(r.x), Int32(r.y), Int32(r.x + r.width), Int32(r.y + r.height))
        }
        rfbProcessEvents(screen, 0)
    }

    private func dropIdleViewers() {
        guard let application else { return }
        let now = application.clock.now
        for session in sessions.values where now >= session.lastInput + configuration.idleTimeout {
            logger.notice("remote support: \(session.peer) idle for \(configuration.idleTimeout): disconnecting")
            rfbCloseClient(session.client)
        }
        rfbProcessEvents(screen, 0)
    }
}
#endif
