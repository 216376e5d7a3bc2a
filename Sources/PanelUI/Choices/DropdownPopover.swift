/// What an open ``Dropdown`` puts on its window: a clear backdrop over everything, whose tap
/// closes the list, and the list itself, anchored to the dropdown.
@MainActor
final class DropdownPopover: View, ListDataSource, ListDelegate {
    unowned let dropdown: Dropdown
    let list = ListView(frame: .zero)
    /// The item the keys have highlighted, if any.
    private(set) var highlighted: Int?

    init(dropdown: Dropdown) {
        self.dropdown = dropdown
        super.init(frame: .zero)
        list.cornerRadius = 8
        list.borderWidth = 1
        list.paletteBorder = \.border
        list.rowHeight = Dropdown.rowHeight
        list.listDelegate = self
        list.dataSource = self
        addSubview(list)
        if let index = dropdown.selectedIndex { list.selectRow(index) }
    }

    /// Sets the list below `anchor` (window coordinates), or above it when there is more room
    /// there, as wide as the dropdown and as tall as its items allow, scrolled to the chosen item.
    func place(below anchor: Rect) {
        let rows = Double(min(dropdown.items.count, dropdown.maximumVisibleRows))
        let wanted = rows * Dropdown.rowHeight
        let below = bounds.height - anchor.maxY - 8, above = anchor.minY - 8
        let height = max(min(wanted, max(below, above)), Dropdown.rowHeight)
        let y = below >= wanted || below >= above ? anchor.maxY + 4 : anchor.minY - 4 - height
        list.frame = Rect(x: anchor.minX, y: y, width: anchor.width, height: height)
        if let index = dropdown.selectedIndex { scroll(toShow: index) }
    }

    private func scroll(toShow index: Int) {
        let row = list.rect(forRow: index)
        let offset = list.contentOffset.y
        if row.minY < offset || row.maxY > offset + list.bounds.height {
            list.scrollToRow(at: IndexPath(row: index, section: 0), animated: false)
        }
    }

    /// Moves the keys' highlight by `step` items (from the chosen one at first).
    func moveHighlight(by step: Int) {
        let count = dropdown.items.count
        guard count > 0 else { return }
        let from = highlighted ?? dropdown.selectedIndex ?? (step > 0 ? -1 : count)
        let to = min(max(from + step, 0), count - 1)
        highlighted = to
        list.selectRow(to)
        scroll(toShow: to)
    }

    // A tap on the backdrop (anything but the list) closes the list.
    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        dropdown.close()
    }

    func numberOfRows(in list: ListView) -> Int { dropdown.items.count }

    func list(_ list: ListView, cellForRowAt row: Int) -> ListCell {
        let cell = list.dequeueReusableCell(withIdentifier: "item", for: row)
        cell.textLabel.text = dropdown.items[row]
        return cell
    }

    func list(_ list: ListView, didSelectRowAt row: Int) {
        dropdown.choose(row)
    }
}
