#if os(Linux)
import PanelCore
public import PanelGraphics
public import PanelLinux
public import PanelPlatform
public import Logging

/// A board's screen power: the backlight (`/sys/class/backlight`) dims and goes dark, and a
/// blanked display is turned off too (DPMS through DRM, `FBIOBLANK` on fbdev).
///
/// A part that fails is reported once and left alone from then on; the app keeps running
/// and the others still work (a panel without a backlight still blanks its display).
@MainActor
public final class LinuxScreenPower: ScreenPower {
    /// The backlight, when the board has one and it could be opened.
    public private(set) var backlight: SysfsBacklight?
    /// The state last applied.
    public private(set) var state: ScreenState = .on
    private weak var framebuffer: (any Framebuffer)?
    private var displayPowerWorks = true
    private let logger: Logger

    /// - Parameters:
    ///   - directory: the backlight's directory (`/sys/class/backlight/NAME`), or nil for none.
    ///   - framebuffer: the display, for turning it off when blanked.
    ///   - logger: told of each change of state (info), and once about each part that does not
    ///     work (warning).
    public init(backlight directory: String?, framebuffer: any Framebuffer, logger: Logger) {
        self.framebuffer = framebuffer
        self.logger = logger.subsystem("power")
        if let directory {
            do {
                backlight = try SysfsBacklight(directory: directory)
            } catch {
                self.logger.warning("\(error)")
            }
        }
    }

    /// Puts the backlight and the display in `new`'s state (on, dimmed or blanked).
    public func apply(_ new: ScreenState) {
        guard new != state else { return }
        state = new
        switch new {
        case .on: logger.info("screen on")
        case .dimmed(let level): logger.info("screen dimmed", metadata: ["brightness": "\(Int((level * 100).rounded())) %"])
        case .blanked: logger.info("screen blanked")
        }
        switch new {
        case .on:
            setDisplay(on: true)
            withBacklight { (b) throws(BacklightError) in
                try b.setPower(on: true); try b.set(fraction: 1)
            }
        case .dimmed(let level):
            setDisplay(on: true)
            withBacklight { (b) throws(BacklightError) in
                try b.setPower(on: true); try b.set(fraction: level)
            }
        case .blanked:
            withBacklight { (b) throws(BacklightError) in
                try b.set(fraction: 0); try b.setPower(on: false)
            }
            setDisplay(on: false)
        }
    }

    private func withBacklight(_ body: (SysfsBacklight) throws(BacklightError) -> Void) {
        guard let backlight else { return }
        do {
            try body(backlight)
        } catch {
            logger.warning("\(error); dimming is off from now on")
            self.backlight = nil
        }
    }

    private func setDisplay(on: Bool) {
        guard displayPowerWorks, let framebuffer else { return }
        do {
            if let drm = framebuffer as? DRMFramebuffer {
                try drm.setDisplayPower(on: on)
            } else if let fbdev = framebuffer as? LinuxFramebuffer {
                try fbdev.setDisplayPower(on: on)
            }
        } catch {
            displayPowerWorks = false
            logger.warning("the display cannot be turned \(on ? "on" : "off") (\(error)); only the backlight changes from now on")
        }
    }
}
#endif
