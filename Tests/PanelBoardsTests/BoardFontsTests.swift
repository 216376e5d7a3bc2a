import PanelBoards
import PanelControllers
import PanelCore
import Testing

@Suite("Board fonts")
struct BoardFontsTests {
    @Test("a board's fonts are read in order, first choice first")
    func fontsInOrder() throws {
        let json = minimal.replacing("{\"model\"", with: "{\"fonts\": [\"/a/Latin.ttf\", \"/b/CJK.ttc\"], \"model\"")
        let board = try Board(json: json, path: "boards/x.json", name: "x", controllers: .standard)
        #expect(board.fonts == ["/a/Latin.ttf", "/b/CJK.ttc"])
    }

    @Test("a board without fonts has none (the built-in bitmap font)")
    func noFonts() throws {
        #expect(try Board(json: minimal, path: "boards/x.json", name: "x", controllers: .standard).fonts.isEmpty)
    }

    @Test("a font entry that is not a path is an issue naming its index and the fix")
    func badEntry() {
        let found = issues(minimal.replacing("{\"model\"", with: "{\"fonts\": [\"/ok.ttf\", 12], \"model\""))
        #expect(found.map(\.keyPath) == ["fonts[1]"])
        #expect(found.first?.fix.contains(".ttf") == true)
    }

    @Test("fonts given as one string, not a list, is an issue")
    func notAList() {
        let found = issues(minimal.replacing("{\"model\"", with: "{\"fonts\": \"/ok.ttf\", \"model\""))
        #expect(found.map(\.keyPath) == ["fonts"])
    }
}
