import ArgumentParser
import PanelBench
import PanelBoards
import PanelCore
import PanelGraphics
import PanelKit
import PanelLinuxPlatform
import PanelPlatform
import PanelUI

#if os(Linux)
import PanelLinux
#endif

/// `panelctl fb-info`
struct FramebufferInfo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fb-info", abstract: "Print the board's framebuffer: size, stride, pixel format, driver and how frames are presented.")

    @OptionGroup var options: BoardOptions

    func run() throws {
        let board = try options.load()
        let framebuffer = try makeFramebuffer(for: board)
        let g = framebuffer.geometry
        say("device: \(board.display.device)")
        #if os(Linux)
        if let drm = framebuffer as? DRMFramebuffer {
            say("driver: DRM/KMS \(drm.path), connector \(drm.output.connector.name), mode \(drm.output.mode)")
            say("presenting: two dumb buffers, page-flipped on vertical blank")
            say("modes: \(drm.output.connector.modes.map(\.description).joined(separator: ", "))")
        }
        if let linux = framebuffer as? LinuxFramebuffer {
            say("driver: \(linux.layout.driver)")
            say("presenting: \(linux.mode == .pageFlipping ? "two pages, flipped with FBIOPAN_DISPLAY" : "shadow buffer in RAM, dirty rectangles copied")")
            say("mapped: \(linux.layout.mappedLength) bytes")
        }
        #endif
        if board.display.device == .memory { say("driver: memory (the bench; see it with panelctl screenshot)") }
        say("size: \(g.width)×\(g.height) pixels")
        say("stride: \(g.strideBytes) bytes per line")
        say("format: \(g.format), \(g.format.bitsPerPixel) bits per pixel")
        say("rotation: \(board.display.rotation.rawValue)° (the UI is \(Int(board.display.uiSize.width))×\(Int(board.display.uiSize.height)))")
    }
}

/// `panelctl fb-test`
struct FramebufferTest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fb-test",
        abstract: "Draw colour bars, a grid and labelled corner marks through the board's rotation, to check colours, axes and rotation.",
        discussion:
            "The corner marked TOP LEFT must be at the top left as the panel is mounted, and the arrow must point up; otherwise fix display.rotation in the board file."
    )

    @OptionGroup var options: BoardOptions

    @Option(help: ArgumentHelp("Also write what was drawn to this PNG file.", valueName: "file"))
    var screenshot: String?

    @Option(
        help: ArgumentHelp(
            "Keep the pattern on screen this long before exiting. A DRM display goes back to the console when the program exits, so there it defaults to 10 s; fbdev keeps the picture.",
            valueName: "seconds"))
    var hold: Double?

    func run() throws {
        let board = try options.load()
        try MainActor.assumeIsolated {
            let framebuffer = try makeFramebuffer(for: board)
            let (app, window) = PanelRuntime.makeApplication(board: board, framebuffer: framebuffer, clock: ManualClock())
            window.addSubview(TestPattern(frame: window.bounds))
            do { try app.render() } catch { throw CommandFailure("\(board.display.device): \(error)") }
            let ui = board.display.uiSize
            say(
                "drew the test pattern on \(board.display.device) (\(Int(ui.width))×\(Int(ui.height)) UI, rotation \(board.display.rotation.rawValue)°): 8 colour bars, a 40-pixel grid, corner marks, an arrow pointing up"
            )
            if let screenshot {
                do { try framebuffer.writeScreenshot(to: screenshot) } catch { throw CommandFailure("\(screenshot): \(error)") }
                say("screenshot: \(screenshot)")
            }
            #if os(Linux)
            let seconds = hold ?? (framebuffer is DRMFramebuffer ? 10 : 0)
            if seconds > 0, seconds.isFinite {
                say("holding it for \(seconds) s")
                SystemClock().sleep(for: .milliseconds(Int64(min(seconds, 86_400) * 1000)))
            }
            #endif
        }
    }
}

/// The fb-test picture, drawn in UI coordinates (so the Display's rotation applies).
@MainActor
final class TestPattern: View {
    static let bars: [Color] = [.white, .yellow, Color(rgb: 0x00FFFF), .green, Color(rgb: 0xFF00FF), .red, .blue, .black]

