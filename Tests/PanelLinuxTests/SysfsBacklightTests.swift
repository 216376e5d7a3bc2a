#if os(Linux)
import Glibc
import Testing
import PanelLinux

/// A fake `/sys/class/backlight` with one backlight: max 255, brightness 200, bl_power 0.
final class FakeBacklightTree {
    let root: String
    let directory: String

    init(name: String = "10-0045", maximum: String = "255\n", brightness: String = "200\n") {
        var template = Array("/tmp/panelkit-backlight-XXXXXX".utf8CString)
        root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        directory = root + "/" + name
        mkdir(directory, 0o755)
        write("max_brightness", maximum)
        write("brightness", brightness)
        write("bl_power", "0\n")
    }

    deinit {
        for file in ["max_brightness", "brightness", "bl_power"] { unlink(directory + "/" + file) }
        rmdir(directory)
        rmdir(root)
    }

    func write(_ file: String, _ text: String) {
        let fd = open(directory + "/" + file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }

    func read(_ file: String) -> String {
        let fd = open(directory + "/" + file, O_RDONLY)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return String(decoding: bytes[..<max(n, 0)], as: UTF8.self).filter { $0 != "\n" }
    }
}

@Suite("Sysfs backlight: brightness and power through /sys/class/backlight (a fake tree)")
struct SysfsBacklightTests {
    @Test("dimming is a fraction of the brightness found at start, and 1 restores it")
    func dimsRelativeToTheStartLevel() throws {
        let tree = FakeBacklightTree()
        let backlight = try SysfsBacklight(directory: tree.directory)
        try backlight.set(fraction: 0.5)
        #expect(tree.read("brightness") == "100")
        try backlight.set(fraction: 1)
        #expect(tree.read("brightness") == "200")
    }

    @Test("a small fraction never rounds down to dark, and NaN counts as off")
    func smallFractionStaysLit() throws {
        let tree = FakeBacklightTree()
        let backlight = try SysfsBacklight(directory: tree.directory)
        try backlight.set(fraction: 0.0001)
        #expect(tree.read("brightness") == "1")
        try backlight.set(fraction: .nan)
        #expect(tree.read("brightness") == "0")
    }

    @Test("power off writes bl_power 4 and on writes 0")
    func powerOffAndOn() throws {
        let tree = FakeBacklightTree()
        let backlight = try SysfsBacklight(directory: tree.directory)
        try backlight.setPower(on: false)
        #expect(tree.read("bl_power") == "4")
        try backlight.setPower(on: true)
        #expect(tree.read("bl_power") == "0")
    }

    @Test("a missing backlight is an error naming the board key that fixes it")
    func missingBacklight() {
        #expect {
            _ = try SysfsBacklight(directory: "/tmp/no-such-backlight")
        } throws: { error in
            guard let error = error as? BacklightError, case .notFound = error else { return false }
            return error.description.contains("power.backlight")
        }
    }

    @Test("a driver reporting an absurd maximum is refused, never trusted")
    func absurdMaximumRefused() {
        for bad in ["0\n", "-5\n", "99999999999\n", "lots\n"] {
            let tree = FakeBacklightTree(maximum: bad)
            #expect(throws: BacklightError.self) { _ = try SysfsBacklight(directory: tree.directory) }
        }
    }

    @Test("discovery finds the first backlight by name, and none in an empty tree")
    func discovery() {
        let tree = FakeBacklightTree(name: "rpi_backlight")
        #expect(SysfsBacklight.discover(in: tree.root) == tree.directory)
        #expect(SysfsBacklight.discover(in: "/tmp/no-such-class") == nil)
    }
}
#endif
