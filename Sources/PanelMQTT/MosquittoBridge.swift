import CMosquitto
import Synchronization

/// What libmosquitto's thread hands the client: its callbacks' events, into the stream the
/// client reads on the main actor. The stream keeps the newest 1 024; what it drops is counted.
final class MosquittoBridge: Sendable {
    enum Event: Sendable {
        /// The broker accepted the connection.
        case online
        /// The broker refused, could not be reached or went away; the thread tries again.
        case reconnecting(String)
        /// The connection's thread ended (``MQTTClient/stop()``).
        case stopped
        case message(MQTTMessage)
        case dropped(Int)
    }

    let maximumPayload: Int
    private let continuation = Mutex<AsyncStream<Event>.Continuation?>(nil)
    /// The last CONNACK's code since the connection's thread last connected (-1: none yet).
    private let connack = Atomic<Int32>(-1)

    /// The connection thread is about to connect.
    func resetConnack() { connack.store(-1, ordering: .releasing) }

    /// Whether the broker accepted the current connection.
    var wasAccepted: Bool { connack.load(ordering: .acquiring) == 0 }

    /// Why the broker refused the current connection, if it did.
    var refusal: String? {
        let code = connack.load(ordering: .acquiring)
        guard code > 0 else { return nil }
        return String(cString: mosquitto_connack_string(code))
    }

    /// libmosquitto's connect callback (on the connection's thread).
    func connected(_ code: Int32) {
        connack.store(code, ordering: .releasing)
        if code == 0 { post(.online) }
    }

    init(maximumPayload: Int) { self.maximumPayload = max(maximumPayload, 0) }

    /// The bridge a callback's context points to.
    static func from(_ context: UnsafeMutableRawPointer?) -> MosquittoBridge? {
        context.map { Unmanaged<MosquittoBridge>.fromOpaque($0).takeUnretainedValue() }
    }

    func attach(_ continuation: AsyncStream<Event>.Continuation) { self.continuation.withLock { $0 = continuation } }

    func detach() {
        let old = continuation.withLock { current in
            defer { current = nil }
            return current
        }
        old?.finish()
    }

    /// From libmosquitto's thread.
    func post(_ event: Event) {
        continuation.withLock { continuation in
            guard let continuation else { return }
            if case .dropped = continuation.yield(event) {
                _ = continuation.yield(.dropped(1))
            }
        }
    }

    /// The message's topic and, within the bound, its bytes.
    func copy(_ message: mosquitto_message) -> MQTTMessage {
        let topic = message.topic.map { String(cString: $0) } ?? ""
        let length = Int(max(message.payloadlen, 0))
        let payload: MQTTMessage.Payload
        if length > maximumPayload {
            payload = .tooLarge(length)
        } else if let bytes = message.payload, length > 0 {
            payload = .bytes(Array(UnsafeRawBufferPointer(start: bytes, count: length)))
        } else {
            payload = .bytes([])
        }
        return MQTTMessage(topic: topic, payload: payload, retained: message.retain)
    }
}
