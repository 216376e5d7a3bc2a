public import PanelUI

/// The screen of LVGL's benchmark method (BENCHMARKS.md describes it), for comparing
/// the two libraries: N buttons labelled "B<i>" on an 800×480 screen. The column count is the
/// smallest `cols` with `cols × ⌊cols × 480/800⌋ ≥ N`, `rows = ⌈N / cols⌉`; each button is its
/// cell minus a 4 px gap (1 px when the cell is 8 px or less), centred.
/// N = 10, 100, 1000 give 5×2 cells of 160×240, 14×8 of 57×60 and 42×24 of 19×20.
@MainActor
public final class ButtonGrid {
    /// The application holding the window.
    public let application: Application
    /// The window filling the screen.
    public let window: Window
    /// The buttons in creation order.
    public let buttons: [Button]
    /// Columns and rows.
    public let columns: Int
    public let rows: Int

    /// Builds the grid in a new application on `clock`.
    public init(count: Int, clock: any MonotonicClock, eventQueue: EventQueue? = nil, width: Int = 800, height: Int = 480) {
        precondition(count > 0, "a grid needs at least one button")
        var cols = 1
        while cols * Int(Double(cols) * Double(height) / Double(width)) < count { cols += 1 }
        columns = cols
        rows = (count + cols - 1) / cols
        application = Application(clock: clock, eventQueue: eventQueue)
        window = Window(frame: Rect(x: 0, y: 0, width: width, height: height))
        window.backgroundColor = .white
        application.addWindow(window)
        window.makeKeyAndVisible()
        let cellWidth = Double(width) / Double(cols)
        let cellHeight = Double(height) / Double(rows)
        let gap = min(cellWidth, cellHeight) <= 8 ? 1.0 : 4.0
        var made: [Button] = []
        made.reserveCapacity(count)
        for i in 0 ..< count {
            let column = i % cols
            let row = i / cols
            let button = Button(
                frame: Rect(
                    x: Double(column) * cellWidth + gap / 2, y: Double(row) * cellHeight + gap / 2,
                    width: cellWidth - gap, height: cellHeight - gap))
            button.setTitle("B\(i)", for: .normal)
            if cellHeight < 30 {
                button.titleFont = .caption
                button.cornerRadius = 3
            }
            window.addSubview(button)
            made.append(button)
        }
        buttons = made
    }

    /// The centre of button `index`, in screen coordinates.
    public func center(of index: Int) -> Point { buttons[index].frame.center }
}
