import PanelKit

/// The first screen: the zones a ticket covers, its price as they change, and Buy.
final class ZonesController: ViewController {
    let zones = SegmentedControl(items: ["Zone A", "Zone B", "Zone C"])
    let total = Label()
    let buy = Button()
    /// The fare of each zone, in cents.
    static let fares = [250, 320, 410]

    /// The chosen zone's fare, in cents.
    var fare: Int { Self.fares[max(zones.selectedSegmentIndex, 0)] }

    override func viewDidLoad() {
        title = "Zones"
        view.paletteBackground = \.systemBackground
        zones.frame = Rect(x: 20, y: 70, width: 360, height: 32)
        zones.selectedSegmentIndex = 0
        zones.addAction(.closure("zone") { [weak self] _, _ in self?.showTotal() }, for: .valueChanged)
        total.frame = Rect(x: 20, y: 120, width: 360, height: 30)
        total.font = view.preferredFont(for: .headline)
        buy.frame = Rect(x: 20, y: 170, width: 360, height: 44)
        buy.setTitle("Buy ticket", for: .normal)
        buy.addAction(.closure("buy") { [weak self] _, _ in self?.showTicket() }, for: .touchUpInside)
        for part in [zones, total, buy] as [View] { view.addSubview(part) }
        showTotal()
    }

    func showTotal() {
        total.text = "Total: \(Self.euros(fare))"
    }

    func showTicket() {
        navigationController?.pushViewController(
            TicketController(zone: zones.titleForSegment(at: zones.selectedSegmentIndex) ?? "", fare: fare), animated: true)
    }

    /// "3.20 €".
    static func euros(_ cents: Int) -> String {
        let rest = cents % 100
        return "\(cents / 100).\(rest < 10 ? "0" : "")\(rest) €"
    }
}
