import BenchScreens
import MallocInterposerSwift
import PanelBench
import PanelCore
import PanelUI
import Testing

extension AllocationTests {
    @MainActor
    @Suite("Zero allocation when rendering", .serialized)
    struct Rendering {
        static func screen(format: PixelFormat) -> (ButtonGrid, MemoryFramebuffer, Display) {
            let clock = ManualClock()
            clock.recordsSleeps = false
            let grid = ButtonGrid(count: 100, clock: clock)
            let framebuffer = MemoryFramebuffer(width: 800, height: 480, format: format)
            let display = Display(framebuffer: framebuffer)
            grid.application.display = display
            return (grid, framebuffer, display)
        }

        @Test(
            "full-frame redraws and one-button redraws of 100 labelled buttons make no allocation", .enabled(if: isOptimizedBuild),
            arguments: [PixelFormat.xrgb8888, .rgb565])
        func steadyStateFrames(format: PixelFormat) throws {
            let (grid, framebuffer, display) = Self.screen(format: format)
            func frames(_ n: Int) {
                for i in 0 ..< n {
                    let button = grid.buttons[(i * 37) % grid.buttons.count]
                    display.setNeedsDisplay()
                    _ = try? grid.application.render()
                    button.isHighlighted = true
                    _ = try? grid.application.render()
                    button.isHighlighted = false
                    _ = try? grid.application.render()
                }
            }
            // Warm-up: font decoding, the first full frame, and every button pressed once. No
            // time passes, so each release leaves its highlight fade registered on the frame
            // clock: its list of callbacks grows to 100 and then stays there.
            frames(100)
            let before = framebuffer.presentedFrames
            let mallocs = countMallocs { frames(100) }
            #expect(framebuffer.presentedFrames - before == 300)
            #expect(mallocs == 0, "\(mallocs) mallocs in 300 frames")
        }

        @Test("a rotated display renders without allocating too", .enabled(if: isOptimizedBuild))
        func rotatedFrames() throws {
            let clock = ManualClock()
            clock.recordsSleeps = false
            let grid = ButtonGrid(count: 100, clock: clock, width: 480, height: 800)
            let framebuffer = MemoryFramebuffer(width: 800, height: 480)
            grid.application.display = Display(framebuffer: framebuffer, rotation: .degrees90)
            _ = try grid.application.render()
            let button = grid.buttons[42]
            // Warm-up: the first release starts the frame clock, made on first use.
            button.isHighlighted = true
            button.isHighlighted = false
            let before = framebuffer.presentedFrames
            let mallocs = countMallocs {
                for i in 0 ..< 50 {
                    // Assign rather than `toggle()`: the inout access of an open property goes
                    // through its modify coroutine, whose frame is heap-allocated.
                    button.isHighlighted = i % 2 == 0
                    _ = try? grid.application.render()
                }
            }
            #expect(framebuffer.presentedFrames - before == 50)
            #expect(mallocs == 0, "\(mallocs) mallocs in 50 frames")
        }

        @Test("the frames of a scale-and-turn animation of a button (layer drawn, sampled, presented) allocate nothing", .enabled(if: isOptimizedBuild))
        func transformAnimationFrames() throws {
            let clock = ManualClock()
            clock.recordsSleeps = false
            let grid = ButtonGrid(count: 100, clock: clock)
            let framebuffer = MemoryFramebuffer(width: 800, height: 480)
            grid.application.display = Display(framebuffer: framebuffer)
            let button = grid.buttons[12]
            _ = try grid.application.render()
            // The animation's own objects are made when it starts; its frames must make none.
            View.animate(withDuration: 10, options: .curveLinear) {
                button.transform = AffineTransform(rotationAngle: 1).scaledBy(x: 1.8, y: 1.8)
            }
            func frames(_ n: Int) {
                for _ in 0 ..< n {
                    clock.advance(by: .milliseconds(17))  // past each 60 Hz frame
                    grid.application.runOnce()
                }
            }
            frames(5)  // warm-up: the button's layer is made on its first transformed frame
            let before = framebuffer.presentedFrames
            let mallocs = countMallocs { frames(200) }
            #expect(framebuffer.presentedFrames - before == 200)
            #expect(mallocs == 0, "\(mallocs) mallocs in 200 frames")
        }

        @Test("drawing TrueType labels (60 Latin glyphs, 20 Chinese) with a warm glyph cache allocates nothing", .enabled(if: isOptimizedBuild))
        func trueTypeText() throws {
            let family = try FontFamily(contentsOfFiles: [
                "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
            ])
            let latin = "Touch the screen to begin. Kerning: AVATAR, Toast, WAVE 1234"
            let chinese = "触摸屏幕开始使用，中文文本显示正确无误。"
            let bitmap = Bitmap(width: 800, height: 100, format: .xrgb8888)
            let font = family.font(size: 18)
            func draw() {
                bitmap.withCanvas { canvas in
                    canvas.drawText(latin, in: PixelRect(x: 0, y: 0, width: 800, height: 40), font: font, color: .black)
                    canvas.drawText(chinese, in: PixelRect(x: 0, y: 50, width: 800, height: 40), font: font, color: .black)
                }
            }
            draw()  // warm-up: glyphs rendered into the cache, buffers grown
            let mallocs = countMallocs {
                for _ in 0 ..< 100 { draw() }
            }
            #expect(mallocs == 0, "\(mallocs) mallocs in 100 draws")
        }
    }
}
