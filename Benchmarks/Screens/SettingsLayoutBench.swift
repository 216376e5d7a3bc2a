public import PanelUI

/// A settings screen of 30 rows laid out by constraints, for the layout benchmarks and their
/// LVGL counterpart (Benchmarks/LVGL/lvflex.c, the same rows in a flex column).
///
/// Each row is a view the screen's width and 44 points tall, 1 point below the one before,
/// with a title label on its leading side and a switch on its trailing side, both centred in
/// the row: 8 constraints a row, 240 in all (plus the labels' and switches' intrinsic sizes).
/// ``activate()`` makes them active and ``layout()`` solves them and writes the frames: the
/// first solve. ``changeOne()`` then changes one row's height constant (44 ↔ 60) and lays out
/// again, as an animation of it would each frame.
@MainActor
public final class SettingsLayoutBench {
    /// The window the rows are in (800 × 480 by default).
    public let window: Window
    /// The view the rows fill.
    public let root: View
    /// Each row's height constraint.
    public let heights: [LayoutConstraint]
    /// Every constraint the screen activates.
    public let constraints: [LayoutConstraint]
    private var tall = false

    /// Builds the views and the constraints (not yet active).
    public init(rows: Int = 30, width: Double = 800, height: Double = 480) {
        window = Window(frame: Rect(x: 0, y: 0, width: width, height: height))
        root = View(frame: window.bounds)
        window.addSubview(root)
        var constraints: [LayoutConstraint] = []
        var heights: [LayoutConstraint] = []
        var previous: View?
        for index in 0..<rows {
            let row = View()
            row.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(row)
            let title = Label()
            title.text = "Setting \(index + 1)"
            title.translatesAutoresizingMaskIntoConstraints = false
            row.addSubview(title)
            let toggle = Switch()
            toggle.translatesAutoresizingMaskIntoConstraints = false
            row.addSubview(toggle)
            let rowHeight = row.heightAnchor.constraint(equalToConstant: 44)
            heights.append(rowHeight)
            constraints += [
                row.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                row.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                row.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? root.topAnchor, constant: 1),
                rowHeight,
                title.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 16),
                title.centerYAnchor.constraint(equalTo: row.centerYAnchor),
                toggle.trailingAnchor.constraint(equalTo: row.trailingAnchor, constant: -16),
                toggle.centerYAnchor.constraint(equalTo: row.centerYAnchor),
            ]
            previous = row
        }
        self.constraints = constraints
        self.heights = heights
    }

    private init(window: Window, root: View, heights: [LayoutConstraint], constraints: [LayoutConstraint]) {
        self.window = window
        self.root = root
        self.heights = heights
        self.constraints = constraints
    }

    /// A long screen of plain rows, 4 constraints each (edges, height, and below the row before):
    /// 10 000 constraints for 2 500 rows.
    public static func chain(rows: Int) -> SettingsLayoutBench {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let root = View(frame: window.bounds)
        window.addSubview(root)
        var constraints: [LayoutConstraint] = []
        var heights: [LayoutConstraint] = []
        var previous: View?
        for _ in 0..<rows {
            let row = View()
            row.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(row)
            let height = row.heightAnchor.constraint(equalToConstant: 30)
            heights.append(height)
            constraints += [
                row.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
                row.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -8), height,
                row.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? root.topAnchor, constant: 4),
            ]
            previous = row
        }
        return SettingsLayoutBench(window: window, root: root, heights: heights, constraints: constraints)
    }

    /// Makes every constraint active.
    public func activate() { LayoutConstraint.activate(constraints) }

    /// Solves what changed and writes the frames of the views constraints place.
    public func layout() { window.layoutIfNeeded() }

    /// Changes the sixth row's height (44 ↔ 60) and lays out: the rows below it move.
    public func changeOne() {
        tall.toggle()
        heights[min(5, heights.count - 1)].constant = tall ? 60 : 44
        layout()
    }
}
