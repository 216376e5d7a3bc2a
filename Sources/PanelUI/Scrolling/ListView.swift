/// A scrolling list of rows in sections: UIKit's `UITableView`, in a plain or a grouped style.
///
/// Only the rows in view have cells: scrolling hands the cells that leave the view back to a
/// reuse pool (``dequeueReusableCell(withIdentifier:for:)-(_,IndexPath)``), and section titles
/// and notes come from a pool of their own, so a list of a million rows of one height keeps a
/// screenful of views, finds what is visible in logarithmic time over its sections, and
/// allocates nothing per frame once every pool has its views. Rows of their own heights
/// (``ListDelegate/list(_:heightForRowAt:)-(_,IndexPath)``) cost one `Double` per row, computed
/// at ``reloadData()``.
///
/// In the plain style a section's title stays pinned to the top while its rows scroll under
/// it; the grouped style (a settings page) sets each section's rows on a rounded white card on
/// a grey ground, with its title over it and its note under it. A data source that gives
/// ``ListDataSource/sectionIndexTitles(for:)`` gets an index down the right edge that jumps to
/// a section.
@MainActor
open class ListView: ScrollView {
    /// How sections look.
    public enum Style: Sendable, Hashable {
        /// Rows edge to edge, section titles on grey bars that stay pinned at the top.
        case plain
        /// Sections as rounded cards on a grey ground, titles above and notes below them.
        case grouped
    }

    /// The list's style, fixed at creation.
    public let style: Style
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
    public private(set) var indexPathForSelectedRow: IndexPath?
    /// The selected row's number in its section (for a one-section list).
    public var selectedRow: Int? { indexPathForSelectedRow?.row }

    /// How many sections the list has (as of the last ``reloadData()``).
    public var numberOfSections: Int { sections.count }
    /// How many rows the list has in all.
    public internal(set) var numberOfRows = 0

    /// Each section's place in the content.
    var sections: [SectionLayout] = []
    /// The top of every row (and the end of each section's rows), for rows of their own
    /// heights (empty when all rows are ``rowHeight`` tall).
    var rowTops: [Double] = []
    private var cellTypes: [String: ListCell.Type] = [:]
    /// The free cells, by identifier. A box per identifier: after the first cell of a kind the
    /// dictionary is only read, so taking and giving back cells allocates nothing.
    private var reusable: [String: ReusePool] = [:]
    /// The cells on screen, in index path order.
    public internal(set) var visibleCells: [ListCell] = []
    /// The section titles and notes on screen.
    var visibleSupplements: [Supplement] = []
    /// Free title and note views.
    var freeHeaders: [ListHeaderFooterView] = []
    var freeFooters: [ListHeaderFooterView] = []
    /// The index down the right edge, when the data source gives titles.
    var indexView: ListIndexView?

    /// A list in `style` (default plain).
    public init(frame: Rect, style: Style = .plain) {
        self.style = style
        super.init(frame: frame)
        paletteBackground = style == .grouped ? \.groupedBackground : \.background
        alwaysBounceVertical = true
    }

    /// A plain list.
    public override convenience init(frame: Rect) {
        self.init(frame: frame, style: .plain)
    }

    /// Registers the cell class to make for `identifier` when no cell of it is free.
    public func register(_ cellClass: ListCell.Type, forCellReuseIdentifier identifier: String) {
        cellTypes[identifier] = cellClass
    }

    /// A cell of `identifier` for the row at `indexPath`: a free one (after
    /// ``ReusableCell/prepareForReuse()``), else a new one of the registered class (``ListCell`` if
    /// none is registered).
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> ListCell {
        let cell: ListCell
        if let free = reusable[identifier]?.cells.popLast() {
            cell = free
            cell.prepareForReuse()
        } else {
            cell = (cellTypes[identifier] ?? ListCell.self).init(reuseIdentifier: identifier)
        }
        cell.indexPath = indexPath
        return cell
    }

    /// A cell of `identifier` for `row` of a one-section list.
    public func dequeueReusableCell(withIdentifier identifier: String, for row: Int) -> ListCell {
        dequeueReusableCell(withIdentifier: identifier, for: IndexPath(row: row, section: 0))
    }

