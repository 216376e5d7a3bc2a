public import Glibc
public import Testing

/// A real MQTT broker for a test: Debian's `mosquitto` (apt-get install mosquitto) on loopback,
/// on a free port of its own, started, killed and started again as the test says, and stopped
/// when the value goes away.
///
/// ```swift
/// let broker = try MosquittoBroker()
/// broker.start()
/// var configuration = MQTTConfiguration()
/// configuration.port = Int(broker.port)
/// ```
public final class MosquittoBroker {
    /// Where Debian installs the broker.
    public static let executable = "/usr/sbin/mosquitto"
    /// The loopback port it listens on.
    public let port: Int32
    private let directory: String
    private var pid: pid_t = 0

    /// A broker on a free loopback port, not started yet; `allowAnonymous` false refuses clients
    /// without a user of `passwordFile` (made with mosquitto_passwd); `tls` (a PEM certificate
    /// and its key) makes the listener speak TLS only.
    /// - Throws: when the broker is not installed (the message names the package).
    public init(
        allowAnonymous: Bool = true, passwordFile: String? = nil, tls: (certificateFile: String, keyFile: String)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try #require(
            access(Self.executable, X_OK) == 0, "the mosquitto broker is not installed: apt-get install mosquitto (PanelKit's scripts/setup does)",
            sourceLocation: sourceLocation)
        port = try Self.freePort()
        var template = Array("/tmp/panelkit-mqtt-XXXXXX".utf8CString)
        directory = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
        var configuration = "listener \(port) 127.0.0.1\nallow_anonymous \(allowAnonymous)\npersistence false\n"
        if let passwordFile { configuration += "password_file \(passwordFile)\n" }
        if let tls { configuration += "certfile \(tls.certificateFile)\nkeyfile \(tls.keyFile)\n" }
        // As root the broker would become the `mosquitto` user before reading the test's files.
        if getuid() == 0 { configuration += "user root\n" }
        try writeFile(configuration, to: "\(directory)/mosquitto.conf")
    }

    deinit {
        stop()
        unlink("\(directory)/mosquitto.conf")
        unlink("\(directory)/broker.log")
        rmdir(directory)
    }

    /// Starts the broker and waits until it accepts connections (at most 5 s; longer is an issue
    /// of the test).
    public func start() {
        let words: [String] = [Self.executable, "-c", "\(directory)/mosquitto.conf"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "\(directory)/broker.log", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // The broker gets a clean signal mask: this thread (libdispatch's) blocks SIGTERM, and a
        // child inherits that, so it would not stop.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        guard posix_spawn(&pid, Self.executable, &actions, &attributes, argv, environ) == 0 else {
            Issue.record("mosquitto could not be started: \(String(cString: strerror(errno)))")
            return
        }
        for _ in 0 ..< 500 {
            if accepts() { return }
            usleep(10_000)
        }
        Issue.record("mosquitto did not listen on 127.0.0.1:\(port) within 5 s")
    }

    /// Kills the broker (SIGKILL: the connections drop as when a broker's machine dies).
    public func kill() {
        guard pid > 0 else { return }
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pid = 0
    }

    /// Stops the broker (SIGTERM) and waits for it.
    public func stop() {
        guard pid > 0 else { return }
        Glibc.kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pid = 0
    }

    private func accepts() -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func freePort() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        try #require(bound)
        return Int32(UInt16(bigEndian: address.sin_port))
    }
}

/// Writes `text` to `path` with `mode` (0600: the owner only).
public func writeFile(_ text: String, to path: String, mode: mode_t = 0o600) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
    try #require(fd >= 0)
    defer { close(fd) }
    _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
    fchmod(fd, mode)
}

/// Waits, yielding the main actor so that tasks and a network client's events run, until
/// `condition` holds or `seconds` of real time have passed; returns whether it holds.
@MainActor
public func eventually(within seconds: Int = 10, _ condition: @MainActor () -> Bool) async -> Bool {
    for _ in 0 ..< seconds * 100 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
