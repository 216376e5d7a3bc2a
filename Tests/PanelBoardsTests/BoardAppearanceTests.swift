import PanelBoards
import PanelControllers
import PanelCore
import PanelLocale
import Testing

@Suite("Board appearance: light, dark or dark by the clock, and contrast")
struct BoardAppearanceTests {
    private func withAppearance(_ appearance: String, power: String? = nil) -> String {
        let powerPart = power.map { "\"power\": \($0), " } ?? ""
        return minimal.replacing("{\"model\"", with: "{\"appearance\": \(appearance), \(powerPart)\"model\"")
    }

    private func appearance(_ json: String) throws -> Board.Appearance {
        try Board(json: json, path: "x.json", name: "x", controllers: .standard).appearance
    }

    @Test("a board without the block is light in normal contrast")
    func defaults() throws {
        #expect(try appearance(minimal) == Board.Appearance())
        #expect(try appearance(minimal).style == .light)
    }

    @Test("dark, high contrast and dark hours of the day are read")
    func read() throws {
        #expect(try appearance(withAppearance("{\"style\": \"dark\", \"contrast\": \"high\"}")).style == .dark)
        #expect(try appearance(withAppearance("{\"contrast\": \"high\"}")).highContrast)
        #expect(try appearance(withAppearance("{\"style\": \"19:00-07:00\"}")).style == .scheduled(DailySchedule(parsing: "19:00-07:00")!))
    }

    @Test("\"off-hours\" is read when the board has power.off-hours")
    func offHours() throws {
        let json = withAppearance("{\"style\": \"off-hours\"}", power: "{\"off-hours\": \"22:00-07:00\"}")
        #expect(try appearance(json).style == .offHours)
    }

    @Test("\"off-hours\" without power.off-hours is an issue that says to set one")
    func offHoursWithoutSchedule() {
        let found = issues(withAppearance("{\"style\": \"off-hours\"}"))
        #expect(found.map(\.keyPath) == ["appearance.style"])
        #expect(found.first.map { "\($0)".contains("power.off-hours") } == true)
    }

    @Test("a style or contrast that is not one of the words is an issue naming the key")
    func badValues() {
        let found = issues(withAppearance("{\"style\": \"dusk\", \"contrast\": 7}"))
        #expect(Set(found.map(\.keyPath)) == ["appearance.style", "appearance.contrast"])
    }

    @Test("an unknown key in the block is an issue")
    func unknownKey() {
        #expect(issues(withAppearance("{\"theme\": \"dark\"}")).map(\.keyPath) == ["appearance.theme"])
    }
}

@Suite("Board language: the language the app is shown in")
struct BoardLanguageTests {
    private func withLanguage(_ value: String) -> String {
        minimal.replacing("{\"model\"", with: "{\"language\": \(value), \"model\"")
    }

    @Test("a language code, with or without a region, is read")
    func read() throws {
        #expect(try Board(json: withLanguage("\"de_AT\""), path: "x.json", name: "x", controllers: .standard).language?.description == "de_AT")
        #expect(try Board(json: minimal, path: "x.json", name: "x", controllers: .standard).language == nil)
    }

    @Test("something that is not a language code is an issue naming the key")
    func bad() {
        for value in ["\"German\"", "\"d\"", "\"de_AUSTRIA\"", "7"] {
            #expect(issues(withLanguage(value)).map(\.keyPath) == ["language"], "\(value)")
        }
    }
}
