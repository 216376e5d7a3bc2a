public import PanelKit
import PanelMQTT

/// The broker connection, in the header: it reads the client's `@Observable` state in
/// `updateProperties()`, so it follows the connection with no code to update it.
public final class ConnectionLabel: Label {
    /// The sensors whose connection it shows; nil: "Simulated sensors".
    public weak var live: LiveSensors? {
        didSet { setNeedsUpdateProperties() }
    }

    public override func updateProperties() {
        font = .caption
        guard let live else {
            text = "Simulated sensors"
            textColor = Color(rgb: 0x636366)
            return
        }
        switch live.client.state {
        case .online:
            text = "MQTT online"
            textColor = Color(rgb: 0x2E7D32)
        case .connecting:
            text = "MQTT connecting…"
            textColor = Color(rgb: 0x636366)
        case .reconnecting:
            text = "MQTT reconnecting…"
            textColor = Color(rgb: 0xC62828)
        case .stopped:
            text = "MQTT stopped"
            textColor = Color(rgb: 0x636366)
        }
    }
}
