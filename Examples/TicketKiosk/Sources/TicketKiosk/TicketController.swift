import PanelKit
import PanelQRCode

/// The second screen: the ticket, its QR code in a sheet, and a staff code checked in an alert.
final class TicketController: ViewController {
    let zone: String
    let fare: Int
    let summary = Label()
    let showCode = Button()
    let staffCheck = Button()
    /// The staff code last entered in the alert.
    private(set) var enteredCode: String?

    init(zone: String, fare: Int) {
        self.zone = zone
        self.fare = fare
        super.init()
    }

    override func viewDidLoad() {
        title = "Your ticket"
        view.paletteBackground = \.systemBackground
        summary.frame = Rect(x: 20, y: 70, width: 360, height: 30)
        summary.text = "\(zone), \(ZonesController.euros(fare))"
        summary.textRole = \.secondaryLabel
        showCode.frame = Rect(x: 20, y: 120, width: 360, height: 44)
        showCode.setTitle("Show QR code", for: .normal)
        showCode.addAction(.closure("code") { [weak self] _, _ in self?.presentCode() }, for: .touchUpInside)
        staffCheck.frame = Rect(x: 20, y: 180, width: 360, height: 44)
        staffCheck.setTitle("Staff check", for: .normal)
        staffCheck.addAction(.closure("staff") { [weak self] _, _ in self?.askStaffCode() }, for: .touchUpInside)
        for part in [summary, showCode, staffCheck] as [View] { view.addSubview(part) }
    }

    /// The code in a sheet at half the screen, which a swipe up makes full.
    func presentCode() {
        let sheet = ViewController()
        sheet.modalPresentationStyle = .pageSheet
        sheet.sheetPresentationController?.detents = [.medium(), .large()]
        let code = QRCodeView(frame: Rect(x: 20, y: 10, width: 200, height: 200))
        code.code = try? QRCode("TICKET \(zone) \(fare)")
        code.accessibilityLabel = "Ticket code"
        sheet.view.addSubview(code)
        present(sheet, animated: true)
    }

    /// An alert with a field for the staff code.
    func askStaffCode() {
        let alert = AlertController(title: "Staff check", message: "Enter your staff code.")
        alert.addTextField { field in field.placeholder = "Staff code" }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(
            AlertAction(title: "Check") { [weak self, weak alert] _ in
                self?.enteredCode = alert?.textFields.first?.text
            })
        present(alert, animated: true)
    }
}
