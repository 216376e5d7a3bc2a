import PanelKit
import Testing

@Suite("PanelApp options: code, then PANELKIT_BOARD, then the command line")
struct PanelAppOptionsTests {
    func none(_ name: String) -> String? { nil }

    @Test("PANELKIT_BOARD overrides the board the app names")
    func environmentOverridesCode() throws {
        let options = try PanelAppOptions(board: "mock").applying(arguments: [], environment: { $0 == "PANELKIT_BOARD" ? "mock-gt911" : nil })
        #expect(options?.board == "mock-gt911")
    }

    @Test("--board overrides PANELKIT_BOARD")
    func argumentOverridesEnvironment() throws {
        let options = try PanelAppOptions(board: "mock").applying(
            arguments: ["--board=boards/x.json"], environment: { $0 == "PANELKIT_BOARD" ? "mock-gt911" : nil })
        #expect(options?.board == "boards/x.json")
    }

    @Test("an unknown option is an arguments error that lists the options")
    func unknownOption() {
        #expect {
            _ = try PanelAppOptions().applying(arguments: ["--bored", "mock"], environment: none)
        } throws: { error in
            let e = error as? PanelKitError
            return e?.kind == .arguments && e?.description.contains("--board") == true
        }
    }

    @Test("an absurd --duration is refused with the range")
    func absurdDuration() {
        #expect(throws: PanelKitError.self) {
            _ = try PanelAppOptions().applying(arguments: ["--duration", "1e300"], environment: none)
        }
    }

    @Test("--help asks for the usage instead of running")
    func help() throws {
        #expect(try PanelAppOptions().applying(arguments: ["--help"], environment: none) == nil)
    }
}
