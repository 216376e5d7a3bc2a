public import PanelKit

/// The Analytics tab: unique visitors a month as a line chart, revenue a month as bars, and
/// three dials (a monthly target, sessions by device, network speed) with their legends,
/// moving while the tab shows as LVGL's do.
public final class AnalyticsController: ShowcasePage {
    public let visitors = ChartView(frame: Rect(x: 8, y: 54, width: 752, height: 196))
    public let revenue = ChartView(frame: Rect(x: 8, y: 54, width: 752, height: 196))
    public let target = GaugeView(frame: Rect(x: 34, y: 54, width: 180, height: 180))
    public let sessions = GaugeView(frame: Rect(x: 34, y: 54, width: 180, height: 180))
    public let speed = GaugeView(frame: Rect(x: 34, y: 54, width: 180, height: 180))
    public let targetLegend = Style.label("Revenue: 61 %", frame: Rect(x: 44, y: 244, width: 190, height: 22))
    public private(set) var visitorSeries: ChartSeries!
    private var motion: TimerHandle?
    private var tick = 0

    public static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// How often the dials move while the tab shows.
    public static let period = MonotonicDuration.milliseconds(1000)

    public override init() {
        super.init()
        title = "Analytics"
        tabBarItem = TabBarItem(
            title: "Analytics", image: Style.picture(Pictures.analyticsTab, "tab-analytics"),
            selectedImage: Style.picture(Pictures.analyticsTabSelected, "tab-analytics-selected"))
    }

    public override func viewDidLoad() {
        let width = 800 - 2 * Style.gap
        let visitorsCard = Card(title: "Unique visitors", frame: Rect(x: Style.gap, y: Style.gap, width: width, height: 262))
        configureMonths(visitors)
        visitorSeries = visitors.addSeries(name: "Visitors", color: Style.blue)
        visitorSeries.lineWidth = 3
        for value in [40.0, 68, 62, 67, 78, 69, 48, 55, 72, 80, 66, 74] { visitorSeries.append(value) }
        visitorsCard.addSubview(visitors)

        let revenueCard = Card(title: "Monthly revenue", frame: Rect(x: Style.gap, y: 294, width: width, height: 262))
        configureMonths(revenue)
        revenue.kind = .bar
        let bars = [
            revenue.addSeries(name: "2025", color: Style.blue.mixed(with: .white, by: 0.45)),
            revenue.addSeries(name: "2026", color: Style.blue),
        ]
        for k in Self.months.indices {
            bars[0].append(Double(30 + (k * 37) % 50))
            bars[1].append(Double(40 + (k * 53) % 55))
        }
        revenueCard.addSubview(revenue)

        let dialWidth = (width - 2 * Style.gap) / 3
        let dials: [(String, GaugeView, [(String, Color)])] = [
            ("Monthly Target", target, [("Revenue", Style.red), ("Sales: -", Style.blue), ("Costs: -", Style.green)]),
            ("Sessions", sessions, [("Desktop: 3831", Style.red), ("Tablet: 2260", Style.blue), ("Mobile: 4192", Style.green)]),
            ("Network Speed", speed, [("Low speed", Style.blue), ("Normal speed", Style.green), ("High speed", Style.red)]),
        ]
        for (i, (name, gauge, legend)) in dials.enumerated() {
            let card = Card(title: name, frame: Rect(x: Style.gap + Double(i) * (dialWidth + Style.gap), y: 572, width: dialWidth, height: 340))
            gauge.frame = Rect(x: (dialWidth - 200) / 2, y: 52, width: 200, height: 200)
            card.addSubview(gauge)
            for (row, (text, color)) in legend.enumerated() {
                let y = 262 + Double(row) * 24
                let dot = View(frame: Rect(x: 22, y: y + 5, width: 12, height: 12))
                dot.backgroundColor = color
                dot.cornerRadius = 6
                card.addSubview(dot)
                let label = gauge === target && row == 0 ? targetLegend : Style.label(text, frame: .zero)
                label.frame = Rect(x: 44, y: y, width: dialWidth - 56, height: 22)
                card.addSubview(label)
            }
            page.addSubview(card)
        }
        configureDials()
        for card in [visitorsCard, revenueCard] { page.addSubview(card) }
        page.contentSize = Size(width: 800, height: 572 + 340 + Style.gap)
    }

    private func configureMonths(_ chart: ChartView) {
        try? chart.setPointCount(12)
        try? chart.setValueRange(lower: 0, upper: 100)
        chart.yAxis.majorTickCount = 6
        chart.xAxis.majorTickCount = 12
        chart.xAxis.showsGridLines = true
        chart.xAxis.showsLabels = true
        chart.xAxis.labelText = { Self.months[min(max(11 + Int($0.rounded()), 0), 11)] }
        chart.gridColor = Color(rgb: 0xEEF0F3)
    }

    private func configureDials() {
        target.indicator = .arc
        target.indicatorColor = Style.red
        target.majorTickCount = 3
        target.minorTicksPerMajor = 4
        target.valueText = { "\(Int($0.rounded())) %" }
        target.value = 61

        sessions.indicator = .arc
        sessions.indicatorColor = Style.blue
        try? sessions.setRange(lower: 0, upper: 90)
        sessions.majorTickCount = 10
        sessions.minorTicksPerMajor = 1
        sessions.sections = [GaugeSection(0, 30, color: Style.red), GaugeSection(30, 55, color: Style.green)]
        sessions.valueText = { "\(Int($0.rounded()))" }
        sessions.value = 38

        try? speed.setRange(lower: 0, upper: 60)
        speed.majorTickCount = 7
        speed.minorTicksPerMajor = 4
        speed.sections = [GaugeSection(0, 20, color: Style.blue), GaugeSection(40, 60, color: Style.green)]
        speed.indicatorColor = Color(rgb: 0x2E3440)
        speed.valueText = { "\(Int($0.rounded()))" }
        speed.title = "Mbps"
        speed.value = 22
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard motion == nil, let application = view.window?.application else { return }
        motion = try? application.scheduleTimer(after: Self.period, repeating: Self.period) { [weak self] _ in self?.step() }
    }

    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if let motion { view.window?.application?.cancelTimer(motion) }
        motion = nil
    }

    /// The dials' next values: a fixed walk, so every run draws the same.
    public func step() {
        tick += 1
        let revenuePercent = Double(40 + (tick * 23) % 55)
        target.setValue(revenuePercent, animated: true)
        targetLegend.text = "Revenue: \(Int(revenuePercent)) %"
        sessions.setValue(Double(20 + (tick * 31) % 60), animated: true)
        speed.setValue(Double(10 + (tick * 17) % 45), animated: true)
    }
}
