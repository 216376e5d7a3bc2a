import PanelBench
import PanelCore
import PanelUI
import Testing

extension AllocationTests {
    @MainActor
    @Suite("Zero allocation when drawing the layer look", .serialized)
    struct Look {
        @Test(
            "redrawing shadows, round clips, gradients, a faded group and a chart area allocates nothing once drawn",
            .enabled(if: isOptimizedBuild), arguments: [PixelFormat.xrgb8888, .rgb565])
        func steadyLookFrames(format: PixelFormat) throws {
            let framebuffer = MemoryFramebuffer(width: 400, height: 240, format: format)
            let clock = ManualClock()
            clock.recordsSleeps = false
            let app = Application(clock: clock)
            let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 240))
            window.backgroundColor = Color(rgb: 0xF0F1F4)
            app.addWindow(window)
            window.makeKeyAndVisible()
            let card = View(frame: Rect(x: 16, y: 16, width: 200, height: 90))
            card.backgroundColor = .white
            card.cornerRadius = 10
            card.shadowOpacity = 0.3
            card.shadowRadius = 8
            card.shadowOffset = Size(width: 0, height: 4)
            window.addSubview(card)
            let round = View(frame: Rect(x: 240, y: 16, width: 90, height: 90))
            round.clipsToBounds = true
            round.cornerRadius = 45
            let inside = View(frame: Rect(x: 0, y: 0, width: 90, height: 90))
            inside.backgroundColor = .blue
            round.addSubview(inside)
            window.addSubview(round)
            let gradient = GradientView(frame: Rect(x: 16, y: 124, width: 90, height: 100))
            gradient.colors = [.blue, .clear]
            window.addSubview(gradient)
            let group = View(frame: Rect(x: 120, y: 124, width: 60, height: 40))
            group.alpha = 0.5
            group.allowsGroupOpacity = true
            for x in [0.0, 20.0] {
                let square = View(frame: Rect(x: x, y: 0, width: 40, height: 40))
                square.backgroundColor = .red
                group.addSubview(square)
            }
            window.addSubview(group)
            let chart = ChartView(frame: Rect(x: 200, y: 124, width: 190, height: 106))
            let series = chart.addSeries(name: "a", color: .blue)
            series.areaColors = (Color.blue.withAlphaComponent(0.6), .clear)
            for i in 0 ..< 100 { series.append(Double(i % 17)) }
            window.addSubview(chart)
            let display = Display(framebuffer: framebuffer)
            app.display = display
            func frames(_ n: Int) {
                for i in 0 ..< n {
                    display.setNeedsDisplay()
                    card.frame.origin = Point(x: 16 + Double(i % 3), y: 16)
                    series.append(Double(i % 23))
                    _ = try? app.render()
                }
            }
            frames(20)
            let before = framebuffer.presentedFrames
            let mallocs = countMallocs { frames(50) }
            #expect(framebuffer.presentedFrames - before == 50)
            #expect(mallocs == 0, "\(mallocs) mallocs in 50 frames")
        }
    }
}
