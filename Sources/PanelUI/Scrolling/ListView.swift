/// Where a ``ListView`` gets its rows: UIKit's `UITableViewDataSource` (one section).
@MainActor
public protocol ListDataSource: AnyObject {
    /// How many rows the list has.
    func numberOfRows(in list: ListView) -> Int
    /// The cell for `row`: usually ``ListView/dequeueReusableCell(withIdentifier:for:)``, filled in.
    func list(_ list: ListView, cellForRowAt row: Int) -> ListCell
}

/// What a ``ListView`` tells and asks its delegate: UIKit's `UITableViewDelegate` (the parts a
/// plain list needs). Every method has a default.
@MainActor
public protocol ListDelegate: AnyObject {
    /// The height of `row`; nil (the default) makes every row ``ListView/rowHeight`` tall. Asked
    /// for every row at ``ListView/reloadData()`` when row 0 answers a height.
    func list(_ list: ListView, heightForRowAt row: Int) -> Double?
    /// A tap selected `row`.
    func list(_ list: ListView, didSelectRowAt row: Int)
}

extension ListDelegate {
    /// Default: every row is the list's `rowHeight` tall.
    public func list(_ list: ListView, heightForRowAt row: Int) -> Double? { nil }
    /// Default: a selection does nothing.
    public func list(_ list: ListView, didSelectRowAt row: Int) {}
}

/// A scrolling list of rows: UIKit's `UITableView`, plain style, one section.
///
/// Only the rows in view have cells: scrolling hands the cells that leave the view back to a
/// reuse pool (``dequeueReusableCell(withIdentifier:for:)``), so a list of a million rows of one
/// height keeps a screenful of cells, computes what is visible in constant time, and allocates
/// nothing per frame once every reuse pool has its cells. Rows of their own heights
/// (``ListDelegate/list(_:heightForRowAt:)``) cost one `Double` per row, computed at
/// ``reloadData()``.
@MainActor
open class ListView: ScrollView {
    /// The rows' source.
    public weak var dataSource: (any ListDataSource)? {
        didSet { reloadData() }
    }
    /// The delegate for heights and selection (``ScrollView/delegate`` still gets the scrolling).
    public weak var listDelegate: (any ListDelegate)? {
        didSet { reloadData() }
    }
    /// The height of every row when the delegate gives none. Default 44.
    public var rowHeight = 44.0 {
        didSet { reloadData() }
    }
    /// The selected row, if any.
    public private(set) var selectedRow: Int?

    /// How many rows the list has (as of the last ``reloadData()``).
    public private(set) var numberOfRows = 0
    /// The top of every row and the bottom of the last, for rows of their own heights (empty
    /// when all rows are ``rowHeight`` tall).
    private var rowTops: [Double] = []
    private var cellTypes: [String: ListCell.Type] = [:]
    /// The free cells, by identifier. A box per identifier: after the first cell of a kind the
    /// dictionary is only read, so taking and giving back cells allocates nothing.
    private var reusable: [String: ReusePool] = [:]
    /// The cells on screen, in row order.
    public private(set) var visibleCells: [ListCell] = []

