/// How lit the screen is: on, dimmed to a backlight level, or blanked (backlight and display
/// off).
public enum ScreenState: Sendable, Hashable, CustomStringConvertible {
    case on
    /// Dimmed to this fraction of the full brightness (0…1).
    case dimmed(Double)
    case blanked

    public var description: String {
        switch self {
        case .on: "on"
        case .dimmed(let level): "dimmed to \(Int((level * 100).rounded())) %"
        case .blanked: "blanked"
        }
    }
}

/// A platform's control of its screen's power: the backlight (`/sys/class/backlight`) and the
/// display itself (DRM's DPMS, fbdev's blanking). Failures are the platform's to report once;
/// the UI goes on either way.
@MainActor
public protocol ScreenPower: AnyObject {
    /// Puts the screen in `state`.
    func apply(_ state: ScreenState)
}
