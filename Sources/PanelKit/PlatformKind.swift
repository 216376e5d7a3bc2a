/// The backends PanelKit ships, as the command line chooses them (`--headless`, `--simulator`,
/// a real board's default). An app brings a backend of its own by handing `PanelRuntime` (or
/// `PanelApp.main`) a platform factory instead.
public enum PlatformKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A memory framebuffer and an emulated controller in virtual time: scripted sessions, tests.
    case headless
    /// The board's framebuffer device and its touch controller (I2C and GPIO, or evdev).
    case linux
    /// A desktop window (SDL2): the mouse is a finger, the keyboard the panel's buttons.
    case simulator

    /// The name the command line uses.
    public var description: String { rawValue }
}
