import Glibc

/// Where an MQTT client connects and how: the broker, the credentials, TLS, keep-alive and
/// the reconnect backoff.
///
/// An app usually takes it from its environment (``init(environment:)``), which a systemd unit
/// sets with `Environment=` lines, so that a panel's broker is configuration, not code.
public struct MQTTConfiguration: Sendable, Equatable {
    /// TLS settings: the CA that signs the broker's certificate, and a client certificate
    /// where the broker asks for one.
    public struct TLS: Sendable, Equatable {
        /// A PEM file of the certificate authorities the broker's certificate must chain to.
        public var caFile: String
        /// The client's certificate (PEM), when the broker authenticates clients by certificate.
        public var certificateFile: String?
        /// The client certificate's private key (PEM).
        public var keyFile: String?

        /// TLS with the CA in `caFile`, and a client certificate when both files are given.
        public init(caFile: String, certificateFile: String? = nil, keyFile: String? = nil) {
            self.caFile = caFile
            self.certificateFile = certificateFile
            self.keyFile = keyFile
        }
    }

    /// The broker's host name or address. Default 127.0.0.1.
    public var host = "127.0.0.1"
    /// The broker's port. Default 1883 (8883 is the usual port with TLS).
    public var port = 1883
    /// The client's id at the broker; empty: the broker picks one.
    public var clientID = ""
    /// The user name, when the broker asks for one.
    public var username: String?
    /// A file holding the password (its first line), readable by the service's user only.
    public var passwordFile: String?
    /// TLS, when the broker speaks it.
    public var tls: TLS?
    /// Seconds between keep-alive pings when nothing else is sent (5…65 535). Default 30.
    public var keepAlive = 30
    /// The first wait before reconnecting after the connection is lost or refused, in seconds;
    /// each failure doubles it up to ``maximumReconnectDelay``. Default 1.
    public var reconnectDelay = 1
    /// The longest wait between reconnection attempts, in seconds. Default 30.
    public var maximumReconnectDelay = 30
    /// The largest payload handed to the app, in bytes; a larger message is reported as
    /// ``MQTTMessage/Payload/tooLarge(_:)`` without its bytes. Default 64 KiB.
    public var maximumPayload = 65_536

    /// The defaults: a broker on this machine's loopback at port 1883, no credentials.
    public init() {}

    /// The settings from environment variables, each optional:
    ///
    /// | variable | setting |
    /// |---|---|
    /// | `MQTT_HOST` | ``host`` |
    /// | `MQTT_PORT` | ``port`` |
    /// | `MQTT_CLIENT_ID` | ``clientID`` |
    /// | `MQTT_USERNAME` | ``username`` |
    /// | `MQTT_PASSWORD_FILE` | ``passwordFile`` |
    /// | `MQTT_CA_FILE`, `MQTT_CERT_FILE`, `MQTT_KEY_FILE` | ``tls`` |
    /// | `MQTT_KEEPALIVE` | ``keepAlive`` |
    /// | `MQTT_RECONNECT_DELAY`, `MQTT_RECONNECT_DELAY_MAX` | the backoff |
    ///
    /// - Throws: ``MQTTError/invalidSetting(setting:value:expected:)`` for a number out of
    ///   range, or a certificate without its key.
    public init(environment: (String) -> String?) throws(MQTTError) {
        func number(_ name: String, _ range: ClosedRange<Int>, _ fallback: Int) throws(MQTTError) -> Int {
            guard let text = environment(name), !text.isEmpty else { return fallback }
            guard let value = Int(text), range.contains(value) else {
                throw .invalidSetting(setting: name, value: text, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
        func text(_ name: String) -> String? { environment(name).flatMap { $0.isEmpty ? nil : $0 } }
        host = text("MQTT_HOST") ?? host
        port = try number("MQTT_PORT", 1 ... 65_535, port)
        clientID = text("MQTT_CLIENT_ID") ?? ""
        username = text("MQTT_USERNAME")
        passwordFile = text("MQTT_PASSWORD_FILE")
        keepAlive = try number("MQTT_KEEPALIVE", 5 ... 65_535, keepAlive)
        reconnectDelay = try number("MQTT_RECONNECT_DELAY", 1 ... 3_600, reconnectDelay)
        maximumReconnectDelay = try number("MQTT_RECONNECT_DELAY_MAX", reconnectDelay ... 3_600, max(maximumReconnectDelay, reconnectDelay))
        let certificate = text("MQTT_CERT_FILE")
        let key = text("MQTT_KEY_FILE")
        if (certificate == nil) != (key == nil) {
            throw .invalidSetting(
                setting: certificate == nil ? "MQTT_KEY_FILE" : "MQTT_CERT_FILE", value: certificate ?? key ?? "",
                expected: "MQTT_CERT_FILE and MQTT_KEY_FILE set together (a client certificate needs its key)")
        }
        if let ca = text("MQTT_CA_FILE") {
            tls = TLS(caFile: ca, certificateFile: certificate, keyFile: key)
        } else if certificate != nil {
            throw .invalidSetting(setting: "MQTT_CERT_FILE", value: certificate ?? "", expected: "MQTT_CA_FILE set too (TLS needs the broker's CA)")
        }
    }

    /// Reads the process environment.
    public static func processEnvironment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
