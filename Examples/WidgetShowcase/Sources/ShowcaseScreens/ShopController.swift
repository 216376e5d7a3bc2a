public import PanelKit

/// The Shop tab: a weekly summary with its stacked bar chart, the top products with their pictures and
/// prices, and which notifications to get, as checkboxes.
public final class ShopController: ShowcasePage {
    public let summary = ChartView(frame: .zero)
    public let products = ListView(frame: .zero)
    public let notifications = ["Item purchased", "New connection", "New subscriber", "New message", "Milestone reached", "Out of stock"].map {
        Checkbox(title: $0)
    }
    private let catalogue = Catalogue()

    public override init() {
        super.init()
        title = "Shop"
        tabBarItem = TabBarItem(
            title: "Shop", image: Style.picture(Pictures.shopTab, "tab-shop"),
            selectedImage: Style.picture(Pictures.shopTabSelected, "tab-shop-selected"))
    }

    public override func viewDidLoad() {
        let summaryCard = Card(title: "Monthly Summary")
        let week = Style.caption("8-15 July, 2021", font: .title)
        let amount = Style.label("$27,123.25", font: .largeTitle)
        let arrow = Symbol(.arrowUp, color: Style.green)
        let growth = Style.label("17% growth this week", color: Style.greenText)
        try? summary.setPointCount(7)
        try? summary.setValueRange(lower: 0, upper: 120)
        summary.kind = .stackedBar
        summary.yAxis.majorTickCount = 7
        summary.yAxis.showsLabels = false
        summary.cornerRadius = 8
        summary.borderWidth = 2
        summary.borderColor = Style.border
        let weekly = [
            summary.addSeries(name: "Direct", color: Style.green),
            summary.addSeries(name: "Referral", color: Style.blue),
            summary.addSeries(name: "Campaigns", color: Style.red),
        ]
        for day in 0 ..< 7 {
            weekly[0].append(Double(25 + (day * 29) % 30))
            weekly[1].append(Double(10 + (day * 13) % 15))
            weekly[2].append(Double(10 + (day * 17) % 15))
        }
        summaryCard.add(week, amount, arrow, growth, summary)
        let margins = summaryCard.layoutMarginsGuide
        LayoutConstraint.activate([
            week.topAnchor.constraint(equalTo: margins.topAnchor, constant: -4),
            week.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            amount.topAnchor.constraint(equalTo: week.bottomAnchor, constant: 20),
            amount.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            arrow.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            arrow.centerYAnchor.constraint(equalTo: growth.centerYAnchor),
            arrow.widthAnchor.constraint(equalToConstant: 14), arrow.heightAnchor.constraint(equalToConstant: 14),
            growth.leadingAnchor.constraint(equalTo: arrow.trailingAnchor, constant: 6),
            growth.topAnchor.constraint(equalTo: amount.bottomAnchor, constant: 10),
            summaryCard.ends(below: growth),
            summary.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            summary.heightAnchor.constraint(equalToConstant: 180),
            summaryCard.ends(below: summary),
        ])
        // Wide: the chart beside the figures, from the card's top. Narrow: below them, across.
        wide += [
            summary.topAnchor.constraint(equalTo: summaryCard.topAnchor, constant: 16),
            summary.widthAnchor.constraint(equalTo: summaryCard.widthAnchor, multiplier: 0.5, constant: -20),
        ]
        narrow += [
            summary.topAnchor.constraint(equalTo: growth.bottomAnchor, constant: 16),
            summary.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
        ]

        let productsCard = Card(title: "Top products")
        products.rowHeight = 64
        products.register(ProductCell.self, forCellReuseIdentifier: "product")
        products.dataSource = catalogue
        productsCard.add(products)
        LayoutConstraint.activate([
            products.topAnchor.constraint(equalTo: productsCard.layoutMarginsGuide.topAnchor, constant: -2),
            products.leadingAnchor.constraint(equalTo: productsCard.leadingAnchor, constant: 4),
            products.trailingAnchor.constraint(equalTo: productsCard.trailingAnchor, constant: -4),
            products.heightAnchor.constraint(equalToConstant: 316),
            productsCard.ends(below: products),
        ])

        let notificationCard = Card(title: "Notification")
        var previous: View?
        for box in notifications {
            box.tintColor = Style.blue
            box.minimumTouchTarget = Size(width: 44, height: 44)  // drawn 40 points tall
            notificationCard.add(box)
            LayoutConstraint.activate([
                box.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? notificationCard.layoutMarginsGuide.topAnchor, constant: previous == nil ? 2 : 8),
                box.leadingAnchor.constraint(equalTo: notificationCard.layoutMarginsGuide.leadingAnchor),
                box.trailingAnchor.constraint(equalTo: notificationCard.layoutMarginsGuide.trailingAnchor),
                box.heightAnchor.constraint(equalToConstant: 40),
            ])
            previous = box
        }
        if let previous { notificationCard.ends(below: previous).isActive = true }
        notifications[2].isOn = true

        arrange([[summaryCard], [productsCard, notificationCard]])
    }
}
