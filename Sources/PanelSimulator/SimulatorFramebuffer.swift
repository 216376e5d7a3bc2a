#if Simulator
// Compiled only with the Simulator trait: a plain `swift build` of the package (a board
// without SDL) builds this module empty.
public import PanelCore
public import PanelGraphics
import PanelPlatform

/// The simulator's display: the panel's memory in its native orientation and format (what a
/// board's `/dev/fbN` would hold), and a copy turned upright that the window shows. Each
/// ``present(_:)`` turns the dirty rectangles upright, uploads them and shows the window.
public final class SimulatorFramebuffer: Framebuffer {
    /// The panel's pixels, as on the board.
    public let panel: Bitmap
    /// The UI upright, in XRGB8888 (a 16-bit panel's pixels expanded as PNG screenshots
    /// expand them): what the window shows at 1×.
    public let upright: Bitmap
    /// How the UI is turned on the panel.
    public let rotation: Rotation
    /// Frames presented so far.
    public private(set) var presentedFrames = 0
    /// Called after each present (the latency benchmark's probe).
    public var didPresent: (() -> Void)?
    let window: SimulatorWindow?

    init(configuration: SimulatorConfiguration, window: SimulatorWindow?) throws(PanelKitError) {
        panel = Bitmap(width: configuration.panelWidth, height: configuration.panelHeight, format: configuration.format)
        let ui = configuration.uiSize
        upright = Bitmap(width: Int(ui.width), height: Int(ui.height), format: .xrgb8888)
        rotation = configuration.rotation
        self.window = window
        try window?.attach(upright.pixels)
        window?.refresh()
    }

    public var geometry: FramebufferGeometry {
        let p = panel.pixels
        return FramebufferGeometry(width: p.width, height: p.height, strideBytes: p.strideBytes, format: p.format)
    }

    public func withBackBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R {
        try body(panel.pixels)
    }

    public func present(_ region: DirtyRegion) throws(FramebufferError) {
        var shown = DirtyRegion(bounds: upright.pixels.bounds)
        for rect in region {
            shown.add(upright.pixels.copyUpright(rect, from: panel.pixels, rotation: rotation))
        }
        window?.show(shown)
        presentedFrames += 1
        didPresent?()
    }

    public func withFrontBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R {
        try body(panel.pixels)
    }

    /// What the window shows, upright, as a PNG-ready image.
    public func uprightScreenshot() -> Image {
        Image(upright.pixels)
    }

    /// Writes what the window shows, upright, to a PNG file, a row at a time (no copy).
    public func writeUprightScreenshot(to path: String) throws(ImageError) {
        try upright.pixels.writePNG(to: path)
    }

    /// Shows the last frame again (the window was exposed or resized).
    func refresh() {
        window?.refresh()
    }
}
#endif
