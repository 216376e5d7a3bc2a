#if Simulator
// Compiled only with the Simulator trait: a plain `swift build` of the package (a board
// without SDL) builds this module empty.
public import PanelCore
public import PanelGraphics

/// What the simulator shows: a board's panel, in a window.
public struct SimulatorConfiguration: Sendable, Hashable {
    /// The panel's native width and height in pixels (the board's `display.width`/`height`).
    public var panelWidth: Int
    /// The panel's native height in pixels.
    public var panelHeight: Int
    /// The panel's pixel format: the window shows what the panel would (RGB565 banding included).
    public var format: PixelFormat
    /// How the UI is turned on the panel; the window shows it upright.
    public var rotation: Rotation
    /// The window's title (the board's model).
    public var title: String
    /// Window pixels per UI point: 1 or 2; nil chooses 2 for a small panel (no side over 480
    /// points) and 1 otherwise. A window that would not fit the desktop is scaled down to fit.
    public var scale: Int?
    /// Where the screenshot key (Ctrl+S) writes its PNGs.
    public var screenshotDirectory: String

    /// A configuration.
    public init(
        panelWidth: Int, panelHeight: Int, format: PixelFormat = .xrgb8888, rotation: Rotation = .degrees0,
        title: String = "PanelKit", scale: Int? = nil, screenshotDirectory: String = "."
    ) {
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        self.format = format
        self.rotation = rotation
        self.title = title
        self.scale = scale
        self.screenshotDirectory = screenshotDirectory
    }

    /// The UI's size in points: the panel turned by ``rotation``.
    public var uiSize: Size {
        switch rotation {
        case .degrees0, .degrees180: Size(width: panelWidth, height: panelHeight)
        case .degrees90, .degrees270: Size(width: panelHeight, height: panelWidth)
        }
    }

    /// The scale asked for, or the automatic one (2 for small panels).
    public var preferredScale: Int {
        if let scale { return scale }
        return max(panelWidth, panelHeight) <= 480 ? 2 : 1
    }
}
#endif
