import Glibc
import PanelMQTT
import PanelTestKit
import Testing

/// A test CA, a certificate for 127.0.0.1 it signed, and another CA, made with openssl in a
/// fresh directory.
func testCertificates() throws -> String {
    var template = Array("/tmp/panelkit-mqtt-tls-XXXXXX".utf8CString)
    let directory = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
    let script = """
        set -e; cd '\(directory)'
        openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=PanelKit-Test-CA -keyout ca.key -out ca.pem
        openssl req -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 -keyout server.key -out server.csr
        printf 'subjectAltName=IP:127.0.0.1\\n' > san.ext
        openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile san.ext -out server.pem
        openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=Another-CA -keyout other.key -out other.pem
        """
    let status = system("(\(script)) > '\(directory)/openssl.log' 2>&1")
    try #require(
        status == 0, "openssl could not make the test certificates (apt-get install openssl; PanelKit's scripts/setup does): see \(directory)/openssl.log")
    return directory
}

@Suite("MQTTClient over TLS, against a real mosquitto with a test CA")
@MainActor
struct MQTTTLSTests {
    @Test("with the broker's CA the client comes online over TLS and gets what is published")
    func tlsWithTheRightCA() async throws {
        let certificates = try testCertificates()
        defer { _ = system("rm -rf '\(certificates)'") }
        let broker = try MosquittoBroker(tls: ("\(certificates)/server.pem", "\(certificates)/server.key"))
        broker.start()
        var configuration = MQTTConfiguration()
        configuration.port = Int(broker.port)
        configuration.tls = MQTTConfiguration.TLS(caFile: "\(certificates)/ca.pem")
        let subscriber = try MQTTClient(configuration: configuration)
        var received: [String] = []
        subscriber.subscribe("secure/#") { received.append($0.text ?? "?") }
        try subscriber.start()
        let publisher = try MQTTClient(configuration: configuration)
        try publisher.start()
        #expect(await eventually { subscriber.state == .online && publisher.state == .online })
        #expect(
            await eventually {
                try? publisher.publish("secure/pressure", "6.5")
                return !received.isEmpty
            })
        #expect(received.first == "6.5")
    }

    @Test("a broker whose certificate another CA signed is refused: the client says why and does not come online")
    func tlsWithAnotherCA() async throws {
        let certificates = try testCertificates()
        defer { _ = system("rm -rf '\(certificates)'") }
        let broker = try MosquittoBroker(tls: ("\(certificates)/server.pem", "\(certificates)/server.key"))
        broker.start()
        var configuration = MQTTConfiguration()
        configuration.port = Int(broker.port)
        configuration.tls = MQTTConfiguration.TLS(caFile: "\(certificates)/other.pem")
        let client = try MQTTClient(configuration: configuration)
        try client.start()
        #expect(await eventually(within: 5) { if case .reconnecting = client.state { true } else { false } })
        try await Task.sleep(for: .milliseconds(500))
        #expect(client.state != .online)
        #expect(client.connectionCount == 0)
    }

    @Test("a plain client at a TLS-only broker never comes online")
    func plainClientAtTLSBroker() async throws {
        let certificates = try testCertificates()
        defer { _ = system("rm -rf '\(certificates)'") }
        let broker = try MosquittoBroker(tls: ("\(certificates)/server.pem", "\(certificates)/server.key"))
        broker.start()
        var configuration = MQTTConfiguration()
        configuration.port = Int(broker.port)
        let client = try MQTTClient(configuration: configuration)
        try client.start()
        try await Task.sleep(for: .milliseconds(1500))
        #expect(client.connectionCount == 0)
    }
}
