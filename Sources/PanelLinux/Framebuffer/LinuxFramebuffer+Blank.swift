#if os(Linux)
import Glibc
public import PanelGraphics

extension LinuxFramebuffer {
    private static let blank: UInt = 0x4611  // FBIOBLANK
    private static let unblank: UInt = 0  // FB_BLANK_UNBLANK
    private static let powerDown: UInt = 4  // FB_BLANK_POWERDOWN

    /// Turns the display on or off (`FBIOBLANK`; drivers that cannot blank refuse it).
    /// - Throws: ``FramebufferError/systemCallFailed(path:call:errno:)``.
    public func setDisplayPower(on: Bool) throws(FramebufferError) {
        if case .failure(let e) = Syscall.ioctl(fd, Self.blank, value: on ? Self.unblank : Self.powerDown) {
            throw .systemCallFailed(path: path, call: "FBIOBLANK", errno: e.rawValue)
        }
    }
}
#endif
