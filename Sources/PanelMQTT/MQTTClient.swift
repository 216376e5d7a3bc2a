import CMosquitto
import Glibc
public import Observation

/// Where an ``MQTTClient``'s connection is.
public enum MQTTConnectionState: Sendable, Equatable, CustomStringConvertible {
    /// Not started, or stopped.
    case stopped
    /// Connecting for the first time.
    case connecting
    /// Connected: messages flow.
    case online
    /// The connection failed or was lost; the client tries again with its backoff. `reason`
    /// says why (refused, lost, not authorised).
    case reconnecting(reason: String)

    /// The state in words (`online`, `reconnecting (connection lost: …)`).
    public var description: String {
        switch self {
        case .stopped: "stopped"
        case .connecting: "connecting"
        case .online: "online"
        case .reconnecting(let reason): "reconnecting (\(reason))"
        }
    }
}

/// An MQTT client on libmosquitto (Debian's libmosquitto-dev), for live data on a panel: a PLC's
/// pressure, a line's counters.
///
/// The connection runs on a thread of its own; the app's handlers run on the main actor,
/// between the run loop's turns, so they may touch views. When the broker is down at start or
/// goes away, the client reconnects with an exponential backoff
/// (``MQTTConfiguration/reconnectDelay`` to ``MQTTConfiguration/maximumReconnectDelay``) and
/// subscribes again. ``state`` is `@Observable`: a status label that reads it in
/// `updateProperties()` follows the connection by itself.
///
/// ```swift
/// let client = try MQTTClient(configuration: MQTTConfiguration(environment: MQTTConfiguration.processEnvironment))
/// client.subscribe("plant/press3/pressure") { message in pressureLabel.text = message.text }
/// try client.start()
/// ```
@Observable
@MainActor
public final class MQTTClient {
    /// The settings it was made with.
    public let configuration: MQTTConfiguration
    /// The connection's state.
    public private(set) var state = MQTTConnectionState.stopped
    /// How many times the client has come online (1 after the first connection; each
    /// reconnection adds one).
    public private(set) var connectionCount = 0
    /// Messages dropped because the app did not take them fast enough (the newest 1 024 are kept).
    public private(set) var droppedMessageCount = 0

    @ObservationIgnored private let handle: OpaquePointer
    @ObservationIgnored private let bridge: MosquittoBridge
    @ObservationIgnored private var subscriptions: [(filter: String, qos: Int32, handler: @MainActor (MQTTMessage) -> Void)] = []
    @ObservationIgnored private var consumer: Task<Void, Never>?
    @ObservationIgnored private var connection: MQTTConnectionThread?
    @ObservationIgnored private var running = false

    /// A client for `configuration`, not yet connected (``start()``).
    /// - Throws: ``MQTTError`` naming the setting or file that cannot be used: a password file
    ///   others can read, a missing CA file, a client id libmosquitto refuses.
    public init(configuration: MQTTConfiguration) throws(MQTTError) {
        MosquittoLibrary.initialize()
        self.configuration = configuration
        let bridge = MosquittoBridge(maximumPayload: configuration.maximumPayload)
        let context = Unmanaged.passUnretained(bridge).toOpaque()
        guard let handle = mosquitto_new(configuration.clientID.isEmpty ? nil : configuration.clientID, true, context) else {
            throw .library(call: "mosquitto_new", message: String(cString: strerror(errno)))
        }
        // Configured before it is stored: a throwing init of a fully initialised object would run
        // deinit, which destroys the handle too.
        do throws(MQTTError) {
            try Self.configure(handle, configuration)
        } catch {
            mosquitto_destroy(handle)
            throw error
        }
        self.handle = handle
        self.bridge = bridge
        // Called on the connection's thread: plain functions, not closures of this main-actor init.
        mosquitto_connect_callback_set(handle, mosquittoConnected)
        mosquitto_message_callback_set(handle, mosquittoReceived)
    }

    isolated deinit {
        stop()
        mosquitto_destroy(handle)
    }

    /// Credentials, TLS and the backoff.
    private static func configure(_ handle: OpaquePointer, _ configuration: MQTTConfiguration) throws(MQTTError) {
        if let username = configuration.username {
            let password = try configuration.passwordFile.map { path throws(MQTTError) in try readPasswordFile(path) }
            let code = mosquitto_username_pw_set(handle, username, password)
            guard code == MOSQ_ERR_SUCCESS.rawValue else { throw .library(call: "mosquitto_username_pw_set", message: errorText(code)) }
        } else if let path = configuration.passwordFile {
            throw .invalidSetting(setting: "MQTT_PASSWORD_FILE", value: path, expected: "MQTT_USERNAME set too (a password goes with a user name)")
        }
        if let tls = configuration.tls {
            for path in [tls.caFile, tls.certificateFile, tls.keyFile].compactMap({ $0 }) where Glibc.access(path, R_OK) != 0 {
                throw .tlsFile(
                    path: path, problem: "cannot be read (\(String(cString: strerror(errno)))): check the path and that the service's user may read it")
            }
            let code = mosquitto_tls_set(handle, tls.caFile, nil, tls.certificateFile, tls.keyFile, nil)
            guard code == MOSQ_ERR_SUCCESS.rawValue else { throw .tlsFile(path: tls.caFile, problem: "was refused by libmosquitto: \(errorText(code))") }
        }
    }

