public import PanelKit

/// The Shop tab: a weekly summary with its stacked bar chart, the top products with their pictures and
/// prices, and which notifications to get, as checkboxes.
public final class ShopController: ShowcasePage {
    public let summary = ChartView(frame: Rect(x: 396, y: 16, width: 356, height: 180))
    public let products = ListView(frame: Rect(x: 4, y: 56, width: 364, height: 316))
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
        let width = 800 - 2 * Style.gap
        let summaryCard = Card(title: "Monthly Summary", frame: Rect(x: Style.gap, y: Style.gap, width: width, height: 212))
        summaryCard.addSubview(Style.caption("8-15 July, 2021", frame: Rect(x: 20, y: 52, width: 340, height: 30), font: .title))
        summaryCard.addSubview(Style.label("$27,123.25", frame: Rect(x: 20, y: 112, width: 340, height: 40), font: .largeTitle))
        summaryCard.addSubview(Symbol(.arrowUp, color: Style.green, frame: Rect(x: 20, y: 164, width: 14, height: 14)))
        summaryCard.addSubview(Style.label("17% growth this week", frame: Rect(x: 40, y: 160, width: 300, height: 22), color: Style.greenText))
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
        summaryCard.addSubview(summary)

        let halfWidth = (width - Style.gap) / 2
        let productsCard = Card(title: "Top products", frame: Rect(x: Style.gap, y: 244, width: halfWidth, height: 388))
        products.rowHeight = 64
        products.register(ProductCell.self, forCellReuseIdentifier: "product")
        products.dataSource = catalogue
        productsCard.addSubview(products)

        let notificationCard = Card(title: "Notification", frame: Rect(x: Style.gap * 2 + halfWidth, y: 244, width: halfWidth, height: 388))
        for (row, box) in notifications.enumerated() {
            box.frame = Rect(x: 20, y: 60 + Double(row) * 48, width: halfWidth - 40, height: 40)
            box.tintColor = Style.blue
            box.minimumTouchTarget = Size(width: 44, height: 44)  // drawn 40 points tall
            notificationCard.addSubview(box)
        }
        notifications[2].isOn = true

        for card in [summaryCard, productsCard, notificationCard] { page.addSubview(card) }
        page.contentSize = Size(width: 800, height: productsCard.frame.maxY + Style.gap)
    }
}
