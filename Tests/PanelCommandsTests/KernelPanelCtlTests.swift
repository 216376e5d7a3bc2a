#if os(Linux)
import Glibc
import PanelBoards
import PanelCommands
import PanelCore
import PanelGraphics
import PanelLinux
import PanelBench
import PanelLinuxPlatform
import Testing

/// panelctl's device commands on a real kernel (scripts/test-kernel runs these inside QEMU):
/// probe over i2c-regstub with gpio-sim lines, and the framebuffer commands on vfb.
@Suite("Kernel: panelctl on real devices", .serialized, .enabled(if: getenv("TESTBED") != nil))
@MainActor
struct KernelPanelCtlTests {
    static func env(_ name: String) -> String { getenv(name).map { String(cString: $0) } ?? "" }

    /// A board file for the testbed: an FT6x06 on the raw I2C bus, INT on gpio-sim line 2, vfb.
    func testbedBoard(display: String? = nil) throws -> String {
        let fb = try LinuxFramebuffer(path: "/dev/fb0").geometry
        let dir = temporaryDirectory()
        let path = "\(dir)/testbed.json"
        try writeFile(
            path,
            """
            {"model": "QEMU testbed: FT6x06 on i2c-regstub, INT on gpio-sim, vfb",
             "comment": "written by KernelPanelCtlTests",
             "touch": {"compatible": "focaltech,ft6336", "bus": "\(Self.env("TESTBED_I2C_RAW_DEV"))", "reg": "0x38",
                       "interrupt": {"chip": "\(Self.env("TESTBED_GPIOCHIP"))", "line": 2, "active-low": true},
                       "touchscreen-size-x": 320, "touchscreen-size-y": 480},
             "display": \(display ?? "{\"device\": \"/dev/fb0\", \"width\": \(fb.width), \"height\": \(fb.height)}")}
            """)
        return path
    }

    /// The FT6336U's identification registers, as the emulator has them, in the regstub chip.
    func loadChip() {
        let chip = FT6x06Emulator()
        let image = (0 ..< 256).map { chip.register(UInt8($0)) }
        let fd = open("/sys/kernel/debug/i2c-regstub/0x38", O_WRONLY)
        precondition(fd >= 0, "i2c-regstub backdoor: errno \(errno)")
        _ = image.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        close(fd)
    }

    @Test("probe finds the FT6x06 on a real I2C bus, checks the device nodes and identifies the chip")
    func probe() throws {
        loadChip()
        let board = try testbedBoard()
        let (output, status) = panelctl("probe", "--board", board)
        #expect(status == 0, "\(output)")
        #expect(output.contains("ok: \(Self.env("TESTBED_I2C_RAW_DEV"))"))
        #expect(output.contains("ok: /dev/fb0"))
        #expect(output.contains("0x38: answers"))
        #expect(output.contains("chip: FT6336U (FocalTech), vendor 0x11, firmware 16"))
        #expect(output.contains("controller found"))
    }

    @Test("the Linux platform runs the demo on real devices for its --duration and stops cleanly")
    func demoOnTheLinuxPlatform() throws {
        loadChip()
        let board = try testbedBoard()
        let (output, status) = panelctl("demo", "--board", board, "--duration", "0.5")
        #expect(status == 0, "\(output)")
        #expect(output.contains("FT6336U"))
        #expect(output.contains("stopped: "))
    }

    @Test("probe on an address where nothing answers says so and exits non-zero")
    func probeNothing() throws {
        let board = try testbedBoard()
        let text = try readFile(board).replacing("\"reg\": \"0x38\"", with: "\"reg\": \"0x41\"")
        try writeFile(board, text)
        let (output, status) = panelctl("probe", "--board", board)
        #expect(status != 0)
        #expect(output.contains("no device answers at 0x41"))
    }

    @Test("fb-info, fb-test and screenshot work on /dev/fb0")
    func framebuffer() throws {
        let board = try testbedBoard()
        let info = panelctl("fb-info", "--board", board)
        #expect(info.status == 0, "\(info.output)")
        #expect(info.output.contains("driver: "))
        #expect(info.output.contains("stride: "))
        let dir = temporaryDirectory()
        let test = panelctl("fb-test", "--board", board)
        #expect(test.status == 0, "\(test.output)")
        let shot = panelctl("screenshot", "--board", board, "-o", "\(dir)/fb0.png")
        #expect(shot.status == 0, "\(shot.output)")
        // What screenshot read back from the device is what fb-test drew: the red TOP LEFT mark.
        let image = try Image(contentsOfFile: "\(dir)/fb0.png")
        #expect(image.rgba[(1 * image.width + 1) * 4] > 200 && image.rgba[(1 * image.width + 1) * 4 + 1] < 80)
    }
}
#endif