    /// Calls `handler` on the main actor with each message published to a topic that matches
    /// `filter` (`+` one level, `#` the rest: `plant/+/pressure`, `plant/#`). Subscribed now if
    /// online, and again at each reconnection.
    public func subscribe(_ filter: String, qos: Int = 0, _ handler: @escaping @MainActor (MQTTMessage) -> Void) {
        let level = Int32(clamping: min(max(qos, 0), 2))
        subscriptions.append((filter, level, handler))
        if state == .online { mosquitto_subscribe(handle, nil, filter, level) }
    }

    /// Publishes `payload` to `topic` (sent by the connection's thread).
    /// - Throws: ``MQTTError/library(call:message:)`` when not connected or the topic is invalid.
    public func publish(_ topic: String, _ payload: [UInt8], qos: Int = 0, retain: Bool = false) throws(MQTTError) {
        let code = payload.withUnsafeBytes { bytes in
            mosquitto_publish(handle, nil, topic, Int32(clamping: bytes.count), bytes.baseAddress, Int32(clamping: min(max(qos, 0), 2)), retain)
        }
        guard code == MOSQ_ERR_SUCCESS.rawValue else { throw .library(call: "mosquitto_publish(\(topic))", message: Self.errorText(code)) }
    }

    /// Publishes `text` as UTF-8.
    public func publish(_ topic: String, _ text: String, qos: Int = 0, retain: Bool = false) throws(MQTTError) {
        try publish(topic, Array(text.utf8), qos: qos, retain: retain)
    }

    /// Connects in the background, on a thread of its own: ``state`` becomes
    /// ``MQTTConnectionState/online`` when the broker accepts, or
    /// ``MQTTConnectionState/reconnecting(reason:)`` while it cannot be reached or refuses (the
    /// client keeps trying, with its backoff). Nothing when already started.
    /// - Throws: ``MQTTError/library(call:message:)`` when the thread cannot be made.
    public func start() throws(MQTTError) {
        guard !running else { return }
        let events = AsyncStream<MosquittoBridge.Event>.makeStream(bufferingPolicy: .bufferingNewest(1024))
        bridge.attach(events.continuation)
        consumer = Task { @MainActor [weak self] in
            for await event in events.stream {
                guard let self else { return }
                handle(event)
            }
        }
        do {
            connection = try MQTTConnectionThread(handle: handle, configuration: configuration, bridge: bridge)
        } catch {
            bridge.detach()
            consumer?.cancel()
            consumer = nil
            throw error
        }
        running = true
        state = .connecting
    }

    /// Disconnects and stops the connection's thread (at once, even in the middle of a backoff);
    /// the handlers are called no more.
    public func stop() {
        guard running else { return }
        running = false
        connection?.stop()
        connection = nil
        bridge.detach()
        consumer?.cancel()
        consumer = nil
        state = .stopped
    }

    private func handle(_ event: MosquittoBridge.Event) {
        guard running else { return }
        switch event {
        case .online:
            state = .online
            connectionCount += 1
            for subscription in subscriptions { mosquitto_subscribe(handle, nil, subscription.filter, subscription.qos) }
        case .reconnecting(let reason):
            state = .reconnecting(reason: reason)
        case .stopped:
            state = .stopped
        case .message(let message):
            for subscription in subscriptions where Self.topic(message.topic, matches: subscription.filter) {
                subscription.handler(message)
            }
        case .dropped(let count):
            droppedMessageCount += count
        }
    }

    /// Whether `topic` matches the subscription `filter` (MQTT's wildcards).
    nonisolated static func topic(_ topic: String, matches filter: String) -> Bool {
        var result = false
        return mosquitto_topic_matches_sub(filter, topic, &result) == MOSQ_ERR_SUCCESS.rawValue && result
    }

    nonisolated static func errorText(_ code: Int32) -> String {
        if code == MOSQ_ERR_ERRNO.rawValue { return String(cString: strerror(errno)) }
        return String(cString: mosquitto_strerror(code))
    }
}

/// libmosquitto's process-wide set-up, once.
enum MosquittoLibrary {
    private static let initialized: Bool = {
        mosquitto_lib_init()
        return true
    }()

    static func initialize() { _ = initialized }
}

/// libmosquitto's callbacks, on its thread: into the bridge.
private func mosquittoConnected(_: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ code: Int32) {
    MosquittoBridge.from(context)?.connected(code)
}

private func mosquittoReceived(_: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ message: UnsafePointer<mosquitto_message>?) {
    guard let bridge = MosquittoBridge.from(context), let message else { return }
    bridge.post(.message(bridge.copy(message.pointee)))
}
