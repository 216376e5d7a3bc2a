/// A message from the broker, as the app receives it on the main actor.
public struct MQTTMessage: Sendable, Equatable {
    /// What the message carried.
    public enum Payload: Sendable, Equatable {
        /// The bytes, at most ``MQTTConfiguration/maximumPayload``.
        case bytes([UInt8])
        /// A payload larger than ``MQTTConfiguration/maximumPayload`` (its size): not copied.
        case tooLarge(Int)
    }

    /// The topic it was published to.
    public var topic: String
    /// Its payload.
    public var payload: Payload
    /// Whether the broker kept it as the topic's last value (sent to a new subscriber).
    public var retained: Bool

    /// A message.
    public init(topic: String, payload: Payload, retained: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.retained = retained
    }

    /// The payload as UTF-8 text; nil when it is too large or not valid UTF-8.
    public var text: String? {
        guard case .bytes(let bytes) = payload else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The payload as a finite number (`72.4`, ` 5 `); nil when it is not one.
    public var number: Double? {
        guard let text else { return nil }
        let trimmed = text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }.reversed()
        guard let value = Double(String(trimmed)), value.isFinite else { return nil }
        return value
    }
}
