import PanelBoards
import PanelControllers
import Testing

@Suite("Board accessibility: the screen reader and its voice")
struct BoardAccessibilityTests {
    private func withAccessibility(_ accessibility: String) -> String {
        minimal.replacing("{\"model\"", with: "{\"accessibility\": \(accessibility), \"model\"")
    }

    @Test("the reader, the audio device, the voice and its rate, pitch and volume are read")
    func read() throws {
        let json = withAccessibility(
            "{\"screen-reader\": true, \"audio-device\": \"plughw:1,0\", \"voice\": \"de-AT\", \"rate\": 220, \"pitch\": 40, \"volume\": 150}")
        let accessibility = try Board(json: json, path: "x.json", name: "x", controllers: .standard).accessibility
        #expect(accessibility.screenReader)
        #expect(accessibility.audioDevice == "plughw:1,0")
        #expect(accessibility.voice == "de-AT")
        #expect(accessibility.rate == 220 && accessibility.pitch == 40 && accessibility.volume == 150)
    }

    @Test("a board without the block has the reader off, the default device and English at normal speed")
    func defaults() throws {
        let accessibility = try Board(json: minimal, path: "x.json", name: "x", controllers: .standard).accessibility
        #expect(accessibility == Board.Accessibility())
        #expect(!accessibility.screenReader && accessibility.audioDevice == "default" && accessibility.voice == "en" && accessibility.rate == 175)
    }

    @Test("an absurd rate, a voice that is not a language tag and an empty device are issues naming each key")
    func badValues() {
        let found = issues(withAccessibility("{\"rate\": 100000, \"voice\": \"en; rm -rf\", \"audio-device\": \"\", \"volume\": -1}"))
        #expect(
            Set(found.map(\.keyPath)) == ["accessibility.rate", "accessibility.voice", "accessibility.audio-device", "accessibility.volume"])
    }

    @Test("the text size is read in percent, 100 by default, and one outside 100–200 is an issue naming the key")
    func textSize() throws {
        let json = withAccessibility("{\"text-size\": 150}")
        #expect(try Board(json: json, path: "x.json", name: "x", controllers: .standard).accessibility.textSize == 150)
        #expect(try Board(json: minimal, path: "x.json", name: "x", controllers: .standard).accessibility.textSize == 100)
        #expect(issues(withAccessibility("{\"text-size\": 250}")).map(\.keyPath) == ["accessibility.text-size"])
    }

    @Test("an unknown key in the block is an issue")
    func unknownKey() {
        let found = issues(withAccessibility("{\"screen-readr\": true}"))
        #expect(found.map(\.keyPath) == ["accessibility.screen-readr"])
    }
}
