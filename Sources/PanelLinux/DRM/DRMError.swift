#if os(Linux)
import Glibc

/// Why a DRM/KMS display could not be opened or shown; each message says how to fix it.
public enum DRMError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No `/dev/dri/card*` exists (or the one named is missing).
    case deviceNotFound(path: String)
    /// The process may not open the device.
    case permissionDenied(path: String)
    /// The device does no mode setting (a render-only GPU node).
    case notModesetting(path: String)
    /// The driver has no dumb buffers, so the CPU cannot draw into a scan-out buffer.
    case noDumbBuffers(path: String)
    /// No connector has a display attached (or the one named is not connected).
    case noConnectedConnector(path: String, connectors: [String])
    /// The board names a connector the card does not have.
    case connectorNotFound(path: String, name: String, connectors: [String])
    /// The board names a mode the connector does not offer.
    case modeNotFound(path: String, connector: String, wanted: String, available: [String])
    /// Another program is DRM master (an X server, a Wayland compositor).
    case notMaster(path: String)
    /// The board's pixel format cannot be scanned out by this backend.
    case unsupportedFormat(path: String, format: String)
    /// A call failed.
    case systemCallFailed(path: String, call: String, errno: Int32)

    public var description: String {
        switch self {
        case .deviceNotFound(let path):
            return
                "\(path) does not exist: no DRM driver is loaded (on a Pi, dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt), or name the card in the board file (display.device \"/dev/dri/card1\"); `ls /dev/dri` lists them"
        case .permissionDenied(let path):
            return
                "permission denied opening \(path): add the user to the video and render groups (sudo usermod -aG video,render $USER, then log in again) or install PanelKit's udev rules (scripts/install)"
        case .notModesetting(let path):
            return "\(path) cannot set display modes (a render-only GPU): name the display card in the board file (`ls /dev/dri`, e.g. /dev/dri/card1)"
        case .noDumbBuffers(let path):
            return "\(path): the driver offers no dumb buffers, so nothing can be drawn by the CPU; use its fbdev device (display.device \"/dev/fb0\")"
        case .noConnectedConnector(let path, let connectors):
            return
                "\(path): no display is connected (connectors: \(connectors.isEmpty ? "none" : connectors.joined(separator: ", "))): plug it in, check its cable and overlay, or name a connector in the board file (display.connector)"
        case .connectorNotFound(let path, let name, let connectors):
            return "\(path) has no connector \"\(name)\": it has \(connectors.isEmpty ? "none" : connectors.joined(separator: ", ")); fix display.connector"
        case .modeNotFound(let path, let connector, let wanted, let available):
            return
                "\(path): \(connector) does not offer the mode \(wanted); it offers \(available.joined(separator: ", ")); fix display.mode in the board file (or leave it out for the preferred mode)"
        case .notMaster(let path):
            return
                "\(path): another program drives the display (an X server or Wayland compositor is DRM master): stop it (e.g. `sudo systemctl stop lightdm`) or run PanelKit on a console of its own"
        case .unsupportedFormat(let path, let format):
            return "\(path): \(format) cannot be scanned out here; use xrgb8888 or rgb565 in display.format"
        case .systemCallFailed(let path, let call, let errno):
            return "\(path): \(call) failed: \(String(cString: strerror(errno)))"
        }
    }
}
#endif
