/// Where a ``ListView`` gets its sections and rows: UIKit's `UITableViewDataSource`.
///
/// A list of one section implements ``numberOfRows(in:)`` and ``list(_:cellForRowAt:)-(_,Int)``;
/// a sectioned list implements ``numberOfSections(in:)``,
/// ``list(_:numberOfRowsInSection:)`` and ``list(_:cellForRowAt:)-(_,IndexPath)``, and may give
/// section titles and an index. Every method has a default, so each kind implements only its own.
@MainActor
public protocol ListDataSource: AnyObject {
    /// How many rows a one-section list has. Default 0.
    func numberOfRows(in list: ListView) -> Int
    /// The cell for `row` of a one-section list: usually
    /// ``ListView/dequeueReusableCell(withIdentifier:for:)-(_,Int)``, filled in. Default: an empty cell.
    func list(_ list: ListView, cellForRowAt row: Int) -> ListCell
    /// How many sections the list has. Default 1.
    func numberOfSections(in list: ListView) -> Int
    /// How many rows `section` has. Default: ``numberOfRows(in:)`` for section 0.
    func list(_ list: ListView, numberOfRowsInSection section: Int) -> Int
    /// The cell for the row at `indexPath`. Default: ``list(_:cellForRowAt:)-(_,Int)`` with its row.
    func list(_ list: ListView, cellForRowAt indexPath: IndexPath) -> ListCell
    /// The title over `section` (nil: none). Default nil.
    func list(_ list: ListView, titleForHeaderInSection section: Int) -> String?
    /// The note under `section` (nil: none). Default nil.
    func list(_ list: ListView, titleForFooterInSection section: Int) -> String?
    /// The titles of the index down the list's right edge ("A"…"Z"), nil for none. Default nil.
    func sectionIndexTitles(for list: ListView) -> [String]?
    /// The section the index title `title` at `index` stands for. Default: `index`.
    func list(_ list: ListView, sectionForSectionIndexTitle title: String, at index: Int) -> Int
}

extension ListDataSource {
    /// Default: no rows.
    public func numberOfRows(in list: ListView) -> Int { 0 }
    /// Default: an empty cell.
    public func list(_ list: ListView, cellForRowAt row: Int) -> ListCell {
        list.dequeueReusableCell(withIdentifier: "ListCell", for: row)
    }
    /// Default: one section.
    public func numberOfSections(in list: ListView) -> Int { 1 }
    /// Default: the one-section count for section 0, none after.
    public func list(_ list: ListView, numberOfRowsInSection section: Int) -> Int {
        section == 0 ? numberOfRows(in: list) : 0
    }
    /// Default: the one-section cell for the row.
    public func list(_ list: ListView, cellForRowAt indexPath: IndexPath) -> ListCell {
        self.list(list, cellForRowAt: indexPath.row)
    }
    /// Default: no title.
    public func list(_ list: ListView, titleForHeaderInSection section: Int) -> String? { nil }
    /// Default: no note.
    public func list(_ list: ListView, titleForFooterInSection section: Int) -> String? { nil }
    /// Default: no index.
    public func sectionIndexTitles(for list: ListView) -> [String]? { nil }
    /// Default: the title's position.
    public func list(_ list: ListView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
}

/// What a ``ListView`` tells and asks its delegate: UIKit's `UITableViewDelegate`. Every
/// method has a default; the row-number forms serve a one-section list, the index-path forms a
/// sectioned one (by default they call the row-number forms with the row).
@MainActor
public protocol ListDelegate: AnyObject {
    /// The height of `row`; nil (the default) makes every row ``ListView/rowHeight`` tall. Asked
    /// for every row at ``ListView/reloadData()`` when the first row answers a height.
    func list(_ list: ListView, heightForRowAt row: Int) -> Double?
    /// A tap selected `row`.
    func list(_ list: ListView, didSelectRowAt row: Int)
    /// The height of the row at `indexPath`. Default: the row-number form.
    func list(_ list: ListView, heightForRowAt indexPath: IndexPath) -> Double?
    /// A tap selected the row at `indexPath`. Default: the row-number form.
    func list(_ list: ListView, didSelectRowAt indexPath: IndexPath)
    /// A view of your own over `section` instead of its title (nil: the title, if any).
    func list(_ list: ListView, viewForHeaderInSection section: Int) -> View?
    /// A view of your own under `section` instead of its note.
    func list(_ list: ListView, viewForFooterInSection section: Int) -> View?
    /// The height over `section`; nil (the default) gives the style's height for a title, or none.
    func list(_ list: ListView, heightForHeaderInSection section: Int) -> Double?
    /// The height under `section`; nil (the default) gives the style's height for a note, or none.
    func list(_ list: ListView, heightForFooterInSection section: Int) -> Double?
}

extension ListDelegate {
    /// Default: every row is the list's `rowHeight` tall.
    public func list(_ list: ListView, heightForRowAt row: Int) -> Double? { nil }
    /// Default: a selection does nothing.
    public func list(_ list: ListView, didSelectRowAt row: Int) {}
    /// Default: the row-number form.
    public func list(_ list: ListView, heightForRowAt indexPath: IndexPath) -> Double? { self.list(list, heightForRowAt: indexPath.row) }
    /// Default: the row-number form.
    public func list(_ list: ListView, didSelectRowAt indexPath: IndexPath) { self.list(list, didSelectRowAt: indexPath.row) }
    /// Default: none.
    public func list(_ list: ListView, viewForHeaderInSection section: Int) -> View? { nil }
    /// Default: none.
    public func list(_ list: ListView, viewForFooterInSection section: Int) -> View? { nil }
    /// Default: the style's.
    public func list(_ list: ListView, heightForHeaderInSection section: Int) -> Double? { nil }
    /// Default: the style's.
    public func list(_ list: ListView, heightForFooterInSection section: Int) -> Double? { nil }
}
