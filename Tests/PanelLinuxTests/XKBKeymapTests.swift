#if os(Linux)
import CPanelLinux
import Testing
import PanelLinux

/// Types `codes` on a fresh keyboard of `layout`: each key down then up; a code in `held` stays
/// down from its press on.
private func typed(_ codes: [Int32], layout: String = "us", variant: String = "") throws -> String {
    let state = XKBKeyboardState(keymap: try XKBKeymap(names: .init(layout: layout, variant: variant)))
    var text = ""
    for code in codes.map({ UInt16($0) }) {
        text += state.text(code: code) ?? ""
        state.update(code: code, down: true)
        if code != UInt16(KEY_LEFTSHIFT) { state.update(code: code, down: false) }
    }
    return text
}

@Suite("XKB keymaps: key codes and modifiers become the characters a layout types")
struct XKBKeymapTests {
    @Test("the US layout types lowercase letters and digits")
    func usTypesLettersAndDigits() throws {
        #expect(try typed([KEY_H, KEY_I, KEY_1]) == "hi1")
    }

    @Test("shift held types capitals and the shifted symbols")
    func shiftTypesCapitals() throws {
        #expect(try typed([KEY_LEFTSHIFT, KEY_H, KEY_1]) == "H!")
    }

    @Test("caps lock, pressed and released, types capitals until pressed again")
    func capsLockLocks() throws {
        #expect(try typed([KEY_CAPSLOCK, KEY_A, KEY_B, KEY_CAPSLOCK, KEY_C]) == "ABc")
    }

    @Test("the German layout swaps Y and Z and types umlauts")
    func germanLayout() throws {
        #expect(try typed([KEY_Y, KEY_Z, KEY_SEMICOLON], layout: "de") == "zyö")
    }

    @Test("the Arabic layout types Arabic letters on the Latin keys (Q is ض, A is ش, H is ا)")
    func arabicLayout() throws {
        #expect(try typed([KEY_Q, KEY_A, KEY_H], layout: "ara") == "ضشا")
    }

    @Test("the Hebrew layout types Hebrew letters on the Latin keys (E is ק, A is ש, T is א)")
    func hebrewLayout() throws {
        #expect(try typed([KEY_E, KEY_A, KEY_T], layout: "il") == "קשא")
    }

    @Test("Ctrl with a letter types nothing: control characters are not text")
    func controlTypesNothing() throws {
        let state = XKBKeyboardState(keymap: try XKBKeymap())
        state.update(code: UInt16(KEY_LEFTCTRL), down: true)
        #expect(state.text(code: UInt16(KEY_C)) == nil)
    }

    @Test("letters repeat when held and shift does not")
    func repeatFollowsTheKeymap() throws {
        let keymap = try XKBKeymap()
        #expect(keymap.repeats(code: UInt16(KEY_A)))
        #expect(!keymap.repeats(code: UInt16(KEY_LEFTSHIFT)))
    }

    @Test("an unknown layout is an error that says where the layouts are listed")
    func unknownLayoutIsATypedError() {
        #expect {
            _ = try XKBKeymap(names: .init(layout: "no-such-layout"))
        } throws: { error in
            guard let error = error as? KeyboardLayoutError, case .unknownLayout(let names, _) = error else { return false }
            return names.layout == "no-such-layout" && error.description.contains("evdev.lst")
        }
    }
}
#endif
