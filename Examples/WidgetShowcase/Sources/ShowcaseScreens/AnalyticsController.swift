public import PanelKit

/// The Analytics tab: unique visitors a month as a line chart, revenue a month as bars, and
/// three dials (a monthly target, sessions by device, network speed) with their legends,
/// moving while the tab shows as LVGL's do.
public final class AnalyticsController: ShowcasePage {
    public let visitors = ChartView(frame: .zero)
    public let revenue = ChartView(frame: .zero)
    public let target = GaugeView(frame: .zero)
    public let sessions = GaugeView(frame: .zero)
    public let speed = GaugeView(frame: .zero)
    public let targetLegend = Style.label("Revenue: 61 %")
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
        let visitorsCard = chartCard("Unique visitors", visitors)
        configureMonths(visitors)
        visitorSeries = visitors.addSeries(name: "Visitors", color: Style.blue)
        visitorSeries.lineWidth = 3
        // LVGL's chart area: the line's blue fading down to nothing.
        visitorSeries.areaColors = (Style.lightBlue.withAlphaComponent(0.6), Style.lightBlue.withAlphaComponent(0))
        for value in [40.0, 68, 62, 67, 78, 69, 48, 55, 72, 80, 66, 74] { visitorSeries.append(value) }

        let revenueCard = chartCard("Monthly revenue", revenue)
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

        let dials: [(String, GaugeView, [(String, Color)])] = [
            ("Monthly Target", target, [("Revenue", Style.red), ("Sales: -", Style.blue), ("Costs: -", Style.green)]),
            ("Sessions", sessions, [("Desktop: 3831", Style.red), ("Tablet: 2260", Style.blue), ("Mobile: 4192", Style.green)]),
            ("Network Speed", speed, [("Low speed", Style.blue), ("Normal speed", Style.green), ("High speed", Style.red)]),
        ]
        let dialCards = dials.map { name, gauge, legend in
            dialCard(
                name, gauge, legend: legend.enumerated().map { row, entry in (gauge === target && row == 0 ? targetLegend : Style.label(entry.0), entry.1) })
        }
        configureDials()
        arrange([[visitorsCard], [revenueCard], dialCards])
    }

    /// A card with a chart across it, 196 points tall.
    private func chartCard(_ title: String, _ chart: ChartView) -> Card {
        let card = Card(title: title)
        card.add(chart)
        LayoutConstraint.activate([
            chart.topAnchor.constraint(equalTo: card.layoutMarginsGuide.topAnchor, constant: -4),
            chart.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
            chart.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -8),
            chart.heightAnchor.constraint(equalToConstant: 196),
            card.ends(below: chart),
        ])
        return card
    }

    /// A card with a dial, at most 200 points across and centred, and its legend below: a
    /// coloured dot and a label a line.
    private func dialCard(_ title: String, _ gauge: GaugeView, legend: [(Label, Color)]) -> Card {
        let card = Card(title: title)
        card.add(gauge)
        let margins = card.layoutMarginsGuide
        let large = gauge.widthAnchor.constraint(equalToConstant: 200)
        large.priority = .defaultHigh
        LayoutConstraint.activate([
            gauge.topAnchor.constraint(equalTo: margins.topAnchor, constant: -6),
            gauge.centerXAnchor.constraint(equalTo: card.centerXAnchor),
            gauge.widthAnchor.constraint(lessThanOrEqualTo: card.widthAnchor, constant: -16), large,
            gauge.heightAnchor.constraint(equalTo: gauge.widthAnchor),
        ])
        var previous: View = gauge
        for (label, color) in legend {
            let dot = View()
            dot.backgroundColor = color
            dot.cornerRadius = 6
            card.add(dot, label)
            LayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: previous.bottomAnchor, constant: previous === gauge ? 10 : 2),
                label.leadingAnchor.constraint(equalTo: dot.trailingAnchor, constant: 10),
                label.trailingAnchor.constraint(lessThanOrEqualTo: margins.trailingAnchor),
                dot.leadingAnchor.constraint(equalTo: margins.leadingAnchor, constant: 2),
                dot.centerYAnchor.constraint(equalTo: label.centerYAnchor),
                dot.widthAnchor.constraint(equalToConstant: 12), dot.heightAnchor.constraint(equalToConstant: 12),
            ])
            previous = label
        }
        card.ends(below: previous).isActive = true
        return card
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
