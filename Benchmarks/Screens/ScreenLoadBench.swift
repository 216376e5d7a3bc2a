public import PanelBench
public import PanelUI

/// Two screens like LVGL's screen-load benchmark, shown by a ``NavigationController`` whose
/// bar is hidden, on a memory framebuffer: each screen has 20 labelled buttons (92 × 105, five
/// columns of four) and, on the right, a 270 × 460 list of a text row and 12 rows with an icon
/// and a label. A transition pushes the other screen (it slides in from the right over the
/// other, which moves a third of the way left under a dimming, in 0.35 s); frames advance the
/// clock one frame-clock interval and run the application once. The transition benchmarks, the
/// `ScreenPush` side-by-side run and the allocation tests share it.
@MainActor
public final class ScreenLoadBench {
    /// The application, on a manual clock.
    public let application: Application
    /// The clock frames advance.
    public let clock = ManualClock()
    /// The container.
    public let navigation: NavigationController
    /// The framebuffer drawn into.
    public let framebuffer: MemoryFramebuffer
    private let screens: [ViewController]
    private var shown = 0

    /// The two screens on a `width` × `height` XRGB8888 screen; `showsBar` keeps the
    /// navigation bar (its title cross-fades during a transition).
    public init(width: Int = 800, height: Int = 480, showsBar: Bool = false) {
        clock.recordsSleeps = false
        application = Application(clock: clock)
        framebuffer = MemoryFramebuffer(width: width, height: height, format: .xrgb8888)
        application.display = Display(framebuffer: framebuffer)
        let window = Window(frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        application.addWindow(window)
        screens = [1, 2].map { LoadScreen(tag: $0) }
        navigation = NavigationController(rootViewController: screens[0])
        navigation.isNavigationBarHidden = !showsBar
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        application.runOnce()
    }

    /// Whether a transition runs.
    public var isTransitioning: Bool { navigation.isTransitioning }

    /// Starts a transition to the other screen: it comes in as a push.
    public func startTransition() {
        shown = 1 - shown
        navigation.setViewControllers([screens[shown]], animated: true)
    }

    /// One frame: the clock moves one frame-clock interval and the application runs once (the
    /// frame clock moves the snapshots, the display draws and presents). Returns whether the
    /// transition still runs.
    @discardableResult
    public func frame() -> Bool {
        clock.advance(by: FrameClock.interval)
        application.runOnce()
        return navigation.isTransitioning
    }

    /// Runs a whole transition; returns its frame count.
    @discardableResult
    public func transition() -> Int {
        startTransition()
        var frames = 1
        while frame() { frames += 1 }
        return frames
    }
}

/// One of the two screens.
@MainActor
private final class LoadScreen: ViewController {
    let tag: Int

    init(tag: Int) {
        self.tag = tag
        super.init()
        title = tag == 1 ? "Screen one" : "Screen two"
    }

    override func viewDidLoad() {
        view.backgroundColor = .white
        for i in 0 ..< 20 {
            let button = Button(frame: Rect(x: 10 + Double(i % 5) * 100, y: 10 + Double(i / 5) * 115, width: 92, height: 105))
            button.setTitle("S\(tag) B\(i)", for: .normal)
            button.cornerRadius = 8
            view.addSubview(button)
        }
        let list = View(frame: Rect(x: 520, y: 10, width: 270, height: 460))
        list.backgroundColor = .white
        list.borderWidth = 1
        list.borderColor = .lightGray
        list.cornerRadius = 8
        list.clipsToBounds = true
        let header = Label(frame: Rect(x: 1, y: 1, width: 268, height: 36))
        header.text = "  " + (title ?? "")
        header.backgroundColor = Color(rgb: 0xF2F2F7)
        header.textColor = .darkGray
        list.addSubview(header)
        let colors = [Color.blue, .orange, .green, .red, .gray, .darkGray, .blue, .orange]
        for k in 0 ..< 12 {
            let y = 38 + Double(k) * 35
            let icon = View(frame: Rect(x: 14, y: y + 9, width: 16, height: 16))
            icon.backgroundColor = colors[k % colors.count]
            icon.cornerRadius = 3
            let label = Label(frame: Rect(x: 40, y: y, width: 220, height: 34))
            label.text = "Item \(tag).\(k)"
            let line = View(frame: Rect(x: 40, y: y + 34, width: 229, height: 1))
            line.backgroundColor = Color(rgb: 0xE5E5EA)
            for row in [icon, label, line] { list.addSubview(row) }
        }
        view.addSubview(list)
    }
}
