/// How a ``ListView`` places its sections, rows, titles and notes, brings the visible ones onto
/// views, and draws a grouped list's cards.
extension ListView {
    /// One section's place in the content.
    struct SectionLayout {
        var top: Double
        var headerHeight: Double
        var rowCount: Int
        /// Where its row tops start in ``ListView/rowTops`` (-1: rows of ``ListView/rowHeight``).
        var firstRowTop: Int
        var rowsBottom: Double
        var footerHeight: Double
        var rowsTop: Double { top + headerHeight }
        var bottom: Double { rowsBottom + footerHeight }
    }

    /// A title or note on screen.
    struct Supplement {
        let section: Int
        let isFooter: Bool
        let view: View
        /// Whether the list made it (and pools it) rather than the delegate.
        let isOwn: Bool
    }

    /// A grouped list's cards are inset this far from the sides.
    static let groupedInset = 16.0
    /// Space under a grouped list's last section.
    static let groupedBottomMargin = 24.0
    /// A grouped card's corner radius.
    static let groupedCornerRadius = 10.0

    /// The height over `section` when the delegate names none.
    private func defaultHeaderHeight(_ section: Int, hasTitle: Bool) -> Double {
        switch style {
        case .plain: return hasTitle ? 28 : 0
        case .grouped: return hasTitle ? 40 : (section == 0 ? 24 : 20)
        }
    }

    /// The height under `section` when the delegate names none.
    private func defaultFooterHeight(_ section: Int, hasTitle: Bool) -> Double {
        switch style {
        case .plain: return hasTitle ? 28 : 0
        case .grouped: return hasTitle ? 40 : 0
        }
    }

    /// Works out every section's place from the data source and delegate.
    func buildLayout() {
        sections.removeAll(keepingCapacity: true)
        rowTops.removeAll(keepingCapacity: true)
        numberOfRows = 0
        guard let dataSource else { return }
        // Sections past a million are not shown: no screen needs more, and counts from a
        // source cannot grow the layout without bound.
        let count = min(max(dataSource.numberOfSections(in: self), 0), 1_000_000)
        let delegate = listDelegate
        var counts: [Int] = []
        counts.reserveCapacity(count)
        for s in 0 ..< count { counts.append(min(max(dataSource.list(self, numberOfRowsInSection: s), 0), 100_000_000)) }
        let firstWithRows = counts.firstIndex { $0 > 0 }
        let ownHeights = firstWithRows.map { delegate?.list(self, heightForRowAt: IndexPath(row: 0, section: $0)) != nil } ?? false
        var y = 0.0
        for s in 0 ..< count {
            let headerTitle = dataSource.list(self, titleForHeaderInSection: s) != nil || delegate?.list(self, viewForHeaderInSection: s) != nil
            let footerTitle = dataSource.list(self, titleForFooterInSection: s) != nil || delegate?.list(self, viewForFooterInSection: s) != nil
            let header = Self.usable(delegate?.list(self, heightForHeaderInSection: s) ?? defaultHeaderHeight(s, hasTitle: headerTitle))
            let footer = Self.usable(delegate?.list(self, heightForFooterInSection: s) ?? defaultFooterHeight(s, hasTitle: footerTitle))
            let rows = counts[s]
            var layout = SectionLayout(top: y, headerHeight: header, rowCount: rows, firstRowTop: -1, rowsBottom: y + header, footerHeight: footer)
            if ownHeights, let delegate {
                layout.firstRowTop = rowTops.count
                var top = layout.rowsTop
                rowTops.reserveCapacity(rowTops.count + rows + 1)
                for r in 0 ..< rows {
                    rowTops.append(top)
                    top += Self.usable(delegate.list(self, heightForRowAt: IndexPath(row: r, section: s)) ?? rowHeight)
                }
                rowTops.append(top)
                layout.rowsBottom = top
            } else {
                layout.rowsBottom = layout.rowsTop + Double(rows) * Self.usable(rowHeight)
            }
            sections.append(layout)
            numberOfRows += rows
            y = layout.bottom
        }
    }

    /// The top of the row at `indexPath` (its row may be the section's row count: the end of
    /// its rows).
    func top(of indexPath: IndexPath) -> Double {
        let s = sections[indexPath.section]
        let row = min(max(indexPath.row, 0), s.rowCount)
        if s.firstRowTop < 0 { return s.rowsTop + Double(row) * Self.usable(rowHeight) }
        return rowTops[s.firstRowTop + row]
    }