    public override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = .white
        alwaysBounceVertical = true
    }

    /// Registers the cell class to make for `identifier` when no cell of it is free.
    public func register(_ cellClass: ListCell.Type, forCellReuseIdentifier identifier: String) {
        cellTypes[identifier] = cellClass
    }

    /// A cell of `identifier` for `row`: a free one (after ``ListCell/prepareForReuse()``), else a
    /// new one of the registered class (``ListCell`` if none is registered).
    public func dequeueReusableCell(withIdentifier identifier: String, for row: Int) -> ListCell {
        let cell: ListCell
        if let free = reusable[identifier]?.cells.popLast() {
            cell = free
            cell.prepareForReuse()
        } else {
            cell = (cellTypes[identifier] ?? ListCell.self).init(reuseIdentifier: identifier)
        }
        cell.row = row
        return cell
    }

    /// Reads the row count (and heights) again and rebuilds the visible cells.
    public func reloadData() {
        numberOfRows = max(dataSource?.numberOfRows(in: self) ?? 0, 0)
        rowTops.removeAll(keepingCapacity: true)
        if numberOfRows > 0, let delegate = listDelegate, delegate.list(self, heightForRowAt: 0) != nil {
            rowTops.reserveCapacity(numberOfRows + 1)
            var top = 0.0
            for row in 0 ..< numberOfRows {
                rowTops.append(top)
                top += Self.usable(delegate.list(self, heightForRowAt: row) ?? rowHeight)
            }
            rowTops.append(top)
        }
        if let selected = selectedRow, selected >= numberOfRows { selectedRow = nil }
        for cell in visibleCells { recycle(cell) }
        visibleCells.removeAll(keepingCapacity: true)
        contentSize = Size(width: bounds.width, height: top(ofRow: numberOfRows))
        setNeedsLayout()
    }

    /// The rectangle of `row` in the list's content.
    public func rect(forRow row: Int) -> Rect {
        Rect(x: 0, y: top(ofRow: row), width: bounds.width, height: top(ofRow: row + 1) - top(ofRow: row))
    }

    /// The cell showing `row`, if it is in view.
    public func cellForRow(at row: Int) -> ListCell? {
        visibleCells.first { $0.row == row }
    }

    /// The row at a point of the content, if any.
    public func row(at point: Point) -> Int? {
        guard numberOfRows > 0, point.y >= 0, point.y < top(ofRow: numberOfRows) else { return nil }
        return row(containing: point.y)
    }

    /// Selects `row` (nil: none), without telling the delegate (as UIKit).
    public func selectRow(_ row: Int?) {
        selectedRow = row.flatMap { (0 ..< numberOfRows).contains($0) ? $0 : nil }
        for cell in visibleCells { cell.isSelected = cell.row == selectedRow }
    }

    // MARK: - Layout

    /// Brings the rows in view onto cells and hands the others back for reuse.
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard let dataSource, numberOfRows > 0, bounds.height > 0 else {
            for cell in visibleCells { recycle(cell) }
            visibleCells.removeAll(keepingCapacity: true)
            return
        }
        let first = row(containing: max(bounds.minY, 0))
        let last = row(containing: min(max(bounds.maxY - 0.001, 0), top(ofRow: numberOfRows) - 0.001))
        // Cells that left the view go back to their pools.
        var index = 0
        while index < visibleCells.count {
            let cell = visibleCells[index]
            if cell.row < first || cell.row > last {
                recycle(cell)
                visibleCells.remove(at: index)
            } else {
                index += 1
            }
        }
        guard first <= last else { return }
        for row in first ... last where !visibleCells.contains(where: { $0.row == row }) {
            let cell = dataSource.list(self, cellForRowAt: row)
            cell.row = row
            cell.isSelected = row == selectedRow
            cell.frame = rect(forRow: row)
            cell.isHidden = false
            if cell.superview !== self { addSubview(cell) }
            let at = visibleCells.firstIndex { $0.row > row } ?? visibleCells.count
            visibleCells.insert(cell, at: at)
        }
        for cell in visibleCells where cell.frame.size.width != bounds.width {
            cell.frame = rect(forRow: cell.row)
        }
    }

    /// A free cell stays a hidden subview, so taking it out and in again changes no arrays of
    /// the view tree.
    private func recycle(_ cell: ListCell) {
        cell.isHidden = true
        cell.isHighlighted = false
        if let pool = reusable[cell.reuseIdentifier] {
            pool.cells.append(cell)
        } else {
            reusable[cell.reuseIdentifier] = ReusePool(cell)
        }
    }

    private func top(ofRow row: Int) -> Double {
        if rowTops.isEmpty { return Double(min(max(row, 0), numberOfRows)) * Self.usable(rowHeight) }
        return rowTops[min(max(row, 0), rowTops.count - 1)]
    }

    /// The row whose span holds content height `y` (clamped to the rows).
    private func row(containing y: Double) -> Int {
        guard numberOfRows > 0 else { return 0 }
        if rowTops.isEmpty {
            let height = Self.usable(rowHeight)
            guard height > 0, y.isFinite else { return 0 }
            // Clamped before the conversion: no offset, however absurd, can trap.
            return Int(min(max((y / height).rounded(.down), 0), Double(numberOfRows - 1)))
        }
        // The last row whose top is at or above y.
        var low = 0
        var high = numberOfRows - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if rowTops[middle] <= y { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// A row height as laid out: a negative, infinite or NaN height (from the app or its
    /// delegate) counts as 0, so no absurd number reaches the geometry.
    static func usable(_ height: Double) -> Double {
        height.isFinite && height > 0 ? height : 0
    }

    /// The free cells of one identifier.
    final class ReusePool {
        var cells: [ListCell]
        init(_ cell: ListCell) { cells = [cell] }
    }

    // MARK: - Selection

    func rowTapped(_ cell: ListCell) {
        guard visibleCells.contains(where: { $0 === cell }) else { return }
        selectRow(cell.row)
        listDelegate?.list(self, didSelectRowAt: cell.row)
    }
}
