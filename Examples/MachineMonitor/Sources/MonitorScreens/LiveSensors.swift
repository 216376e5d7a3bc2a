import Glibc
public import PanelKit
public import PanelMQTT

/// The press's sensors as its PLC publishes them over MQTT: `<prefix>/temperature` (°C),
/// `<prefix>/pressure` (bar) and `<prefix>/vibration` (mm/s), each payload a number in text.
///
/// A value older than ``staleAfter`` is stale: the overview greys it. A payload that is not a
/// number (text, invalid UTF-8, a megabyte) marks the value invalid and is logged, at most once
/// every ten seconds per topic; the app runs on.
@MainActor
public final class LiveSensors {
    /// One sensor's last value and when it came.
    public struct Reading: Equatable, Sendable {
        /// The last good value, if any came.
        public var value: Double?
        /// When it came, on the application's clock.
        public var receivedAt: MonotonicInstant?
        /// Whether the last payload was not a number.
        public var isInvalid = false
    }

    /// The client, for its ``MQTTClient/state``.
    public let client: MQTTClient
    /// The topics' common prefix. Default `plant/press3`.
    public let prefix: String
    /// How long a value stays fresh. Default 5 s.
    public let staleAfter: MonotonicDuration
    /// The sensors' readings.
    public private(set) var temperature = Reading()
    public private(set) var pressure = Reading()
    public private(set) var vibration = Reading()
    /// Where the log lines go (standard error by default: the journal under systemd).
    public var log: (String) -> Void = { line in
        var text = "machine-monitor: \(line)\n"
        text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
    private var clock: (any MonotonicClock)?
    private var lastComplaint: [String: MonotonicInstant] = [:]

    /// Sensors read from the broker `configuration` names (``MQTTConfiguration/init(environment:)``
    /// reads it from `MQTT_*` variables).
    /// - Throws: ``MQTTError`` naming a setting or file that cannot be used.
    public init(configuration: MQTTConfiguration, prefix: String = "plant/press3", staleAfter: MonotonicDuration = .milliseconds(5_000))
        throws(MQTTError)
    {
        client = try MQTTClient(configuration: configuration)
        self.prefix = prefix
        self.staleAfter = staleAfter
        client.subscribe("\(prefix)/+") { [weak self] message in self?.received(message) }
    }

    /// Connects; values are stamped on `clock` (the application's).
    public func start(clock: any MonotonicClock) throws(MQTTError) {
        self.clock = clock
        try client.start()
    }

    /// Disconnects.
    public func stop() { client.stop() }

    /// Whether a value of each sensor has come.
    public var hasEveryValue: Bool { temperature.value != nil && pressure.value != nil && vibration.value != nil }

    /// Whether `reading` is older than ``staleAfter`` (or never came).
    public func isStale(_ reading: Reading) -> Bool {
        guard let at = reading.receivedAt, let clock else { return true }
        return clock.now - at > staleAfter
    }

    private func received(_ message: MQTTMessage) {
        let name = String(message.topic.dropFirst(prefix.count + 1))
        guard ["temperature", "pressure", "vibration"].contains(name) else { return }
        var reading = self[name]
        if let value = message.number {
            reading.value = value
            reading.receivedAt = clock?.now
            reading.isInvalid = false
        } else {
            reading.isInvalid = true
            complain(about: message)
        }
        self[name] = reading
    }

    private subscript(name: String) -> Reading {
        get { name == "temperature" ? temperature : name == "pressure" ? pressure : vibration }
        set {
            switch name {
            case "temperature": temperature = newValue
            case "pressure": pressure = newValue
            default: vibration = newValue
            }
        }
    }

    /// One line per topic at most every ten seconds: a PLC that sends garbage ten times a
    /// second does not flood the journal.
    private func complain(about message: MQTTMessage) {
        let now = clock?.now ?? .zero
        if let last = lastComplaint[message.topic], now - last < .milliseconds(10_000) { return }
        lastComplaint[message.topic] = now
        let what: String =
            switch message.payload {
            case .tooLarge(let size): "a payload of \(size) bytes"
            case .bytes(let bytes) where message.text == nil: "\(bytes.count) bytes that are not UTF-8"
            case .bytes: "\"\(message.text!.prefix(40))\""
            }
        log("\(message.topic): \(what) is not a number; the value is marked invalid until a number comes")
    }
}
