import MonitorScreens
import PanelKit
import PanelMQTT
import PanelTestKit
import Testing

/// The monitor reading its sensors from a real mosquitto broker on loopback, published to by a
/// second client as a PLC would.
@MainActor
@Suite("Machine monitor on a real MQTT broker", .serialized)
struct LiveSensorsTests {
    func configuration(_ broker: MosquittoBroker) -> MQTTConfiguration {
        var configuration = MQTTConfiguration()
        configuration.port = Int(broker.port)
        configuration.reconnectDelay = 1
        configuration.maximumReconnectDelay = 1
        return configuration
    }

    func monitor(_ broker: MosquittoBroker) throws -> (MachineMonitor, ScreenTester, LiveSensors) {
        let monitor = MachineMonitor()
        let live = try LiveSensors(configuration: configuration(broker), staleAfter: .milliseconds(2_000))
        monitor.overview.live = live
        let tester = try ScreenTester(size: Size(width: 800, height: 480))
        tester.window.rootViewController = monitor
        tester.advance(by: .milliseconds(20))
        return (monitor, tester, live)
    }

    /// Publishes the three values until the monitor has them all.
    func publish(_ publisher: MQTTClient, _ live: LiveSensors, temperature: Double, pressure: Double, tester: ScreenTester) async -> Bool {
        await eventually {
            try? publisher.publish("plant/press3/temperature", "\(temperature)")
            try? publisher.publish("plant/press3/pressure", "\(pressure)")
            try? publisher.publish("plant/press3/vibration", "2.5")
            tester.advance(by: .milliseconds(250))
            return live.temperature.value == temperature && live.pressure.value == pressure && live.vibration.value == 2.5
        }
    }

    @Test("published values reach the gauges and the chart, and the header says the broker is online")
    func valuesShow() async throws {
        let broker = try MosquittoBroker()
        broker.start()
        let (monitor, tester, live) = try monitor(broker)
        let publisher = try MQTTClient(configuration: configuration(broker))
        try publisher.start()
        #expect(await eventually { live.client.state == .online && publisher.state == .online })
        #expect(await publish(publisher, live, temperature: 77.5, pressure: 6.25, tester: tester))
        tester.advance(by: .milliseconds(300))
        #expect(abs(monitor.overview.temperatureGauge.value - 77.5) < 0.001)
        #expect(monitor.overview.temperature.newest == 77.5)
        #expect(monitor.overview.connection.text == "MQTT online")
        #expect(monitor.overview.temperatureGauge.alpha == 1)
    }

    @Test("a broker restart: the header says reconnecting, then online, and new values come through")
    func brokerRestart() async throws {
        let broker = try MosquittoBroker()
        broker.start()
        let (_, tester, live) = try monitor(broker)
        #expect(await eventually { live.client.state == .online })
        broker.kill()
        #expect(
            await eventually {
                tester.advance(by: .milliseconds(20))
                return live.client.state != .online
            })
        tester.advance(by: .milliseconds(20))
        let overview = (tester.window.rootViewController as? MachineMonitor)?.overview
        #expect(overview?.connection.text == "MQTT reconnecting…")
        broker.start()
        #expect(await eventually { live.client.state == .online && live.client.connectionCount == 2 })
        let publisher = try MQTTClient(configuration: configuration(broker))
        try publisher.start()
        #expect(await eventually { publisher.state == .online })
        #expect(await publish(publisher, live, temperature: 81, pressure: 5, tester: tester))
        tester.advance(by: .milliseconds(20))
        #expect(overview?.connection.text == "MQTT online")
    }

    @Test("values older than the stale age are greyed on the gauges")
    func staleValuesGreyed() async throws {
        let broker = try MosquittoBroker()
        broker.start()
        let (monitor, tester, live) = try monitor(broker)
        let publisher = try MQTTClient(configuration: configuration(broker))
        try publisher.start()
        #expect(await eventually { live.client.state == .online && publisher.state == .online })
        #expect(await publish(publisher, live, temperature: 70, pressure: 5, tester: tester))
        tester.advance(by: .milliseconds(500))
        #expect(monitor.overview.pressureGauge.alpha == 1)
        tester.advance(by: .milliseconds(2_500))
        #expect(monitor.overview.pressureGauge.alpha < 1)
        #expect(monitor.overview.temperatureGauge.alpha < 1)
    }

    @Test("payloads that are not numbers mark the value invalid and are logged once, however many come")
    func badPayloads() async throws {
        let broker = try MosquittoBroker()
        broker.start()
        let (monitor, tester, live) = try monitor(broker)
        var lines: [String] = []
        live.log = { lines.append($0) }
        let publisher = try MQTTClient(configuration: configuration(broker))
        try publisher.start()
        #expect(await eventually { live.client.state == .online && publisher.state == .online })
        #expect(await publish(publisher, live, temperature: 70, pressure: 5, tester: tester))
        #expect(
            await eventually {
                try? publisher.publish("plant/press3/pressure", "hot")
                try? publisher.publish("plant/press3/pressure", [0xFF, 0xFE])
                try? publisher.publish("plant/press3/pressure", [UInt8](repeating: 0x31, count: 1_048_576))
                return live.pressure.isInvalid && lines.count >= 1
            })
        try await Task.sleep(for: .milliseconds(200))
        tester.advance(by: .milliseconds(250))
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("plant/press3/pressure: ") == true)
        #expect(live.pressure.value == 5)
        #expect(monitor.overview.pressureGauge.alpha < 1)
    }
}
