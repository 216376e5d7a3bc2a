import PanelBoards
import PanelKit
import PanelPlatform
import Testing

#if os(Linux)
import Glibc
import PanelLinux
#endif

@MainActor
@Suite("One error for the runtime and its platforms, with the typed cause kept")
struct PanelKitErrorTests {
    @Test("a board file that does not decode stops the start with a board error that keeps the BoardError underneath")
    func boardErrorUnderneath() throws {
        let dir = temporaryDirectory()
        try writeFile("\(dir)/broken.json", Array("{\"model\": 3}".utf8))
        do {
            _ = try PanelRuntime(options: PanelAppOptions(board: "\(dir)/broken.json"))
            Issue.record("a broken board file started")
        } catch {
            #expect(error.kind == .board)
            #expect(error.underlying is BoardError)
            #expect(error.description.contains("broken.json"))
        }
    }

    #if os(Linux)
    @Test("a missing framebuffer device reaches the app as a display error with the device's own error underneath")
    func deviceErrorUnderneath() throws {
        let dir = temporaryDirectory()
        try #require(access("/dev/fb7", F_OK) != 0, "this machine has a /dev/fb7")
        let text = try #require(BoardLoader.builtInBoardFile(named: "raspberrypi-gt911-7inch"))
        try writeFile("\(dir)/pi.json", text.replacing("\"device\": \"drm\"", with: "\"device\": \"/dev/fb7\""))
        do {
            _ = try PanelRuntime(options: PanelAppOptions(board: "\(dir)/pi.json"))
            Issue.record("a missing framebuffer started")
        } catch {
            #expect(error.kind == .display)
            #expect(error.underlying is FramebufferError)
        }
    }
    #endif
}
