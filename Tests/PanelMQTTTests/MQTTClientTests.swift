import Glibc
import PanelMQTT
import PanelTestKit
import Testing

@MainActor
func client(port: Int32, _ change: (inout MQTTConfiguration) -> Void = { _ in }) throws -> MQTTClient {
    var configuration = MQTTConfiguration()
    configuration.port = Int(port)
    configuration.reconnectDelay = 1
    configuration.maximumReconnectDelay = 1
    change(&configuration)
    return try MQTTClient(configuration: configuration)
}

@Suite("MQTTClient against a real mosquitto broker on loopback")
@MainActor
struct MQTTClientTests {
    @Test("a client comes online and gets, on the main actor, what another publishes to its subscription")
    func receivesPublished() async throws {
        let broker = try MosquittoBroker()
        broker.start()
        let subscriber = try client(port: broker.port)
        var received: [String] = []
        subscriber.subscribe("plant/+/pressure") { received.append("\($0.topic)=\($0.text ?? "?")") }
        try subscriber.start()
        #expect(await eventually { subscriber.state == .online })
        let publisher = try client(port: broker.port)
        try publisher.start()
        #expect(await eventually { publisher.state == .online })
        // A subscription is live once the broker has it: publish until it comes through.
        #expect(
            await eventually {
                try? publisher.publish("plant/press3/pressure", "5.2")
                return !received.isEmpty
            })
        #expect(received.first == "plant/press3/pressure=5.2")
    }

    @Test("a client started while the broker is down says so, and comes online when the broker starts")
    func brokerDownAtStart() async throws {
        let broker = try MosquittoBroker()
        let subscriber = try client(port: broker.port)
        try subscriber.start()
        #expect(await eventually(within: 3) { if case .reconnecting = subscriber.state { true } else { false } })
        broker.start()
        #expect(await eventually { subscriber.state == .online })
    }

    @Test("a broker killed mid-stream: the client says it is reconnecting, comes back by itself and is subscribed again")
    func brokerRestart() async throws {
        let broker = try MosquittoBroker()
        broker.start()
        let subscriber = try client(port: broker.port)
        var values: [Double] = []
        subscriber.subscribe("line/count") { if let value = $0.number { values.append(value) } }
        try subscriber.start()
        #expect(await eventually { subscriber.state == .online })
        broker.kill()
        #expect(await eventually { if case .reconnecting = subscriber.state { true } else { false } })
        broker.start()
        #expect(await eventually { subscriber.state == .online && subscriber.connectionCount == 2 })
        let publisher = try client(port: broker.port)
        try publisher.start()
        #expect(await eventually { publisher.state == .online })
        #expect(
            await eventually {
                try? publisher.publish("line/count", "42")
                return values.contains(42)
            })
    }

    @Test("a payload over the maximum arrives as tooLarge with its size, its bytes not copied")
    func oversizedPayload() async throws {
        let broker = try MosquittoBroker()
        broker.start()
        let subscriber = try client(port: broker.port) { $0.maximumPayload = 1024 }
        var sizes: [Int] = []
        subscriber.subscribe("big") { if case .tooLarge(let size) = $0.payload { sizes.append(size) } }
        try subscriber.start()
        let publisher = try client(port: broker.port)
        try publisher.start()
        #expect(await eventually { subscriber.state == .online && publisher.state == .online })
        #expect(
            await eventually {
                try? publisher.publish("big", [UInt8](repeating: 0x41, count: 1_048_576))
                return !sizes.isEmpty
            })
        #expect(sizes.first == 1_048_576)
    }

    @Test("a user the broker does not know is told why while the client keeps trying")
    func refusedCredentials() async throws {
        let broker = try MosquittoBroker(allowAnonymous: false)
        broker.start()
        let subscriber = try client(port: broker.port)
        try subscriber.start()
        #expect(await eventually { if case .reconnecting(let reason) = subscriber.state { reason.contains("authori") } else { false } })
    }

    @Test("stop ends the connection: the state is stopped and no handler runs after it")
    func stopEnds() async throws {
        let broker = try MosquittoBroker()
        broker.start()
        let subscriber = try client(port: broker.port)
        try subscriber.start()
        #expect(await eventually { subscriber.state == .online })
        subscriber.stop()
        #expect(subscriber.state == .stopped)
    }
}

@Suite("MQTT settings and messages, without a broker")
@MainActor
struct MQTTSettingsTests {
    @Test("a password file others can read is refused, naming chmod 600")
    func worldReadablePasswordFile() throws {
        let path = "/tmp/panelkit-mqtt-password-\(getpid())"
        try writeFile("secret\n", to: path, mode: 0o644)
        defer { unlink(path) }
        #expect(throws: MQTTError.passwordFile(path: path, problem: "can be read by others (mode 644): chmod 600 \(path)")) {
            try client(port: 1) {
                $0.username = "panel"
                $0.passwordFile = path
            }
        }
    }

    @Test("an empty password file is refused")
    func emptyPasswordFile() throws {
        let path = "/tmp/panelkit-mqtt-empty-\(getpid())"
        try writeFile("", to: path)
        defer { unlink(path) }
        #expect(throws: MQTTError.passwordFile(path: path, problem: "is empty: put the password on its first line")) {
            try client(port: 1) {
                $0.username = "panel"
                $0.passwordFile = path
            }
        }
    }

    @Test("a port out of range in the environment names the variable and the range")
    func portOutOfRange() {
        #expect(throws: MQTTError.invalidSetting(setting: "MQTT_PORT", value: "70000", expected: "a whole number from 1 to 65535")) {
            try MQTTConfiguration(environment: { $0 == "MQTT_PORT" ? "70000" : nil })
        }
    }

    @Test("a client certificate without its key is refused")
    func certificateWithoutKey() {
        let environment = ["MQTT_CA_FILE": "/etc/ca.pem", "MQTT_CERT_FILE": "/etc/panel.pem"]
        #expect(throws: MQTTError.self) { try MQTTConfiguration(environment: { environment[$0] }) }
    }

    @Test("the environment's settings are taken")
    func environmentSettings() throws {
        let environment = ["MQTT_HOST": "broker.plant", "MQTT_PORT": "8883", "MQTT_USERNAME": "panel", "MQTT_CA_FILE": "/etc/ca.pem", "MQTT_KEEPALIVE": "20"]
        let configuration = try MQTTConfiguration(environment: { environment[$0] })
        #expect(configuration.host == "broker.plant")
        #expect(configuration.port == 8883)
        #expect(configuration.username == "panel")
        #expect(configuration.tls == MQTTConfiguration.TLS(caFile: "/etc/ca.pem"))
        #expect(configuration.keepAlive == 20)
    }

    @Test("a payload that is not a number, or not UTF-8, gives no number")
    func payloadNumbers() {
        #expect(MQTTMessage(topic: "t", payload: .bytes(Array(" 72.4\n".utf8))).number == 72.4)
        #expect(MQTTMessage(topic: "t", payload: .bytes(Array("hot".utf8))).number == nil)
        #expect(MQTTMessage(topic: "t", payload: .bytes([0xFF, 0xFE, 0x31])).number == nil)
        #expect(MQTTMessage(topic: "t", payload: .bytes(Array("nan".utf8))).number == nil)
        #expect(MQTTMessage(topic: "t", payload: .tooLarge(2_000_000)).number == nil)
    }

    @Test("a missing CA file is refused, naming it")
    func missingCAFile() {
        #expect(throws: MQTTError.self) {
            try client(port: 1) { $0.tls = MQTTConfiguration.TLS(caFile: "/nonexistent/ca.pem") }
        }
    }
}