    /// Reads the sections, rows, titles and heights again and rebuilds the visible views.
    public func reloadData() {
        buildLayout()
        if let selected = indexPathForSelectedRow, !isValid(selected) { indexPathForSelectedRow = nil }
        for cell in visibleCells { recycle(cell) }
        visibleCells.removeAll(keepingCapacity: true)
        for supplement in visibleSupplements { recycle(supplement) }
        visibleSupplements.removeAll(keepingCapacity: true)
        let titles = dataSource?.sectionIndexTitles(for: self) ?? []
        if titles.isEmpty {
            indexView?.removeFromSuperview()
            indexView = nil
        } else {
            let index = indexView ?? ListIndexView(list: self)
            index.titles = titles
            if index.superview !== self { addSubview(index) }
            indexView = index
        }
        contentSize = Size(width: bounds.width, height: sections.last.map { $0.bottom + (style == .grouped ? Self.groupedBottomMargin : 0) } ?? 0)
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Whether `indexPath` names a row of the list.
    func isValid(_ indexPath: IndexPath) -> Bool {
        indexPath.section >= 0 && indexPath.section < sections.count && indexPath.row >= 0 && indexPath.row < sections[indexPath.section].rowCount
    }

    /// How many rows `section` has (0 for a section that does not exist).
    public func numberOfRows(inSection section: Int) -> Int {
        section >= 0 && section < sections.count ? sections[section].rowCount : 0
    }

    /// The rectangle of the row at `indexPath` in the list's content (zero for no such row).
    public func rect(forRowAt indexPath: IndexPath) -> Rect {
        guard isValid(indexPath) else { return .zero }
        let rowTop = top(of: indexPath)
        let rowBottom = top(of: IndexPath(row: indexPath.row + 1, section: indexPath.section))
        let inset = style == .grouped ? Self.groupedInset : 0
        return Rect(x: inset, y: rowTop, width: max(bounds.width - 2 * inset, 0), height: rowBottom - rowTop)
    }

    /// The rectangle of `row` of a one-section list.
    public func rect(forRow row: Int) -> Rect { rect(forRowAt: IndexPath(row: row, section: 0)) }

    /// The rectangle of `section` (title, rows and note) in the content.
    public func rect(forSection section: Int) -> Rect {
        guard section >= 0, section < sections.count else { return .zero }
        let s = sections[section]
        return Rect(x: 0, y: s.top, width: bounds.width, height: s.bottom - s.top)
    }

    /// The cell showing the row at `indexPath`, if it is in view.
    public func cellForRow(at indexPath: IndexPath) -> ListCell? {
        visibleCells.first { $0.indexPath == indexPath }
    }

    /// The cell showing `row` of a one-section list, if it is in view.
    public func cellForRow(at row: Int) -> ListCell? { cellForRow(at: IndexPath(row: row, section: 0)) }

    /// The row at a point of the content, if any.
    public func indexPathForRow(at point: Point) -> IndexPath? {
        guard point.y.isFinite, let section = section(containing: point.y) else { return nil }
        let s = sections[section]
        guard s.rowCount > 0, point.y >= s.rowsTop, point.y < s.rowsBottom else { return nil }
        return IndexPath(row: row(containing: point.y, in: section), section: section)
    }

    /// The row of a one-section list at a point of the content, if any.
    public func row(at point: Point) -> Int? { indexPathForRow(at: point).map(\.row) }

    /// Selects the row at `indexPath` (nil: none), without telling the delegate (as UIKit).
    public func selectRow(at indexPath: IndexPath?) {
        indexPathForSelectedRow = indexPath.flatMap { isValid($0) ? $0 : nil }
        for cell in visibleCells { cell.isSelected = cell.indexPath == indexPathForSelectedRow }
    }

    /// Selects `row` of a one-section list (nil: none).
    public func selectRow(_ row: Int?) { selectRow(at: row.map { IndexPath(row: $0, section: 0) }) }

    /// Scrolls so that the row at `indexPath` is at the top (as far as the content allows).
    public func scrollToRow(at indexPath: IndexPath, animated: Bool) {
        guard isValid(indexPath) else { return }
        scroll(toContentY: top(of: indexPath) - pinnedHeaderHeight(of: indexPath.section), animated: animated)
    }

    /// Scrolls so that `section` starts at the top (as far as the content allows).
    public func scrollToSection(_ section: Int, animated: Bool) {
        guard section >= 0, section < sections.count else { return }
        scroll(toContentY: sections[section].top, animated: animated)
    }

    private func scroll(toContentY y: Double, animated: Bool) {
        let limit = maximumContentOffset.y, low = minimumContentOffset.y
        setContentOffset(Point(x: contentOffset.x, y: min(max(y, low), max(limit, low))), animated: animated)
    }

    /// The height a pinned title takes over the rows (plain style only).
    private func pinnedHeaderHeight(of section: Int) -> Double {
        style == .plain ? sections[section].headerHeight : 0
    }

    /// The index down the edge was touched at `title`.
    func indexTitleTouched(_ title: String, at index: Int) {
        guard let dataSource else { return }
        scrollToSection(dataSource.list(self, sectionForSectionIndexTitle: title, at: index), animated: false)
        // The index stays put on the screen while the finger is on it.
        layoutIndex()
    }

    /// Brings the rows, titles and notes in view onto views and hands the others back for reuse.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutRows()
    }

    /// Draws a grouped list's cards under its rows.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        drawCards(in: &canvas)
    }

    // MARK: - Reuse

    /// A free cell stays a hidden subview, so taking it out and in again changes no arrays of
    /// the view tree.
    func recycle(_ cell: ListCell) {
        cell.isHidden = true
        cell.isHighlighted = false
        if let pool = reusable[cell.reuseIdentifier] {
            pool.cells.append(cell)
        } else {
            reusable[cell.reuseIdentifier] = ReusePool(cell)
        }
    }

    /// A title or note leaving the view: the list's own go back to their pool; the delegate's
    /// views are taken off.
    func recycle(_ supplement: Supplement) {
        if let own = supplement.view as? ListHeaderFooterView, supplement.isOwn {
            own.isHidden = true
            if own.isFooter { freeFooters.append(own) } else { freeHeaders.append(own) }
        } else {
            supplement.view.removeFromSuperview()
        }
    }

    /// The free cells of one identifier.
    final class ReusePool {
        var cells: [ListCell]
        init(_ cell: ListCell) { cells = [cell] }
    }

    // MARK: - Selection

    func rowTapped(_ cell: ListCell) {
        guard visibleCells.contains(where: { $0 === cell }) else { return }
        selectRow(at: cell.indexPath)
        listDelegate?.list(self, didSelectRowAt: cell.indexPath)
    }
}
