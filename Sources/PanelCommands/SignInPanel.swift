import PanelLocale
import PanelUI

/// The demo's text page, its second tab: a kerned Latin line and a Chinese line in
/// the board's TrueType fonts (the built-in font, with boxes for the Chinese, on a board
/// without fonts), a name field (letters) and a PIN field (the PIN pad, four digits, hidden).
/// Return in the name field moves on to the PIN; Done on the PIN pad ends editing.
@MainActor
final class SignInPanel {
    let view = LeadingFramesView()
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
        let header = Label(frame: Rect(x: m, y: 0, width: frame.width - 100, height: headerHeight))
        header.font = font(compact ? 16 : 24)
        done.frame = Rect(x: frame.width - 84, y: (headerHeight - 30) / 2, width: 76, height: 30)
        done.cornerRadius = 8
        done.titleFont = font(16)
        var y = headerHeight
        let lineHeight = compact ? 22.0 : 30.0
        latin.frame = Rect(x: m, y: y, width: frame.width - 2 * m, height: lineHeight)
        latin.text = "AVATAR · WAVE · Toast, kerned"
        latin.font = font(compact ? 16 : 20)
        y += lineHeight
        chinese.frame = Rect(x: m, y: y, width: frame.width - 2 * m, height: lineHeight)
        chinese.text = "欢迎使用触摸屏：请输入姓名和密码。"
        chinese.accessibilityLanguage = "zh"  // spoken with a Mandarin voice
        chinese.font = font(compact ? 15 : 20)
        y += lineHeight + (compact ? 2 : 8)
        let fieldHeight = compact ? 34.0 : 44.0
        for field in [name, pin] {
            field.frame = Rect(x: m, y: y, width: frame.width - 2 * m, height: fieldHeight)
            field.font = font(compact ? 16 : 20)
            field.clearButtonMode = .whileEditing
            y += fieldHeight + (compact ? 4 : 10)
        }
        // A row of a language choice and a ticket count, then the sign-in progress.
        let rowHeight = compact ? 28.0 : 32.0
        language.frame = Rect(x: m, y: y, width: compact ? 250 : 340, height: rowHeight)
        language.font = font(compact ? 14 : 16)
        language.selectedSegmentIndex = 0
        tickets.frame = Rect(x: language.frame.maxX + 12, y: y, width: 94, height: rowHeight)
        tickets.minimumValue = 1
        tickets.maximumValue = 9
        // The compact layout draws 28- to 34-point controls; a finger still gets 44 points.
        for control in [done, name, pin, language, tickets] as [Control] { control.minimumTouchTarget = Size(width: 44, height: 44) }
        // The count beside the stepper is its value, spoken with it; read alone it says nothing.
        ticketsLabel.isAccessibilityElement = false
        header.accessibilityTraits = [.staticText, .header]
        ticketsLabel.frame = Rect(x: tickets.frame.maxX + 8, y: y, width: max(frame.width - tickets.frame.maxX - 8 - m, 0), height: rowHeight)
        ticketsLabel.font = font(compact ? 14 : 16)
        y += rowHeight + (compact ? 6 : 12)
        spinner.frame = Rect(x: m, y: y, width: 20, height: 20)
        progress.frame = Rect(x: m + 28, y: y + 8, width: frame.width - 2 * m - 28, height: 4)
        signedIn.addAction(AlertAction(title: "OK"))  // the screen logs it (KioskScreen.wire)
        name.returnKeyType = .next
        pin.keyboardType = .pin
        pin.isSecureTextEntry = true
        pin.maxLength = 4
        pin.returnKeyType = .done
        let subviews: [View] = [header, done, latin, chinese, name, pin, language, tickets, ticketsLabel, spinner, progress]
        for subview in subviews { view.addSubview(subview) }
        view.recordLeadingFrames(subviews)
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
