/// A scrolling grid of items of one size in rows and columns: UIKit's `UICollectionView` with
/// a flow layout, in one section, scrolling vertically.
///
/// As many columns as fit the width at ``itemSize`` and ``interitemSpacing`` are laid out,
/// the spare width shared between them; rows follow each other ``lineSpacing`` apart inside
/// ``sectionInset``. Only the items in view have cells, handed back to a reuse pool as they
/// leave, so a grid of ten thousand machine tiles keeps a screenful of cells, finds what is
/// visible in constant time, and allocates nothing per frame once its pool has its cells.
@MainActor
open class GridView: ScrollView {
    /// The items' source.
    public weak var dataSource: (any GridDataSource)? {
        didSet { reloadData() }
    }
    /// The delegate for selection (``ScrollView/delegate`` still gets the scrolling).
    public weak var gridDelegate: (any GridDelegate)?
    /// Every item's size (a side that is negative or not finite counts as 0; at least one point
    /// wide is laid out). Default 120 × 120.
    public var itemSize = Size(width: 120, height: 120) {
        didSet { reloadData() }
    }
    /// The least space between items in a row. Default 12.
    public var interitemSpacing = 12.0 {
        didSet { reloadData() }
    }
    /// The space between rows. Default 12.
    public var lineSpacing = 12.0 {
        didSet { reloadData() }
    }
    /// The margins around the items. Default 12 on every side.
    public var sectionInset = EdgeInsets(top: 12, left: 12, bottom: 12, right: 12) {
        didSet { reloadData() }
    }
    /// The selected item, if any.
    public private(set) var selectedIndex: Int?
    /// How many items the grid has (as of the last ``reloadData()``).
    public private(set) var numberOfItems = 0
    /// The cells on screen, in item order.
    public private(set) var visibleCells: [GridCell] = []

    private var cellTypes: [String: GridCell.Type] = [:]
    private var reusable: [String: Pool] = [:]
    /// The columns, the item size and the spacing as laid out.
    private var geometry = Geometry(columns: 1, width: 0, height: 0, columnStep: 0, rowStep: 0)

    public override init(frame: Rect) {
        super.init(frame: frame)
        paletteBackground = \.groupedBackground
        alwaysBounceVertical = true
    }

    /// Registers the cell class to make for `identifier` when no cell of it is free.
    public func register(_ cellClass: GridCell.Type, forCellWithReuseIdentifier identifier: String) {
        cellTypes[identifier] = cellClass
    }

    /// A cell of `identifier` for item `index`: a free one (after
    /// ``ReusableCell/prepareForReuse()``), else a new one of the registered class.
    public func dequeueReusableCell(withIdentifier identifier: String, for index: Int) -> GridCell {
        let cell: GridCell
        if let free = reusable[identifier]?.cells.popLast() {
            cell = free
            cell.prepareForReuse()
        } else {
            cell = (cellTypes[identifier] ?? GridCell.self).init(reuseIdentifier: identifier)
        }
        cell.index = index
        return cell
    }

    /// Reads the item count again and rebuilds the visible cells.
    public func reloadData() {
        // Counts past a hundred million are not shown: the layout stays within what a Double
        // places exactly.
        numberOfItems = min(max(dataSource?.numberOfItems(in: self) ?? 0, 0), 100_000_000)
        if let selected = selectedIndex, selected >= numberOfItems { selectedIndex = nil }
        for cell in visibleCells { recycle(cell) }
        visibleCells.removeAll(keepingCapacity: true)
        updateGeometry()
        setNeedsLayout()
    }

    /// How many columns the grid has at its width.
    public var numberOfColumns: Int { geometry.columns }

    /// The rectangle of item `index` in the grid's content.
    public func rect(forItemAt index: Int) -> Rect {
        let column = index % geometry.columns, row = index / geometry.columns
        return Rect(
            x: sectionInset.left + Double(column) * geometry.columnStep, y: sectionInset.top + Double(row) * geometry.rowStep,
            width: geometry.width, height: geometry.height)
    }

    /// The item at a point of the content, if any (not in the spacing between items).
    public func indexForItem(at point: Point) -> Int? {
        guard numberOfItems > 0, point.x.isFinite, point.y.isFinite, geometry.columnStep > 0, geometry.rowStep > 0 else { return nil }
        let x = point.x - sectionInset.left, y = point.y - sectionInset.top
        guard x >= 0, y >= 0 else { return nil }
        let column = Int(min((x / geometry.columnStep).rounded(.down), Double(geometry.columns)))
        let row = Int(min((y / geometry.rowStep).rounded(.down), Double(numberOfItems)))
        guard column < geometry.columns, x - Double(column) * geometry.columnStep < geometry.width,
            y - Double(row) * geometry.rowStep < geometry.height
        else { return nil }
        let index = row * geometry.columns + column
        return index < numberOfItems ? index : nil
    }

