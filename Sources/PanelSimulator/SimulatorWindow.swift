import CSDL2
import PanelCore
import PanelGraphics
import PanelPlatform

/// The SDL side of the simulator: one window, a software renderer and a streaming XRGB8888
/// texture holding the UI upright, drawn scaled into the window (letterboxed when the window's shape
/// differs) with nearest-neighbour sampling, so that at 1× the window shows exactly the pixels
/// PanelKit drew.
final class SimulatorWindow {
    let window: OpaquePointer
    let renderer: OpaquePointer
    let texture: OpaquePointer
    /// The UI's size in points (the texture's size in pixels).
    let uiWidth: Int
    let uiHeight: Int
    /// Window pixels per UI point, and where the UI's top-left corner is in the window.
    private(set) var scale = 1.0
    private(set) var originX = 0.0
    private(set) var originY = 0.0
    /// Set when the window was made smaller than asked so it fits the desktop.
    let fitNote: String?

    /// Opens the window. SDL's video subsystem must be initialised.
    init(configuration: SimulatorConfiguration) throws(PlatformError) {
        let ui = configuration.uiSize
        uiWidth = Int(ui.width)
        uiHeight = Int(ui.height)
        // Nearest-neighbour scaling: a 2× window shows every panel pixel as a 2×2 block.
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "0")
        var requested = Double(configuration.preferredScale)
        var note: String?
        var usable = SDL_Rect()
        if SDL_GetDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0 {
            let fit = min(Double(usable.w) / Double(uiWidth), Double(usable.h) / Double(uiHeight))
            if fit < requested {
                let asked = requested
                requested = max(fit, 0.1)
                note =
                    "the \(uiWidth)×\(uiHeight) screen at \(Int(asked))× does not fit the desktop (\(usable.w)×\(usable.h)): shown at \(Int((requested * 100).rounded(.down))) % (resize the window to change it; nothing is cropped)"
            }
        }
        fitNote = note
        let width = Int32(max((Double(uiWidth) * requested).rounded(.down), 1))
        let height = Int32(max((Double(uiHeight) * requested).rounded(.down), 1))
        let centered = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED (a macro Swift cannot import)
        guard
            let window = SDL_CreateWindow(
                configuration.title, centered, centered, width, height, SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_RESIZABLE.rawValue)
        else {
            throw PlatformError(.display, "SDL could not open a \(width)×\(height) window: \(Self.lastError())")
        }
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            let error = Self.lastError()
            SDL_DestroyWindow(window)
            throw PlatformError(.display, "SDL could not make a renderer for the window: \(error)")
        }
        guard
            let texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_XRGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(uiWidth), Int32(uiHeight))
        else {
            let error = Self.lastError()
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            throw PlatformError(.display, "SDL could not make a \(uiWidth)×\(uiHeight) texture: \(error)")
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        self.window = window
        self.renderer = renderer
        self.texture = texture
        layout()
    }

    /// Closes the window.
    func close() {
        SDL_DestroyTexture(texture)
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// SDL's id of the window (events name it).
    var windowID: UInt32 { SDL_GetWindowID(window) }

    /// Copies `rect` of the upright UI bitmap into the texture.
    func update(_ rect: PixelRect, from pixels: PixelBuffer) {
        guard !rect.isEmpty else { return }
        var area = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
        SDL_UpdateTexture(texture, &area, pixels.address(x: rect.x, y: rect.y), Int32(pixels.strideBytes))
    }

    /// Draws the texture into the window and shows it.
    func present() {
        SDL_SetRenderDrawColor(renderer, 0x20, 0x20, 0x20, 0xFF)
        SDL_RenderClear(renderer)
        var target = SDL_FRect(x: Float(originX), y: Float(originY), w: Float(Double(uiWidth) * scale), h: Float(Double(uiHeight) * scale))
        SDL_RenderCopyF(renderer, texture, nil, &target)
        SDL_RenderPresent(renderer)
    }

    /// Recomputes the scale and the letterbox after the window changed size.
    func layout() {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard w > 0, h > 0 else { return }
        let s = min(Double(w) / Double(uiWidth), Double(h) / Double(uiHeight))
        // A whole multiple keeps every pixel square and sharp; below 1× any factor must do.
        scale = s >= 1 ? s.rounded(.down) : s
        originX = ((Double(w) - Double(uiWidth) * scale) / 2).rounded(.down)
        originY = ((Double(h) - Double(uiHeight) * scale) / 2).rounded(.down)
    }

    /// The UI point under a window pixel (unclamped: a drag may leave the window).
    func uiPoint(windowX: Int32, windowY: Int32) -> Point {
        Point(x: (Double(windowX) - originX) / scale, y: (Double(windowY) - originY) / scale)
    }

    /// SDL's last error message.
    static func lastError() -> String {
        guard let message = SDL_GetError() else { return "unknown error" }
        let text = String(cString: message)
        return text.isEmpty ? "unknown error" : text
    }
}
