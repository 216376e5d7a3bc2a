#if os(Linux)
import Glibc

/// A panel's backlight through the kernel's backlight class (`/sys/class/backlight/NAME`):
/// `brightness` (0…`max_brightness`) and, where the driver has it, `bl_power` (0 on, 4 off).
/// The Raspberry Pi's official displays (`10-0045`, `rpi_backlight`), PWM backlights
/// (`backlight`) and ACPI laptops all look like this.
///
/// The brightness found at start is the "on" level: dimming is a fraction of it, and waking
/// puts it back, so a panel someone set to half keeps its half.
public final class SysfsBacklight {
    /// The backlight's directory.
    public let directory: String
    /// `max_brightness`.
    public let maximum: Int
    /// The brightness when opened: what "on" restores.
    public let onLevel: Int
    /// Whether the driver has `bl_power`.
    public let hasPower: Bool

    /// The first backlight under `root` (sorted by name), or nil when there is none.
    public static func discover(in root: String = "/sys/class/backlight") -> String? {
        guard let names = Syscall.directoryEntries(root) else { return nil }
        return names.filter { !$0.hasPrefix(".") }.sorted().first.map { root + "/" + $0 }
    }

    /// Opens a backlight directory and reads its range and level.
    /// - Throws: ``BacklightError``: missing, not writable, or a driver reporting nonsense.
    public init(directory: String) throws(BacklightError) {
        self.directory = directory
        guard let maximumText = Self.read(directory + "/max_brightness") else { throw .notFound(path: directory) }
        // A real backlight has at most a few thousand steps; anything else is a broken driver.
        guard let maximum = Int(maximumText), maximum > 0, maximum <= 1 << 24 else {
            throw .implausible(path: directory + "/max_brightness", value: maximumText)
        }
        self.maximum = maximum
        guard Syscall.access(directory + "/brightness", W_OK) else {
            throw Syscall.access(directory + "/brightness", F_OK) ? .permissionDenied(path: directory + "/brightness") : .notFound(path: directory)
        }
        let current = Self.read(directory + "/brightness").flatMap { Int($0) } ?? maximum
        onLevel = current > 0 && current <= maximum ? current : maximum
        hasPower = Syscall.access(directory + "/bl_power", W_OK)
    }

    /// Sets the brightness to `fraction` of the "on" level (0…1; NaN counts as 0): 1 restores
    /// it, 0 turns the light off. A fraction above 0 never rounds down to dark.
    public func set(fraction: Double) throws(BacklightError) {
        let clamped = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        var value = Int((Double(onLevel) * clamped).rounded())
        if clamped > 0 { value = max(value, 1) }
        try write(directory + "/brightness", value)
    }

    /// Turns the light's power on or off (`bl_power`), where the driver has it.
    public func setPower(on: Bool) throws(BacklightError) {
        guard hasPower else { return }
        try write(directory + "/bl_power", on ? 0 : 4)
    }

    /// The brightness now (`brightness`), or nil when it cannot be read.
    public var brightness: Int? { Self.read(directory + "/brightness").flatMap { Int($0) } }

    private func write(_ path: String, _ value: Int) throws(BacklightError) {
        let fd: Int32
        switch Syscall.open(path, flags: O_WRONLY | O_TRUNC) {  // (O_TRUNC: sysfs ignores it; a fake tree needs it)
        case .success(let opened): fd = opened
        case .failure(let e):
            throw e.rawValue == EACCES || e.rawValue == EPERM ? .permissionDenied(path: path) : .writeFailed(path: path, errno: e.rawValue)
        }
        defer { Syscall.close(fd) }
        var text = String(value)
        text.append("\n")
        if case .failure(let e) = text.withUTF8({ Syscall.write(fd, UnsafeRawBufferPointer($0)) }) { throw .writeFailed(path: path, errno: e.rawValue) }
    }

    /// A small sysfs file's text without its newline, or nil.
    static func read(_ path: String) -> String? {
        guard case .success(let fd) = Syscall.open(path, flags: O_RDONLY) else { return nil }
        defer { Syscall.close(fd) }
        var bytes = [UInt8](repeating: 0, count: 64)
        guard case .success(let n) = bytes.withUnsafeMutableBytes({ Syscall.read(fd, into: $0) }), n > 0 else { return nil }
        return String(decoding: bytes[..<n], as: UTF8.self).trimmingSpaces
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while let last = s.last, last == "\n" || last == " " || last == "\t" || last == "\r" { s.removeLast() }
        while let first = s.first, first == " " || first == "\t" { s.removeFirst() }
        return String(s)
    }
}

/// Why a backlight cannot be used. PanelKit then runs without dimming, with one warning.
public enum BacklightError: Error, Hashable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case permissionDenied(path: String)
    case implausible(path: String, value: String)
    case writeFailed(path: String, errno: Int32)

    public var description: String {
        switch self {
        case .notFound(let path):
            "no backlight at \(path): dimming is off; name the panel's backlight in the board file (power.backlight; `ls /sys/class/backlight` lists them) or leave it out"
        case .permissionDenied(let path):
            "permission denied writing \(path): install PanelKit's udev rules (scripts/install), which let the video group set the backlight, or run as root; dimming is off meanwhile"
        case .implausible(let path, let value):
            "\(path) says \"\(value)\", which no backlight has: its driver is broken; dimming is off"
        case .writeFailed(let path, let errno):
            "writing \(path) failed: \(String(cString: strerror(errno)))"
        }
    }
}
#endif
