import PanelCore
import PanelGraphics
import PanelUI
import RealModule

/// The demo's dashboard tab: a live chart of two simulated sensors fed by a timer, a gauge
/// that an arc control sets, and a row of status lights.
@MainActor
final class DashboardPage: ViewController {
    let chart = ChartView(frame: .zero)
    let gauge = GaugeView()
    let setpoint = ArcControl()
    let lights = [LEDView(), LEDView(), LEDView()]
    private var temperature: ChartSeries!
    private var flow: ChartSeries!
    private var feed: TimerHandle?
    private var tick = 0
    /// Called with a line for the demo's log.
    var record: (String) -> Void = { _ in }

    override init() {
        super.init()
        title = "Dashboard"
        tabBarItem = TabBarItem(title: "Dashboard")
        tabBarItem.image = DemoApp.icon { x, y in
            // A dial: a ring and a needle.
            let r = ((x - 12) * (x - 12) + (y - 13) * (y - 13)).squareRoot()
            let needle = abs((x - 12) + (y - 13)) < 1.6 && x <= 12 && y <= 13 && r < 8
            return (r > 7.5 && r < 10 && y < 18) || needle || r < 2
        }
    }

    override func viewDidLoad() {
        view.paletteBackground = \.groupedBackground
        chart.cornerRadius = 10
        try? chart.setPointCount(120)
        try? chart.setValueRange(lower: 0, upper: 100)
        chart.xAxis.showsLabels = true
        chart.xAxis.labelText = { "\(Int((-$0 / 10).rounded())) s" }
        temperature = chart.addSeries(name: "Temp")
        flow = chart.addSeries(name: "Flow")
        view.addSubview(chart)
        try? gauge.setRange(lower: 0, upper: 100)
        gauge.sections = [
            GaugeSection(0, 70, color: Color(rgb: 0x4CAF50)), GaugeSection(70, 85, color: Color(rgb: 0xFFC107)),
            GaugeSection(85, 100, color: Color(rgb: 0xF44336)),
        ]
        gauge.title = "setpoint %"
        gauge.value = 40
        setpoint.step = 1
        setpoint.accessibilityLabel = "Setpoint"
        setpoint.value = 40
        setpoint.addAction(
            .closure("setpoint") { [unowned self] _, _ in
                self.gauge.setValue(self.setpoint.value, animated: true)
            }, for: .valueChanged)
        setpoint.addAction(.closure("setpointDone") { [unowned self] _, _ in self.record("setpoint \(Int(self.setpoint.value)) %") }, for: .touchUpInside)
        for light in lights { view.addSubview(light) }
        lights[1].color = Color(rgb: 0xFFC107)
        lights[2].color = Color(rgb: 0xF44336)
        lights[2].isOn = false
        view.addSubview(gauge)
        view.addSubview(setpoint)
        layOut()
        for _ in 0 ..< 120 { read() }
    }

    /// The chart fills the leading side; the gauge, the arc control (130 points, its knob a
    /// finger's size) and the lights a column of 270 points on the trailing side. On a short
    /// panel the gauge gives up height first.
    private func layOut() {
        for part in [chart, gauge, setpoint] + lights as [View] { part.translatesAutoresizingMaskIntoConstraints = false }
        let tall = gauge.heightAnchor.constraint(equalToConstant: 180)
        tall.priority = .defaultHigh
        // The gauge takes the height it is given: its own 200 points neither hold nor resist.
        gauge.setContentHuggingPriority(.defaultLow, for: .vertical)
        gauge.setContentCompressionResistancePriority(.defaultLow, for: .vertical)
        var constraints = [
            chart.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 10),
            chart.topAnchor.constraint(equalTo: view.topAnchor, constant: 10),
            chart.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -10),
            chart.trailingAnchor.constraint(equalTo: gauge.leadingAnchor, constant: -10),
            gauge.topAnchor.constraint(equalTo: view.topAnchor, constant: 10),
            gauge.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -10),
            gauge.widthAnchor.constraint(equalToConstant: 270), tall,
            setpoint.topAnchor.constraint(equalTo: gauge.bottomAnchor, constant: 10),
            setpoint.leadingAnchor.constraint(equalTo: gauge.leadingAnchor, constant: 10),
            setpoint.widthAnchor.constraint(equalToConstant: 130), setpoint.heightAnchor.constraint(equalToConstant: 130),
            setpoint.bottomAnchor.constraint(lessThanOrEqualTo: view.bottomAnchor, constant: -10),
        ]
        for (i, light) in lights.enumerated() {
            constraints += [
                light.leadingAnchor.constraint(equalTo: setpoint.trailingAnchor, constant: 30),
                light.topAnchor.constraint(equalTo: setpoint.topAnchor, constant: 20 + Double(i) * 36),
                light.widthAnchor.constraint(equalToConstant: 22), light.heightAnchor.constraint(equalToConstant: 22),
            ]
        }
        LayoutConstraint.activate(constraints)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard feed == nil, let application = view.window?.application else { return }
        feed = try? application.scheduleTimer(after: .milliseconds(100), repeating: .milliseconds(100)) { [weak self] _ in self?.read() }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if let feed { view.window?.application?.cancelTimer(feed) }
        feed = nil
    }

    /// One reading of the two simulated sensors.
    private func read() {
        let t = Double(tick)
        tick += 1
        temperature.append(55 + 20 * Double.sin(t / 17) + 4 * Double.sin(t * 1.7))
        flow.append(30 + 12 * Double.sin(t / 7 + 1) + 3 * Double.cos(t * 2.3))
        lights[1].isOn = (temperature.newest ?? 0) > 70
        lights[2].isOn = setpoint.value > 85
        lights[2].isBlinking = setpoint.value > 85
    }
}
