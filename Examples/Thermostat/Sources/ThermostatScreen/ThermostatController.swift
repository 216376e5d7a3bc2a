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
        let title = Label()
        title.text = "Living room"
        title.font = .largeTitle
        setpointLabel.font = .largeTitle
        slider.minimumValue = 15
        slider.maximumValue = 28
        slider.value = Float(setpoint)
        slider.addTarget(self, action: .method("setpointChanged", ThermostatController.setpointChanged), for: .valueChanged)
        let heatingLabel = Label()
        heatingLabel.text = "Heating"
        heatingLabel.font = .title
        heating.isOn = true
        // Each control speaks for the label beside it: "Heating, on, switch".
        slider.accessibilityLabel = "Setpoint"
        heating.accessibilityLabel = "Heating"
        heatingLabel.isAccessibilityElement = false
        heating.addTarget(self, action: .method("heatingToggled", ThermostatController.heatingToggled), for: .valueChanged)
        status.font = .title
        status.numberOfLines = 0
        for v in [title, setpointLabel, slider, heatingLabel, heating, status] as [View] {
            v.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(v)
        }
        // A column inside the margins, centred in them where there is room: the same screen on
        // a 4.3" 480×272 panel, a 10" 1280×800 one or a portrait kiosk. The guide spans it.
        let margins = view.layoutMarginsGuide
        let column = LayoutGuide()
        view.addLayoutGuide(column)
        let centred = column.centerYAnchor.constraint(equalTo: margins.centerYAnchor)
        centred.priority = .defaultHigh
        LayoutConstraint.activate([
            column.topAnchor.constraint(equalTo: title.topAnchor),
            column.bottomAnchor.constraint(equalTo: status.bottomAnchor),
            column.topAnchor.constraint(greaterThanOrEqualTo: margins.topAnchor),
            column.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),
            centred,
            title.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            setpointLabel.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
            setpointLabel.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            slider.topAnchor.constraint(equalTo: setpointLabel.bottomAnchor, constant: 8),
            slider.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            slider.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            slider.heightAnchor.constraint(equalToConstant: 44),
            heatingLabel.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            heatingLabel.centerYAnchor.constraint(equalTo: heating.centerYAnchor),
            heating.topAnchor.constraint(equalTo: slider.bottomAnchor, constant: 12),
            heating.leadingAnchor.constraint(equalTo: heatingLabel.trailingAnchor, constant: 24),
            status.topAnchor.constraint(equalTo: heating.bottomAnchor, constant: 12),
            status.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            status.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
        ])
        update()
    }

    /// Wide margins where there is room; narrow ones on a small panel.
    public override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let inset: Double = view.traitCollection.horizontalSizeClass == .compact ? 16 : 40
        let top: Double = view.traitCollection.verticalSizeClass == .compact ? 12 : 30
        view.directionalLayoutMargins = DirectionalEdgeInsets(top: top, leading: inset, bottom: 12, trailing: inset)
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
