public import PanelKit

/// The entrance kiosk's screen: a ticket's code (typed, or from a scanner that types), Check,
/// a spinner while the server answers, and the verdict. A failure is an alert that names it.
/// The request is the controller's `task`: it is cancelled when the screen goes away.
public final class TicketController: ViewController {
    /// The ticket server.
    public let service: TicketService
    /// The code to check.
    public let codeField = TextField(frame: Rect(x: 40, y: 110, width: 480, height: 48))
    /// Checks the code.
    public let checkButton = Button(frame: Rect(x: 540, y: 110, width: 220, height: 48))
    /// Fills a sample code and checks it (the demo's ticket).
    public let demoButton = Button(frame: Rect(x: 540, y: 170, width: 220, height: 48))
    /// Turns while the server answers.
    public let spinner = ActivityIndicatorView(frame: Rect(x: 390, y: 250, width: 20, height: 20))
    /// The verdict.
    public let verdict = Label(frame: Rect(x: 40, y: 290, width: 720, height: 60))
    /// The alert shown for the last failure, if any.
    public private(set) var failureAlert: AlertController?
    /// Checks started and finished, for tests.
    public private(set) var checksFinished = 0
    private var checking: Task<Void, Never>?

    /// The screen for `service`.
    public init(service: TicketService) {
        self.service = service
        super.init()
        title = "Tickets"
    }

    public override func viewDidLoad() {
        view.paletteBackground = \.groupedBackground
        let heading = Label(frame: Rect(x: 40, y: 40, width: 720, height: 40))
        heading.text = "Scan or type your ticket"
        heading.font = .title
        view.addSubview(heading)
        codeField.placeholder = "Ticket code"
        codeField.accessibilityLabel = "Ticket code"
        view.addSubview(codeField)
        checkButton.setTitle("Check", for: .normal)
        checkButton.addAction(.closure("check") { [unowned self] _, _ in check(codeField.text) }, for: .touchUpInside)
        view.addSubview(checkButton)
        demoButton.setTitle("Demo ticket", for: .normal)
        demoButton.addAction(
            .closure("demo") { [unowned self] _, _ in
                codeField.text = "TK-1001"
                check("TK-1001")
            }, for: .touchUpInside)
        view.addSubview(demoButton)
        view.addSubview(spinner)
        verdict.font = .title
        verdict.textAlignment = .center
        view.addSubview(verdict)
    }

    /// Asks the server about `code`: the spinner turns, then the verdict shows, or an alert
    /// names the failure. A check under way is cancelled by a new one.
    public func check(_ code: String) {
        let trimmed = code.trimmingSpaces
        guard !trimmed.isEmpty else {
            verdict.text = "Type or scan a ticket code"
            return
        }
        checking?.cancel()
        verdict.text = ""
        spinner.startAnimating()
        checkButton.isEnabled = false
        checking = task { [unowned self] in
            defer {
                spinner.stopAnimating()
                checkButton.isEnabled = true
                checksFinished += 1
            }
            do throws(TicketCheckError) {
                let answer = try await service.check(trimmed)
                verdict.text =
                    answer.valid ? "Welcome, \(answer.holder ?? "guest") · Zone \(answer.zone ?? "?")" : "Not valid: \(answer.reason ?? "unknown ticket")"
                verdict.textColor = answer.valid ? Color(rgb: 0x2E7D32) : Color(rgb: 0xC62828)
            } catch .cancelled {
                return
            } catch {
                verdict.text = ""
                showFailure(error)
            }
        }
    }

    private func showFailure(_ error: TicketCheckError) {
        let alert = AlertController(title: "Ticket not checked", message: error.description)
        alert.addAction(AlertAction(title: "OK"))
        present(alert, animated: true)
        failureAlert = alert
    }
}

extension String {
    /// Without leading and trailing spaces and newlines (a scanner ends its code with Enter).
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
