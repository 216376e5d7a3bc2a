import PanelBench
import PanelCore
import PanelGraphics
import PanelUI

/// A screen with a title, a coloured background and a labelled button, logging its
/// lifecycle and containment callbacks as "name.callback".
@MainActor
final class ScreenController: ViewController {
    let name: String
    let log: Log
    let color: Color

    init(_ name: String, _ log: Log, color: Color = .white) {
        self.name = name
        self.log = log
        self.color = color
        super.init()
        title = name
    }

    override func viewDidLoad() {
        view.backgroundColor = color
        let button = Button(frame: Rect(x: 20, y: 20, width: 120, height: 44))
        button.setTitle(name, for: .normal)
        view.addSubview(button)
        log.add("\(name).viewDidLoad")
    }

    override func viewWillAppear(_ animated: Bool) { log.add("\(name).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name).viewDidDisappear") }
    override func willMove(toParent parent: ViewController?) { log.add("\(name).willMove(\(parent == nil ? "nil" : "parent"))") }
    override func didMove(toParent parent: ViewController?) { log.add("\(name).didMove(\(parent == nil ? "nil" : "parent"))") }
}

/// A 320 × 240 screen drawing into memory, its root a navigation controller over `root`.
@MainActor
func navigationBench(_ root: ViewController, format: PixelFormat = .xrgb8888) -> (Bench, NavigationController, MemoryFramebuffer) {
    let bench = Bench(width: 320, height: 240)
    let framebuffer = MemoryFramebuffer(width: 320, height: 240, format: format)
    bench.app.display = Display(framebuffer: framebuffer)
    let navigation = NavigationController(rootViewController: root)
    bench.window.rootViewController = navigation
    bench.app.runOnce()
    return (bench, navigation, framebuffer)
}

extension Bench {
    /// A finger from the left edge at height `y` dragged to `x`: with `flick`, in one fast
    /// move before lifting; without, then still for a moment (no flick) before lifting.
    func edgeDrag(to x: Double, y: Double = 120, flick: Bool = false) {
        down(3, y)
        move(x / 2, y)
        move(x, y)
        if !flick { move(x + 1, y) }
        up()
    }

    /// Lets `milliseconds` pass frame by frame (firing the frame clock), then draws.
    func frames(milliseconds: Int64) {
        run(milliseconds: milliseconds)
        app.runOnce()
    }
}
