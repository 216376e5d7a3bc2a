public import PanelKit

/// The press at a glance: status lights, a live chart of its three sensors fed by a timer, a
/// temperature and a pressure gauge with red zones, and the alarms grouped by severity. The
/// sensors are simulated, or, with ``live`` set, read from the plant's MQTT broker: the header
/// then shows the connection, and a gauge whose value is stale or invalid is greyed.
public final class OverviewController: ViewController {
    public let chart = ChartView(frame: .zero)
    public let temperatureGauge = GaugeView()
    public let pressureGauge = GaugeView()
    public let alarmList = ListView(frame: .zero, style: .grouped)
    public let alarms = AlarmLog([
        Alarm(.warning, "Coolant level low"),
        Alarm(.info, "Shift B started 06:00"),
        Alarm(.info, "Die change in 40 min"),
    ])
    /// Power, running, warning and fault.
    public let lights = [LEDView(), LEDView(), LEDView(), LEDView()]
    public private(set) var temperature: ChartSeries!
    public private(set) var pressure: ChartSeries!
    public private(set) var vibration: ChartSeries!
    /// Whether the over-temperature alarm has been raised.
    public private(set) var overTemperatureRaised = false
    /// The names beside the lights (hidden on a narrow panel, where the lights still speak them).
    let lightNames = ["Power", "Run", "Warn", "Fault"].map { name in
        let label = Label()
        label.text = name
        return label
    }
    let gauges = StackView()
    /// The constraints of each arrangement, and the one active (OverviewLayout.swift).
    var arrangements: [OverviewArrangement: [LayoutConstraint]] = [:]
    var arrangement: OverviewArrangement?
    let heading = Label()
    private var simulator = SensorSimulator()
    private var feed: TimerHandle?
    /// The plant's broker, when the sensors are read from it (set before the screen appears).
    public var live: LiveSensors? {
        didSet { connection.live = live }
    }
    /// The connection to the broker, or "Simulated sensors".
    public let connection = ConnectionLabel()

    /// How often the sensors are read.
    public static let period = MonotonicDuration.milliseconds(250)
    /// The temperature at which the red zone starts and an alarm is raised.
    public static let temperatureLimit = 85.0

    public override init() {
        super.init()
        title = "Overview"
        tabBarItem = TabBarItem(title: "Overview")
    }

    public override func viewDidLoad() {
        view.backgroundColor = Color(rgb: 0xF2F2F7)
        heading.text = "Press 3 · Line B"
        heading.font = .title
        for (light, name) in zip(lights, lightNames) {
            light.accessibilityLabel = name.text
            name.isAccessibilityElement = false
        }
        lights[2].color = Color(rgb: 0xFFB300)
        lights[3].color = Color(rgb: 0xE53935)
        lights[3].isOn = false
        lights[1].isBlinking = false

        chart.cornerRadius = 10
        try? chart.setPointCount(240)
        try? chart.setValueRange(lower: 0, upper: 100)
        chart.yAxis.majorTickCount = 6
        chart.xAxis.majorTickCount = 5
        chart.xAxis.showsLabels = true
        chart.xAxis.labelText = { "\(Int(-$0) / 4) s" }
        temperature = chart.addSeries(name: "Temp °C", color: Color(rgb: 0xE53935))
        pressure = chart.addSeries(name: "Press ×10 bar", color: Color(rgb: 0x1E88E5))
        vibration = chart.addSeries(name: "Vib ×10 mm/s", color: Color(rgb: 0x43A047))

        try? temperatureGauge.setRange(lower: 20, upper: 100)
        temperatureGauge.majorTickCount = 5
        temperatureGauge.minorTicksPerMajor = 3
        temperatureGauge.sections = [
            GaugeSection(20, 75, color: Color(rgb: 0x66BB6A)), GaugeSection(75, Self.temperatureLimit, color: Color(rgb: 0xFFCA28)),
            GaugeSection(Self.temperatureLimit, 100, color: Color(rgb: 0xEF5350)),
        ]
        temperatureGauge.title = "°C spindle"
        temperatureGauge.valueText = { "\(Int($0.rounded()))" }
        try? pressureGauge.setRange(lower: 0, upper: 10)
        pressureGauge.majorTickCount = 6
        pressureGauge.sections = [GaugeSection(0, 7.5, color: Color(rgb: 0x66BB6A)), GaugeSection(7.5, 10, color: Color(rgb: 0xEF5350))]
        pressureGauge.indicator = .arc
        pressureGauge.indicatorColor = Color(rgb: 0x1E88E5)
        pressureGauge.title = "bar hydraulic"
        pressureGauge.valueText = { v in "\(Int(v)).\(Int((v * 10).rounded()) % 10)" }

        alarmList.rowHeight = 44  // a finger-sized row (44 points; the audit holds the app to it)
        alarmList.cornerRadius = 10
        alarms.list = alarmList
        alarmList.dataSource = alarms
        layOut()

        // Two minutes of history before the screen first shows (simulated sensors only).
        if live == nil { for _ in 0 ..< 240 { read(animated: false) } }
    }

    public override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        arrange()
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard feed == nil, let application = view.window?.application else { return }
        if let live {
            do { try live.start(clock: application.clock) } catch { live.log("\(error)") }
            // Up to 5 s of real time for the broker's first values: a headless session holds its
            // virtual time while this task runs, so its screenshots show them.
            task { [weak live] in
                for _ in 0 ..< 100 {
                    guard let live, !live.hasEveryValue else { return }
                    try await Task.sleep(for: .milliseconds(50))
                }
            }
        }
        feed = try? application.scheduleTimer(after: Self.period, repeating: Self.period) { [weak self] _ in self?.read(animated: true) }
    }

    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if let feed { view.window?.application?.cancelTimer(feed) }
        feed = nil
    }

    /// One reading of the three sensors: onto the chart, the gauges and, past the limit, the
    /// alarms and the fault light.
    public func read(animated: Bool) {
        if let live {
            readLive(live, animated: animated)
            return
        }
        show(simulator.next(), animated: animated)
    }

    /// The broker's latest values; a gauge whose value is stale or invalid is greyed, and the
    /// chart holds its last value.
    private func readLive(_ live: LiveSensors, animated: Bool) {
        for (gauge, reading) in [(temperatureGauge, live.temperature), (pressureGauge, live.pressure)] {
            gauge.alpha = live.isStale(reading) || reading.isInvalid ? 0.35 : 1
        }
        guard let t = live.temperature.value, let p = live.pressure.value, let v = live.vibration.value else { return }
        show((t, p, v), animated: animated)
    }

    private func show(_ reading: (temperature: Double, pressure: Double, vibration: Double), animated: Bool) {
        temperature.append(reading.temperature)
        pressure.append(reading.pressure * 10)
        vibration.append(reading.vibration * 10)
        temperatureGauge.setValue(reading.temperature, animated: animated)
        pressureGauge.setValue(reading.pressure, animated: animated)
        let hot = reading.temperature >= Self.temperatureLimit
        lights[2].isOn = reading.temperature >= 75
        lights[3].isOn = hot
        lights[3].isBlinking = hot
        if hot && !overTemperatureRaised {
            overTemperatureRaised = true
            alarms.raise(Alarm(.critical, "Spindle over \(Int(Self.temperatureLimit)) °C"))
        }
    }
}
