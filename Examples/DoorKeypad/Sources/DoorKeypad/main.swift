import PanelKit

/// A door keypad: a PIN pad, a status line, and a lock that opens for the right code.
final class KeypadController: ViewController {
    let code = "2468"
    let status = Label()
    var keys: [String: Button] = [:]
    private var typed = ""
    private(set) var unlocked = false
    var strings: Translator { view.window?.application?.translator ?? Translator() }  // the app's words

    override func viewDidLoad() {
        view.backgroundColor = Color(rgb: 0x1C1C1E)
        (status.font, status.textColor, status.textAlignment) = (.largeTitle, .white, .center)
        status.accessibilityIsLiveRegion = true  // a screen reader says each new status
        status.applyLanguage { [unowned self] _, _ in self.showTyped() }  // in the app's language, again on each change
        let labels = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "C", "0", "OK"]
        let rows = (0 ..< 4).map { row in StackView(arrangedSubviews: labels[row * 3 ..< row * 3 + 3].map(makeKey)) }
        let pad = StackView(arrangedSubviews: rows)
        pad.axis = .vertical
        for stack in rows + [pad] { (stack.distribution, stack.spacing) = (.fillEqually, 10) }
        // Constraints, not coordinates: the same screen on a 4.3" 480×272 panel or a 10" 1280×800.
        for part in [status, pad] { part.translatesAutoresizingMaskIntoConstraints = false; view.addSubview(part) }
        let margins = view.layoutMarginsGuide
        let natural = pad.widthAnchor.constraint(equalToConstant: 305)  // keys of 95×82 where they fit
        natural.priority = .defaultHigh
        status.setContentCompressionResistancePriority(.required, for: .vertical)  // the pad gives way, never the status
        LayoutConstraint.activate([
            status.topAnchor.constraint(equalTo: margins.topAnchor),
            status.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            status.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            pad.topAnchor.constraint(equalTo: status.bottomAnchor, constant: 12),
            pad.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),
            pad.widthAnchor.constraint(lessThanOrEqualTo: margins.widthAnchor),
            pad.heightAnchor.constraint(equalTo: pad.widthAnchor, multiplier: 358.0 / 305), natural,
            pad.centerXAnchor.constraint(equalTo: margins.centerXAnchor),
        ])
    }

    func makeKey(_ title: String) -> Button {
        let key = Button()
        key.setTitle(title, for: .normal)
        key.accessibilityLabel = ["C": "Clear", "OK": "Open"][title]  // what a screen reader says
        key.addTarget(self, action: .method("keyTapped", KeypadController.keyTapped), for: .touchUpInside)
        keys[title] = key
        return key
    }

    func keyTapped(_ key: Button) {
        switch key.currentTitle ?? "" {
        case "C": typed = ""
        case "OK":
            unlocked = typed == code
            status.text = unlocked ? strings.localized("Unlocked: come in") : strings.localized("Wrong code")
            status.textColor = unlocked ? .green : .red
            status.accessibilityLabel = nil
            typed = ""
            return
        case let digit: if typed.count < 8 { typed += digit }
        }
        showTyped()
    }

    func showTyped() {
        status.text = typed.isEmpty ? strings.localized("Enter code") : String(repeating: "•", count: typed.count)
        status.accessibilityLabel = typed.isEmpty ? nil : strings.localized("Digits typed: %d", number: typed.count)
        status.textColor = .white
    }
}

let keypad = KeypadController()

/// What `swift run DoorKeypad` does on the mock board: a wrong code, then the right one
/// (taps; with `--screen-reader`, the keys alone: arrows and select).
let session = ScriptedSession { script in
    var ms: Int64 = 200
    for key in ["1", "3", "5", "7", "OK", "2", "4", "6", "8"] {
        ms = script.activate(keypad.keys[key]!, at: ms) + 250
        if key == "OK" { script.screenshot("wrong-code", at: ms) }
    }
    script.screenshot("typed", at: ms)
    script.activate(keypad.keys["OK"]!, at: ms + 50)
    script.expect("the door is unlocked") { keypad.unlocked }
    script.expect("the status says so") { keypad.status.text == keypad.strings.localized("Unlocked: come in") }
}

PanelApp.main(board: "mock", session: session, translations: .init(domain: "door-keypad", directory: "Translations/locale")) { keypad }