    /// The section whose span holds content height `y`, if any.
    func section(containing y: Double) -> Int? {
        guard let last = sections.last, y >= 0, y < last.bottom else { return nil }
        var low = 0, high = sections.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if sections[middle].top <= y { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The row of `section` whose span holds `y` (clamped to its rows).
    func row(containing y: Double, in section: Int) -> Int {
        let s = sections[section]
        guard s.rowCount > 0 else { return 0 }
        if s.firstRowTop < 0 {
            let height = Self.usable(rowHeight)
            guard height > 0, y.isFinite else { return 0 }
            // Clamped before the conversion: no offset, however absurd, can trap.
            return Int(min(max(((y - s.rowsTop) / height).rounded(.down), 0), Double(s.rowCount - 1)))
        }
        var low = 0, high = s.rowCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if rowTops[s.firstRowTop + middle] <= y { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// A height as laid out: a negative, infinite or NaN height (from the app or its delegate)
    /// counts as 0, so no absurd number reaches the geometry.
    static func usable(_ height: Double) -> Double {
        height.isFinite && height > 0 ? height : 0
    }

    /// The first and last rows any part of which lies between `minY` and `maxY`.
    private func visibleRows(from minY: Double, to maxY: Double) -> (first: IndexPath, last: IndexPath)? {
        guard maxY > minY, var s = section(containing: max(minY, 0)) else { return nil }
        var first: IndexPath?
        while s < sections.count && sections[s].top < maxY {
            let section = sections[s]
            if section.rowCount > 0 && section.rowsBottom > minY && section.rowsTop < maxY {
                first = IndexPath(row: section.rowsTop >= minY ? 0 : row(containing: minY, in: s), section: s)
                break
            }
            s += 1
        }
        guard let first else { return nil }
        var e = section(containing: min(maxY - 0.001, sections[sections.count - 1].bottom - 0.001)) ?? sections.count - 1
        while e >= first.section {
            let section = sections[e]
            if section.rowCount > 0 && section.rowsTop < maxY && section.rowsBottom > minY {
                let last = IndexPath(row: section.rowsBottom <= maxY ? section.rowCount - 1 : row(containing: maxY - 0.001, in: e), section: e)
                return first <= last ? (first, last) : nil
            }
            e -= 1
        }
        return nil
    }

    // MARK: - Layout

    /// Brings the rows, titles and notes in view onto views and hands the others back for reuse.
    func layoutRows() {
        layoutIndex()
        guard let dataSource, !sections.isEmpty, bounds.height > 0 else {
            for cell in visibleCells { recycle(cell) }
            visibleCells.removeAll(keepingCapacity: true)
            for supplement in visibleSupplements { recycle(supplement) }
            visibleSupplements.removeAll(keepingCapacity: true)
            return
        }
        layoutCells(dataSource)
        layoutSupplements(dataSource)
    }

    private func layoutCells(_ dataSource: any ListDataSource) {
        // An offset beyond the content (however absurd) shows the rows at its nearer end.
        let end = sections[sections.count - 1].bottom
        let minY = bounds.minY.isFinite ? min(max(bounds.minY, 0), max(end - 0.001, 0)) : 0
        let maxY = max(bounds.maxY.isFinite ? min(bounds.maxY, end) : end, minY + 0.001)
        guard let (first, last) = visibleRows(from: minY, to: maxY) else {
            for cell in visibleCells { recycle(cell) }
            visibleCells.removeAll(keepingCapacity: true)
            return
        }
        // Cells that left the view go back to their pools.
        var index = 0
        while index < visibleCells.count {
            let cell = visibleCells[index]
            if cell.indexPath < first || cell.indexPath > last {
                recycle(cell)
                visibleCells.remove(at: index)
            } else {
                index += 1
            }
        }
        for s in first.section ... last.section {
            let rows = sections[s].rowCount
            guard rows > 0 else { continue }
            let from = s == first.section ? first.row : 0
            let to = s == last.section ? last.row : rows - 1
            guard from <= to else { continue }
            for row in from ... to {
                let path = IndexPath(row: row, section: s)
                if visibleCells.contains(where: { $0.indexPath == path }) { continue }
                let cell = dataSource.list(self, cellForRowAt: path)
                cell.indexPath = path
                cell.isSelected = path == indexPathForSelectedRow
                cell.isHidden = false
                // Cells stay behind the titles, the index and the scroll indicators.
                if cell.superview !== self { insertSubview(cell, at: 0) }
                let at = visibleCells.firstIndex { $0.indexPath > path } ?? visibleCells.count
                visibleCells.insert(cell, at: at)
                place(cell)
            }
        }
        for cell in visibleCells where cell.frame.size.width != rect(forRowAt: cell.indexPath).width {
            place(cell)
        }
    }

    /// Sets a cell's frame and its grouped-style dress: no ground of its own (the card shows
    /// through) and no separator under a section's last row.
    private func place(_ cell: ListCell) {
        cell.frame = rect(forRowAt: cell.indexPath)
        if style == .grouped {
            cell.hasNoGround()
            cell.separator.isHidden = cell.indexPath.row == sections[cell.indexPath.section].rowCount - 1
        }
    }

    /// The rectangle a section's title (or note) takes now: a plain list's title stays pinned
    /// at the top while its section's rows pass under it.
    private func supplementRect(_ section: Int, isFooter: Bool) -> Rect {
        let s = sections[section]
        if isFooter { return Rect(x: 0, y: s.rowsBottom, width: bounds.width, height: s.footerHeight) }
        var y = s.top
        if style == .plain { y = min(max(s.top, bounds.minY), s.bottom - s.headerHeight) }
        return Rect(x: 0, y: y, width: bounds.width, height: s.headerHeight)
    }

    private func layoutSupplements(_ dataSource: any ListDataSource) {
        let minY = bounds.minY, maxY = bounds.maxY
        let firstSection = section(containing: max(minY, 0)) ?? (minY < 0 ? 0 : sections.count)
        func needed(_ section: Int, _ isFooter: Bool) -> Bool {
            guard section < sections.count else { return false }
            let s = sections[section]
            guard (isFooter ? s.footerHeight : s.headerHeight) > 0 else { return false }
            let r = supplementRect(section, isFooter: isFooter)
            return r.maxY > minY && r.minY < maxY
        }
        var index = 0
        while index < visibleSupplements.count {
            let supplement = visibleSupplements[index]
            if needed(supplement.section, supplement.isFooter) {
                supplement.view.frame = supplementRect(supplement.section, isFooter: supplement.isFooter)
                index += 1
            } else {
                recycle(supplement)
                visibleSupplements.remove(at: index)
            }
        }
        func show(_ section: Int, isFooter: Bool) {
            guard needed(section, isFooter), !visibleSupplements.contains(where: { $0.section == section && $0.isFooter == isFooter }),
                let supplement = makeSupplement(section, isFooter: isFooter, dataSource: dataSource)
            else { return }
            supplement.view.frame = supplementRect(section, isFooter: isFooter)
            visibleSupplements.append(supplement)
        }
        var s = firstSection
        while s < sections.count && sections[s].top < maxY {
            // The title, then the note (two calls, not a loop over an array built each layout).
            show(s, isFooter: false)
            show(s, isFooter: true)
            s += 1
        }
        if let indexView { bringSubviewToFront(indexView) }
    }

    /// A title or note view for `section`: the delegate's own, else a pooled one with the data
    /// source's text; nil when there is neither.
    private func makeSupplement(_ section: Int, isFooter: Bool, dataSource: any ListDataSource) -> Supplement? {
        let custom = isFooter ? listDelegate?.list(self, viewForFooterInSection: section) : listDelegate?.list(self, viewForHeaderInSection: section)
        if let custom {
            if custom.superview !== self { addSubview(custom) }
            custom.isHidden = false
            return Supplement(section: section, isFooter: isFooter, view: custom, isOwn: false)
        }
        let title = isFooter ? dataSource.list(self, titleForFooterInSection: section) : dataSource.list(self, titleForHeaderInSection: section)
        guard let title else { return nil }
        let view = (isFooter ? freeFooters.popLast() : freeHeaders.popLast()) ?? ListHeaderFooterView(style: style, isFooter: isFooter)
        view.section = section
        view.textLabel.text = style == .grouped && !isFooter ? title.uppercased() : title
        view.isHidden = false
        if view.superview !== self { addSubview(view) }
        return Supplement(section: section, isFooter: isFooter, view: view, isOwn: true)
    }

    /// Keeps the index down the right edge of what is in view.
    func layoutIndex() {
        guard let indexView else { return }
        let width = ListIndexView.width
        indexView.frame = Rect(x: bounds.maxX - width, y: bounds.minY + 8, width: width, height: max(bounds.height - 16, 0))
    }

    // MARK: - Grouped cards

    /// A grouped list draws each section's card (the rows' rounded white ground) where the
    /// canvas's clip reaches.
    func drawCards(in canvas: inout Canvas) {
        guard style == .grouped, !sections.isEmpty else { return }
        let clip = canvas.localClipRect
        guard var s = section(containing: max(Double(clip.y), 0)) ?? (Double(clip.y) < 0 ? 0 : nil) else { return }
        let inset = Self.groupedInset
        let cardColor = palette.secondaryBackground
        while s < sections.count && sections[s].top < Double(clip.maxY) {
            let section = sections[s]
            if section.rowCount > 0 {
                let card = Rect(x: inset, y: section.rowsTop, width: max(bounds.width - 2 * inset, 0), height: section.rowsBottom - section.rowsTop)
                canvas.fillRoundedRect(PixelRect(snapping: card), radius: Self.groupedCornerRadius, color: cardColor)
            }
            s += 1
        }
    }
}
