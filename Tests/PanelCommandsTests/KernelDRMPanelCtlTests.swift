#if os(Linux)
import Glibc
import PanelCommands
import Testing

/// panelctl on the testbed's DRM card (QEMU's bochs-display; scripts/test-kernel runs these in
/// the second, `--display bochs`, testbed): the demo on the Linux platform through DRM with
/// page flips, and the framebuffer commands.
@Suite(
    "KernelDRM: panelctl through DRM/KMS", .serialized,
    .enabled(if: getenv("TESTBED") != nil && access("/dev/dri/card0", F_OK) == 0))
@MainActor
struct KernelDRMPanelCtlTests {
    /// The testbed board (FT6x06 on i2c-regstub, INT on gpio-sim) with its display on DRM.
    func drmBoard() throws -> String {
        let board = try KernelPanelCtlTests().testbedBoard(display: "{\"device\": \"drm\", \"width\": 800, \"height\": 480}")
        KernelPanelCtlTests().loadChip()
        return board
    }

    @Test("the demo runs on the Linux platform through DRM: every frame it draws is a page flip")
    func demoFlipsPages() throws {
        let (output, status) = panelctl("demo", "--board", try drmBoard(), "--duration", "1")
        #expect(status == 0, "\(output)")
        #expect(output.contains("page flips on vblank"))
        // "stopped: … lost frames, F frames in P page flips on Virtual-1 800x480@…"
        let line = try #require(output.split(separator: "\n").first { $0.contains("stopped:") && $0.contains("page flips on ") }, "\(output)")
        let words = line.split(separator: " ")
        let frames = words.firstIndex(of: "frames").flatMap { Int(words[$0 - 1]) }
        let flips = words.firstIndex(of: "page").flatMap { Int(words[$0 - 1]) }
        #expect(frames != nil && frames! > 0 && frames == flips, "\(line)")
    }

    @Test("fb-info names the connector and mode; fb-test draws through a modeset and gives the console back")
    func framebufferCommands() throws {
        let board = try drmBoard()
        let info = panelctl("fb-info", "--board", board)
        #expect(info.status == 0, "\(info.output)")
        #expect(info.output.contains("driver: DRM/KMS /dev/dri/card0"))
        #expect(info.output.contains("800x480"))
        let test = panelctl("fb-test", "--board", board, "--hold", "0.2")
        #expect(test.status == 0, "\(test.output)")
    }
}
#endif
