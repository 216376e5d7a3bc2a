import BenchScreens
import Benchmark
import BenchmarkSupport
import CSDL2
import Glibc
import PanelBench
import PanelSimulator
import PanelUI

// The simulator's latency: a mouse event → the frame that shows it, presented in the window.
// LVGL's 100-button screen (800×480) in a SimulatorPlatform; each iteration pushes one SDL
// mouse event (a press on a random button, then its release) with SDL_PushEvent and times
// until SDL_RenderPresent has returned: SDL's queue, the wait, MouseFingers, the tracker, the
// event queue, dispatch, the button's highlight, the redraw, the upright copy, the texture
// upload and the present. Without DISPLAY, SDL's offscreen driver (a memory window); run
// under `xvfb-run -a scripts/bench --filter Simulator` for an X11 window.

@MainActor
final class SimulatorBench {
    static let shared = SimulatorBench()

    let platform: SimulatorPlatform
    let grid: ButtonGrid
    var random = LCG()
    var pressedAt: (Int32, Int32)?
    var presentedBefore = 0

    init() {
        if getenv("DISPLAY") == nil { setenv("SDL_VIDEODRIVER", "offscreen", 1) }
        do {
            platform = try SimulatorPlatform(configuration: SimulatorConfiguration(panelWidth: 800, panelHeight: 480, scale: 1))
        } catch {
            fatalError("the simulator benchmark could not open its window: \(error)")
        }
        grid = ButtonGrid(count: 100, clock: platform.clock, eventQueue: platform.eventQueue)
        grid.application.display = Display(framebuffer: platform.framebuffer)
        do { try platform.start(client: grid.application) } catch { fatalError("\(error)") }
        grid.application.runOnce()
    }

    /// One mouse event (a press on a random button, or the release of the pressed one) through
    /// to the presented frame.
    func eventToPresentedFrame() {
        var event = SDL_Event()
        if let (x, y) = pressedAt {
            event.type = SDL_MOUSEBUTTONUP.rawValue
            event.button.x = x
            event.button.y = y
            pressedAt = nil
        } else {
            let centre = grid.center(of: random.next(below: grid.buttons.count))
            event.type = SDL_MOUSEBUTTONDOWN.rawValue
            event.button.x = Int32(centre.x)
            event.button.y = Int32(centre.y)
            pressedAt = (event.button.x, event.button.y)
        }
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        let before = platform.display.presentedFrames
        SDL_PushEvent(&event)
        while platform.display.presentedFrames == before {
            _ = platform.waitForEvents(until: nil)
            grid.application.runOnce()
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 10, maxDuration: .seconds(3), maxIterations: 2000,
        thresholds: [.wallClock: BenchmarkThresholds(relative: [.p90: 50.0])])

    mainActorBenchmark("Simulator_MouseEventToPresentedFrame_100Buttons_800x480") { benchmark in
        let bench = SimulatorBench.shared
        benchmark.startMeasurement()
        bench.eventToPresentedFrame()
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("Allocations_Simulator_MouseEventToPresentedFrame", configuration: allocationsOnly()) { benchmark in
        let bench = SimulatorBench.shared
        benchmark.startMeasurement()
        bench.eventToPresentedFrame()
        benchmark.stopMeasurement()
    }
}
