import PanelLocale
import PanelUI

/// The demo's text page, its second tab: a kerned Latin line and a Chinese line in
/// the board's TrueType fonts (the built-in font, with boxes for the Chinese, on a board
/// without fonts), a name field (letters) and a PIN field (the PIN pad, four digits, hidden).
/// Return in the name field moves on to the PIN; Done on the PIN pad ends editing.
@MainActor
final class SignInPanel {
    let view = View()
    let done = Button()
    let latin = Label()
    let chinese = Label()
    let name = TextField()
    let pin = TextField()
    /// The languages the demo has catalogs for, each named in itself.
    static let languages: [(name: String, language: Language)] = [
        ("English", .english), ("Deutsch", Language(parsing: "de")!), ("中文", Language(parsing: "zh")!), ("العربية", Language(parsing: "ar")!),
    ]
    let language = SegmentedControl(items: SignInPanel.languages.map(\.name))
    let tickets = Stepper()
    let ticketsLabel = Label()
    let progress = ProgressView()
    let spinner = ActivityIndicatorView()
    /// Shown when signing in is done.
    let signedIn = AlertController(title: "Signed in", message: "Welcome! 欢迎！")

    init(frame: Rect, fonts: FontFamily?, compact: Bool) {
        func font(_ size: Double) -> Font { fonts?.font(size: size) ?? .system(size: size) }
        view.frame = frame
        view.paletteBackground = \.background
        let m = 12.0
        let headerHeight = compact ? 34.0 : 48.0
        let header = Label()
        header.font = font(compact ? 16 : 24)
        done.cornerRadius = 8
        done.titleFont = font(16)
        let lineHeight = compact ? 22.0 : 30.0
        latin.text = "AVATAR · WAVE · Toast, kerned"
        latin.font = font(compact ? 16 : 20)
        chinese.text = "欢迎使用触摸屏：请输入姓名和密码。"
        chinese.accessibilityLanguage = "zh"  // spoken with a Mandarin voice
        chinese.font = font(compact ? 15 : 20)
        let fieldHeight = compact ? 34.0 : 44.0
        for field in [name, pin] {
            field.font = font(compact ? 16 : 20)
            field.clearButtonMode = .whileEditing
        }
        // A row of a language choice and a ticket count, then the sign-in progress.
        let rowHeight = compact ? 28.0 : 32.0
        language.font = font(compact ? 14 : 16)
        language.selectedSegmentIndex = 0
        tickets.minimumValue = 1
        tickets.maximumValue = 9
        // The compact layout draws 28- to 34-point controls; a finger still gets 44 points.
        for control in [done, name, pin, language, tickets] as [Control] { control.minimumTouchTarget = Size(width: 44, height: 44) }
        // The count beside the stepper is its value, spoken with it; read alone it says nothing.
        ticketsLabel.isAccessibilityElement = false
        header.accessibilityTraits = [.staticText, .header]
        ticketsLabel.font = font(compact ? 14 : 16)
        let subviews: [View] = [header, done, latin, chinese, name, pin, language, tickets, ticketsLabel, spinner, progress]
        for subview in subviews {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        // One column down the page, by constraints (mirrored under Arabic).
        view.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: m, bottom: m, trailing: m)
        let margins = view.layoutMarginsGuide
        let across = { (item: View) in
            [item.leadingAnchor.constraint(equalTo: margins.leadingAnchor), item.trailingAnchor.constraint(equalTo: margins.trailingAnchor)]
        }
        LayoutConstraint.activate(
            [
                header.topAnchor.constraint(equalTo: margins.topAnchor),
                header.heightAnchor.constraint(equalToConstant: headerHeight),
                header.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                header.trailingAnchor.constraint(lessThanOrEqualTo: done.leadingAnchor, constant: -8),
                done.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -8),
                done.centerYAnchor.constraint(equalTo: header.centerYAnchor),
                done.widthAnchor.constraint(equalToConstant: 76), done.heightAnchor.constraint(equalToConstant: 30),
                latin.topAnchor.constraint(equalTo: header.bottomAnchor), latin.heightAnchor.constraint(equalToConstant: lineHeight),
                chinese.topAnchor.constraint(equalTo: latin.bottomAnchor), chinese.heightAnchor.constraint(equalToConstant: lineHeight),
                name.topAnchor.constraint(equalTo: chinese.bottomAnchor, constant: compact ? 2 : 8),
                name.heightAnchor.constraint(equalToConstant: fieldHeight),
                pin.topAnchor.constraint(equalTo: name.bottomAnchor, constant: compact ? 4 : 10),
                pin.heightAnchor.constraint(equalToConstant: fieldHeight),
                language.topAnchor.constraint(equalTo: pin.bottomAnchor, constant: compact ? 4 : 10),
                language.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                language.widthAnchor.constraint(equalToConstant: compact ? 250 : 340),
                language.heightAnchor.constraint(equalToConstant: rowHeight),
                tickets.topAnchor.constraint(equalTo: language.topAnchor),
                tickets.leadingAnchor.constraint(equalTo: language.trailingAnchor, constant: 12),
                tickets.widthAnchor.constraint(equalToConstant: 94), tickets.heightAnchor.constraint(equalToConstant: rowHeight),
                ticketsLabel.centerYAnchor.constraint(equalTo: tickets.centerYAnchor),
                ticketsLabel.leadingAnchor.constraint(equalTo: tickets.trailingAnchor, constant: 8),
                ticketsLabel.trailingAnchor.constraint(lessThanOrEqualTo: margins.trailingAnchor),
                spinner.topAnchor.constraint(equalTo: language.bottomAnchor, constant: compact ? 6 : 12),
                spinner.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                spinner.widthAnchor.constraint(equalToConstant: 20), spinner.heightAnchor.constraint(equalToConstant: 20),
                progress.centerYAnchor.constraint(equalTo: spinner.centerYAnchor),
                progress.leadingAnchor.constraint(equalTo: spinner.trailingAnchor, constant: 8),
                progress.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                progress.heightAnchor.constraint(equalToConstant: 4),
            ] + across(latin) + across(chinese) + across(name) + across(pin))
        signedIn.addAction(AlertAction(title: "OK"))  // the screen logs it (KioskScreen.wire)
        name.returnKeyType = .next
        pin.keyboardType = .pin
        pin.isSecureTextEntry = true
        pin.maxLength = 4
        pin.returnKeyType = .done
        // The Latin and Chinese sample lines are written left to right in any language.
        for sample in [latin, chinese] { sample.textAlignment = .left }
        tickets.addAction(.closure("tickets") { [unowned self] _, _ in self.showTickets() }, for: .valueChanged)
        // The page's words, in the app's language, fetched again when it changes.
        view.applyLanguage { [unowned self] _, strings in
            self.strings = strings
            header.text = strings.localized("Sign in")
            self.done.setTitle(strings.localized("Done"), for: .normal)
            self.name.placeholder = strings.localized("Name")
            self.pin.placeholder = strings.localized("PIN (4 digits)")
            self.language.accessibilityLabel = strings.localized("Language")
            self.tickets.accessibilityLabel = strings.localized("Tickets")
            self.showTickets()
        }
        // Return in the name field goes on to the PIN, as a sign-in form does.
        name.addAction(.closure("nextField") { [unowned self] _, _ in self.pin.becomeFirstResponder() }, for: .editingDidEndOnExit)
    }

    /// The app's strings (the source strings until the page joins the app).
    private var strings = Translator()

    /// "3 tickets", in the language's plural form.
    private func showTickets() {
        ticketsLabel.text = strings.localized("%d ticket", plural: "%d tickets", count: Int(tickets.value))
    }
}
