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
        status.frame = Rect(x: 40, y: 30, width: 720, height: 40)
        status.font = .largeTitle
        status.textColor = .white
        status.textAlignment = .center
        status.accessibilityIsLiveRegion = true  // a screen reader says each new status
        status.applyLanguage { [unowned self] _, _ in self.showTyped() }  // in the app's language, again on each change
        view.addSubview(status)
        let labels = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "C", "0", "OK"]
        for (index, title) in labels.enumerated() {
            let key = Button(
                frame: Rect(
                    x: 250 + Double(index % 3) * 105, y: 95 + Double(index / 3) * 92,
                    width: 95, height: 82))
            key.setTitle(title, for: .normal)
            key.accessibilityLabel = ["C": "Clear", "OK": "Open"][title]  // what a screen reader says
            key.addTarget(self, action: .method("keyTapped", KeypadController.keyTapped), for: .touchUpInside)
            keys[title] = key
            view.addSubview(key)
        }
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
