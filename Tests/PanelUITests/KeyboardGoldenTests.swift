import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

@Suite("Text field and keyboard: golden images")
@MainActor
struct KeyboardGoldenTests {
    enum Look: String, CaseIterable { case typedWord, pinPad, keyPressed, placeholder }

    @Test("a field with the keyboard up: a typed word, a PIN pad, a pressed key's pop-up, the placeholder", arguments: Look.allCases)
    func keyboardLooks(_ look: Look) throws {
        let f = FieldBench()
        f.field.font = labelFonts.font(size: 18)
        f.field.clearButtonMode = .whileEditing
        switch look {
        case .typedWord:
            f.focus()
            for key in ["shift", "h", "e", "l", "l", "o"] { f.tapKey(key) }
        case .pinPad:
            f.field.keyboardType = .pin
            f.field.isSecureTextEntry = true
            f.field.returnKeyType = .done
            f.focus()
            for key in ["4", "2", "7"] { f.tapKey(key) }
        case .keyPressed:
            f.focus()
            f.tapKey("o")
            f.tapKey("k")
            f.holdKey("g")
        case .placeholder:
            f.field.placeholder = "Wi-Fi password"
        }
        f.bench.app.runOnce()
        try GoldenImage.check("keyboard-\(look.rawValue)-xrgb8888", f.framebuffer)
    }
}