    override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let w = Int(bounds.size.width), h = Int(bounds.size.height)
        canvas.fill(PixelRect(x: 0, y: 0, width: w, height: h), color: Color(rgb: 0x202020))
        // Colour bars across the middle third.
        let barWidth = max(1, w / TestPattern.bars.count)
        for (i, color) in TestPattern.bars.enumerated() {
            canvas.fill(PixelRect(x: i * barWidth, y: h / 3, width: i == TestPattern.bars.count - 1 ? w - i * barWidth : barWidth, height: h / 3), color: color)
        }
        // A grey ramp under the bars.
        for x in 0 ..< w {
            let v = UInt8(x * 255 / max(1, w - 1))
            canvas.fill(PixelRect(x: x, y: 2 * h / 3, width: 1, height: h / 12), color: Color(red: v, green: v, blue: v))
        }
        // A 40-pixel grid.
        for x in stride(from: 0, to: w, by: 40) { canvas.fill(PixelRect(x: x, y: 0, width: 1, height: h / 3), color: Color(rgb: 0x505050)) }
        for y in stride(from: 0, to: h / 3, by: 40) { canvas.fill(PixelRect(x: 0, y: y, width: w, height: 1), color: Color(rgb: 0x505050)) }
        // Corner marks: an L in each corner, one colour each, labelled.
        let arm = max(12, min(w, h) / 8)
        let marks: [(Int, Int, Int, Int, Color, String)] = [
            (0, 0, 1, 1, .red, "TOP LEFT"), (w - 1, 0, -1, 1, .green, "TOP RIGHT"),
            (0, h - 1, 1, -1, .blue, "BOTTOM LEFT"), (w - 1, h - 1, -1, -1, .yellow, "BOTTOM RIGHT"),
        ]
        for (x, y, dx, dy, color, label) in marks {
            canvas.fill(PixelRect(x: dx > 0 ? x : x - arm + 1, y: dy > 0 ? y : y - 3, width: arm, height: 4), color: color)
            canvas.fill(PixelRect(x: dx > 0 ? x : x - 3, y: dy > 0 ? y : y - arm + 1, width: 4, height: arm), color: color)
            let text = label
            let width = Font.caption.width(of: text)
            let tx = dx > 0 ? 8 : w - 8 - width
            let ty = dy > 0 ? 8 : h - 8 - 14
            _ = canvas.drawText(text, at: (tx, ty), font: .caption, color: color)
        }
        // An arrow pointing up, in the middle of the top third.
        let cx = Double(w / 2), top = Double(max(20, h / 12)), bottom = Double(h / 3 - 8)
        canvas.drawLine(from: (cx, top), to: (cx, bottom), width: 4, color: .white)
        canvas.drawLine(from: (cx, top), to: (cx - 14, top + 16), width: 4, color: .white)
        canvas.drawLine(from: (cx, top), to: (cx + 14, top + 16), width: 4, color: .white)
        _ = canvas.drawText("UP", at: (Int(cx) + 12, Int(bottom) - 18), font: .body, color: .white)
    }
}

/// `panelctl screenshot`
struct Screenshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Save what the board's framebuffer shows as a PNG.",
        discussion: "On a mock board the memory framebuffer first gets the demo's home screen (a new process has nothing else on it).")

    @OptionGroup var options: BoardOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG file to write.", valueName: "file"))
    var output = "screenshot.png"

    @Flag(help: "What the running kiosk app shows, read from its diagnostics socket (--socket).")
    var running = false

    @Option(help: ArgumentHelp("The running app's diagnostics socket.", valueName: "path"))
    var socket = "/run/panelkit/diagnostics.sock"

    func run() throws {
        #if os(Linux)
        if running {
            let response: (status: Int, body: [UInt8])
            do { response = try DiagnosticsClient.get("/screenshot.png", from: socket) } catch { throw CommandFailure("\(error)") }
            guard response.status == 200 else {
                throw CommandFailure("\(socket): status \(response.status): \(String(decoding: response.body, as: UTF8.self))")
            }
            do { try writeFile(output, response.body) } catch { throw CommandFailure("\(output): \(error)") }
            say("\(output): \(response.body.count) bytes of PNG from the running app (\(socket))")
            return
        }
        #endif
        let board = try options.load()
        try MainActor.assumeIsolated {
            #if os(Linux)
            // A DRM card: read what its CRTC scans out (a running app's frame) without taking it.
            if case .drm(let named) = board.display.device, let card = named ?? DRMCards.firstConnected() {
                let image: Image
                do { image = try DRMScanout.capture(path: card) } catch { throw CommandFailure("\(error)") }
                do { try image.writePNG(to: output) } catch { throw CommandFailure("\(output): \(error)") }
                say("\(output): \(image.width)×\(image.height) scanned out by \(card)")
                return
            }
            #endif
            let framebuffer = try makeFramebuffer(for: board)
            if board.display.device == .memory {
                let (app, _) = makeKiosk(board: board, framebuffer: framebuffer)
                do { try app.render() } catch { throw CommandFailure("\(error)") }
            }
            do { try framebuffer.writeScreenshot(to: output) } catch { throw CommandFailure("\(output): \(error)") }
            let g = framebuffer.geometry
            say("\(output): \(g.width)×\(g.height) from \(board.display.device) (\(g.format))")
        }
    }
}

/// The demo app in a new application; its log is printed, its times are counted from now on
/// `clock`.
@MainActor
func makeKiosk(
    board: Board, framebuffer: any Framebuffer, clock: any MonotonicClock = ManualClock(), eventQueue: EventQueue? = nil
) -> (Application, KioskScreen) {
    let (app, window) = PanelRuntime.makeApplication(board: board, framebuffer: framebuffer, clock: clock, eventQueue: eventQueue)
    let demo = DemoApp(window: window, boardName: board.name, boardModel: board.model, fonts: nil)
    let screen = demo.screen
    keepAlive(demo)
    let start = clock.now
    screen.now = { Double((clock.now - start).nanoseconds) / 1_000_000 }
    screen.onLog = { say(line(for: $0)) }
    return (app, screen)
}

/// The demo apps made here live as long as the process (their controllers hold them weakly).
@MainActor private var keptDemos: [DemoApp] = []
@MainActor func keepAlive(_ demo: DemoApp) { keptDemos.append(demo) }
