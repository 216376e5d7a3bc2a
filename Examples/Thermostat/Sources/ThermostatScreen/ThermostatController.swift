public import PanelKit

/// A thermostat: a setpoint slider (15–28 °C in half degrees), a heating switch, and a line
/// that says what the heating will do.
public final class ThermostatController: ViewController {
    public let setpointLabel = Label()
    public let slider = Slider()
    public let heating = Switch()
    public let status = Label()
    /// The room temperature the sensor last reported.
    public var roomTemperature = 19.5 { didSet { update() } }
    public private(set) var setpoint = 21.0

    public override init() { super.init() }

    public override func viewDidLoad() {
        view.backgroundColor = Color(rgb: 0xF2F2F7)
        let title = Label(frame: Rect(x: 40, y: 30, width: 400, height: 40))
        title.text = "Living room"
        title.font = .largeTitle
        setpointLabel.frame = Rect(x: 40, y: 110, width: 300, height: 40)
        setpointLabel.font = .largeTitle
        slider.frame = Rect(x: 40, y: 180, width: 720, height: 44)
        slider.minimumValue = 15
        slider.maximumValue = 28
        slider.value = Float(setpoint)
        slider.addTarget(self, action: .method("setpointChanged", ThermostatController.setpointChanged), for: .valueChanged)
        let heatingLabel = Label(frame: Rect(x: 40, y: 270, width: 200, height: 31))
        heatingLabel.text = "Heating"
        heatingLabel.font = .title
        heating.frame.origin = Point(x: 260, y: 270)
        heating.isOn = true
        // Each control speaks for the label beside it: "Heating, on, switch".
        slider.accessibilityLabel = "Setpoint"
        heating.accessibilityLabel = "Heating"
        heatingLabel.isAccessibilityElement = false
        heating.addTarget(self, action: .method("heatingToggled", ThermostatController.heatingToggled), for: .valueChanged)
        status.frame = Rect(x: 40, y: 350, width: 720, height: 30)
        status.font = .title
        for v in [title, setpointLabel, slider, heatingLabel, heating, status] as [View] { view.addSubview(v) }
        update()
    }

    func setpointChanged(_ sender: Slider) {
        setpoint = (Double(sender.value) * 2).rounded() / 2
        update()
    }

    func heatingToggled(_ sender: Switch) { update() }

    /// Whether the boiler should run now.
    public var isHeating: Bool { heating.isOn && roomTemperature < setpoint }

    private func update() {
        setpointLabel.text = "\(setpoint.formatted1) °C"
        slider.accessibilityValue = setpointLabel.text
        status.text =
            !heating.isOn
            ? "Heating off"
            : isHeating
                ? "Heating to \(setpoint.formatted1) °C (room \(roomTemperature.formatted1) °C)"
                : "Idle: the room is at \(roomTemperature.formatted1) °C"
        // A dark orange: 4.7:1 on the page, where the system orange is 1.9:1.
        status.textColor = isHeating ? Color(rgb: 0xB25000) : .darkGray
    }
}

extension Double {
    /// One decimal, without Foundation.
    var formatted1: String {
        let tenths = Int((self * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}