    /// The cell showing item `index`, if it is in view.
    public func cellForItem(at index: Int) -> GridCell? {
        visibleCells.first { $0.index == index }
    }

    /// Selects item `index` (nil: none), without telling the delegate.
    public func selectItem(_ index: Int?) {
        selectedIndex = index.flatMap { (0 ..< numberOfItems).contains($0) ? $0 : nil }
        for cell in visibleCells { cell.isSelected = cell.index == selectedIndex }
    }

    /// Scrolls so that item `index`'s row is at the top (as far as the content allows).
    public func scrollToItem(at index: Int, animated: Bool) {
        guard (0 ..< numberOfItems).contains(index) else { return }
        let y = rect(forItemAt: index).minY - sectionInset.top
        setContentOffset(
            Point(x: contentOffset.x, y: min(max(y, minimumContentOffset.y), max(maximumContentOffset.y, minimumContentOffset.y))), animated: animated)
    }

    // MARK: - Layout

    struct Geometry: Equatable {
        var columns: Int
        var width: Double
        var height: Double
        var columnStep: Double
        var rowStep: Double
    }

    private static func usable(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }

    /// Works out the columns and steps for the width, and the content's height.
    private func updateGeometry() {
        let width = max(Self.usable(itemSize.width), 1), height = Self.usable(itemSize.height)
        let spacing = Self.usable(interitemSpacing), lines = Self.usable(lineSpacing)
        let inset = sectionInset
        let available = max(bounds.width - Self.usable(inset.left) - Self.usable(inset.right), 0)
        let fit = ((available + spacing) / (width + spacing)).rounded(.down)
        let columns = Int(min(max(fit, 1), 10_000))
        // The spare width is shared between the columns, as a flow layout justifies a full row.
        let step = columns > 1 ? (max(available, width * Double(columns)) - width) / Double(columns - 1) : width + spacing
        geometry = Geometry(columns: columns, width: width, height: height, columnStep: step, rowStep: height + lines)
        let rows = (numberOfItems + columns - 1) / columns
        let content = rows > 0 ? Double(rows) * geometry.rowStep - lines : 0
        contentSize = Size(width: bounds.width, height: Self.usable(inset.top) + content + Self.usable(inset.bottom))
    }

    /// Brings the items in view onto cells and hands the others back for reuse.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if contentSize.width != bounds.width {
            updateGeometry()
            for cell in visibleCells { cell.frame = rect(forItemAt: cell.index) }
        }
        guard let dataSource, numberOfItems > 0, bounds.height > 0, geometry.rowStep > 0 else {
            for cell in visibleCells { recycle(cell) }
            visibleCells.removeAll(keepingCapacity: true)
            return
        }
        let rows = (numberOfItems + geometry.columns - 1) / geometry.columns
        let top = bounds.minY - sectionInset.top, bottom = bounds.maxY - sectionInset.top
        // Clamped before the conversion: no offset, however absurd, can trap.
        let firstRow = Int(min(max((top / geometry.rowStep).rounded(.down), 0), Double(rows - 1)))
        let lastRow = Int(min(max(((bottom - 0.001) / geometry.rowStep).rounded(.down), 0), Double(rows - 1)))
        let first = firstRow * geometry.columns
        let last = min((lastRow + 1) * geometry.columns, numberOfItems) - 1
        var index = 0
        while index < visibleCells.count {
            let cell = visibleCells[index]
            if cell.index < first || cell.index > last {
                recycle(cell)
                visibleCells.remove(at: index)
            } else {
                index += 1
            }
        }
        guard first <= last else { return }
        for item in first ... last where !visibleCells.contains(where: { $0.index == item }) {
            let cell = dataSource.grid(self, cellForItemAt: item)
            cell.index = item
            cell.isSelected = item == selectedIndex
            cell.frame = rect(forItemAt: item)
            cell.isHidden = false
            if cell.superview !== self { insertSubview(cell, at: 0) }
            let at = visibleCells.firstIndex { $0.index > item } ?? visibleCells.count
            visibleCells.insert(cell, at: at)
        }
    }

    /// A free cell stays a hidden subview, so taking it out and in again changes no arrays of
    /// the view tree.
    private func recycle(_ cell: GridCell) {
        cell.isHidden = true
        cell.isHighlighted = false
        if let pool = reusable[cell.reuseIdentifier] {
            pool.cells.append(cell)
        } else {
            reusable[cell.reuseIdentifier] = Pool(cell)
        }
    }

    /// The free cells of one identifier.
    final class Pool {
        var cells: [GridCell]
        init(_ cell: GridCell) { cells = [cell] }
    }

    func itemTapped(_ cell: GridCell) {
        guard visibleCells.contains(where: { $0 === cell }) else { return }
        selectItem(cell.index)
        gridDelegate?.grid(self, didSelectItemAt: cell.index)
    }
}
