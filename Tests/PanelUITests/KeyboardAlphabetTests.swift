import PanelBench
import PanelCore
import PanelLocale
import PanelUI
import Testing

@Suite("The on-screen keyboard's Arabic and Hebrew letters")
@MainActor
struct KeyboardAlphabetTests {
    @Test("Arabic, Persian and Urdu type Arabic letters, Hebrew and Yiddish Hebrew ones, other languages Latin")
    func alphabetOfLanguage() {
        #expect(KeyboardAlphabet(language: Language(parsing: "ar_EG")!) == .arabic)
        #expect(KeyboardAlphabet(language: Language(parsing: "fa")!) == .arabic)
        #expect(KeyboardAlphabet(language: Language(parsing: "he")!) == .hebrew)
        #expect(KeyboardAlphabet(language: Language(parsing: "de")!) == .latin)
    }

    @Test("the Arabic letters page has the PC layout's keys, ض first, and no shift key")
    func arabicPage() {
        let f = FieldBench()
        f.focus()
        f.keyboard.alphabet = .arabic
        #expect(f.keyboard.keyTitles.first == "ض")
        #expect(f.keyboard.keyTitles.filter { $0.count == 1 && $0 != "⌫" }.count == 33)
        #expect(!f.keyboard.keyTitles.contains("shift"))
        for key in f.keyboard.keyTitles where key.count == 1 {
            #expect(f.keyboard.frame(ofKey: key).map { f.keyboard.bounds.contains($0.center) } == true, "key \(key) is off the keyboard")
        }
    }

    @Test("tapping Hebrew keys types Hebrew into the field in the order tapped")
    func hebrewTyping() {
        let f = FieldBench()
        f.focus()
        f.keyboard.alphabet = .hebrew
        for key in ["ש", "ל", "ו", "ם"] { f.tapKey(key) }
        #expect(f.field.text == "שלום")
    }

    @Test("under Hebrew the keyboard shows Hebrew letters, and an email field's keyboard the Latin ones")
    func hebrewAppAndEmail() throws {
        let catalogs = try Catalogs(["he": "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\nmsgid \"Name\"\nmsgstr \"שם\"\n"])
        let f = FieldBench()
        f.bench.app.translator = Translator(domain: catalogs.domain, directory: catalogs.directory)
        #expect(f.bench.app.setLanguage(Language(parsing: "he")!) == nil)
        f.focus()
        #expect(f.keyboard.keyTitles.first == "/")
        #expect(f.keyboard.keyTitles.contains("ש"))
        f.field.resignFirstResponder()
        f.field.keyboardType = .emailAddress
        f.focus()
        #expect(f.keyboard.keyTitles.first == "q")
    }
}
