public import PanelBench
public import PanelUI

/// A grid of 10 000 machine tiles (120 × 90, a title each) filling an 800 × 480 XRGB8888
/// screen, flicked by a finger through the real dispatch, frame clock and timers: a flick is a
/// fast drag of 300 points over ten reports and a lift, then the glide runs frame by frame
/// until it stops (at the end it flicks the other way). The grid benchmark and the allocation
/// tests share it.
@MainActor
public final class GridFlingBench: GridDataSource {
    /// The application, on a manual clock.
    public let application: Application
    /// The clock frames advance.
    public let clock = ManualClock()
    /// The grid.
    public let grid: GridView
    private let titles = (0 ..< 100).map { "Press \($0)" }
    private let finger: FlickDriver
    private var downward = false

    /// The grid on its screen, drawn once.
    public init(items: Int = 10_000) {
        clock.recordsSleeps = false
        application = Application(clock: clock)
        application.display = Display(framebuffer: MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888))
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        application.addWindow(window)
        window.makeKeyAndVisible()
        grid = GridView(frame: window.bounds)
        grid.itemSize = Size(width: 120, height: 90)
        self.items = items
        window.addSubview(grid)
        finger = FlickDriver(application: application, clock: clock, x: 400)
        grid.dataSource = self
        application.runOnce()
    }

    private let items: Int

    /// The number of tiles.
    public func numberOfItems(in grid: GridView) -> Int { items }

    /// A tile with its title (from a fixed set: configuring a cell allocates nothing).
    public func grid(_ grid: GridView, cellForItemAt index: Int) -> GridCell {
        let cell = grid.dequeueReusableCell(withIdentifier: "tile", for: index)
        cell.textLabel.text = titles[index % titles.count]
        return cell
    }

    /// Starts a flick: the finger's reports and lift (each drawn as it arrives). Near an end
    /// the next flick goes the other way.
    public func flick() {
        if grid.contentOffset.y >= grid.maximumContentOffset.y - 2000 { downward = true }
        if grid.contentOffset.y <= 2000 { downward = false }
        finger.flick(from: downward ? 100 : 400, step: downward ? 30 : -30, steps: 10)
    }

    /// Whether the glide still runs.
    public var isGliding: Bool { finger.isGliding }

    /// One frame of the glide: the clock moves one frame-clock interval and the application runs
    /// once (the frame clock moves the content, cells are reused, the display draws and presents).
    public func frame() { finger.frame() }
}
